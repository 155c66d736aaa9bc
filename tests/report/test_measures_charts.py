"""The measures' charts carry the result's numbers: SC-WEAT sorted with p-values, WEFAT's points
and fitted line, the per-word bars of the other measures; the text reads the result."""

import pytest

from bias.report.charts.measures import measure_figure
from bias.report.measures_text import EXPLANATIONS, inputs_sentence, measure_json, result_sentence
from bias.stats.measure_catalog import METRICS, run_measure
from bias.stats.measure_result import MeasureOptions
from tests.stats.measure_fixtures import planted_sets


@pytest.fixture(scope="module")
def planted():
    embedding, sets, _ = planted_sets(strength=1.0, sizes=(4, 4, 6, 6))
    return embedding, sets


def test_sc_weat_bars_are_sorted_and_labelled_with_p(planted):
    embedding, sets = planted
    result = run_measure("sc-weat", embedding, sets, MeasureOptions())
    bar = measure_figure(result).data[0]
    assert list(bar.x) == sorted(bar.x)
    by_word = {r.word: r for r in result.per_word}
    for word, text in zip(bar.y, bar.text, strict=True):
        assert text.startswith("p")
        assert by_word[word].value in bar.x
    assert "Of 8 words" in result_sentence(result)


def test_sc_weat_bars_are_pale_by_the_corrected_p_the_sentence_counts(planted):
    """A word whose own p is below 0.05 but whose Holm-adjusted p is not is drawn pale, as the
    sentence does not count it as leaning clearly."""
    import dataclasses

    embedding, sets = planted
    result = run_measure("sc-weat", embedding, sets, MeasureOptions())
    rows = sorted(result.per_word, key=lambda r: r.value)
    first = dataclasses.replace(rows[0], p_value=0.01, extra={**rows[0].extra, "p_holm": 0.08})
    second = dataclasses.replace(rows[1], p_value=0.01, extra={**rows[1].extra, "p_holm": 0.02})
    others = [dataclasses.replace(r, p_value=0.5, extra={**r.extra, "p_holm": 1.0})
              for r in rows[2:]]
    edited = dataclasses.replace(result, per_word=(first, second, *others))
    figure = measure_figure(edited)
    assert list(figure.data[0].marker.opacity) == [0.35, 1.0] + [0.35] * len(others)
    assert "after Holm's correction for 8 words" in figure.layout.title.text


def test_wefat_scatter_has_every_word_and_the_fitted_line(planted):
    embedding, sets = planted
    table = [("x0", 80.0), ("x1", 70.0), ("y0", 10.0), ("y1", 20.0), ("other1", 50.0)]
    result = run_measure("wefat", embedding, sets, values=table)
    points, line = measure_figure(result).data
    assert list(points.text) == [w for w, _ in table]
    assert list(points.x) == [v for _, v in table]
    d = result.details
    assert list(line.y) == pytest.approx([d["slope"] * 10 + d["intercept"],
                                          d["slope"] * 80 + d["intercept"]])
    assert "Set A" in result_sentence(result)  # higher values lean to A, as planted


@pytest.mark.parametrize("metric", ["weat", "rnd", "mac", "ect", "ripa", "rnsb"])
def test_per_word_bars_and_text(planted, metric):
    embedding, sets = planted
    result = run_measure(metric, embedding, sets)
    bars = measure_figure(result).data
    drawn = [r for r in result.per_word
             if metric != "weat" or result.roles[r.set] == "target"]
    assert sum(len(b.x) for b in bars) == len(drawn)
    assert result_sentence(result)
    assert measure_json(result)["warnings"] == [] or metric in ("rnd", "ect", "ripa")
    assert inputs_sentence(metric, sets)


def test_every_measure_is_explained():
    assert set(EXPLANATIONS) == set(METRICS)
    assert all(len(text) > 200 for text in EXPLANATIONS.values())


def test_sc_weat_title_keeps_its_caveat_on_a_second_line(planted):
    """At 800 px the one-line title was cut at its right end ('…Holm's correction fo', issue 42
    walk): the question on the first line, the caveat in a smaller second one."""
    embedding, sets = planted
    title = measure_figure(run_measure("sc-weat", embedding, sets, MeasureOptions())).layout.title
    first, caveat = title.text.split("<br>")
    assert first == "Which way does each word lean?"
    assert caveat.startswith("<sup>pale: p ≥ 0.05 after Holm's") and caveat.endswith("</sup>")
