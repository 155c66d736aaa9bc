"""Where BiasWords keeps the user's data, and how it writes it without ever leaving half a file.

Everything the user saves (word sets, curated candidates, imported embeddings) lives under one
directory, `BIASWORDS_HOME` (default `~/.biaswords`), so that a restart, another browser tab or the
command line all see the same data. Writes go to a temporary file in the same directory and are then
renamed into place: a crash or a full disk leaves the old file intact, never a truncated one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def home() -> Path:
    """The user data directory. Only writers create it (and its subdirectories): listing or
    loading never leaves an empty directory behind."""
    return Path(os.environ.get("BIASWORDS_HOME") or Path.home() / ".biaswords").expanduser()


def write_text_atomic(path: Path, text: str) -> None:
    """Write UTF-8 `text` to `path` so readers see either the old file or the whole new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
