"""The forest plot of a batch: each result's effect size d, grouped by test, coloured by language.

One line per test and embedding (tests in the batch's order, the embeddings of a test together).
Ours is a filled dot, the value the source reported for that test an open diamond on the same line,
so a reader sees at a glance where a language departs from the published figure. Tests that did
not run are not drawn (the batch table lists them with their reasons).

`intervals` may give an interval for d per row (e.g. a bootstrap confidence interval); rows without
one are drawn as a point. The permutation test's Monte-Carlo interval is an interval for p, not
for d, so it is never drawn here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.express as px
import plotly.graph_objects as go

from bias.report.markup import plotly_text
from bias.report.verdict import SHORT
from bias.stats.batch import BatchRow
from bias.stats.pooling import PooledEffect, family
from bias.vectors.catalog import language_name

REPORTED_COLOUR = "#1f1d2b"

VERDICT_SYMBOLS = {"holds": "circle", "these_words": "circle-open", "other_way": "diamond-open",
                   "no_bias": "circle-open-dot", "cannot_decide": "x-thin-open"}
"""Our dot's shape says the verdict (bias.stats.verdict): filled only where the bias holds when
the words are resampled; a diamond where the association runs the other way; a cross where the
test cannot decide."""


def row_label(row: BatchRow, names: Mapping[str, str] | None = None) -> str:
    """The y-axis label of a row: the test's name over its embedding, on two lines ('WEATHub
    WEAT 7 (German, translated)' over 'fasttext-cc-de-300', shown as text; on one line they
    left the plot a sliver at 800 px). `names` gives a test's name by its id (the dashboard's
    short titles); by default it is the test's title."""
    name = (names or {}).get(row.wordset, row.title)
    return f"{plotly_text(name)}<br>{plotly_text(row.embedding)}"


def family_title(pooled: PooledEffect, rows: Sequence[BatchRow],
                 names: Mapping[str, str] | None = None) -> str:
    """The name of a pooled test family: its test's name ('WEAT 7'), without the language when
    it pools one WEATHub test in several languages ('WEATHub WEAT 7')."""
    members = [row for row in rows if family(row.wordset) == pooled.family]
    if not members:
        return pooled.family
    title = (names or {}).get(members[0].wordset, members[0].title)
    several = len({row.wordset for row in members}) > 1
    return (title.split(" (")[0] if several else title).partition(":")[0]


def forest_figure(
    rows: Sequence[BatchRow],
    intervals: Sequence[tuple[float, float] | None] | None = None,
    pooled: Sequence[PooledEffect] = (),
    names: Mapping[str, str] | None = None,
) -> go.Figure:
    """The forest plot of the rows that ran; `intervals[i]` (optional) is (low, high) for d of
    `rows[i]`; `names` as in `row_label`."""
    if intervals is not None and len(intervals) != len(rows):
        raise ValueError(f"{len(intervals)} intervals for {len(rows)} rows")
    spans = list(intervals) if intervals is not None else [None] * len(rows)
    drawn = [(row, span) for row, span in zip(rows, spans, strict=True) if row.ran]
    order = list(dict.fromkeys(row.wordset for row, _ in drawn))
    drawn.sort(key=lambda item: order.index(item[0].wordset))
    pooled_labels = [plotly_text(f"pooled · {family_title(p, rows, names)}") for p in pooled]
    labels = [row_label(row, names) for row, _ in drawn] + pooled_labels
    fig = go.Figure()
    _add_ours(fig, drawn, names)
    _add_reported(fig, [row for row, _ in drawn if row.reported_d is not None], names)
    if pooled:
        _add_pooled(fig, pooled, pooled_labels)
    fig.add_vline(x=0, line_width=1, line_color="#888888")
    fig.update_yaxes(categoryorder="array", categoryarray=labels, autorange="reversed",
                     automargin=True)  # long labels push the plot right instead of being cut
    fig.update_layout(
        # Two short lines: one long title was cut at 800 px.
        title="Effect sizes by test<br><sup>dot: ours, filled where the bias holds when the "
        "words are resampled<br>open diamond: reported by the source</sup>",
        xaxis_title="effect size d (0: no difference)",
        legend={"orientation": "h", "y": 0.02, "yanchor": "bottom", "yref": "container", "x": 0},
        margin={"t": 90, "b": 110, "l": 24},
        height=230 + 40 * max(len(labels), 1),
    )
    return fig


