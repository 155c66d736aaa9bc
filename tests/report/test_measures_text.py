"""The measures' command-line report (bias.report.measures_text) on planted vectors: RND's value
is its sum over the 4 target pairs divided by 4, and its exact two-sided p over the C(8, 4) = 70
arrangements is 2/70."""

import pytest

from bias.report.measures_text import headline_numbers, measure_json, measure_report, value_label
from bias.stats.measure_catalog import METRICS, run_measure
from bias.stats.measure_result import MeasureOptions
from bias.wordsets.parsing import named_sets_of
from tests.synthetic import planted


@pytest.fixture(scope="module")
def rnd():
    embedding, wordset, _ = planted(sizes=(4, 4, 4, 4))
    return run_measure("rnd", embedding, named_sets_of(wordset), MeasureOptions(p_value=True))


def test_every_measure_has_its_own_label():
    labels = [value_label(metric) for metric in METRICS]
    assert len(set(labels)) == len(METRICS)
    assert value_label("ect") == "Spearman's ρ"


def test_the_report_gives_value_p_and_the_sets_used(rnd):
    assert rnd.p_value == pytest.approx(2 / 70) and rnd.test.iterations == 70
    assert rnd.details["sum"] == pytest.approx(4 * rnd.value)
    lines = measure_report(rnd).splitlines()
    assert lines[0] == "RND: Planted bias  [planted]"
    assert lines[3] == f"  RND = {rnd.value:.4f}"
    assert lines[4] == "  p = 0.029 (exact, 70 arrangements)"
    assert "  target 'Set X': 4 of 4 words used" in lines
    assert "  attribute 'Set A': 4 of 4 words used" in lines
    assert lines[-1].startswith("  Note: RND takes one attribute set")


def test_headline_numbers_and_json_carry_the_same_values(rnd):
    numbers = headline_numbers(rnd)
    assert [(name, shown) for name, shown, _ in numbers] == [
        ("RND", f"{rnd.value:.3f}"), ("p-value", "0.029")
    ]
    data = measure_json(rnd)
    assert data["value"] == rnd.value and data["warnings"][0].startswith("RND takes one")


def test_no_explanation_labels_d_small_medium_or_large():
    """WEAT's d grows with the number of attribute words, so Cohen's labels would mislead
    (docs/weat.md, 'No "small / medium / large"'); the WEAT page dropped them, and so does
    every measure's paragraph."""
    import re

    from bias.report.measures_text import EXPLANATIONS

    for name, paragraph in EXPLANATIONS.items():
        assert not re.search(r"\d\.\d+ (small|medium|large)", paragraph), name
