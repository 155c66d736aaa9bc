"""The null histogram's share axis: tick labels that never repeat ('0% 1% 1% 2%' was seen on
edited, German, Japanese and trained tests, whose bars reached a few per cent)."""

import pytest

from bias.report.charts.weat import null_histogram_figure, share_axis
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted


def labels(axis: dict, top: float) -> list[str]:
    """The labels Plotly prints: tick0 + k·dtick up to the top, in the d3 format (whose
    '.N%' Python's format spec shares)."""
    count = int(top / axis["dtick"] + 1e-9) + 1
    return [format(axis["tick0"] + k * axis["dtick"], axis["tickformat"]) for k in range(count)]


@pytest.mark.parametrize("top", [0.04, 0.035, 0.012, 0.004, 0.0009, 0.25, 0.6, 1.0, 0.00003])
def test_labels_are_distinct_and_few(top):
    shown = labels(share_axis(top), top)
    assert len(shown) == len(set(shown)), shown
    assert 3 <= len(shown) <= 13


def test_the_four_per_cent_case_by_hand():
    axis = share_axis(0.04)
    assert (axis["dtick"], axis["tickformat"]) == (pytest.approx(0.01), ".0%")
    assert labels(axis, 0.04) == ["0%", "1%", "2%", "3%", "4%"]
    assert labels(share_axis(0.004), 0.004) == ["0.0%", "0.1%", "0.2%", "0.3%", "0.4%"]


def test_the_histogram_uses_it():
    embedding, wordset, _ = planted(strength=0.2, seed=2)
    result = run_weat(embedding, wordset, WeatOptions(ci_resamples=0))
    yaxis = null_histogram_figure(result).layout.yaxis
    assert yaxis.dtick is not None and yaxis.title.text == "share of reshufflings"
    counts, _ = result.null_histogram()
    top = counts.max() / counts.sum()
    shown = labels({"tick0": yaxis.tick0, "dtick": yaxis.dtick, "tickformat": yaxis.tickformat},
                   top)
    assert len(shown) == len(set(shown)) >= 3