def _add_ours(fig: go.Figure, drawn: list[tuple[BatchRow, tuple[float, float] | None]],
              names: Mapping[str, str] | None) -> None:
    """Our d per row, one trace per test language (its colour), the interval as error bars."""
    palette = px.colors.qualitative.Safe
    languages = list(dict.fromkeys(row.language for row, _ in drawn))
    for index, language in enumerate(languages):
        mine = [(row, span) for row, span in drawn if row.language == language]
        error_x = None
        if any(span is not None for _, span in mine):
            error_x = {
                "type": "data",
                "symmetric": False,
                "array": [span[1] - row.effect_size if span else 0 for row, span in mine],
                "arrayminus": [row.effect_size - span[0] if span else 0 for row, span in mine],
                "thickness": 1.5,
            }
        fig.add_scatter(
            x=[row.effect_size for row, _ in mine],
            y=[row_label(row, names) for row, _ in mine],
            mode="markers",
            name=plotly_text(f"{language_name(language)} (ours)"),
            marker={"size": 10, "color": palette[index % len(palette)],
                    "symbol": [VERDICT_SYMBOLS[row.verdict] for row, _ in mine],
                    "line": {"width": 2, "color": palette[index % len(palette)]}},
            error_x=error_x,
            customdata=[[plotly_text(row.embedding), row.p_value, SHORT[row.verdict],
                         row.words_listed - row.missing_words, row.words_listed]
                        for row, _ in mine],
            hovertemplate="%{y}<br>d = %{x:.2f} on %{customdata[0]}, p = %{customdata[1]:.4g}"
            "<br>%{customdata[2]}; %{customdata[3]} of %{customdata[4]} words found"
            "<extra></extra>",
        )


def _add_reported(fig: go.Figure, reported: list[BatchRow],
                  names: Mapping[str, str] | None) -> None:
    """The d the source reported, an open diamond on its row's line."""
    if not reported:
        return
    fig.add_scatter(
        x=[row.reported_d for row in reported],
        y=[row_label(row, names) for row in reported],
        mode="markers",
        name="reported by the source",
        marker={"size": 11, "symbol": "diamond-open", "color": REPORTED_COLOUR,
                "line": {"width": 2}},
        customdata=[["|d|" if row.reported_d_is_absolute else "d"] for row in reported],
        hovertemplate="%{y}<br>reported %{customdata[0]} = %{x:.2f}<extra></extra>",
    )


def _add_pooled(fig: go.Figure, pooled: Sequence[PooledEffect], labels: list[str]) -> None:
    """Each pooled test family, a black diamond with its interval, on lines of its own."""
    fig.add_scatter(
        x=[p.estimate for p in pooled],
        y=labels,
        mode="markers",
        name="pooled (random effects)",
        marker={"size": 14, "symbol": "diamond", "color": REPORTED_COLOUR},
        error_x={"type": "data", "symmetric": False, "thickness": 2,
                 "array": [p.high - p.estimate for p in pooled],
                 "arrayminus": [p.estimate - p.low for p in pooled]},
        customdata=[[p.k, p.tau2, p.i2] for p in pooled],
        hovertemplate="%{y}<br>pooled d = %{x:.2f} over %{customdata[0]} embeddings"
        "<br>τ² = %{customdata[1]:.3f}, I² = %{customdata[2]:.0%}<extra></extra>",
    )
