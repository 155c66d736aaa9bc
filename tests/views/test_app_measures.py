"""Measures page in AppTest: each measure runs and shows the engine's number; bad WEFAT tables
and bad word-set files are one red sentence; inputs survive switching measures."""

import pytest

from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_named_sets
from tests.apptest import open_app


@pytest.fixture
def page(home):
    at = open_app("views/measures.py")
    assert not at.exception
    return at


def choose(at, metric):
    at.segmented_control(key="_measures.metric").set_value(metric).run()
    assert not at.exception


def measure(at):
    next(b for b in at.button if b.label == "Measure").click().run()
    assert not at.exception


def headline(at) -> str:
    return at.metric[0].value


@pytest.mark.parametrize("metric", ["weat", "rnd", "mac", "ect", "ripa", "rnsb"])
def test_each_measure_shows_the_engine_value(page, metric):
    choose(page, metric)
    page.selectbox(key=f"_measures.wordset.{metric}").set_value("weat6").run()
    measure(page)
    options = MeasureOptions(test=WeatOptions(ci_resamples=0))
    expected = run_measure(metric, load_embedding("glove-6b-50d"), get_named_sets("weat6"),
                           options)
    assert headline(page) == f"{expected.value:.3f}"
    assert len(page.get("plotly_chart")) == 1
    assert not page.error


def test_ripa_opens_on_natural_pairs_and_does_not_warn(page):
    """RIPA's first word set is WEAT 7 turned round (its male and female terms as the pairs):
    RIPA's own check passes, where WEAT 7's math/arts lists made it warn (issue 35)."""
    choose(page, "ripa")
    assert page.selectbox(key="_measures.wordset.ripa").value == "weat7-pairs"
    measure(page)
    assert not any("not natural pairs" in w.value for w in page.warning)
    assert any("'Male terms', 'Female terms' (paired line by line)" in c.value
               for c in page.caption)


def test_sc_weat_default_occupations_and_a_missing_word(page):
    choose(page, "sc-weat")
    page.text_area(key="_measures.words").set_value("nurse, engineer, qqqzzzx").run()
    measure(page)
    assert any("qqqzzzx" in w.value for w in page.warning)
    assert "Of 2 words" in page.success[0].value


def test_wefat_table_and_bad_tables(page):
    choose(page, "wefat")
    assert not any(b.label == "Measure" and not b.disabled for b in page.button)
    page.text_area(key="_measures.table").set_value("nurse,90\nnurse,91\npilot,3").run()
    assert "'nurse' appears twice" in page.error[0].value
    page.text_area(key="_measures.table").set_value("word,share\nnurse,90\npilot,x").run()
    assert "is not a number" in page.error[0].value
    page.text_area(key="_measures.table").set_value(
        "nurse,90\nengineer,15\nsecretary,94\ncarpenter,2\nlibrarian,80").run()
    assert not page.error
    measure(page)
    assert "correlation" in page.success[0].value
    assert page.metric[0].label == "Pearson's r"


def test_inputs_survive_switching_measures(page):
    choose(page, "sc-weat")
    page.text_area(key="_measures.words").set_value("nurse, pilot").run()
    choose(page, "mac")
    choose(page, "sc-weat")
    assert page.text_area(key="_measures.words").value == "nurse, pilot"


def test_ripa_on_lists_that_are_not_pairs_says_so(page):
    """WEAT 6's male and female names are not pairs (p = 0.76 on GloVe): RIPA's value depends on
    the order of the lists, and the page says so (natural pairs pass: tests/stats)."""
    choose(page, "ripa")
    page.selectbox(key="_measures.wordset.ripa").set_value("weat6").run()
    measure(page)
    assert any("not natural pairs" in w.value for w in page.warning)
    choose(page, "rnd")
    measure(page)
    assert not any("not natural pairs" in w.value for w in page.warning)


def test_measures_that_point_different_ways_are_said_to(page):
    from bias.report.confounds_text import agreement_text
    from bias.stats.confounds_measures import measures_disagree

    glove, sets = load_embedding("glove-6b-50d"), get_named_sets("weat8")
    direct = agreement_text(measures_disagree(
        [run_measure(m, glove, sets) for m in ("weat", "rnd", "ripa")]))
    for metric in ("weat", "rnd", "ripa"):
        choose(page, metric)
        page.selectbox(key=f"_measures.wordset.{metric}").set_value("weat8").run()
        measure(page)
    shown = [w.value for w in page.warning if w.value.startswith("The measures disagree")]
    assert shown == ([direct] if direct else [])
