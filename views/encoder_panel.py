"""The encoder on the pages: a WEAT result's model and method with the same test under every
extraction method (bias.analysis.weat, each run cached like any WEAT), and BiasWords'
vocabulary on the encoder (bias.discovery.encoder_vocabulary)."""

from __future__ import annotations

import polars as pl
import streamlit as st

from bias.analysis.weat import encoder_sensitivity
from bias.discovery.encoder_vocabulary import (
    MAX_VOCABULARY_WORDS,
    frequent_words,
    with_vocabulary,
)
from bias.errors import BiasInputError
from bias.report.encoder_text import encoder_text, sensitivity_lines
from bias.report.markup import md
from bias.report.note_sentences import notes_text
from bias.report.verdict import SHORT
from bias.stats.encoder_methods import MethodSensitivity
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Embedding
from bias.vectors.encoder import cached_words
from views import state
from views.docs_sections import docs_links
from views.jobs import job_slot, run_job
from views.shared import cached_weat, user_errors


def sensitivity_of(shown: state.ShownResult) -> MethodSensitivity | None:
    """For a result on the encoder, the same test under every method (each run cached like any
    WEAT): computed before the verdict is drawn, whose headline says when the sign or the
    verdict changes with the method. None for other results."""
    if shown.result.encoder is None or shown.wordset is None:
        return None
    options = shown.made_for[2] if shown.made_for else WeatOptions()
    with user_errors(), st.spinner("The same test under every extraction method…"):
        return encoder_sensitivity(shown.result, shown.wordset, options, runner=cached_weat)
    return None


def encoder_panel(shown: state.ShownResult, sensitivity: MethodSensitivity | None) -> None:
    """For a result on the encoder: what it is, then the test under each method
    (`sensitivity_of`) with the spread of d, and a warning when the sign depends on the method."""
    if shown.result.encoder is None:
        return
    st.caption(docs_links(md(encoder_text(shown.result.encoder))))
    if sensitivity is None:
        return
    st.markdown("**The same test under every extraction method**")
    table = pl.DataFrame([{"method": row.method, "d": row.effect_size, "p": row.p_value,
                           "verdict": SHORT[row.verdict]} for row in sensitivity.rows])
    st.dataframe(table.with_columns(pl.col(pl.Float64).fill_nan(None)), hide_index=True,
                 column_config={"d": st.column_config.NumberColumn(format="%.2f"),
                                "p": st.column_config.NumberColumn(format="%.4f")})
    lines = sensitivity_lines(sensitivity)[len(sensitivity.rows):]
    for line in lines:
        st.caption(docs_links(md(line)))
    for warning in notes_text(sensitivity.notes):
        st.warning(docs_links(md(warning)), icon=":material/swap_vert:")


def vocabulary_for(embedding: Embedding) -> Embedding | None:
    """BiasWords on the encoder: the words its neighbours are searched among. The language's
    most frequent words (wordfreq), embedded once (a job with progress and Cancel, then from the
    encoder's cache), or a visitor's word list where wordfreq has none. None until there is one
    (the page stops); a table of vectors is returned as it is."""
    if embedding.encode is None:
        return embedding
    words, source, own = None, "wordfreq's most frequent", None
    try:
        words = frequent_words(embedding.language)
    except BiasInputError as exc:
        st.info(md(str(exc)), icon=":material/list:")
        typed = st.text_area("Words to search among (one a line)", key="_biaswords.vocabulary",
                             height=160, max_chars=MAX_VOCABULARY_WORDS * 20)
        words, source = [w for w in typed.splitlines() if w.strip()], "your list's"
        own = words  # recorded as the user's list; wordfreq's are recorded as wordfreq's
        if not words:
            return None
    method = embedding.identity.get("method", "")
    cached = len(cached_words(embedding.language, method, words))
    st.caption(md(
        f"On the encoder, neighbours are searched among {source} {len(words):,} "
        f"{language_name(embedding.language)} words, each embedded once per language and method "
        f"and kept on the server ({cached:,} of them are)."))
    if cached == len(words):
        with user_errors():
            return with_vocabulary(embedding, own)
        return None
    if not st.button(f"Embed the {len(words) - cached:,} words not embedded yet",
                     icon=":material/memory:"):
        return None
    with user_errors():
        return run_job(job_slot(), f"Embedding {len(words):,} words with the encoder",
                       lambda: with_vocabulary(embedding, own))
    return None
