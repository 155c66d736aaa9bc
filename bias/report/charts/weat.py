"""Plotly figures of a WEAT result (no Streamlit), so they can also be saved as HTML.

The only module of `bias/` that imports Plotly; every sentence on the charts comes from here or
from `bias.report.text`.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from bias.report import weat_captions as captions
from bias.report.markup import plotly_text
from bias.stats.null_histogram import HISTOGRAM_BINS
from bias.stats.weat import WeatResult

BAND_COLOUR, BAND_OPACITY = "#c44569", 0.3
"""The band of reshufflings the p-value counts: the red of their bars, visible on a projector."""

SET_COLOURS = {"X": "#5b3cc4", "Y": "#e07b39", "A": "#2a9d8f", "B": "#c44569"}
"""One colour per set, used by every chart so a set looks the same everywhere."""


SHARE_TICKS = 5
"""About this many ticks on a share axis (at least 3, at most 2.5 times as many)."""


def share_axis(top: float, ticks: int = SHARE_TICKS) -> dict:
    """A y axis of shares whose tick labels never repeat: a 1-2-5 step of about top/ticks and
    as many decimals as the step needs. Plotly's own ticks with a fixed '.0%' format printed
    '0% 1% 1% 2% 2% 3%' for bars up to 4% (its step was 0.5%)."""
    raw = max(top, 1e-9) / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw * (1 - 1e-9))
    decimals = max(0, -math.floor(math.log10(step * 100) + 1e-9))
    return {"tick0": 0, "dtick": step, "tickformat": f".{decimals}%"}


def null_histogram_figure(result: WeatResult, bins: int = HISTOGRAM_BINS) -> go.Figure:
    """Bars of the permutation null distribution, the observed statistic as a line and the
    reshufflings counted in the p-value in a stronger colour.

    The colour goes by each reshuffling, not by the bar's centre: the bar holding the observed
    value is red (at least in part) even when its centre lies below it, and the red shares add up
    to the share of reshufflings the p-value counts."""
    histogram = result.histogram(bins)
    counts, counted, edges = histogram.counts, histogram.counted, histogram.edges
    centres = (edges[:-1] + edges[1:]) / 2
    widths = np.diff(edges)
    total = max(int(counts.sum()), 1)
    fig = go.Figure()
    for part, name, colour in (
        (counts - counted, "reshufflings less extreme than observed", "#c9c3e6"),
        (counted, "reshufflings at least as extreme (the p-value)", "#c44569"),
    ):
        shown = part > 0
        fig.add_bar(
            x=centres[shown],
            y=part[shown] / total,
            width=widths[shown],
            name=name,
            marker_color=colour,
            hovertemplate="statistic %{x:.3f}<br>share %{y:.2%}<extra></extra>",
        )
    _mark_observed(fig, result, float(edges[0]), float(edges[-1]))
    fig.update_layout(
        title="How unusual is the observed difference?",
        xaxis_title="test statistic: difference of mean associations",
        yaxis_title="share of reshufflings",
        yaxis=share_axis(float(counts.max()) / total if counts.size else 0.0),
        bargap=0,
        barmode="stack",  # a bar holding both kinds shows both, the counted part on top
        # Below the axis title, with a bottom margin that holds it: at b = 40 the legend fell
        # outside the figure and a downloaded PNG lost it.
        showlegend=True,  # Plotly hides it when one of the two bar traces is empty
        legend={"orientation": "h", "y": -0.3, "yanchor": "top", "x": 0},
        margin={"t": 60, "b": 120, "l": 10, "r": 10},
        height=480,
    )
    return fig


def _mark_observed(fig: go.Figure, result: WeatResult, first: float, last: float) -> None:
    """The observed statistic as a line (its mirror dotted when two-sided), the area the p-value
    counts shaded, and the x-axis fitted to the bars `first`..`last` and the line."""
    observed = result.statistic
    # Plotly's autorange also spans the empty trace and the shaded areas; fit the data instead.
    low, high = min(first, -abs(observed)), max(last, abs(observed))
    pad = 0.05 * (high - low or 1.0)
    # The band runs to the axis' end, so it shows even when the observed value lies beyond every
    # bar (WEAT 7 on GloVe: 3 of 12,870 reshufflings, no bar tall enough to see).
    band = {"fillcolor": BAND_COLOUR, "opacity": BAND_OPACITY, "line_width": 0, "layer": "below"}
    if result.alternative == "less":
        fig.add_vrect(x0=low - pad, x1=observed, **band)
    else:
        fig.add_vrect(x0=abs(observed) if result.alternative == "two-sided" else observed,
                      x1=high + pad, **band)
    if result.alternative == "two-sided":
        fig.add_vrect(x0=low - pad, x1=-abs(observed), **band)
    fig.add_vline(
        x=observed,
        line_width=3,
        line_color="#1f1d2b",
        annotation_text=f"observed {observed:.3f}",
        # The label sits on the side with more room, so it is never cut off at the edge.
        annotation_position="top left" if observed > (low + high) / 2 else "top right",
    )
    if result.alternative == "two-sided" and observed != 0:
        fig.add_vline(x=-observed, line_width=1, line_dash="dot", line_color="#1f1d2b")
    fig.update_xaxes(range=[low - pad, high + pad])


def _bars(fig: go.Figure, result: WeatResult, keys: str, value: str, row: int | None) -> None:
    """One horizontal bar per word of the sets `keys`, coloured by set, labelled 'word · set'."""
    for key in keys:
        rows = [item for item in result.words if item.set == key]
        if not rows:
            continue
        labels = [
            plotly_text(
                item.word if item.found_as == item.word else f"{item.word} ({item.found_as})"
            )
            for item in rows
        ]
        fig.add_bar(
            y=[f"{label} · {key}" for label in labels],
            x=[getattr(item, value) for item in rows],
            orientation="h",
            name=f"{key}: {plotly_text(result.sets[key].name)}",
            marker_color=SET_COLOURS[key],
            hovertemplate=(
                f"%{{y}} ({plotly_text(result.sets[key].name)}): %{{x:.3f}}<extra></extra>"
            ),
            row=row,
            col=None if row is None else 1,
        )


def _around_zero(result: WeatResult, value: str, keys: str) -> list[float]:
    """An axis range centred on zero, so both directions are in view even when every bar points
    one way (a reader then sees that no word leans the other way)."""
    values = [abs(getattr(item, value)) for item in result.words if item.set in keys]
    finite = [v for v in values if np.isfinite(v)]
    reach = 1.08 * max(finite, default=0.0) or 1.0
    return [-reach, reach]


def association_figure(result: WeatResult) -> go.Figure:
    """Every word's association, in two panels whose axes say what each one measures.

    Target words (X, Y) are measured against the attribute lists (positive: closer to A than
    to B); attribute words (A, B) against the target lists (positive: closer to X than to Y).
    One axis for both would send 'he' toward 'Female terms' when it is only closer to 'Arts'.
    """
    names = {key: plotly_text(result.sets[key].name) for key in ("X", "Y", "A", "B")}
    counts = {key: sum(1 for item in result.words if item.set == key) for key in names}
    targets, attributes = counts["X"] + counts["Y"], counts["A"] + counts["B"]
    fig = make_subplots(
        rows=2,
        cols=1,
        row_heights=[max(targets, 1), max(attributes, 1)],
        vertical_spacing=0.32 / max(1, (targets + attributes) / 12),
        subplot_titles=(
            captions.association_panel_title("targets"),
            captions.association_panel_title("attributes"),
        ),
    )
    _bars(fig, result, "XY", "association", row=1)
    _bars(fig, result, "AB", "association", row=2)
    for row, keys, (left, right) in ((1, "XY", "BA"), (2, "AB", "YX")):
        fig.update_xaxes(
            title_text=captions.association_axis(names[left], names[right]),
            range=_around_zero(result, "association", keys),
            row=row,
            col=1,
        )
    fig.update_yaxes(autorange="reversed", type="category")
    fig.update_layout(
        height=max(420, 18 * (targets + attributes) + 260),
        showlegend=False,
        margin={"t": 40, "b": 40, "l": 10, "r": 10},
    )
    return fig


def influence_figure(result: WeatResult) -> go.Figure:
    """How much the effect size changes when each word is left out; the axis says which side
    supports the result (d moves toward zero without the word) and which works against it."""
    fig = go.Figure()
    _bars(fig, result, "XYAB", "influence", row=None)
    fig.update_layout(
        xaxis={
            "title": captions.influence_axis(result.effect_size),
            "automargin": True,
            "range": _around_zero(result, "influence", "XYAB"),
        },
        yaxis={"autorange": "reversed", "type": "category"},
        height=max(320, 18 * len(result.words) + 120),
        showlegend=False,
        margin={"t": 20, "b": 40, "l": 10, "r": 10},
    )
    return fig
