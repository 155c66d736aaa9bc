"""Batch page: many tests of one or more languages on one or more embeddings (the paper's Table 7).

The batch, its pooling and its multiple-testing adjustment are run by `bias.analysis.batch` (as
the command line runs them); the skipped tests' reasons and the tables are in
`bias.report.batch_report`; the forest plot in `bias.report.charts.forest`. This page collects the
choices, shows progress and draws what the engine returns. Each single test goes through the same
cache as the WEAT page (`cached_weat`), so a test already run there is instant here.

`main()` draws the page from what it offers (`Library`), what is chosen (`Request`) and the rows
kept in the tab (`views.state.batch_rows`), each part a function of those, not of module globals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl
import streamlit as st

from bias.analysis.batch import BatchAnalysis, BatchAnalysisOptions, plan, summarise
from bias.analysis.batch import run as run_analysis
from bias.compute import configured_scheduler
from bias.errors import BiasInputError
from bias.report import verdict as verdict_text
from bias.report.batch_html import batch_report_html
from bias.report.batch_report import (
    ROW_COLUMNS,
    batch_csv,
    header,
    skipped_groups,
    skipped_texts,
    summary,
)
from bias.report.charts.forest import family_title, forest_figure
from bias.report.markup import md
from bias.report.note_sentences import note_text
from bias.report.text import printed_p
from bias.stats.batch import BatchOptions, BatchRow, originals, table7, to_frame
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import LANGUAGES, EmbeddingInfo, language_name, own_or_shipped
from bias.wordsets import WordSet
from bias.wordsets.library import all_wordsets
from bias.wordsets.ordering import listing_order, short_titles, usual_tests
from views import state
from views.docs_sections import docs_links
from views.jobs import job_slot, run_job
from views.shared import (
    active_embedding_name,
    cached_weat,
    chosen_embeddings,
    embedding_label,
    embeddings_by_name,
    field_bounds,
    persistent,
    put,
    report_button,
    restore,
    show_error,
    sidebar,
)

WEAT_DEFAULTS = BatchAnalysisOptions().weat
BATCH_DEFAULTS = BatchAnalysisOptions().batch

# Kept values of this page's own widgets (`views.shared.persistent`; tests drive them by "_" +
# key); the languages and tests, read outside their widgets too, are in `views.state`.
EMBEDDINGS = "batch.embeddings"
CROSS_LANGUAGE = "batch.cross_language"
ITERATIONS = "batch.iterations"
SEED = "batch.seed"
FOREST = "batch.forest"  # the forest plot's element key


@dataclass(frozen=True)
class Library:
    """What the page offers, read once per run: every test in listing order with its short name,
    every embedding, and the languages (those with tests first, then every other known one)."""

    wordsets: dict[str, WordSet]
    short_names: dict[str, str]
    infos: dict[str, EmbeddingInfo]
    languages: list[str]

    @classmethod
    def read(cls) -> Library:
        wordsets = {ws.id: ws for ws in sorted(all_wordsets(), key=listing_order)}
        with_tests = sorted({ws.language for ws in wordsets.values()}, key=language_name)
        return cls(wordsets, short_titles(list(wordsets.values())), embeddings_by_name(),
                   list(dict.fromkeys([*with_tests, *LANGUAGES])))


@dataclass(frozen=True)
class Request:
    """What Run all runs: the chosen tests and embeddings that still exist, and the options as
    typed (made into `WeatOptions` only on Run, where a bad value is said)."""

    tests: list[str]
    embeddings: list[str]
    cross_language: bool
    iterations: int
    seed: int


def default_tests(codes: list[str]) -> list[str]:
    return [ws.id for code in codes for ws in usual_tests(code)]


def on_languages(library: Library) -> None:
    """When the languages change, offer the usual tests of new ones and select their embeddings."""
    codes = state.batch_languages()
    kept = [i for i in state.batch_tests() if library.wordsets[i].language in codes]
    have = {library.wordsets[i].language for i in kept}
    tests = kept + default_tests([code for code in codes if code not in have])
    # Only what ships and what this visitor chose: another visitor's imports are offered, not taken.
    engines = originals([info for info in own_or_shipped(library.infos.values(),
                                                         chosen_embeddings())
                         if info.language in codes])
    # A language without vectors of its own runs on the encoder with its first method (passage).
    covered, encoders = {library.infos[n].language for n in engines}, {}
    for name, info in library.infos.items():
        if info.kind == "encoder" and info.language in codes and info.language not in covered:
            encoders.setdefault(info.language, name)
    engines += list(encoders.values())
    for key, value in ((state.BATCH_TESTS, tests), (EMBEDDINGS, engines or None)):
        if value is not None:
            put(key, value)


def choose(library: Library, start_language: str) -> Request:
    """The languages, tests, embeddings and options; what is chosen (a draft may name a test or
    an embedding that is gone: those are left out)."""
    wordsets, infos = library.wordsets, library.infos
    # Tests and embeddings get whole rows: their chips are long and a chip that does not fit is cut.
    c1, c4 = st.columns([3, 2], vertical_alignment="bottom")
    c1.multiselect(
        "Languages",
        library.languages,
        **persistent(state.BATCH_LANGUAGES, [start_language], on_change=on_languages,
                     args=(library,)),
        format_func=lambda c: f"{language_name(c)} ({c})",
        placeholder="Choose one or more languages",
        help="Choosing a language offers its tests and selects its embeddings.",
    )
    chosen_languages = state.batch_languages()
    offered = [i for i, ws in wordsets.items() if ws.language in chosen_languages]
    restore(state.BATCH_TESTS, default_tests(chosen_languages))
    offered += [i for i in state.batch_tests() if i in wordsets and i not in offered]
    st.multiselect(
        "Tests",
        offered,
        **persistent(state.BATCH_TESTS, default_tests(chosen_languages)),
        format_func=lambda i: library.short_names[i],  # a whole title would not fit in its chip
        placeholder="Choose one or more tests",
        help="The paper's tests first, then WEATHub's (Mukherjee et al. 2023, CC BY 4.0), then "
        "yours.",
    )
    engines = st.multiselect(
        "Embeddings",
        list(infos),
        **persistent(EMBEDDINGS, [active_embedding_name()]),
        format_func=lambda n: embedding_label(infos[n]),
        placeholder="Choose one or more embeddings",
        help="Each test runs on the chosen embeddings of its language; add more on the Embeddings "
        "page.",
    )
    cross_language = c4.toggle(
        "Cross-language run",
        **persistent(CROSS_LANGUAGE, BATCH_DEFAULTS.cross_language),
        help="Run every test on every chosen embedding, whatever its language. An Italian test on "
        "English vectors mostly measures missing words; switch this on only when that is what you "
        "want to see.",
    )
    o1, o2 = st.columns(2)
    iterations = o1.number_input(
        "Random draws per test",
        **field_bounds(WeatOptions, "iterations"),
        step=10_000,
        **persistent(ITERATIONS, WEAT_DEFAULTS.iterations),
        help="Used when a test has too many reshufflings to count them all (the paper: 100,000).",
    )
    seed = o2.number_input("Seed", **field_bounds(WeatOptions, "seed"), step=1,
                           **persistent(SEED, WEAT_DEFAULTS.seed))
    return Request([i for i in state.batch_tests() if i in wordsets],
                   [n for n in engines if n in infos], cross_language, int(iterations), int(seed))


def run_all(library: Library, request: Request) -> None:
    """The Run all button: the batch as one job (said at once when over the work budget), its
    rows kept in the tab; a bad choice is one red sentence and the last rows stay."""
    clicked = st.button(
        "Run all",
        type="primary",
        icon=":material/play_arrow:",
        disabled=not (request.tests and request.embeddings),
    )
    job = job_slot()
    if not clicked:
        return
    try:
        tests = [library.wordsets[i] for i in request.tests]
        options = BatchAnalysisOptions(
            WeatOptions(iterations=request.iterations, seed=request.seed),
            BatchOptions(cross_language=request.cross_language))
        languages = {name: info.language for name, info in library.infos.items()}
        # Over the work budget: said now (`plan`), not after waiting for a place in the queue.
        planned = plan(options, tests, request.embeddings, languages=languages)
        scheduler = configured_scheduler()  # on the operator's cluster: the tasks, not the cache
        analysis = run_job(job, f"Running {len(request.tests)} test(s) on "
                           f"{len(request.embeddings)} embedding(s)", lambda: run_analysis(
            planned, runner=None if scheduler else cached_weat, scheduler=scheduler))
    except BiasInputError as exc:
        show_error(exc)
    else:
        # The tab keeps the rows; `summarise` gives them their pooling again when drawn.
        state.keep_batch_rows(analysis.rows)


def show_rows(analysis: BatchAnalysis, short_names: dict[str, str]) -> None:
    """The last batch: its header, the tests not run and why, three views of it, the downloads."""
    rows = analysis.rows
    st.subheader(header(rows))
    st.caption(summary(rows))
    reasons = skipped_texts(rows)
    groups = skipped_groups(rows, short_names)
    if groups:
        st.warning(
            "**Not run:**\n\n"
            + "\n".join(f"- **{md(', '.join(names))}**: {md(reason)}" for reason, names in groups),
            icon=":material/block:",
        )
    tabs = st.tabs(["Table 7", "Forest plot", "Every row"])
    with tabs[0]:
        # One Table 7 per language of the embeddings: a second language's column group lay
        # beyond the grid's right edge (reachable only by scrolling it sideways), and each test
        # showed empty cells under the other language's embeddings.
        languages = list(dict.fromkeys(r.embedding_language for r in rows if r.embedding_language))
        for language in languages:
            mine = [i for i, r in enumerate(rows) if r.embedding_language in (language, None)]
            names = list(dict.fromkeys(rows[i].embedding for i in mine if rows[i].embedding))
            if len(languages) > 1:
                st.markdown(f"**On {md(language_name(language))} embeddings**"
                            + (f": {md(names[0])}" if len(names) == 1 else ""))
            show_table7(table7([rows[i] for i in mine], [reasons[i] for i in mine],
                               ran_only=True), short_names,
                        one_embedding=len(languages) > 1 and len(names) == 1)
        st.caption(TABLE7_CAPTION)
    with tabs[1]:
        show_forest(analysis, short_names)
    with tabs[2]:
        show_every_row(rows, reasons, short_names)
    report_button(lambda: batch_report_html(analysis),
                  "weat_batch_report.html",
                  "Table 7 (also as CSV and LaTeX), the forest plot, pooled effects, a methods "
                  "paragraph and references")
    st.download_button(
        "Download table (CSV)",
        data=batch_csv(rows),
        file_name="weat_batch.csv",
        mime="text/csv",
        on_click="ignore",
        icon=":material/download:",
    )


def show_table7(wide: pl.DataFrame, short_names: dict[str, str], *,
                one_embedding: bool = False) -> None:
    """The engine's Table 7 as a person reads it: short names, short verdicts, reported p as
    printed, empty columns hidden; with `one_embedding` (named above the table) the columns are
    headed 'p', 'd', … without the embedding's name, so they fit the page."""
    number_format = {
        column: st.column_config.NumberColumn(format="%.5f" if column.endswith(" p") else "%.2f")
        for column, dtype in wide.schema.items()
        if dtype == pl.Float64
    }
    # Short names in the table: a whole title would push the numbers out of view.
    titles = pl.col("test").replace_strict(short_names, default=pl.col("title")).alias("title")
    verdicts = pl.col(r"^.* verdict$").replace_strict(verdict_text.SHORT, default=None)
    printed = pl.col(r"^.* reported p$").map_elements(printed_p, return_dtype=pl.String)
    wide = wide.with_columns(titles, verdicts, printed)
    # An empty text cell stays empty (not "None"), and a column with nothing in it is not shown.
    # The test's language last: the numbers and the verdict come first into view at 800 px.
    shown = [c for c in wide.columns if c not in ("test", "language")
             and wide[c].null_count() < wide.height] + ["language"]
    wide = wide.with_columns(pl.col(pl.String).exclude("skipped").fill_null("–"),
                             pl.col("skipped").fill_null(""))
    if one_embedding:
        short = {c: c.split(" ", 3)[-1] for c in shown if c.count(" ") >= 3 and " · " in c}
        wide, shown = wide.rename(short), [short.get(c, c) for c in shown]
        number_format = {short.get(c, c): f for c, f in number_format.items()}
    st.dataframe(
        wide,
        hide_index=True,
        width="stretch",
        # The readable title first and always in view; the id stays in the data (export).
        column_order=shown,
        # As wide as the longest name (a fixed width cut "WEATHub WEAT 6 (French, transla…").
        column_config=number_format
        | {"title": st.column_config.TextColumn("Test", pinned=True)},
    )


