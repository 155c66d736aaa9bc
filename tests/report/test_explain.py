"""Plain-language texts and charts for a result."""

import math

import pytest

from bias.report import explain
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.vectors.embeddings import Match, WordLookup
from bias.wordsets import get_wordset


@pytest.fixture(scope="module")
def weat7():
    return run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"))


def test_verdict_threshold_is_strict():
    assert explain.verdict(0.049) == "Bias detected at the 5% level"
    assert explain.verdict(0.05) == "No bias detected at the 5% level"
    assert explain.verdict(0.009, alpha=0.01) == "Bias detected at the 1% level"


@pytest.mark.parametrize(
    ("p", "text"),
    [
        (0.018, "0.018"),
        (0.5, "0.500"),
        (0.00497, "0.0050"),
        (0.00023, "0.00023"),
        (1e-8, "< 0.0001"),
    ],
)
def test_format_p(p, text):
    assert explain.format_p(p) == text


def test_effect_size_words():
    assert [explain.effect_size_words(d) for d in (0.1, -0.3, 0.6, -1.5)] == [
        "negligible",
        "small",
        "medium",
        "large",
    ]
    assert explain.effect_size_words(math.nan) == "undefined"


def test_explanation_names_sets_direction_and_numbers(weat7):
    text = explain.explanation(weat7)
    assert "'Math' words sit closer to 'Male terms'" in text
    assert explain.format_d(weat7.effect_size) in text
    assert explain.format_p(weat7.p_value) in text
    assert "Exact permutation test over all 12,870" in explain.method_text(weat7)


def test_explanation_of_a_reversed_effect():
    ws = get_wordset("weat7")
    swapped = type(ws)(**{**ws.__dict__, "A": ws.B, "B": ws.A})
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), swapped, WeatOptions())
    assert result.effect_size < 0
    assert "Against the expected direction" in explain.explanation(result)


def test_comparison_uses_absolute_d_when_source_did():
    ws = get_wordset("weat7-ita")  # Italian words, but enough are in GloVe to run
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), ws)
    cmp = explain.comparison(result)
    assert cmp.reported_d.startswith("|d| = ")
    assert cmp.ours_d == "|d| = " + explain.format_d(abs(result.effect_size))
    assert cmp.reported_p == ws.reported.p_value_text
    assert "absolute" in cmp.note


@pytest.mark.parametrize(
    ("test_id", "printed"), [("weat7-swe", "< 10⁻³"), ("weat1", "10⁻⁷"), ("weat5-ita", "0.01209")]
)
def test_reported_p_keeps_what_the_source_printed(test_id, printed):
    assert explain.reported_p_text(get_wordset(test_id).reported) == printed


def test_two_sided_shading_starts_at_the_absolute_observed_value():
    ws = get_wordset("weat7")
    swapped = type(ws)(**{**ws.__dict__, "X": ws.Y, "Y": ws.X})
    options = WeatOptions(alternative="two-sided")
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), swapped, options)
    assert result.statistic < 0
    shapes = explain.null_histogram_figure(result).layout.shapes
    shaded = sorted((shape.x0, shape.x1) for shape in shapes if shape.type == "rect")
    observed = abs(result.statistic)
    assert shaded[0][1] == pytest.approx(-observed) and shaded[1][0] == pytest.approx(observed)


def test_lookup_notice():
    items = [
        WordLookup("Math", Match.LOWER, "math"),
        WordLookup("qqq", Match.MISSING, None),
        WordLookup("art", Match.EXACT, "art"),
    ]
    missing, fallback = explain.lookup_notice(items, "glove")
    assert missing == "Not in glove, will be left out: qqq"
    assert fallback == "Found under another spelling: Math → math"
    assert explain.lookup_notice(items[2:], "glove") == ("", "")


def test_figures(weat7):
    hist = explain.null_histogram_figure(weat7)
    assert [t.type for t in hist.data] == ["bar", "bar"]
    shaded = sum(hist.data[1].y)
    assert shaded == pytest.approx(weat7.p_value, abs=0.02)
    assoc = explain.association_figure(weat7)
    assert {t.name[0] for t in assoc.data} == {"X", "Y", "A", "B"}
    assert sum(len(t.x) for t in assoc.data) == len(weat7.words)
    assert len(explain.influence_figure(weat7).data) == 4


def test_p_phrase_reads_as_a_sentence():
    assert explain.p_phrase(0.018) == "p = 0.018"
    assert explain.p_phrase(1e-6) == "p < 0.0001"
    weat6 = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat6"))
    assert "(p < 0.0001)" in explain.explanation(weat6)
    assert "p = <" not in explain.explanation(weat6)


def test_null_histogram_axis_fits_the_data_and_the_observed_line(weat7):
    fig = explain.null_histogram_figure(weat7)
    low, high = fig.layout.xaxis.range
    _, edges = weat7.null_histogram(60)
    observed = abs(weat7.statistic)
    assert low <= edges[0] and high >= max(edges[-1], observed)
    assert high - low < 1.2 * (max(edges[-1], observed) - min(edges[0], -observed))


def test_comparison_warns_when_the_reported_d_is_out_of_reach():
    ws = get_wordset("weat6-swe")  # the paper's |d| = 3.74 with 8 vs 8 names
    english_words = type(ws)(**{**ws.__dict__, "A": get_wordset("weat6").A,
                                "B": get_wordset("weat6").B, "X": get_wordset("weat6").X,
                                "Y": get_wordset("weat6").Y})
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), english_words)
    assert "larger than Caliskan's formula allows" in explain.comparison(result).note
    assert "at most 2.00" in explain.comparison(result).note
    plain = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat6"))
    assert "larger than" not in explain.comparison(plain).note
