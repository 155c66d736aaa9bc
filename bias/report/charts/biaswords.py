"""The BiasWords chart: effect sizes of the draws beside those of the random baseline."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from bias.report.charts.weat import SET_COLOURS


def draws_figure(sampling) -> go.Figure:
    """BiasWords: the effect sizes of the draws and of the baseline draws, in one histogram.

    `sampling` is a `bias.discovery.sampling.Sampling`; the overlap of the two distributions is
    what tells a real pattern from what random words of the same kind would give.
    """
    figure = go.Figure()
    series = [("Draws from your candidates", sampling.effect_sizes(), SET_COLOURS["X"])]
    if sampling.baseline is not None:
        series.append(
            ("Baseline: random words", sampling.baseline.effect_sizes(), "#8d99ae")
        )
    finite = [values[~np.isnan(values)] for _, values, _ in series]
    low = min((v.min() for v in finite if v.size), default=-2.0)
    high = max((v.max() for v in finite if v.size), default=2.0)
    size = max((high - low) / 30, 0.02)
    for (name, _, colour), values in zip(series, finite, strict=True):
        figure.add_trace(
            go.Histogram(
                x=values, name=name, marker_color=colour, opacity=0.7,
                xbins={"start": low, "end": high + size, "size": size},
            )
        )  # fmt: skip
    figure.update_layout(
        barmode="overlay",
        xaxis_title="Effect size d of a draw",
        yaxis_title="Draws",
        height=320,
        margin={"t": 10, "b": 10},
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
    )
    return figure
