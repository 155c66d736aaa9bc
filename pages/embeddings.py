"""Embeddings page: which word vectors are available, by language; import and delete more.

The import engine (`bias.vectors`) does the work; this page only collects the
choices and shows progress. Reading files on the server can be switched off for public demos with
the environment variable `BIASWORDS_ALLOW_PATHS=0`.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import polars as pl
import streamlit as st

from bias.errors import BiasInputError
from bias.files import home
from bias.vectors.catalog import LANGUAGES, available_embeddings, language_name
from pages.shared import set_active_embedding, show_error, sidebar

try:  # the import engine is optional: without it the page only lists
    from bias.vectors import download, store
except ImportError:  # pragma: no cover - depends on the tree
    download = store = None

ALLOW_PATHS = os.environ.get("BIASWORDS_ALLOW_PATHS", "1").strip().lower() not in (
    "0",
    "false",
    "no",
    "off",
)
LIMIT = 200_000

sidebar()
st.title("Embeddings")
st.write(
    "An *embedding* is a table of word vectors learnt from a large body of text. Every test "
    "measures the bias of one embedding; choose the active one in the sidebar."
)
infos = available_embeddings()
table = pl.DataFrame(
    {
        "Language": [language_name(i.language) for i in infos],
        "Name": [i.name for i in infos],
        "Words": [i.words for i in infos],
        "Dimensions": [i.dimensions for i in infos],
        "Kind": [i.kind for i in infos],
        "Source": [i.source for i in infos],
    }
)
st.dataframe(
    table,
    hide_index=True,
    width="stretch",
    column_config={"Words": st.column_config.NumberColumn(format="localized")},
)

if download is None or store is None:
    st.info("Importing more embeddings is not available in this installation.")
    st.stop()


def run_import(label: str, total_words: int, action) -> None:
    """Run `action(progress)` with a progress bar; make the result the active embedding."""
    bar = st.progress(0.0, text=f"{label}: starting…")

    def progress(bytes_read: int, words_read: int) -> None:
        share = min(words_read / total_words, 1.0) if total_words else 0.0
        bar.progress(share, text=f"{label}: {words_read:,} words read ({bytes_read / 1e6:,.0f} MB)")

    try:
        with st.spinner(f"{label}…", show_time=True):
            info, report = action(progress)
    except BiasInputError as exc:
        bar.empty()
        show_error(exc)
        return
    bar.empty()
    set_active_embedding(info.name)
    st.session_state["embeddings.done"] = (
        f"Imported {info.name}: {info.words:,} words, {info.dimensions} dimensions. "
        f"{report.summary()} It is now the active embedding."
    )
    st.rerun()


def language_choice(key: str) -> str:
    codes = list(LANGUAGES)
    return st.selectbox(
        "Language",
        codes,
        index=codes.index("de"),
        format_func=lambda c: f"{language_name(c)} ({c})",
        key=key,
        help="The language of the words: tests are offered for the embedding's language.",
    )


st.subheader("Add an embedding")
if st.session_state.get("embeddings.done"):
    st.success(st.session_state.pop("embeddings.done"))
limit = st.number_input(
    "Keep the most frequent words",
    min_value=1_000,
    max_value=2_000_000,
    value=LIMIT,
    step=50_000,
    help="Vector files are sorted by frequency; 200,000 words cover the word lists and take "
    "about 250 MB of memory at 300 dimensions.",
)
labels = ["Download fastText", "Upload a file"] + (["File on the server"] if ALLOW_PATHS else [])
tabs = st.tabs(labels)
with tabs[0]:
    st.write(
        "The fastText Common Crawl vectors (Grave et al. 2018) exist for 157 languages; the "
        "paper used them. Only the first words are downloaded (about 200 MB for 200,000)."
    )
    code = st.text_input(
        "Language code", value="de", max_chars=3, help="ISO 639-1, e.g. de, fr, it, sv, rm"
    )
    name = download.fasttext_name(code.strip().lower() or "xx")
    st.caption(f"Will be saved as **{name}**.")
    if st.button("Download", type="primary", key="embeddings.fasttext"):
        lang = code.strip().lower()
        run_import(
            f"Downloading fastText {language_name(lang)}",
            int(limit),
            lambda progress: download.download_fasttext(lang, limit=int(limit), progress=progress),
        )
with tabs[1]:
    upload = st.file_uploader(
        "Vector file",
        type=["vec", "txt", "gz", "bin", "kv"],
        help="Text vectors (.vec, .txt, optionally .gz), word2vec or fastText .bin, gensim .kv",
    )
    c1, c2 = st.columns(2)
    with c1:
        upload_lang = language_choice("embeddings.upload_language")
    upload_name = c2.text_input(
        "Name", key="embeddings.upload_name", placeholder="e.g. my-news-vectors-de"
    )
    if st.button("Import upload", type="primary", disabled=upload is None):
        suffix = "".join(Path(upload.name).suffixes[-2:]) or ".vec"
        target = (upload_name or Path(upload.name).name.split(".")[0]).strip().lower()

        def from_upload(progress):
            folder = home() / "uploads"
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=folder, suffix=suffix, delete=False) as handle:
                handle.write(upload.getbuffer())
            try:
                return download.import_embedding(
                    handle.name,
                    name=target,
                    language=upload_lang,
                    limit=int(limit),
                    progress=progress,
                    label=f"uploaded file {upload.name}",
                )
            finally:
                Path(handle.name).unlink(missing_ok=True)

        run_import(f"Importing {upload.name}", int(limit), from_upload)
if ALLOW_PATHS:
    with tabs[2]:
        st.write("A file or an http(s) address that the server itself can read.")
        path = st.text_input("Path or URL", placeholder="/data/cc.it.300.vec.gz")
        c1, c2 = st.columns(2)
        with c1:
            path_lang = language_choice("embeddings.path_language")
        path_name = c2.text_input("Name ", key="embeddings.path_name", placeholder="e.g. it-news")
        if st.button("Import", type="primary", disabled=not path.strip()):
            source = path.strip()
            target = (path_name or Path(source).name.split(".")[0]).strip().lower()
            run_import(
                f"Importing {source}",
                int(limit),
                lambda progress: download.import_embedding(
                    source if download.is_url(source) else Path(source).expanduser(),
                    name=target,
                    language=path_lang,
                    limit=int(limit),
                    progress=progress,
                ),
            )

imported = [i for i in infos if i.kind != "bundled"]
if imported:
    st.subheader("Delete an imported embedding")
    victim = st.selectbox("Imported embedding", [i.name for i in imported])
    if st.button("Delete", icon=":material/delete:"):
        try:
            store.delete_cached(victim)
        except BiasInputError as exc:
            show_error(exc)
        else:
            st.session_state["embeddings.done"] = f"Deleted {victim}."
            st.rerun()
