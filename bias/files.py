"""Where BiasWords keeps the user's data, and how it writes it without ever leaving half a file.

Everything the user saves (word sets, curated candidates, imported embeddings) lives under one
directory, `BIASWORDS_HOME` (default `~/.biaswords`), so that a restart, another browser tab or the
command line all see the same data. Writes go to a temporary file in the same directory and are then
renamed into place: a crash or a full disk leaves the old file intact, never a truncated one.

One server serves many visitors at once, in threads and sometimes in several processes on one
data directory, so: every write has its own temporary name (`mkstemp`, never one per process), a
new file that must not replace another is created exclusively (`create_exclusive`), and a
read-modify-write of a shared file holds that file's lock (`locked`).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from bias.errors import BiasInputError
from bias.limits import MAX_INPUT_FILE_BYTES


def home() -> Path:
    """The user data directory. Only writers create it (and its subdirectories): listing or
    loading never leaves an empty directory behind."""
    return Path(os.environ.get("BIASWORDS_HOME") or Path.home() / ".biaswords").expanduser()


FULL_DISK = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
"""The errors of a write that found no room: a full disk, a quota, a file-size limit."""


def write_error(exc: OSError) -> BiasInputError:
    """The sentence for a write that failed: a full disk says so and what to do; never the
    server's paths (a visitor does not need them, and should not learn them)."""
    if exc.errno in FULL_DISK:
        return BiasInputError(
            "The server's disk is full, so this could not be saved; what was saved before is "
            "unchanged. Ask whoever runs the server to free some space, then try again."
        )
    reason = exc.strerror or type(exc).__name__
    return BiasInputError(
        f"This could not be saved on the server ({reason}); what was saved before is unchanged."
    )


@contextlib.contextmanager
def writing() -> Iterator[None]:
    """`with writing(): …` turns an OSError of the writes inside into `write_error`'s sentence."""
    try:
        yield
    except OSError as exc:
        raise write_error(exc) from exc


@contextlib.contextmanager
def _complete_temporary(path: Path, data: bytes) -> Iterator[Path]:
    """A temporary file beside `path` holding all of `data` on disk, removed afterwards (once
    it has been renamed or linked into place, only that name remains). A failed write (a full
    disk) is `write_error`'s sentence."""
    with writing():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            yield Path(tmp)
        finally:
            Path(tmp).unlink(missing_ok=True)


STALE_SECONDS = 3600
"""A temporary file of `write_bytes_atomic` older than this was left by a killed process (a write
takes well under a second), so `remove_stale` may delete it."""


