"""Plotly figures of a result (bias.report.charts.weat)."""

import numpy as np
import pytest

from bias.report.charts import weat as charts
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset
from tests.synthetic import planted


@pytest.fixture(scope="module")
def weat7():
    return run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"))


def test_two_sided_shading_starts_at_the_absolute_observed_value():
    ws = get_wordset("weat7")
    swapped = type(ws)(**{**ws.__dict__, "X": ws.Y, "Y": ws.X})
    options = WeatOptions(alternative="two-sided")
    result = run_weat(load_embedding(DEFAULT_EMBEDDING), swapped, options)
    assert result.statistic < 0
    shapes = charts.null_histogram_figure(result).layout.shapes
    shaded = sorted((shape.x0, shape.x1) for shape in shapes if shape.type == "rect")
    observed = abs(result.statistic)
    assert shaded[0][1] == pytest.approx(-observed) and shaded[1][0] == pytest.approx(observed)


def test_figures(weat7):
    hist = charts.null_histogram_figure(weat7)
    assert [t.type for t in hist.data] == ["bar", "bar"]
    shaded = sum(hist.data[1].y)
    assert shaded == pytest.approx(weat7.p_value, abs=0.02)
    assoc = charts.association_figure(weat7)
    assert {t.name[0] for t in assoc.data} == {"X", "Y", "A", "B"}
    assert sum(len(t.x) for t in assoc.data) == len(weat7.words)
    assert len(charts.influence_figure(weat7).data) == 4


def test_null_histogram_axis_fits_the_data_and_the_observed_line(weat7):
    fig = charts.null_histogram_figure(weat7)
    low, high = fig.layout.xaxis.range
    _, edges = weat7.null_histogram(60)
    observed = abs(weat7.statistic)
    assert low <= edges[0] and high >= max(edges[-1], observed)
    assert high - low < 1.2 * (max(edges[-1], observed) - min(edges[0], -observed))


def test_each_word_chart_measures_attributes_against_the_targets(weat7):
    fig = charts.association_figure(weat7)
    targets, attributes = fig.layout.xaxis.title.text, fig.layout.xaxis2.title.text
    assert targets == "← closer to 'Female terms'   ·   closer to 'Male terms' →"
    assert attributes == "← closer to 'Arts'   ·   closer to 'Math' →"
    panels = {trace.name[0]: trace.yaxis for trace in fig.data}
    assert panels == {"X": "y", "Y": "y", "A": "y2", "B": "y2"}
    assert not fig.layout.showlegend  # no legend to overlap the panel titles


def test_which_words_matter_axis_says_which_side_supports_the_result(weat7):
    title = charts.influence_figure(weat7).layout.xaxis.title.text
    assert weat7.effect_size > 0 and "<br>← supports the result" in title


def test_observed_label_sits_on_the_side_with_room(weat7):
    fig = charts.null_histogram_figure(weat7)
    label = next(a for a in fig.layout.annotations if a.text.startswith("observed"))
    assert weat7.statistic > 0 and label.xanchor == "right"


def test_word_axes_are_centred_on_zero_so_both_directions_show(weat7):
    fig = charts.association_figure(weat7)
    attributes = [item.association for item in weat7.words if item.set in "AB"]
    assert max(attributes) < 0  # every attribute word of WEAT 7 leans to 'Arts' in GloVe
    low, high = fig.layout.xaxis2.range
    assert low == pytest.approx(-high) and high > 0
    assert high >= max(abs(v) for v in attributes)


@pytest.mark.parametrize("alternative", ["greater", "two-sided"])
@pytest.mark.parametrize("seed", range(1, 8))
def test_the_bar_holding_the_observed_value_is_red(seed, alternative):
    """Small exact tests (70 reshufflings), where a bar's centre often lies below the observed
    value it holds: the colour goes by the reshufflings the p-value counts, not by centres."""
    embedding, wordset, _ = planted(strength=0.0, sizes=(4, 4, 4, 4), seed=seed)
    result = run_weat(embedding, wordset, WeatOptions(alternative=alternative))
    assert result.method == "exact" and result.null_distribution.size == 70
    fig = charts.null_histogram_figure(result)
    less, counted = fig.data
    assert counted.name == "reshufflings at least as extreme (the p-value)"
    assert sum(counted.y) == pytest.approx(result.exceed / 70) == pytest.approx(result.p_value)
    assert sum(less.y) + sum(counted.y) == pytest.approx(1.0)
    _, edges = result.null_histogram(60)
    holding = min(int(np.searchsorted(edges, result.statistic, side="right")) - 1, 59)
    centre = (edges[holding] + edges[holding + 1]) / 2
    assert any(x == pytest.approx(centre) for x in counted.x)  # that bar has a red part
