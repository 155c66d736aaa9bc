"""Imports a dashboard visitor starts: checked against the operator's `ServerAccess`, run in the
worker process (`bias.vectors.worker`).

The Embeddings page only collects choices and calls these functions; every rule lives here:
the cache name derived from a file name or address, where an upload is written (under a name of
our own: a 250-character or NUL-carrying file name never reaches the file system), which formats
a stranger may upload (never a gensim pickle), and what a visitor may ask the server to read.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import urllib.parse
from pathlib import Path, PurePosixPath

from bias.errors import BiasInputError
from bias.files import home, remove_stale, writing
from bias.vectors import download
from bias.vectors.bundled import EmbeddingInfo
from bias.vectors.formats import accepted, pickle_suffixes, suffixes
from bias.vectors.import_report import ImportReport, Progress
from bias.vectors.server_access import ENV, ServerAccess
from bias.vectors.sources import pickle_refused
from bias.vectors.worker import FASTTEXT, FILE, URL, ImportRequest, run_import

_NOT_NAME = re.compile(r"[^a-z0-9._-]+")


def cache_name(source: str) -> str:
    """A cache name from a file name, path or address: 'My Vectors (DE).vec.gz' → 'my-vectors-de'.

    Only a suggestion (the visitor may type another); always a valid name, whatever `source` holds.
    """
    if download.is_url(source):
        source = urllib.parse.urlparse(source).path
    stem = PurePosixPath(source.replace("\\", "/")).name.split(".")[0]
    name = _NOT_NAME.sub("-", stem.lower()).strip("-._")[:64].strip("-._")
    return name or "embedding"


def chosen_name(typed: str, source: str) -> str:
    """The name the visitor typed (trimmed, lower-case), else the one derived from `source`."""
    return typed.strip().lower() or cache_name(source)


def upload_suffix(filename: str) -> str:
    """The suffix an upload is stored under, or `BiasInputError` for a format not accepted."""
    lower = filename.lower()
    if lower.endswith(pickle_suffixes()):
        raise BiasInputError(pickle_refused(_shown(filename)))
    for suffix in suffixes("upload"):
        if lower.endswith(suffix):
            return suffix
    raise BiasInputError(
        f"{_shown(filename)} is not a vector file this server accepts: upload "
        f"{accepted('upload')}."
    )


def save_upload(data: bytes | memoryview, filename: str, access: ServerAccess) -> Path:
    """Write an upload to a temporary file of our own naming under `home()/uploads`; the caller
    removes it. Refuses files over `ServerAccess.max_upload_mb` (the engine's own bound, whatever
    Streamlit's `server.maxUploadSize` says)."""
    suffix = upload_suffix(filename)
    size = len(data)
    if size > access.max_upload_mb << 20:
        raise BiasInputError(
            f"{_shown(filename)} is {size / 2**20:,.0f} MB; this server accepts uploads up to "
            f"{access.max_upload_mb:,} MB ({ENV['max_upload_mb']})."
        )
    folder = home() / "uploads"
    # A copy older than twice the longest import was left by a killed server: nobody reads it.
    remove_stale(folder, "upload-*", 2 * access.import_seconds)
    with writing():  # a full disk is a sentence
        folder.mkdir(parents=True, exist_ok=True)
        fd, path = tempfile.mkstemp(dir=folder, prefix="upload-", suffix=suffix)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        except BaseException:
            Path(path).unlink(missing_ok=True)
            raise
    return Path(path)


def import_upload(
    data: bytes | memoryview,
    filename: str,
    *,
    name: str,
    language: str,
    limit: int,
    access: ServerAccess,
    progress: Progress | None = None,
) -> tuple[EmbeddingInfo, ImportReport]:
    """Import an uploaded file; messages and the cache name it by the visitor's file name."""
    path = save_upload(data, filename, access)
    try:
        request = ImportRequest(FILE, str(path), name, language, limit, _shown(filename),
                                origin="upload")
        return run_import(request, access, progress)
    finally:
        path.unlink(missing_ok=True)


def import_from_server(
    source: str,
    *,
    name: str,
    language: str,
    limit: int,
    access: ServerAccess,
    progress: Progress | None = None,
) -> tuple[EmbeddingInfo, ImportReport]:
    """Import a path on the server or an http(s) address, if the operator allows it."""
    source = source.strip()
    download.check_scheme(source)
    if download.is_url(source):
        if not access.urls:
            raise BiasInputError(_switched_off("Downloading from an address", "urls"))
        request = ImportRequest(
            URL, source, name, language, limit, private_addresses=access.private_addresses
        )
    else:
        request = ImportRequest(FILE, str(readable_server_file(source, access)), name,
                                language, limit, label=source, origin="server path")
    return run_import(request, access, progress)


def import_fasttext(
    language: str, *, limit: int, access: ServerAccess, progress: Progress | None = None
) -> tuple[EmbeddingInfo, ImportReport]:
    """Download the official fastText vectors of `language` (always allowed: a fixed address)."""
    request = ImportRequest(
        FASTTEXT, language, download.fasttext_name(language), language, limit,
        private_addresses=access.private_addresses,
    )
    return run_import(request, access, progress)


def readable_server_file(text: str, access: ServerAccess) -> Path:
    """The regular, readable file at `text` on the server, if paths are allowed.

    Missing, unreadable, a folder or a device: one and the same sentence, so a visitor cannot
    probe which files exist on the server.
    """
    if not access.paths:
        raise BiasInputError(_switched_off("Reading files on the server", "paths"))
    path = Path(text).expanduser()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError):  # ValueError: a NUL byte in the path
        fd = None
    if fd is not None:
        try:
            regular = stat.S_ISREG(os.fstat(fd).st_mode)
        finally:
            os.close(fd)
        if regular:
            return path
    raise BiasInputError(f"There is no vector file this server can read at {_shown(text)}.")


def _switched_off(what: str, setting: str) -> str:
    return (
        f"{what} is switched off on this server; the person who runs it can switch it on with "
        f"{ENV[setting]}=1 (see docs/security.md)."
    )


def _shown(text: str) -> str:
    """A visitor-supplied name, safe and short enough for a message."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return clean if len(clean) <= 80 else f"{clean[:60]}…{clean[-16:]}"