TABLE7_CAPTION = (
    "One row per test that ran (those that could not are listed above); for each "
    "embedding our p and d, the verdict, the words found of those listed, and the "
    "values the source reported ('–': the test did not run on that embedding). Reported "
    "values come from the source's embedding (fastText for WEATHub). 'these words only': "
    "p < 0.05 but the interval for d includes 0 when the words are resampled; 'the other "
    "way': no bias in the stated direction, but p < 0.05 the other way (the words lean "
    "against it); 'cannot decide': too few words or reshufflings for any p below 0.05."
)


def show_forest(analysis: BatchAnalysis, short_names: dict[str, str]) -> None:
    """The forest plot, and each test pooled over its embeddings with what pooling means here."""
    rows, pooled = analysis.rows, analysis.pooled
    spans = [(row.d_ci_low, row.d_ci_high) if row.interval else None for row in rows]
    st.plotly_chart(forest_figure(rows, spans, pooled, short_names), key=FOREST)
    for note in analysis.unpooled:
        st.warning(md(note_text(note)), icon=":material/call_split:")
    if pooled:
        st.dataframe(
            pl.DataFrame([{"test": family_title(p, rows, short_names), "results": p.k,
                           "pooled d": p.estimate, "95% low": p.low, "95% high": p.high,
                           "τ²": p.tau2, "I²": p.i2}
                          for p in pooled]),
            hide_index=True,
            column_config={
                "I²": st.column_config.NumberColumn(format="percent"),
                **{c: st.column_config.NumberColumn(format="%.2f")
                   for c in ("pooled d", "95% low", "95% high")},
                "τ²": st.column_config.NumberColumn(format="%.3f"),
            },
        )
        st.caption(docs_links(
            "Black diamonds pool a test over the embeddings it ran on (random effects, "
            "DerSimonian–Laird; the same WEATHub test in several languages counts as one). "
            "The embeddings are not independent samples of one population, so a pooled d "
            "summarises these embeddings, not languages in general (docs/metrics.md)."
        ))
    st.caption(
        "Each dot is our effect size for one test on one embedding, coloured by the test's "
        "language; the line through it is its 95% confidence interval (bootstrap over the "
        "words of each list: how large d is, allowing for which words were chosen). A "
        "filled dot: bias that holds when the words are resampled; an open dot: "
        "significant for these words only; a dotted ring: no bias; a cross: the test "
        "cannot decide. The diamond on the same line is what the source reported."
    )


