"""Where BiasWords keeps the user's data, and how it writes it without ever leaving half a file.

Everything the user saves (word sets, curated candidates, imported embeddings) lives under one
directory, `BIASWORDS_HOME` (default `~/.biaswords`), so that a restart, another browser tab or the
command line all see the same data. Writes go to a temporary file in the same directory and are then
renamed into place: a crash or a full disk leaves the old file intact, never a truncated one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from bias.errors import BiasInputError


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


def read_text(path: Path, what: str) -> str:
    """The UTF-8 text of `path` (a `what`, e.g. "values file"), a byte-order mark accepted, or one
    sentence saying why it cannot be read."""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError as exc:
        raise BiasInputError(f"There is no {what} at {path}.") from exc
    except IsADirectoryError as exc:
        raise BiasInputError(f"{path} cannot be read: it is a folder, not a {what}.") from exc
    except UnicodeDecodeError as exc:
        raise BiasInputError(f"{path} is not UTF-8 text; save it as UTF-8 and try again.") from exc
    except OSError as exc:
        raise BiasInputError(f"{path} cannot be read ({exc.strerror or exc}).") from exc


def read_json(path: Path, what: str) -> object:
    """Parse the JSON file `path` (a `what`, e.g. "word-set file"), or one sentence saying why not
    (`parse_json`)."""
    return parse_json(read_text(path, what), str(path), what)


def parse_json(data: bytes | str, where: str, what: str) -> object:
    """Parse JSON read from `where` (a path, an uploaded file's name) that should be a `what`, or
    one sentence saying why not.

    Bytes must be UTF-8; a byte-order mark is accepted (Windows Notepad writes one). Numbers of
    thousands of digits and nesting thousands deep, which `json` refuses with a ValueError or
    RecursionError, are bad input like any other.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise BiasInputError(
                f"{where} is not UTF-8 text; save it as UTF-8 and try again."
            ) from exc
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise BiasInputError(
            f"{where} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from exc
    except RecursionError as exc:
        raise BiasInputError(f"{where} is nested too deeply to be a {what}.") from exc
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise BiasInputError(f"{where} holds a number too long to read ({exc}).") from exc
