"""Batch page: several tests on several embeddings at once, in a table like the paper's Table 7.

The loop and the multiple-testing adjustment live in `bias.stats.batch.run_batch`; this page only
collects the choices, shows progress and draws the table. Each single test goes through the same
cache as the WEAT page (`cached_weat`), so a test already run there is instant here.
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from bias.errors import BiasInputError
from bias.stats.batch import run_batch, to_frame
from bias.stats.batch import summary as batch_summary
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import language_name
from bias.wordsets import all_wordsets
from pages.shared import (
    active_embedding_name,
    cached_weat,
    embedding_label,
    embeddings_by_name,
    persistent,
    show_error,
    sidebar,
)

embedding = sidebar()
st.title("Many tests at once")
st.write(
    "Run several tests on one or more embeddings and get one table, like Table 7 of "
    "Kurpicz-Briki & Leoni (2021). When many tests are run, some come out 'significant' by "
    "chance; the adjusted p-values below correct for that."
)
if embedding is None:
    st.stop()

wordsets = {ws.id: ws for ws in all_wordsets()}
infos = embeddings_by_name()
language = embedding.language
paper_here = [
    i
    for i, ws in wordsets.items()
    if ws.language == language
    and ws.from_paper
    and ws.variant_of is None
]
default_tests = paper_here or [i for i, ws in wordsets.items() if ws.language == language][:4]

c1, c2 = st.columns([3, 2])
c1.multiselect(
    "Tests",
    list(wordsets),
    **persistent("batch.tests", default_tests),
    format_func=lambda i: f"{wordsets[i].title} [{language_name(wordsets[i].language)}]",
    placeholder="Choose one or more tests",
)
c2.multiselect(
    "Embeddings",
    list(infos),
    **persistent("batch.embeddings", [active_embedding_name()]),
    format_func=lambda n: embedding_label(infos[n]),
    placeholder="Choose one or more embeddings",
)
o1, o2, o3 = st.columns(3)
o1.toggle(
    "Only run tests on embeddings of their language",
    **persistent("batch.same_language", True),
    help="An Italian test on English vectors mostly measures missing words.",
)
o2.number_input(
    "Random draws per test",
    min_value=1_000,
    max_value=10_000_000,
    step=10_000,
    **persistent("batch.iterations", 100_000),
    help="Used when a test has too many reshufflings to count them all (the paper: 100,000).",
)
o3.number_input(
    "Seed",
    min_value=0,
    step=1,
    **persistent("batch.seed", 0),
)

chosen_tests = [i for i in st.session_state["batch.tests"] if i in wordsets]
chosen_embeddings = [n for n in st.session_state["batch.embeddings"] if n in infos]

if st.button(
    "Run all",
    type="primary",
    icon=":material/play_arrow:",
    disabled=not (chosen_tests and chosen_embeddings),
):
    bar = st.progress(0.0, text="Starting…")

    def progress(done: int, total: int, label: str) -> None:
        fraction = done / total if total else 1.0
        text = "Done" if done == total else f"Test {done + 1} of {total}: {label}"
        bar.progress(fraction, text=text)

    try:
        rows = run_batch(
            [wordsets[i] for i in chosen_tests],
            chosen_embeddings,
            WeatOptions(
                iterations=int(st.session_state["batch.iterations"]),
                seed=int(st.session_state["batch.seed"]),
            ),
            progress=progress,
            runner=cached_weat,
            same_language_only=st.session_state["batch.same_language"],
            languages={name: info.language for name, info in infos.items()},
        )
    except BiasInputError as exc:
        show_error(exc)
    else:
        bar.empty()
        st.session_state["batch.rows"] = rows
        if not rows:
            st.warning(
                "None of the chosen tests is in the language of the chosen embeddings. Switch "
                "off 'Only run tests on embeddings of their language' to run them anyway."
            )


rows = st.session_state.get("batch.rows")
if rows:
    frame = to_frame(rows)
    shown = pl.DataFrame(
        {
            "Test": [r.wordset for r in rows],
            "Embedding": [r.embedding for r in rows],
            "p": [r.p_value for r in rows],
            "d": [r.effect_size for r in rows],
            "Bias detected?": [
                {None: "error", True: "yes", False: "no"}[r.detected] for r in rows
            ],
            "p (Holm)": [r.p_holm for r in rows],
            "p (BH)": [r.p_bh for r in rows],
            "reported p": [r.reported_p_text for r in rows],
            "reported d": [r.reported_d_text for r in rows],
            "missing words": [r.missing_words for r in rows],
            "problem": [r.error or "" for r in rows],
            "title": [r.title for r in rows],
        }
    ).with_columns(pl.col(pl.Float64).fill_nan(None))
    st.dataframe(
        shown,
        hide_index=True,
        width="stretch",
        column_config={
            "p": st.column_config.NumberColumn(format="%.5f", help="p-value of this test"),
            "d": st.column_config.NumberColumn(format="%.2f", help="effect size (Cohen's d)"),
            "p (Holm)": st.column_config.NumberColumn(
                format="%.5f",
                help="Holm-adjusted: below 0.05 means a bias even allowing for the number of "
                "tests (strict).",
            ),
            "p (BH)": st.column_config.NumberColumn(
                format="%.5f",
                help="Benjamini–Hochberg-adjusted: below 0.05 keeps the share of false "
                "alarms among the detected biases under 5% (less strict).",
            ),
        },
    )
    st.caption(batch_summary(rows))
    st.download_button(
        "Download table (CSV)",
        data=frame.write_csv(),
        file_name="weat_batch.csv",
        mime="text/csv",
        on_click="ignore",
        icon=":material/download:",
    )