def show_every_row(rows: Sequence[BatchRow], reasons: list[str | None],
                   short_names: dict[str, str]) -> None:
    """Every row, skipped ones too, each column with the engine's label and explanation."""
    # The reported p as the source printed it, as Table 7 shows it ('< 0.0005 (printed 0.000)',
    # not 0.00000).
    printed = [printed_p(row.reported_p_text) if row.reported_p_text else None for row in rows]
    every_row = to_frame(rows, reasons).with_columns(
        pl.col("wordset").replace_strict(short_names, default=pl.col("title")).alias("title"),
        pl.Series("reported_p", printed, dtype=pl.String))
    st.dataframe(
        every_row,
        hide_index=True,
        width="stretch",
        column_order=[column for column in every_row.columns if column != "wordset"],
        column_config={
            column: (
                st.column_config.NumberColumn(label, help=why, format="%.5f" if column in (
                    "p_value", "p_holm", "p_bh", "reported_p") else "%.2f")
                if every_row.schema[column] == pl.Float64
                else st.column_config.Column(label, help=why)
            )
            for column, (label, why) in ROW_COLUMNS.items()
        } | {"title": st.column_config.TextColumn("Test", pinned=True)},
    )


def main() -> None:
    embedding = sidebar()
    st.title("Many tests at once")
    st.write(
        "Run several tests, in one or more languages, on one or more embeddings and get one table "
        "like Table 7 of Kurpicz-Briki & Leoni (2021). Each test runs on the chosen embeddings of "
        "its language. When many tests are run, some come out 'significant' by chance; the "
        "adjusted p-values below correct for that."
    )
    if embedding is None:
        st.stop()
    library = Library.read()
    run_all(library, choose(library, embedding.language))
    rows = state.batch_rows()
    if rows:
        show_rows(summarise(rows), library.short_names)


main()