def remove_stale(folder: Path, pattern: str = ".*.tmp", older_than: float = STALE_SECONDS) -> int:
    """Delete the files of `folder` matching `pattern` untouched for `older_than` seconds (what
    killed writes and imports left behind), and say how many; a file removed meanwhile by
    another process is skipped."""
    removed = 0
    cutoff = time.time() - older_than
    try:
        found = list(folder.glob(pattern))
    except OSError:
        return 0
    for path in found:
        try:
            if path.is_file() and path.stat().st_mtime < cutoff:
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` so readers see either the old file or the whole new one."""
    with _complete_temporary(path, data) as tmp:
        os.replace(tmp, path)


def write_text_atomic(path: Path, text: str) -> None:
    """Write UTF-8 `text` to `path` so readers see either the old file or the whole new one."""
    write_bytes_atomic(path, text.encode("utf-8"))


def create_exclusive(path: Path, text: str) -> bool:
    """Create `path` holding UTF-8 `text`, complete, unless it exists; False if it did.

    A hard link is atomic and fails on an existing name, so of two writers racing for one name
    exactly one gets it, and no reader ever sees a half-written file."""
    with _complete_temporary(path, text.encode("utf-8")) as tmp:
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False
    return True


@contextlib.contextmanager
def locked(name: str, *, wait: bool = True) -> Iterator[bool]:
    """Hold the lock called `name` (yields True) across threads and processes sharing `home()`;
    with `wait=False`, yields False at once if it is taken. The kernel releases it when a
    process dies, so a killed server never leaves a lock behind."""
    folder = home() / ".locks"
    with writing():  # creating the lock file needs space; opening it again does not
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).touch()
    with open(folder / name, "a+b") as handle:  # one open file per holder: flock is per file
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def check_output_file(path: Path, what: str) -> None:
    """Refuse to write a `what` (e.g. "curation file") at a path given on the command line
    unless it names a regular file or a new one in an existing folder: an atomic write renames
    onto whatever is there, so a device, a pipe, a folder or a link would be replaced, and a
    mistyped folder would be created."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        mode = None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise BiasInputError(f"{path} cannot be written ({reason}).") from exc
    if mode is not None and not stat.S_ISREG(mode):
        kind = ("a link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode)
                else "a device or a pipe")
        raise BiasInputError(f"{path} is {kind}, not a file; give the name of a {what} to write.")
    if not path.parent.is_dir():
        raise BiasInputError(
            f"There is no folder {path.parent}; create it first, or give another place for the "
            f"{what}."
        )


def read_bounded(path: Path, what: str, limit: int = MAX_INPUT_FILE_BYTES) -> bytes:
    """The bytes of the regular file `path` (a `what`, e.g. "values file"), at most `limit`, or
    one sentence saying why not. A FIFO, a device such as /dev/zero or a folder is refused at
    once, without waiting for a writer or reading forever (the file is opened non-blocking and
    checked before any byte is read)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError as exc:
        raise BiasInputError(f"There is no {what} at {path}.") from exc
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = getattr(exc, "strerror", None) or exc
        raise BiasInputError(f"{path} cannot be read ({reason}).") from exc
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise BiasInputError(f"{path} cannot be read: it is a folder, not a {what}.")
        raise BiasInputError(f"{path} is not a file (a pipe or a device); give a {what}.")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise BiasInputError(f"{path} cannot be read ({exc.strerror or exc}).") from exc
    if len(data) > limit:
        raise BiasInputError(
            f"{path} is larger than {limit / 1e6:,.0f} MB; a {what} is much smaller."
        )
    return data


class NotAFile(OSError):
    """`open_regular`'s refusal of what is not a regular file (a pipe, a device, a folder)."""


def open_regular(path: Path, *, follow: bool = True) -> BinaryIO:
    """`path` opened for reading, if it is a regular file: a FIFO is opened without waiting for
    a writer and refused, as are a device (/dev/zero) and a folder, before any byte is read;
    with `follow=False` a symbolic link is refused too (a cache's file replaced by a link to
    /dev/zero). Raises OSError (`NotAFile` for what is not a regular file), which the caller
    words for its reader."""
    flags = os.O_RDONLY | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe or a device"
            raise NotAFile(errno.EINVAL, f"it is {kind}, not a file")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text(path: Path, what: str) -> str:
    """The UTF-8 text of `path` (a `what`, e.g. "values file"), a byte-order mark accepted, or one
    sentence saying why it cannot be read (`read_bounded`)."""
    try:
        return read_bounded(path, what).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BiasInputError(f"{path} is not UTF-8 text; save it as UTF-8 and try again.") from exc


def read_json(path: Path, what: str) -> object:
    """Parse the JSON file `path` (a `what`, e.g. "word-set file"), or one sentence saying why not
    (`parse_json`)."""
    return parse_json(read_text(path, what), str(path), what)


class _AlmostJson(ValueError):
    """JSON that Python's `json` reads but a careful reader would not: a key given twice (the
    last would silently win) or NaN/Infinity (not JSON at all, though `json` accepts them)."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    data: dict = {}
    for key, value in pairs:
        if key in data:
            raise _AlmostJson(f"has the key '{key[:60]}' twice in one object; only the last "
                              "would count, so give each key once")
        data[key] = value
    return data


def _no_constant(name: str) -> None:
    raise _AlmostJson(f"holds {name}, which JSON does not allow; give a number or null")


def parse_json(data: bytes | str, where: str, what: str) -> object:
    """Parse JSON read from `where` (a path, an uploaded file's name) that should be a `what`, or
    one sentence saying why not.

    A key twice in one object and NaN or Infinity are refused, not read as the last key and a
    float that poisons every comparison.
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
        return json.loads(data, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except _AlmostJson as exc:
        raise BiasInputError(f"{where} {exc}.") from exc
    except json.JSONDecodeError as exc:
        raise BiasInputError(
            f"{where} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from exc
    except RecursionError as exc:
        raise BiasInputError(f"{where} is nested too deeply to be a {what}.") from exc
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise BiasInputError(f"{where} holds a number too long to read ({exc}).") from exc
