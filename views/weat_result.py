"""The WEAT page's result: the verdict and its warnings, our numbers beside the published ones,
the three charts and the per-word table in tabs, and the downloads.

Given the shown result (`views.state.ShownResult`) and what the page now holds, so it draws the
same whether the result was just run or restored after a refresh; the page (`views/weat.py`)
decides when to run.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import polars as pl
import streamlit as st

from bias.report import text
from bias.report import verdict as verdict_text
from bias.report import weat_captions as captions
from bias.report.charts import weat as charts
from bias.report.confounds_text import confound_lines, confound_warnings
from bias.report.conventions_text import convention_text
from bias.report.markup import md
from bias.report.note_sentences import notes_text
from bias.report.weat_html import standalone_figures, weat_report_html
from bias.report.weat_report import comparison_sentence, weat_json
from bias.spreadsheet import csv_text
from views import state
from views.docs_sections import docs_links
from views.encoder_panel import encoder_panel, sensitivity_of
from views.shared import METRIC_WIDTH, report_button, verdict_box

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from bias.stats.encoder_methods import MethodSensitivity
    from bias.stats.weat import WeatResult
    from bias.wordsets import WordSet

# The per-word table: its columns in reading order and their widths in pixels. (A comment, not
# a docstring: pages hold no bare strings, tests/views/test_pages_static.py.)
WORD_ORDER = ("word", "set", "association", "influence", "effect_size_without", "found_as", "match")
WORD_WIDTHS = {"word": 110, "set": 48, "association": 80, "influence": 100,
               "effect_size_without": 96}


def show_metrics(result: WeatResult) -> None:
    """Our p and d, and the published ones beside them when they are comparable: the four
    numbers read aloud (why the published ones are not shown is said under 'details')."""
    cmp = text.comparison(result) if result.verdict.comparable else None
    with st.container(horizontal=True, wrap=True, gap="medium"):
        st.metric(
            "p-value",
            text.p_text(result),
            help="The share of reshuffled lists showing a difference at least as large as the "
            "real one. Below 0.05 counts as a bias.",
            width=METRIC_WIDTH,
        )
        if text.runs_the_other_way(result):  # the p above counts the stated direction only
            st.metric(
                "p the other way",
                text.other_tail_text(result),
                help="The share of reshuffled lists leaning at least this far against the "
                "stated direction. The test stays one-sided as published: this direction was "
                "not the one tested.",
                width=METRIC_WIDTH,
            )
        st.metric(
            "Effect size d",
            text.format_d(result.effect_size),
            help="How strong the difference is, in standard deviations (Cohen's d); about 2 at "
            f"most in either direction. {text.EFFECT_SIZE_CAVEAT}.",
            width=METRIC_WIDTH,
        )
        if cmp:
            # The box holds the bound ('< 0.0005'); how the source printed it is in the help
            # ('< 0.0005 (printed 0.000)' was cut at 200 px).
            st.metric("Reported p-value", text.reported_p_short(result.reported),
                      help=md(f"{cmp.reported_p}, {cmp.where}"), width=METRIC_WIDTH)
            st.metric(
                cmp.reported_d_label,
                cmp.reported_d_value,
                help=f"{md(cmp.where)}. {text.ours_in_their_form(cmp)}",
                width=METRIC_WIDTH,
            )


def details_lines(shown: state.ShownResult, original: WordSet | None) -> list[str]:
    """Everything said about the result beyond the verdict, its sentence and the four numbers,
    in reading order: what the verdict rests on, the whole explanation, the words found, the
    interval, the published values and conventions, the engine's notes and the confound
    warnings. Each is also in the report, the CLI text and the JSON's `warnings`."""
    result = shown.result
    lines = [] if result.verdict.state == "cannot_decide" else [verdict_text.meaning(result)]
    lines += [text.explanation(result), verdict_text.coverage_text(result.coverage) + "."]
    if len(tried := state.tests_run()) > 1:
        lines.append(verdict_text.many_tests_text(len(tried)))
    if ci_text := text.effect_size_ci_text(result):
        lines.append(ci_text)
    cmp = text.comparison(result) if result.verdict.comparable else None
    if cmp:
        lines.append(comparison_sentence(cmp))
        if (under := convention_text(result.source_convention, result.effect_size)) is not None:
            lines.append(under)
    elif result.reported is not None and not result.verdict.comparable:
        lines.append(verdict_text.why_not_comparable(result))
    elif original is not None:
        lines.append(text.edited_notice(original))
    return lines


def warnings_of(shown: state.ShownResult) -> list[str]:
    """The engine's notes and the confound warnings of the result, as sentences."""
    confounds = shown.confounds
    return [*notes_text(shown.result.notes),
            *(confound_warnings(confounds) if confounds else ())]


def details_label(shown: state.ShownResult, sensitivity: MethodSensitivity | None) -> str:
    """The Details fold's bar: what is inside, and how many warnings, counting those of the
    test under every extraction method (shown inside by the encoder panel)."""
    count = len(warnings_of(shown)) + (len(sensitivity.notes) if sensitivity else 0)
    label = "Details: the words found, the interval, the published values"
    if shown.result.encoder is not None:  # its method panel is in here: say so on the fold
        label = "Details: the words found, the interval, the test under every extraction method"
    if count:
        label += f" · {text.plural(count, 'warning')}"
    return label


