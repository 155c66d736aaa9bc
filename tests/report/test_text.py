"""Plain-language texts for a result (bias.report.text)."""


import pytest

from bias.report import text
from bias.report import weat_captions as cap
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.vectors.embeddings import Match, WordLookup
from bias.wordsets.library import get_wordset


@pytest.fixture(scope="module")
def weat7():
    return run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"))


@pytest.mark.parametrize(
    ("p", "printed"),
    [
        (0.018, "0.018"),
        (0.5, "0.500"),
        (0.00497, "0.0050"),
        (0.00023, "0.00023"),
        (1e-8, "< 0.0001"),
    ],
)
def test_format_p(p, printed):
    assert text.format_p(p) == printed


def test_explanation_names_sets_direction_and_numbers(weat7):
    sentence = text.explanation(weat7)
    assert "'Math' words sit closer to 'Male terms'" in sentence
    assert text.format_d(weat7.effect_size) in sentence
    assert text.format_p(weat7.p_value) in sentence
    assert "Exact permutation test over all 12,870" in text.method_text(weat7)


def test_explanation_of_a_reversed_effect():
    ws = get_wordset("weat7")
    swapped = type(ws)(**{**ws.__dict__, "A": ws.B, "B": ws.A})
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), swapped, WeatOptions())
    assert result.effect_size < 0
    assert "Against the expected direction" in text.explanation(result)


def test_comparison_uses_absolute_d_when_source_did():
    ws = get_wordset("weat7-ita")  # Italian words, but enough are in GloVe to run
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), ws)
    cmp = text.comparison(result)
    assert cmp.reported_d.startswith("|d| = ")
    assert cmp.ours_d == "|d| = " + text.format_d(abs(result.effect_size))
    assert cmp.reported_p == ws.reported.p_value_text
    assert "absolute" in cmp.note


@pytest.mark.parametrize(
    ("test_id", "printed"), [("weat7-swe", "< 10⁻³"), ("weat1", "10⁻⁷"), ("weat5-ita", "0.01209")]
)
def test_reported_p_keeps_what_the_source_printed(test_id, printed):
    assert text.reported_p_text(get_wordset(test_id).reported) == printed


def test_lookup_notice():
    items = [
        WordLookup("Math", Match.LOWER, "math"),
        WordLookup("qqq", Match.MISSING, None),
        WordLookup("art", Match.EXACT, "art"),
    ]
    missing, fallback = text.lookup_notice(items, "glove")
    assert missing == "Not in glove, will be left out: qqq"
    assert fallback == "Found under another spelling: Math → math"
    assert text.lookup_notice(items[2:], "glove") == ("", "")


def test_p_phrase_reads_as_a_sentence():
    assert text.p_phrase(0.018) == "p = 0.018"
    assert text.p_phrase(1e-6) == "p < 0.0001"
    weat6 = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat6"))
    assert "(p < 0.0001)" in text.explanation(weat6)
    assert "p = <" not in text.explanation(weat6)


def test_comparison_warns_when_the_reported_d_is_out_of_reach():
    ws = get_wordset("weat6-swe")  # the paper's |d| = 3.74 with 8 vs 8 names
    english_words = type(ws)(**{**ws.__dict__, "A": get_wordset("weat6").A,
                                "B": get_wordset("weat6").B, "X": get_wordset("weat6").X,
                                "Y": get_wordset("weat6").Y})
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), english_words)
    assert "larger than Caliskan's formula allows" in text.comparison(result).note
    assert "at most 2.00" in text.comparison(result).note
    plain = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat6"))
    assert "larger than" not in text.comparison(plain).note


def test_edited_notice_says_why_the_published_values_are_gone():
    assert text.edited_notice(get_wordset("weat7")) == (
        "You changed the lists of WEAT 7, so this is now your own test. The values published "
        "for WEAT 7 (d = 1.06, p = 0.018; Table 1, GloVe Common Crawl 840B (300d)) belong to its "
        "original lists, so they are not shown beside results of yours."
    )


def test_influence_axis_and_caption_follow_the_sign_of_d():
    assert cap.influence_axis(1.2).endswith("<br>← supports the result   ·   works against it →")
    assert cap.influence_axis(-1.2).endswith("<br>← works against the result   ·   supports it →")
    assert "left (negative) mark words that support" in cap.influence_caption(0.5)
    assert "right (positive) mark words that support" in cap.influence_caption(-0.5)


def test_association_axes_name_what_each_panel_measures():
    assert cap.association_axis("Arts", "Math") == "← closer to 'Arts'   ·   closer to 'Math' →"


def test_ours_is_written_the_same_way_not_as_printed_there():
    """'Ours, as printed there' read as if the source had printed our value."""
    cmp = text.Comparison("0.01", "|d| = 0.87", "0.87", "Reported |d|", "0.02", "|d| = 0.91",
                          "Table 2", "")
    assert text.ours_in_their_form(cmp) == "Ours, written the same way: |d| = 0.91."
