"""The vector-file uploader, bounded by what one tab may hold in the server's memory.

Streamlit keeps a chosen file in the server's memory, whole, until the tab chooses another,
clears the box or its session ends; its documented API has no way to drop it sooner. So the bound
is what keeps one tab from pinning hundreds of MB: the server refuses any upload larger than
`server.maxUploadSize` (.streamlit/config.toml, kept equal to `ServerAccess.max_upload_mb`, the
engine's own bound), far below the import worker's memory limit. Larger vector files are imported
from an address or a path on the server, which the worker streams to disk; the import of an
upload writes its own copy to disk and removes it when done (`bias.vectors.visitor`).
"""

from __future__ import annotations

import streamlit as st

from bias.vectors import formats
from bias.vectors.server_access import ServerAccess


def upload_mb(limit_bytes: int) -> int:
    """An engine bound in bytes as a file uploader's `max_upload_size`, in whole MiB, rounded
    down: the browser then never sends a file the engine would refuse after the upload."""
    return limit_bytes >> 20


def vector_uploader(label: str, key: str, access: ServerAccess):
    """A file uploader for vector files, up to `ServerAccess.max_upload_mb`, saying so."""
    return st.file_uploader(
        label,
        type=formats.upload_types(),
        key=key,
        max_upload_size=access.max_upload_mb,
        help=f"{formats.upload_help()}; up to {access.max_upload_mb:,} MB (a larger file: import "
        "it from an address or a path on the server). Saved gensim files are not accepted: they "
        "can carry code.",
    )
