"""The vector import panel's parts, one of each for every page that imports (the Embeddings page
and the WEAT page's panel for a language without an embedding): the word-limit field and the
import run under a progress bar with a Cancel button.

They used to be written twice, and had drifted: the two word-limit fields had minima of 10,000
and 1,000, and only one page's import could be cancelled. The field's minimum is now the engine's
(`bias.vectors.import_report.WORD_LIMIT`), and the Cancel button's key is built and read here only.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from bias.errors import BiasInputError
from bias.report.markup import md
from bias.vectors.catalog import EmbeddingInfo
from bias.vectors.import_report import DEFAULT_LIMIT, WORD_LIMIT, ImportReport, Progress
from views.shared import set_active_embedding, show_error

# The most words the field offers: the engine sets no upper bound (`WORD_LIMIT`), and the
# fastText Common Crawl files, the largest a page downloads, hold 2,000,000 words.
OFFERED_WORDS = 2_000_000

# An import of `bias.vectors.visitor` with its choices made, waiting for its progress callback.
Import = Callable[[Progress], tuple[EmbeddingInfo, ImportReport]]


def word_limit(key: str) -> int:
    """The field for how many of a file's first (most frequent) words an import keeps."""
    return int(st.number_input(
        "Keep the most frequent words",
        min_value=WORD_LIMIT.low,
        max_value=WORD_LIMIT.high or OFFERED_WORDS,
        value=DEFAULT_LIMIT,
        step=50_000,
        key=key,
        help="Vector files are sorted by frequency; 200,000 words cover the word lists and take "
        "about 250 MB of memory at 300 dimensions.",
    ))


def _cancel_key(label: str) -> str:
    return f"cancel.{label}"


def run_import(label: str, total_words: int, action: Import
               ) -> tuple[EmbeddingInfo, ImportReport] | None:
    """Run `action(progress)` under a progress bar and a Cancel button; on success make the new
    embedding the active one and return what the import gives, else show the user's mistake as
    one sentence and return None.

    Cancel works the way Streamlit stops a run: the click starts a new run, the running import is
    interrupted at its next progress report (its worker process is killed), and nothing is saved,
    because the cache only keeps complete imports; `cancelled(label)` says so on that new run.
    """
    shown = md(label)  # a file name is the visitor's text
    st.button("Cancel", icon=":material/cancel:", key=_cancel_key(label),
              help="Stops the import; nothing is saved.")
    bar = st.progress(0.0, text=f"{shown}: starting…")

    def progress(bytes_read: int, words_read: int) -> None:
        share = min(words_read / total_words, 1.0) if total_words else 0.0
        bar.progress(share, text=f"{shown}: {words_read:,} words read ({bytes_read / 1e6:,.0f} MB)")

    try:
        with st.spinner(f"{shown}…", show_time=True):
            done = action(progress)
    except BiasInputError as exc:
        bar.empty()
        show_error(exc)
        return None
    bar.empty()
    set_active_embedding(done[0].name)
    return done


def cancelled(label: str) -> bool:
    """Whether this run follows a click on the Cancel button of the import `label`."""
    return bool(st.session_state.get(_cancel_key(label)))
