"""Embeddings page: which word vectors are available, by language; import and delete more.

The import engine (`bias.vectors.visitor`) decides and does everything: what this server allows
(`ServerAccess`, set by whoever starts it: server paths and addresses are off by default), the
cache name, where an upload goes, and the worker process the import runs in. This page only
collects the choices and shows progress.
"""

from __future__ import annotations

import polars as pl
import streamlit as st

from bias.errors import BiasInputError
from bias.limits import MAX_INPUT_FILE_BYTES
from bias.report.markup import md
from bias.report.reproduce import outcome_lines, reproduce_upload
from bias.vectors import download, store, visitor
from bias.vectors.catalog import LANGUAGES, EmbeddingInfo, available_embeddings, language_name
from bias.vectors.encoder import unavailable
from bias.vectors.server_access import ServerAccess
from views import state
from views.docs_sections import show_docs
from views.import_panel import Import, cancelled, run_import, word_limit
from views.operator import confirmed
from views.shared import (
    active_embedding_name,
    public_source,
    show_error,
    sidebar,
)
from views.uploads import upload_mb, vector_uploader

# The page's widget keys (tests find the fields by them).
LIMIT_KEY = "embeddings.limit"
FASTTEXT_KEY = "embeddings.fasttext"
UPLOAD_KEY = "embeddings.upload"
UPLOAD_LANGUAGE_KEY = "embeddings.upload_language"
UPLOAD_NAME_KEY = "embeddings.upload_name"
PATH_LANGUAGE_KEY = "embeddings.path_language"
PATH_NAME_KEY = "embeddings.path_name"
REPORT_KEY = "embeddings.report"


def show_table(infos: list[EmbeddingInfo]) -> None:
    """Every available embedding, one row each, and where each comes from under the table."""
    table = pl.DataFrame(
        {
            "Language": [language_name(i.language) for i in infos],
            "Name": [i.name for i in infos],
            "Words": [i.words for i in infos],
            "Shared words": [i.shared_words for i in infos],
            "Dimensions": [i.dimensions for i in infos],
            "Kind": [i.kind for i in infos],
        }
    )
    st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        column_config={
            "Words": st.column_config.NumberColumn(format="localized"),
            "Shared words": st.column_config.NumberColumn(
                format="localized",
                help="Rarer words of a pruned table (a spaCy pipeline) that have no vector of "
                "their own and use a frequent word's; tests report them as 'shared row'.",
            ),
        },
    )
    # Where each comes from, as sentences under the table: a column of them pushed the table
    # past an 800 px window, and a source is read, not compared.
    st.caption("  \n".join(f"**{md(i.name)}**: {md(public_source(i.source))}" for i in infos
                            if i.source))


def imported(label: str, total_words: int, action: Import) -> None:
    """Run the import `action`; once done, say what it read and rerun (the table lists it)."""
    done = run_import(label, total_words, action)
    if done is None:
        return
    info, report = done
    state.say_done(
        f"Imported {info.name}: {info.words:,} words, {info.dimensions} dimensions. "
        f"{report.summary()} It is now the active embedding."
    )
    st.rerun()


def show_cancelled(label: str) -> None:
    """Say so on the run that follows a click on Cancel of the import `label`."""
    if cancelled(label):
        st.info("Import cancelled; nothing was saved.")


def chosen_language(infos: list[EmbeddingInfo]) -> str:
    """The language a new embedding is most likely for: the one chosen on the WEAT page when no
    embedding has it yet, else the active embedding's."""
    wanted = state.weat_language()
    if wanted in LANGUAGES and not any(info.language == wanted for info in infos):
        return wanted
    active = active_embedding_name()
    return next((info.language for info in infos if info.name == active), "de")


def language_choice(key: str, language: str) -> str:
    """The language of an imported file, `language` (`chosen_language`) chosen first."""
    codes = list(LANGUAGES)
    return st.selectbox(
        "Language",
        codes,
        index=codes.index(language) if language in codes else 0,
        format_func=lambda c: f"{language_name(c)} ({c})",
        key=key,
        help="The language of the words: tests are offered for the embedding's language.",
    )


def fasttext_tab(access: ServerAccess, limit: int, language: str) -> None:
    """Download the first `limit` words of fastText's vectors for a language code."""
    size = download.fasttext_estimate(limit)
    st.write(
        "The fastText Common Crawl vectors (Grave et al. 2018) exist for 157 languages; the "
        f"paper used them. Only the first words are downloaded (about "
        f"{size.download_bytes / 1e6:,.0f} MB for {limit:,}, "
        f"{size.cache_bytes / 1e6:,.0f} MB on disk)."
    )
    code = st.text_input(
        "Language code", value=language, max_chars=3,
        help="ISO 639-1, e.g. de, fr, it, sv, rm",
    )
    name = download.fasttext_name(code.strip().lower() or "xx")
    st.caption(f"Will be saved as **{md(name)}**.")
    lang = code.strip().lower()
    label = f"Downloading fastText {language_name(lang)}"
    if st.button("Download", type="primary", key=FASTTEXT_KEY):
        imported(
            label,
            limit,
            lambda progress: visitor.import_fasttext(
                lang, limit=limit, access=access, progress=progress
            ),
        )
    show_cancelled(label)


def upload_tab(access: ServerAccess, limit: int, language: str) -> None:
    """Import a vector file the visitor uploads, under a name and language they give."""
    upload = vector_uploader("Vector file", UPLOAD_KEY, access)
    c1, c2 = st.columns(2)
    with c1:
        upload_lang = language_choice(UPLOAD_LANGUAGE_KEY, language)
    upload_name = c2.text_input(
        "Name", key=UPLOAD_NAME_KEY, placeholder="e.g. my-news-vectors-de"
    )
    label = f"Importing {upload.name}" if upload is not None else ""
    if st.button("Import upload", type="primary", disabled=upload is None):
        imported(
            label,
            limit,
            lambda progress: visitor.import_upload(
                upload.getbuffer(),
                upload.name,
                name=visitor.chosen_name(upload_name, upload.name),
                language=upload_lang,
                limit=limit,
                access=access,
                progress=progress,
            ),
        )
    show_cancelled(label)


