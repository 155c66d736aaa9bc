"""The encoder's cache files: `.npz` of words and unit float32 rows, each named by the sha256 of
its bytes, written atomically and never changed, so that a file is trusted only while its bytes
are the ones its name records (a file with its rows shuffled is not). Each is opened as a regular
file only, never through a link nor waiting on a pipe, and read with a bound; a file that fails
any check is set aside as `.damaged` (never silently deleted) and counted, so results can say so.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from bias.files import open_regular, write_bytes_atomic
from bias.limits import MAX_INPUT_FILE_BYTES


def read_file(path: Path, dimensions: int) -> tuple[list[str], np.ndarray] | None:
    """A cache file's words and rows, or None (the file kept aside as `.damaged`) when it is not
    what this module wrote: a damaged cache is never trusted, and never silently deleted."""
    try:
        with open_regular(path, follow=False) as handle:
            raw = handle.read(MAX_INPUT_FILE_BYTES + 1)
        if len(raw) > MAX_INPUT_FILE_BYTES:
            raise ValueError("too large")
        if hashlib.sha256(raw).hexdigest() != path.stem:
            raise ValueError("its bytes are not those its name records")
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:  # stored as written: nothing to inflate
            if any(item.compress_type != zipfile.ZIP_STORED for item in archive.infolist()):
                raise ValueError("compressed members")
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            if sorted(data.files) != ["vectors", "words"]:
                raise ValueError("unexpected arrays")
            words, vectors = data["words"], data["vectors"]
        if words.dtype.kind != "U" or words.ndim != 1:
            raise ValueError("words are not text")
        if vectors.dtype != np.float32 or vectors.shape != (len(words), dimensions):
            raise ValueError("rows of the wrong shape")
        norms = np.linalg.norm(vectors, axis=1)
        if not np.isfinite(vectors).all() or np.abs(norms - 1).max(initial=0) > 1e-3:
            raise ValueError("rows are not unit vectors")
    except FileNotFoundError:
        return None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile):
        with contextlib.suppress(OSError):
            path.replace(path.with_suffix(".damaged"))
        return None
    return [str(word) for word in words], vectors


def damaged_count(folder: Path) -> int:
    """How many files of `folder` were set aside as damaged (and are still there)."""
    try:
        return sum(1 for _ in folder.glob("*.damaged"))
    except OSError:
        return 0


def write_files(folder: Path, words: Sequence[str], vectors: np.ndarray, shard: int
                ) -> list[Path]:
    """Write new words as cache files of at most `shard` words, each atomically."""
    paths = []
    for start in range(0, len(words), shard):
        part = list(words[start:start + shard])
        buffer = io.BytesIO()
        np.savez(buffer, words=np.array(part, dtype=str),
                 vectors=np.ascontiguousarray(vectors[start:start + len(part)], np.float32))
        data = buffer.getvalue()
        path = folder / f"{hashlib.sha256(data).hexdigest()}.npz"
        write_bytes_atomic(path, data)
        paths.append(path)
    return paths
