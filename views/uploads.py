"""The vector-file uploader: bounded, and its copy in the server's memory dropped when done.

Streamlit keeps every chosen file in the server's memory, in full, for as long as its widget
holds it, and a tab that disconnects keeps its session (files included) for reconnection; a
session that expires from that store is never shut down, so its files stayed for good (8 tabs
with a 290 MB file left 3.8 GB behind). Hence three things:

* the server refuses any upload larger than `server.maxUploadSize` (.streamlit/config.toml, kept
  equal to `ServerAccess.max_upload_mb`, the engine's own bound), far below the import worker's
  memory limit; bigger files are imported from an address or a server path, which the worker
  streams to disk;
* after an import (done, refused or stopped), the upload's copy is removed from Streamlit's
  memory and the widget starts empty (`release`), since the import wrote its own copy to disk;
* whenever an uploader is drawn, the copies held for sessions that are no longer connected are
  removed (`sweep`): nobody can see or use them any more (a tab that reconnects chooses again).
"""

from __future__ import annotations

import streamlit as st
from streamlit import runtime
from streamlit.runtime.uploaded_file_manager import UploadedFile

from bias.vectors import visitor
from bias.vectors.access import ServerAccess


def sweep() -> int:
    """Remove the uploaded files of sessions that are no longer connected; how many sessions."""
    if not runtime.exists():
        return 0
    server = runtime.get_instance()
    files = getattr(server.uploaded_file_mgr, "file_storage", None)  # the in-memory manager
    if files is None:
        return 0
    gone = [sid for sid in list(files) if not server.is_active_session(sid)]
    for sid in gone:
        server.uploaded_file_mgr.remove_session_files(sid)
    return len(gone)


def vector_uploader(label: str, key: str, access: ServerAccess) -> UploadedFile | None:
    """A file uploader for vector files, up to `access.max_upload_mb`."""
    sweep()
    generation = st.session_state.get(f"_uploads.{key}", 0)
    return st.file_uploader(
        label,
        type=[suffix.rsplit(".", 1)[1] for suffix in visitor.UPLOAD_SUFFIXES],
        key=f"{key}.{generation}",
        max_upload_size=access.max_upload_mb,
        help="Text vectors (.vec, .txt, optionally .gz), word2vec or fastText .bin; up to "
        f"{access.max_upload_mb:,} MB (a larger file: import it from an address or a path on "
        "the server). Saved gensim files (.kv) are not accepted: they can carry code.",
    )


def release(upload: UploadedFile, key: str) -> None:
    """Drop Streamlit's in-memory copy of `upload` and empty its widget (drawn with `key`)."""
    if runtime.exists():
        ctx = st.runtime.scriptrunner.get_script_run_ctx()
        if ctx is not None:
            runtime.get_instance().uploaded_file_mgr.remove_file(ctx.session_id, upload.file_id)
    st.session_state[f"_uploads.{key}"] = st.session_state.get(f"_uploads.{key}", 0) + 1
