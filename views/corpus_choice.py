"""The corpus chooser of the pages that read a researcher's corpus (Your texts, Embedding
regression): an upload or one of the server's corpora.

One piece of code for both pages, so the upload's lifetime works the same on each: its bytes are
kept on disk once (`bias.corpus.sources.keep_upload`) and the tab keeps only the path, under a
plain key no widget owns, so the upload outlives a visit to another page (which drops the
uploader's own state and its bytes). Every key starts with the page's prefix, so each page keeps
its own choice.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from bias.corpus.sources import keep_upload, server_corpora, upload_types
from bias.errors import BiasInputError
from bias.report.markup import md
from bias.vectors.server_access import ServerAccess
from views.shared import offered, show_error

NONE = "(none)"  # the server-corpus select's first entry: no corpus of the server chosen


def upload_key(prefix: str) -> str:
    """The uploader's own key (Streamlit's; emptied by a page switch)."""
    return prefix + "upload"


def kept_key(prefix: str) -> str:
    """(the upload's id, where its copy was kept, its file name), kept over page switches."""
    return prefix + "kept"


def server_key(prefix: str) -> str:
    """The kept choice among the server's corpora (`views.shared.persistent`)."""
    return prefix + "server_corpus"


def _upload_changed(prefix: str) -> None:
    """The visitor removed the file from the box (a page switch empties it without a call)."""
    if st.session_state.get(upload_key(prefix)) is None:
        st.session_state.pop(kept_key(prefix), None)


def _forget_upload(prefix: str) -> None:
    st.session_state.pop(kept_key(prefix), None)


def _server_corpus(prefix: str, corpora: list[Path]) -> Path | None:
    """The select of the server's corpora (a kept name the server no longer offers: NONE)."""
    names = [NONE] + [path.name for path in corpora]
    picked = st.selectbox("Corpus", names, **offered(server_key(prefix), names, NONE))
    return next((p for p in corpora if p.name == picked), None)


def choose_corpus(prefix: str, help: str) -> Path | None:
    """The corpus file: an upload (kept on disk, bounded, its path kept in the tab over page
    switches) or one of the server's corpora; None until one is chosen, or (said in one
    sentence) when the upload is refused. `help` says what the page reads from the file."""
    try:
        return _chosen(prefix, help)
    except BiasInputError as exc:
        show_error(exc)
        return None


def _chosen(prefix: str, help: str) -> Path | None:
    """`choose_corpus` without the catch (`keep_upload` refuses an ending that is no corpus
    format)."""
    corpora = server_corpora()
    tabs = st.tabs(["Upload a file"] + (["A corpus on this server"] if corpora else []))
    with tabs[0]:
        upload = st.file_uploader(
            "Corpus file", type=upload_types(), key=upload_key(prefix),
            on_change=_upload_changed, args=(prefix,),
            max_upload_size=ServerAccess.from_environment().max_upload_mb, help=help)
        kept = st.session_state.get(kept_key(prefix))
        if upload is not None and (kept is None or kept[0] != upload.file_id):
            # hashed and written once per upload; the tab keeps its path, never its bytes
            kept = upload.file_id, keep_upload(upload.getvalue(), upload.name), upload.name
            st.session_state[kept_key(prefix)] = kept
        elif upload is None and kept is not None:
            st.caption(f"Using **{md(kept[2])}**, uploaded earlier in this tab; upload another "
                       "file to replace it.")
            st.button("Remove it", icon=":material/close:", on_click=_forget_upload,
                      args=(prefix,))
    chosen = None
    if corpora:
        with tabs[1]:
            chosen = _server_corpus(prefix, corpora)
    return Path(kept[1]) if kept is not None else chosen
