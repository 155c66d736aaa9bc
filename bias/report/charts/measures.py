"""Plotly figures for the measures (no Streamlit): SC-WEAT's sorted leans with p-values, WEFAT's
scatter with its fitted line, and which words drive RND, MAC, ECT, RIPA, RNSB and WEAT."""

from __future__ import annotations

import plotly.graph_objects as go

from bias.report.markup import plotly_text
from bias.report.text import format_p
from bias.stats.measure_result import MeasureResult

TOWARDS_A = "#2a9d8f"
TOWARDS_B = "#c44569"
PALETTE = ("#5b3cc4", "#e07b39", "#2a9d8f", "#c44569", "#6c757d", "#b5838d", "#3a86ff")
"""One colour per set, in the order of the sets (targets first, as the word-set file lists)."""


def _label(row) -> str:
    return plotly_text(row.word if row.found_as == row.word else f"{row.word} ({row.found_as})")


def _height(rows: int) -> int:
    return max(320, 22 * rows + 150)


def scweat_figure(result: MeasureResult) -> go.Figure:
    """Each word's lean as a sorted horizontal bar, with its p-value written beside it; words
    whose p is 0.05 or more after Holm's correction for the list (`p_holm`, as the sentence
    counts them) are drawn pale."""
    a, b = (plotly_text(result.details[key]) for key in ("attribute_a", "attribute_b"))
    rows = sorted(result.per_word, key=lambda r: r.value)
    colours = [TOWARDS_A if r.value >= 0 else TOWARDS_B for r in rows]
    held = [r.extra.get("p_holm", r.p_value) for r in rows]
    opacity = [1.0 if (p is not None and p < 0.05) else 0.35 for p in held]
    fig = go.Figure(
        go.Bar(
            x=[r.value for r in rows],
            y=[_label(r) for r in rows],
            orientation="h",
            marker={"color": colours, "opacity": opacity},
            text=[f"p {format_p(r.p_value)}" if format_p(r.p_value).startswith("<")
                  else f"p = {format_p(r.p_value)}" for r in rows],
            textposition="outside",
            cliponaxis=False,
            customdata=[[r.p_value, r.extra.get("association"), p]
                        for r, p in zip(rows, held, strict=True)],
            hovertemplate="<b>%{y}</b><br>lean (effect size) %{x:.2f}<br>p = %{customdata[0]:.3g}"
            " (after Holm's correction %{customdata[2]:.3g})"
            "<br>association %{customdata[1]:.3f}<extra></extra>",
        )
    )
    reach = max([abs(r.value) for r in rows] + [0.5]) * 1.35
    fig.update_layout(
        # Two lines: one cut off at its right end at 800 px (issue 42 walk, 16 occupations).
        title="Which way does each word lean?<br><sup>pale: p ≥ 0.05"
        + (f" after Holm's correction for {len(rows)} words" if len(rows) > 1 else "")
        + ", could be chance</sup>",
        xaxis={"title": f"← leans to '{b}'      effect size      leans to '{a}' →",
               "range": [-reach, reach], "zeroline": True},
        yaxis={"type": "category"},
        height=_height(len(rows)),
        margin={"t": 80, "l": 10, "r": 10},
        showlegend=False,
    )
    return fig


def wefat_figure(result: MeasureResult) -> go.Figure:
    """Real value against association, one hoverable point per word, and the least-squares line."""
    details = result.details
    rows = [r for r in result.per_word if r.value == r.value]  # without nan
    xs = [r.extra["real_value"] for r in rows]
    fig = go.Figure()
    fig.add_scatter(
        x=xs,
        y=[r.value for r in rows],
        mode="markers+text" if len(rows) <= 40 else "markers",
        text=[_label(r) for r in rows],
        textposition="top center",
        marker={"size": 10, "color": PALETTE[0], "opacity": 0.8},
        name="words",
        hovertemplate="<b>%{text}</b><br>real value %{x:.4g}<br>association %{y:.3f}"
        "<extra></extra>",
    )
    low, high = min(xs), max(xs)
    fig.add_scatter(
        x=[low, high],
        y=[details["slope"] * low + details["intercept"], details["slope"] * high
           + details["intercept"]],
        mode="lines",
        line={"color": "#1f1d2b", "dash": "dash"},
        name="fitted line",
        hoverinfo="skip",
    )
    lo, hi = details["pearson_ci"]
    fig.update_layout(
        title=(f"Pearson r = {details['pearson_r']:.2f} (95% interval {lo:.2f} to {hi:.2f}), "
               f"Spearman ρ = {details['spearman_rho']:.2f}, {details['n']} words"),
        xaxis_title="your real-world value",
        yaxis_title=f"← '{plotly_text(details['attribute_b'])}'   association   "
        f"'{plotly_text(details['attribute_a'])}' →",
        height=460,
        legend={"orientation": "h", "y": -0.2},
        margin={"t": 60},
    )
    return fig


AXIS = {
    "weat": "association (+: nearer the first attribute set)",
    "rnd": "distance difference (−: nearer the first target set)",
    "mac": "mean cosine distance (0 close, 1 unrelated)",
    "ect": "similarity difference (+: nearer the first target set)",
    "ripa": "lean along the pairs (+: the first words' side)",
    "rnsb": "probability of 'negative' (the second attribute set)",
}


def per_word_figure(result: MeasureResult) -> go.Figure:
    """The words behind the value, largest first, coloured by set. For WEAT only the target
    words: an attribute word's number measures its lean to X over Y, another axis."""
    rows = sorted(result.per_word, key=lambda r: -r.value)
    if result.metric == "weat":
        rows = [r for r in rows if result.roles[r.set] == "target"]
    colours = {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(result.sets)}
    fig = go.Figure()
    for name in result.sets:
        mine = [r for r in rows if r.set == name]
        if not mine:
            continue
        fig.add_bar(
            x=[r.value for r in mine],
            y=[f"{_label(r)} · {plotly_text(name)}" for r in mine],
            orientation="h",
            name=plotly_text(name),
            marker_color=colours[name],
            hovertemplate="%{y}: %{x:.3f}<extra></extra>",
        )
    order = [f"{_label(r)} · {plotly_text(r.set)}" for r in rows]
    fig.update_layout(
        title="Which words drive the value?",
        xaxis_title=AXIS.get(result.metric, "value"),
        yaxis={"type": "category", "categoryorder": "array", "categoryarray": order[::-1]},
        height=_height(len(rows)),
        legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
        margin={"t": 90},
    )
    return fig


def measure_figure(result: MeasureResult) -> go.Figure:
    """The chart that suits the measure."""
    if result.metric == "sc-weat":
        return scweat_figure(result)
    if result.metric == "wefat":
        return wefat_figure(result)
    return per_word_figure(result)