def server_tab(access: ServerAccess, limit: int, language: str) -> None:
    """Import a file or an address the server reads itself (only where `access` allows one)."""
    allowed = " or ".join(
        what for what, on in (("a file", access.paths), ("an http(s) address", access.urls))
        if on
    )
    st.write(f"{allowed[0].upper()}{allowed[1:]} that the server itself can read.")
    path = st.text_input("Path or URL", placeholder="/data/cc.it.300.vec.gz")
    c1, c2 = st.columns(2)
    with c1:
        path_lang = language_choice(PATH_LANGUAGE_KEY, language)
    path_name = c2.text_input("Name ", key=PATH_NAME_KEY, placeholder="e.g. it-news")
    label = f"Importing {path.strip()}"
    if st.button("Import", type="primary", disabled=not path.strip()):
        imported(
            label,
            limit,
            lambda progress: visitor.import_from_server(
                path,
                name=visitor.chosen_name(path_name, path.strip()),
                language=path_lang,
                limit=limit,
                access=access,
                progress=progress,
            ),
        )
    show_cancelled(label)


def add_embedding(access: ServerAccess, language: str) -> None:
    """The three ways in, as tabs (the server's own files only where it allows them), under one
    word limit."""
    st.subheader("Add an embedding")
    if done := state.take_done():
        st.success(md(done))
    limit = word_limit(LIMIT_KEY)
    on_server = access.paths or access.urls
    labels = ["Download fastText", "Upload a file"] + (["File on the server"] if on_server else [])
    # A key keeps the chosen tab over the rerun that follows an import (it went back to the first).
    tabs = st.tabs(labels, key=state.EMBEDDINGS_TAB, on_change="rerun")
    with tabs[0]:
        fasttext_tab(access, limit, language)
    with tabs[1]:
        upload_tab(access, limit, language)
    if on_server:
        with tabs[2]:
            server_tab(access, limit, language)


def check_report() -> None:
    """Run every result of an uploaded report again here and say whether the numbers match."""
    st.subheader("Check a report")
    st.write(
        "A report (HTML) or a result's JSON from BiasWords: every result in it is run again here, "
        "on the embedding of the same name, with the recorded lists, options and seeds, and "
        "compared number by number. It is refused when that embedding is not here or is not the "
        "same file (its sha256 differs)."
    )
    report = st.file_uploader("Report or JSON", type=["html", "json"], key=REPORT_KEY,
                              max_upload_size=upload_mb(MAX_INPUT_FILE_BYTES))
    if report is not None and st.button("Check it", icon=":material/fact_check:"):
        try:
            with st.spinner("Running every result again…", show_time=True):
                outcome = reproduce_upload(report.getvalue(), report.name)
        except BiasInputError as exc:
            show_error(exc)
        else:
            first, *rest = outcome_lines(outcome, report.name)
            (st.success if outcome.matches else st.warning)(
                md(first) + "".join(f"\n- {md(line)}" for line in rest))


def delete_imported(names: list[str]) -> None:
    """Delete one of the imported (or damaged) embeddings `names`, after asking (for every
    visitor of the server)."""
    if not names:
        return
    # Trained and debiased models are listed too: the heading says so (it said "imported").
    st.subheader("Delete an imported, trained or debiased embedding")
    # Nothing chosen until a person chooses: the first entry preselected was a trained model
    # one click from deletion.
    victim = st.selectbox("Imported embedding", names, index=None,
                          placeholder="Choose the embedding to delete")
    if victim is not None and confirmed(f"embedding.{victim}", "Delete",
                 f"Delete the embedding '{victim}' for every visitor of this server? Tabs using "
                 "it will say it was deleted."):
        try:
            store.delete_cached(victim)
        except BiasInputError as exc:
            show_error(exc)
        else:
            state.say_done(f"Deleted {victim}.")
            st.rerun()


def main() -> None:
    """The page, top to bottom; it stops under the damaged caches' warnings when the server's
    access settings are wrong (said as one sentence)."""
    sidebar()
    st.title("Embeddings")
    st.write(
        "An *embedding* is a table of word vectors learnt from a large body of text. Every test "
        "measures the bias of one embedding; choose the active one in the sidebar."
    )
    every = available_embeddings()
    infos = [info for info in every if info.kind != "encoder"]  # the tables of vectors
    show_table(infos)
    encoders = sorted({info.language for info in every if info.kind == "encoder"})
    if encoders:
        st.caption(md(
            f"Also bundled, in {len(encoders)} languages: the encoder multilingual-e5-small "
            "(e5-small-ja-passage, and so on: the methods passage, query, and template where the "
            "language has templates), a different kind of model whose vectors are computed for "
            "the words a test uses; choose it in the sidebar."))
        show_docs("How the encoder's methods differ", "encoder.md", "Extraction methods")
    elif (reason := unavailable()) is not None:
        st.caption(md(reason))
    damaged = store.list_damaged()
    for entry in damaged:
        st.warning(md(entry.problem), icon=":material/warning:")
    try:
        access = ServerAccess.from_environment()
    except BiasInputError as exc:
        show_error(exc)
        st.stop()
    add_embedding(access, chosen_language(infos))
    check_report()
    delete_imported([i.name for i in infos if i.kind != "bundled"]
                    + [entry.name for entry in damaged])


main()
