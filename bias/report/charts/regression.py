"""An embedding regression's estimates (bias.analysis.regress): each coefficient's bias-corrected
squared norm as a dot with its jackknife interval, one row per coefficient, a line at 0 (no
difference measured). Rows, not columns: coefficient names (`kind_state_of_the_union`,
`party_R:gender_M`) are long, and a row keeps them readable on a narrow screen."""

from __future__ import annotations

import math

import plotly.graph_objects as go

from bias.regression.regression import Regression
from bias.report.markup import plotly_text

COLOUR = "#2166ac"
ROW_PX = 46
"""Height per coefficient; the chart grows with their number."""


def estimates_figure(regression: Regression) -> go.Figure:
    coefficients = regression.coefficients
    names = [plotly_text(c.name) for c in coefficients]
    estimates = [c.squared_norm_corrected for c in coefficients]

    def reach(value: float, estimate: float) -> float:
        """An error bar's length; none where the jackknife had no interval."""
        return abs(value - estimate) if math.isfinite(value) else 0.0

    fig = go.Figure()
    fig.add_vline(x=0, line={"color": "#999", "width": 1})
    fig.add_trace(go.Scatter(
        x=estimates, y=names, mode="markers", marker={"size": 11, "color": COLOUR},
        error_x={"type": "data", "symmetric": False, "color": COLOUR,
                 "array": [reach(c.interval.high, e) for c, e in zip(coefficients, estimates,
                                                                    strict=True)],
                 "arrayminus": [reach(c.interval.low, e) for c, e in zip(coefficients, estimates,
                                                                        strict=True)]},
        customdata=[[c.interval.low, c.interval.high, c.p_value, c.instances]
                    for c in coefficients],
        hovertemplate=("%{y}: %{x:.3f} (interval %{customdata[0]:.3f} to %{customdata[1]:.3f}), "
                       "p = %{customdata[2]:.4f}, %{customdata[3]} instances<extra></extra>"),
        showlegend=False))
    fig.update_layout(
        height=120 + ROW_PX * len(coefficients), margin={"t": 20, "l": 10, "r": 20, "b": 75},
        xaxis={"title": _axis_title(regression), "zeroline": False},
        yaxis={"type": "category", "categoryorder": "array", "categoryarray": names[::-1],
               "automargin": True},
    )
    return fig


def _axis_title(regression: Regression) -> str:
    """What the bars are, and, when the jackknife could not give some, that a dot alone is not
    a certain estimate (the page's and the report's 'What this cannot show' say why)."""
    title = f"corrected squared norm, with {regression.level:.0%} jackknife interval"
    missing = sum(not math.isfinite(c.interval.low) for c in regression.coefficients)
    if not missing:
        return title
    if missing == len(regression.coefficients):
        return "corrected squared norm (no interval: see below)"
    return f"{title}<br>({missing} without an interval: see below)"  # two lines fit 800 px