def show_details(shown: state.ShownResult, original: WordSet | None,
                 sensitivity: MethodSensitivity | None) -> None:
    """One click away: the rest of what the result says (`details_lines`), its warnings, the
    confounds checked and, on the encoder, the test under every method. Folded, so the
    verdict, its sentence and the four numbers read aloud."""
    warnings = warnings_of(shown)
    with st.expander(details_label(shown, sensitivity), icon=":material/info:"):
        for line in details_lines(shown, original):
            st.caption(docs_links(md(line)))
        for warning in warnings:
            st.warning(docs_links(md(warning)), icon=":material/info:")
        if shown.confounds:
            st.markdown("**Confounds checked: grammatical gender, word frequency**")
            for line in confound_lines(shown.confounds):
                st.caption(docs_links(md(line)))
        encoder_panel(shown, sensitivity)  # on the encoder: its method, and every other one


def result_figures(result: WeatResult) -> tuple[go.Figure, go.Figure, go.Figure]:
    """The result's three charts, drawn once per result and kept in this visitor's session
    beside it: every edit of a list while a result is shown reruns the page, and drawing them
    again took 60-70 ms of Plotly each time. `st.plotly_chart` only reads a figure."""
    figures = state.figures_for(result)
    if figures is None:
        figures = (
            charts.null_histogram_figure(result),
            charts.association_figure(result),
            charts.influence_figure(result),
        )
        state.keep_figures(result, figures)
    return figures


def show_result(shown: state.ShownResult, presets: dict[str, WordSet], now: tuple | None) -> None:
    """The result: whether it still fits what is on screen (`now`: the embedding, lists and
    options the page holds, None when they cannot run), then what a presenter reads aloud (the
    verdict, one plain sentence, the four numbers), the details folded, the charts and table,
    and the downloads."""
    result = shown.result
    st.divider()
    st.subheader(f"Result: {md(result.title)}")
    st.caption(md(f"on {result.embedding} · {text.method_text(result)}"))
    if now != shown.made_for:
        st.info("The lists, options or embedding changed since this result; press Run again.")
    sensitivity = sensitivity_of(shown)  # before the verdict, whose headline may name it
    box = verdict_box(result.verdict.state)
    sentence = (verdict_text.meaning(result) if result.verdict.state == "cannot_decide"
                else text.summary_sentence(result))
    box(f"**{md(verdict_text.result_headline(result, sensitivity))}**  \n{md(sentence)}")
    show_metrics(result)
    wordset = shown.wordset
    show_details(shown, presets.get(wordset.edited_from) if wordset else None, sensitivity)
    words = result_tabs(result)
    downloads(shown, words, sensitivity)


def result_tabs(result: WeatResult) -> pl.DataFrame:
    """The three charts and the per-word table in tabs; returns the table (also a download)."""
    hist, assoc, influence = result_figures(result)
    tabs = st.tabs(["How unusual is it?", "Each word", "Which words matter?", "Table"])
    with tabs[0]:
        st.plotly_chart(hist, key="weat.hist")
        st.caption(md(captions.null_histogram_caption(result)))
    with tabs[1]:
        st.plotly_chart(assoc, key="weat.assoc")
        st.caption(md(captions.association_caption(result)))
    with tabs[2]:
        st.plotly_chart(influence, key="weat.influence")
        st.caption(captions.influence_caption(result.effect_size))
    words = pl.DataFrame(
        [row.__dict__ for row in result.words],
        schema_overrides={"effect_size_without": pl.Float64},
    ).with_columns(pl.col(pl.Float64).fill_nan(None))
    with tabs[3]:
        # The word (pinned) and its numbers first, in widths that fit the 530 px of an 800 px
        # window ('Change of d' was cut there); how it was found comes after, and scrolls.
        st.dataframe(
            words,
            hide_index=True,
            width="stretch",
            column_order=WORD_ORDER,
            column_config={
                column: (
                    st.column_config.NumberColumn(label, help=help_text, format="%.3f",
                                                  width=WORD_WIDTHS.get(column))
                    if words.schema[column].is_float()
                    else st.column_config.Column(label, help=help_text,
                                                 width=WORD_WIDTHS.get(column),
                                                 pinned=column == "word")
                )
                for column, (label, help_text) in text.WORD_COLUMNS.items()
            },
        )
    return words


def downloads(shown: state.ShownResult, words: pl.DataFrame,
              sensitivity: MethodSensitivity | None = None) -> None:
    """The result's files: the report, the per-word table, the whole result (with the method
    sensitivity of an encoder result) and the chart."""
    result = shown.result
    stem = f"{result.wordset_id}_{result.embedding}"
    with st.container(horizontal=True, wrap=True):
        report_button(
            lambda: weat_report_html(result, shown.confounds, sensitivity),
            f"{stem}_report.html",
            "the verdict, numbers, words, figures, a methods paragraph and references")
        st.download_button(
            "Per-word table (CSV)",
            data=csv_text(words),
            file_name=f"{stem}_words.csv",
            mime="text/csv",
            on_click="ignore",
            icon=":material/download:",
        )
        st.download_button(
            "Full result (JSON)",
            data=json.dumps(weat_json(result, sensitivity=sensitivity), ensure_ascii=False,
                            indent=2),
            file_name=f"{stem}.json",
            mime="application/json",
            on_click="ignore",
            icon=":material/download:",
        )
        st.download_button(
            "Chart (HTML)",
            data=lambda: standalone_figures(result)[0].to_html(include_plotlyjs=True,
                                                               full_html=True),
            file_name=f"{stem}_null.html",
            mime="text/html",
            on_click="ignore",
            icon=":material/download:",
        )
