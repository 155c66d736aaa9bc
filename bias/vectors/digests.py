"""The sha256 of a stored file, read from disk safely and computed once per process per version of
the file.

An embedding's `meta.json` records the sha256 of its `vectors.npy` when it is written; a result's
provenance cites it. Without reading the file again, a byte changed on disk (damage, an edit, a
restored backup of another file) would give numbers under a digest that is not theirs, so every
load of a stored embedding compares the file with the record (`bias.vectors.store`).

Hashing costs one read of the file (bench/digest_speed.py: docs/embeddings.md quotes the figure),
so the digest is kept per process under the file's identity: path, device, inode, size,
modification and status-change times (ns). Any write changes the times, and `touch -d` that puts
the old modification time back still changes the status-change time, so a changed file is hashed
again and a reload of an unchanged one costs a `stat`. File systems keep these times at the
kernel's clock tick (milliseconds), so a write in the same tick as the one before leaves them
as they were: a file written less than `RECENT_NS` ago is hashed on every read, never kept (git
calls such an entry "racily clean" and does the same).

A stored file is opened as a regular file only: not through a symbolic link (`O_NOFOLLOW`), not a
FIFO (which would block) or a device (which could be read forever), and at most the size `fstat`
gave is read.
"""

from __future__ import annotations

import errno
import hashlib
import os
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import BinaryIO

from bias import files

_BLOCK = 1 << 18
"""Bytes read at a time (256 KiB, as hashlib.file_digest reads): a block that stays in the CPU's
cache while it is hashed; 8 MB blocks hashed the same file at half the speed
(bench/digest_speed.py)."""

RECENT_NS = 2_000_000_000
"""A file whose last write is younger than this (2 s, far above any clock tick) is not kept."""

MAX_KEPT = 4096
"""Digests kept per process (a server that imports and replaces for months keeps the newest;
one is some 300 bytes)."""

_known: OrderedDict[tuple[str, int, int, int, int, int, int], str] = OrderedDict()
_lock = threading.Lock()


class NotARegularFile(OSError):
    """The path is a link, a folder, a FIFO or a device, not a file this program wrote."""


def open_regular(path: Path) -> BinaryIO:
    """The regular file `path` opened for reading (`bias.files.open_regular`, never through a
    symbolic link and never waiting on a FIFO); `NotARegularFile` (an OSError) naming the file
    otherwise."""
    try:
        return files.open_regular(path, follow=False)
    except files.NotAFile as exc:
        raise NotARegularFile(f"{Path(path).name} is not a regular file") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # O_NOFOLLOW's refusal of a link
            raise NotARegularFile(f"{Path(path).name} is a link") from exc
        raise


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file `path` (`open_regular`), at most `limit`: OSError (EFBIG)
    when it holds more, so a stored file of absurd size is never read whole."""
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"{Path(path).name} is larger than {limit:,} bytes")
    return data


def check_regular(path: Path) -> None:
    """Raise `NotARegularFile` unless `path` is a regular file (no byte read): before a reader
    that would follow a link or block on a FIFO (`np.load`, `read_bytes`) is given it."""
    open_regular(path).close()


def _identity(path: Path, status: os.stat_result) -> tuple[str, int, int, int, int, int, int]:
    return (str(path), status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns,
            status.st_ctime_ns, status.st_mode)


def file_sha256(path: Path) -> str:
    """The sha256 of the regular file `path` as it is on disk now (hashed once per version of the
    file in this process); OSError (`NotARegularFile` among them) when it cannot be read."""
    with open_regular(path) as handle:
        fd = handle.fileno()
        before = os.fstat(fd)
        key = _identity(path, before)
        with _lock:
            known = _known.get(key)
        if known is not None:
            return known
        digest = hashlib.sha256()
        buffer = memoryview(bytearray(min(_BLOCK, max(before.st_size, 1))))
        left = before.st_size
        while left > 0:
            read = handle.readinto(buffer[: min(left, len(buffer))])
            if not read:
                break  # shortened while read: the identity below has changed, nothing is kept
            digest.update(buffer[:read])
            left -= read
        value = digest.hexdigest()
        settled = time.time_ns() - max(before.st_mtime_ns, before.st_ctime_ns) > RECENT_NS
        if settled and _identity(path, os.fstat(fd)) == key:  # unchanged while it was read
            with _lock:
                _known[key] = value
                while len(_known) > MAX_KEPT:
                    _known.popitem(last=False)  # the oldest
        return value


def digest_or_nothing(path: Path) -> str:
    """`file_sha256(path)`, or "" when the file cannot be read (a missing or non-regular file
    matches no recorded digest)."""
    try:
        return file_sha256(path)
    except OSError:
        return ""


ENTRY_FILES = ("vectors.npy", "words.txt", "subwords.npy", "shared.txt", "shared_rows.npy")
"""Every file a cache entry may hold besides meta.json (`bias.vectors.store`'s layout)."""


def check_regular_files(folder: Path) -> None:
    """Raise `NotARegularFile` if a file of the entry in `folder` is anything but a regular file,
    before `np.load` or a read is given it (a FIFO would block it, a link to a device feed it
    forever). A missing file is left to the loader, which says so."""
    for file in ENTRY_FILES:
        if os.path.lexists(folder / file):
            check_regular(folder / file)


def changed_sentence(name: str, meta: dict, file: str = "vectors.npy") -> str:
    """The sentence for vectors (or, `file`, another of the entry's files) that are not the ones
    saved under `name`."""
    again = ("train it again" if meta.get("trained")
             else "make it again" if meta.get("derived_from") else "import it again")
    if file == "vectors.npy":
        return (f"The vectors of '{name}' do not match the digest recorded when they were saved: "
                f"the file was changed or damaged. Delete it and {again}.")
    return (f"The file {file} of '{name}' does not match the digest recorded when it was saved: "
            f"it was changed or damaged. Delete the embedding and {again}.")


def entry_problem(folder: Path, name: str, meta: dict) -> str | None:
    """`changed_sentence` when a file of the entry `name` in `folder` is not what its meta.json
    recorded: vectors.npy (whose sha256 a result's provenance cites; an entry recording none is
    refused too), then the files listed under `files` (the word list says which word each row
    is). Each file is hashed once per process per version of it."""
    recorded = meta.get("sha256", "")
    if not recorded or digest_or_nothing(folder / "vectors.npy") != recorded:
        return changed_sentence(name, meta)
    for file, digest in (meta.get("files") or {}).items():
        if digest_or_nothing(folder / file) != digest:
            return changed_sentence(name, meta, file)
    return None
