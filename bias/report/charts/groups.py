"""Bias across groups or time (Garg et al. 2018, figure 1): d per group value, in the order of
the values, with the interval of the replicates (where the d of another training run would
fall) as error bars. A group with one model has no error bar: the caption says so."""

from __future__ import annotations

import plotly.graph_objects as go

from bias.report.markup import plotly_text
from bias.report.replicates_text import SHORT, headline
from bias.stats.replicates import AcrossGroups

COLOURS = {"holds": "#b2182b", "unstable": "#e08214", "not_every_replicate": "#fdb863",
           "other_way": "#2166ac", "no_bias": "#4d4d4d", "cannot_decide": "#bababa"}


def across_groups_figure(across: AcrossGroups) -> go.Figure:
    points = across.points()
    values = [plotly_text(str(p["value"])) for p in points]
    d = [p["effect_size"] for p in points]
    upper = [None if p["interval"] is None else p["interval"][1] - p["effect_size"]
             for p in points]
    lower = [None if p["interval"] is None else p["effect_size"] - p["interval"][0]
             for p in points]
    fig = go.Figure()
    fig.add_hline(y=0, line={"color": "#999", "width": 1})
    fig.add_trace(go.Scatter(
        x=values, y=d, mode="lines", line={"color": "#999", "width": 1, "dash": "dot"},
        hoverinfo="skip", showlegend=False))
    for state, colour in COLOURS.items():
        chosen = [i for i, p in enumerate(points) if p["verdict"] == state]
        if not chosen:
            continue
        fig.add_trace(go.Scatter(
            x=[values[i] for i in chosen], y=[d[i] for i in chosen], mode="markers",
            marker={"size": 11, "color": colour}, name=SHORT[state],
            error_y={"type": "data", "symmetric": False,
                     "array": [upper[i] or 0 for i in chosen],
                     "arrayminus": [lower[i] or 0 for i in chosen], "color": colour},
            customdata=[[len(points[i]["effect_sizes"]), plotly_text(headline(across.groups[i]))]
                        for i in chosen],
            hovertemplate="%{x}: d = %{y:.2f} (%{customdata[0]} models)<br>%{customdata[1]}"
            "<extra></extra>"))
    fig.update_layout(
        height=380, margin={"t": 20, "l": 60, "r": 20, "b": 60},
        xaxis={"title": plotly_text(across.group_column or "group"), "type": "category",
               "categoryorder": "array", "categoryarray": values},
        yaxis={"title": "effect size d" + ("" if all(len(p["effect_sizes"]) == 1 for p in points)
                                            else " (mean of replicates)"), "zeroline": False},
        legend={"orientation": "h", "y": -0.25},
    )
    return fig
