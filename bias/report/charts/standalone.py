"""Figures that stand alone outside the dashboard: a title naming the test, the embedding, p and
d, margins that keep every axis label whole, and Plotly's script embedded once per page, so a
report opens offline with no CDN."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go


def titled(fig: go.Figure, title: str) -> go.Figure:
    """A copy of `fig` with `title` above it and room for its axis labels and legend.

    In the dashboard the page around a chart says what it shows and a narrow left margin saves
    room; alone, the chart must say it itself, and its tick labels ('10%') must not be cut.
    """
    out = go.Figure(fig)
    old = out.layout.margin
    top = 70 + 18 * title.count("<br>")
    bottom = max(90, old.b or 0)
    # The plot keeps its own height: the figure grows by what the new margins take.
    height = (out.layout.height or 450) + top - (old.t or 0) + bottom - (old.b or 0)
    out.update_layout(title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 15}},
                      margin={"t": top, "l": 80, "r": 30, "b": bottom}, height=height)
    out.update_xaxes(automargin=True)
    out.update_yaxes(automargin=True)
    return out


def figures_html(figures: Sequence[go.Figure], with_plotly: bool = True) -> list[str]:
    """Each figure as an HTML fragment; Plotly's script (about 4.6 MB) only in the first, so a
    page of several figures carries it once and needs no network (`with_plotly=False`: figures
    for a page whose earlier figure already carries it)."""
    return [
        fig.to_html(full_html=False, include_plotlyjs=with_plotly and index == 0,
                    config={"displaylogo": False, "responsive": True})
        for index, fig in enumerate(figures)
    ]
