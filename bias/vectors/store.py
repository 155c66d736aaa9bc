"""The cache of imported embeddings: one directory per embedding under `home()/embeddings/`.

Layout of `home()/embeddings/<name>/`:

- `vectors.npy`: unit-length float32 rows, loaded with `np.load(mmap_mode="r")`, so a reload of
  200,000 × 300 takes well under a second and pages in only the rows a test touches;
- `words.txt`: the words, one a line, in row order (words never contain a line break: the importers
  skip such entries);
- `subwords.npy`: only for fastText models, the character n-gram vectors that build vectors for
  unknown words (see `sources.Subwords`);
- `shared.txt` and `shared_rows.npy`: only for a pruned table (a spaCy `*_md` pipeline), the words
  with no vector of their own, one a line, and the row each one uses (`embeddings.SharedRows`);
- `meta.json`: name, language, source, dimensions, words, created (ISO time), the sha256 of
  `vectors.npy`, and the import report.

A cache entry is written into a hidden temporary directory next to the others (`.tmp-<name>+…`)
and renamed into place in one `os.rename`, so readers see a complete entry or none. Replacing an
entry first moves the old one aside (`.old-<name>+…`), then renames the new one in, then removes the
old copy; deleting moves the entry to `.del-<name>+…` first. Every such step runs under a lock per
name (`fcntl.flock` on `home()/.locks/embedding-<name>`, released by the kernel when a process
dies), so:

- two imports under one name cannot both succeed: the second finds the name taken, under the lock;
- leftovers of a killed process are recognised without guessing (their name's lock is free) and
  cleaned by the next listing or import: temporary and deleted copies are removed, and an old copy
  moved aside is put back if the new one never arrived (a kill between the two renames of a
  replace loses nothing). A hidden copy that is the only one is never deleted.

Every `meta.json` is checked against its schema on read; an entry that fails is listed by
`list_damaged` with the reason, never hidden, so the user can see and delete it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

import numpy as np

from bias.errors import BiasInputError
from bias.files import home, locked
from bias.limits import LANGUAGE_CODE, check_language
from bias.vectors.bundled import BUNDLED, EmbeddingInfo
from bias.vectors.embeddings import Embedding, SharedRows, normalise_rows
from bias.vectors.raw import RawVectors, Subwords
from bias.vectors.vocabulary import Vocabulary

_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
_TMP_PREFIX = ".tmp-"  # a new entry being written
_OLD_PREFIX = ".old-"  # the previous entry, moved aside during a replace
_DEL_PREFIX = ".del-"  # an entry being deleted
_HIDDEN = re.compile(r"\.(tmp|old|del)-([a-z0-9][a-z0-9._-]{0,63})\+")


def root() -> Path:
    """The directory that holds one subdirectory per imported embedding."""
    return home() / "embeddings"


def check_name(name: str) -> str:
    """Return `name` if it can name a cache entry, else raise `BiasInputError` saying why."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise BiasInputError(
            f"'{name}' cannot name an embedding: use up to 64 lower-case letters, digits, '-', '_' "
            "or '.', starting with a letter or digit."
        )
    if name in BUNDLED:
        raise BiasInputError(f"'{name}' is the bundled embedding; choose another name.")
    return name


def check_target(name: str, language: str, *, replace: bool = False) -> None:
    """Raise `BiasInputError` if an import under `name` would fail; importers call this before
    reading a large file or starting a download, and `save` again under the name's lock."""
    check_name(name)
    check_language(language)
    if not replace and (root() / name).exists():
        raise BiasInputError(
            f"An embedding called '{name}' is already imported; delete it or choose another name."
        )


def is_cached(name: str) -> bool:
    """Whether an entry called `name` exists (loading it may still find it damaged)."""
    if not isinstance(name, str) or _NAME.fullmatch(name) is None:
        return False
    if not (root() / name).exists():
        clean_leftovers()  # a killed replace may have left the only copy aside
    return (root() / name).is_dir()


def save(
    name: str, language: str, raw: RawVectors, *, source: str, replace: bool = False
) -> EmbeddingInfo:
    """Normalise `raw` and store it as embedding `name`, atomically; returns its catalog entry.

    Without `replace`, an existing embedding of that name is an error rather than overwritten,
    also when another process imported it while this one was reading its file.
    """
    with importing(name, language, replace=replace) as entry:
        return entry.commit(raw, source=source)


@contextlib.contextmanager
def importing(name: str, language: str, *, replace: bool = False) -> Iterator[PendingEntry]:
    """A new entry `name`, written while its file is still being read; `commit` puts it in place.

    The name's lock is held throughout, so a listing in another process never takes the entry's
    temporary directory for a leftover, and a second import of the name waits, then finds it
    taken. Leaving without `commit` (an error, a bad file) removes everything written.
    """
    check_name(name)
    check_language(language)
    root().mkdir(parents=True, exist_ok=True)
    clean_leftovers()
    with locked(f"embedding-{name}"):
        check_target(name, language, replace=replace)
        entry = PendingEntry(name, language, _hidden(_TMP_PREFIX, name))
        try:
            yield entry
        finally:
            entry.discard()


class PendingEntry:
    """An entry being imported, in its temporary directory until `commit`.

    A text reader hands rows over as it parses them (`open_rows` gives it the `vectors.npy`
    writer), so the 1.2 GB of a 1,000,000 × 300 import are normalised, hashed and written while
    the next blocks are still being inflated and parsed, instead of in a second phase that took a
    fifth of the import. Other readers (binary formats) hand over nothing, and `commit` writes
    their rows then.
    """

    def __init__(self, name: str, language: str, folder: Path) -> None:
        self.name = name
        self.language = language
        self.folder = folder
        self.rows: UnitRowsFile | None = None
        self.committed = False

    def open_rows(self, rows: int, dimensions: int) -> UnitRowsFile:
        """The `vectors.npy` of this entry, for about `rows` rows (the exact count may differ)."""
        if self.rows is not None:
            self.rows.close()
        self.rows = UnitRowsFile(self.folder / "vectors.npy", rows, dimensions)
        return self.rows

    def commit(self, raw: RawVectors, *, source: str) -> EmbeddingInfo:
        """Complete the entry with `raw`'s words and report and rename it into place."""
        if self.rows is not None and self.rows.rows_written == len(raw.words):
            digest = self.rows.finish()
        else:  # rows not handed over while reading, or not all of them
            if self.rows is not None:
                self.rows.close()  # never two open writers on one file
            digest = _save_unit_rows(self.folder / "vectors.npy", raw)
        meta = _write_entry(self.name, self.language, self.folder, raw, source=source,
                            digest=digest)
        self.committed = True
        return _info(meta)

    def discard(self) -> None:
        if self.rows is not None:
            self.rows.close()
        if not self.committed:
            shutil.rmtree(self.folder, ignore_errors=True)


def _write_entry(
    name: str, language: str, tmp: Path, raw: RawVectors, *, source: str, digest: str
) -> dict:
    """Complete the entry in `tmp` (its vectors written) and rename it into place (under the
    lock)."""
    meta = _write_files(name, language, tmp, raw, source=source, digest=digest)
    _put_in_place(name, tmp)
    return meta


def _write_files(
    name: str, language: str, tmp: Path, raw: RawVectors, *, source: str, digest: str
) -> dict:
    """Write everything but `vectors.npy` into `tmp`, meta.json last; returns the meta."""
    _write(tmp / "words.txt", "\n".join(raw.words).encode("utf-8"))
    if raw.subwords is not None:
        _save_array(tmp / "subwords.npy", raw.subwords.vectors)
    if raw.shared is not None:
        _write(tmp / "shared.txt", "\n".join(raw.shared.words).encode("utf-8"))
        _save_array(tmp / "shared_rows.npy", raw.shared.rows.astype(np.int32))
    meta = {
        "name": name,
        "language": language,
        "source": source,
        "dimensions": raw.dimensions,
        "words": len(raw.words),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "sha256": digest,
        "subwords": (
            {"min_n": raw.subwords.min_n, "max_n": raw.subwords.max_n}
            if raw.subwords is not None
            else None
        ),
        "shared_words": 0 if raw.shared is None else len(raw.shared),
        "report": raw.report.to_dict(),
        "summary": raw.report.summary(),
    }
    _write_meta(tmp, meta)
    return meta


def save_derived(
    name: str, language: str, words: Vocabulary, vectors: np.ndarray, *, source: str,
    derived_from: dict, replace: bool = False,
) -> EmbeddingInfo:
    """Store unit-row `vectors` computed from another embedding (a debiased copy) as `name`,
    atomically, with `derived_from` (parent, its sha256, method, inputs, seed) in meta.json.
    The rows are written as given, bit for bit (not normalised again), so a word the method
    left alone is identical to the parent's."""
    with importing(name, language, replace=replace) as entry:
        digest = _save_array(entry.folder / "vectors.npy", vectors)
        _write(entry.folder / "words.txt", words.data)
        meta = {
            "name": name,
            "language": language,
            "source": source,
            "dimensions": int(vectors.shape[1]),
            "words": len(words),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "sha256": digest,
            "subwords": None,
            "derived_from": derived_from,
        }
        _write_meta(entry.folder, meta)
        _put_in_place(name, entry.folder)
        entry.committed = True
        return _info(meta)


def _write_meta(folder: Path, meta: dict) -> None:
    """meta.json, written last: an entry without it is an unfinished one."""
    _write(folder / "meta.json", json.dumps(meta, ensure_ascii=False, indent=2).encode("utf-8"))


def _put_in_place(name: str, tmp: Path) -> None:
    """Rename the complete entry `tmp` into place (under the lock)."""
    final = root() / name
    if final.exists():
        old = _hidden(_OLD_PREFIX, name)
        os.rename(final, old / name)  # killed from here on: clean_leftovers puts it back
        os.rename(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.rename(tmp, final)


def version(name: str) -> str:
    """The identity of the files behind `name` ("" when it is not cached): changes on every import,
    replacement or deletion, so an in-memory copy keyed by it is never stale. A `stat`, no read."""
    try:
        stat = (root() / name / "meta.json").stat() if _NAME.fullmatch(name) else None
    except OSError:
        return ""
    return "" if stat is None else f"{stat.st_ino}:{stat.st_mtime_ns}:{stat.st_size}"


@dataclass(frozen=True)
class DamagedEntry:
    """A cache entry that cannot be used, and why; it can still be deleted by name."""

    name: str
    problem: str

    def to_dict(self) -> dict:
        return asdict(self)


def list_cached() -> list[EmbeddingInfo]:
    """Every usable cache entry, sorted by name; damaged ones are in `list_damaged()` instead,
    so one broken entry never hides the others."""
    return [item for item in _scan() if isinstance(item, EmbeddingInfo)]


def list_damaged() -> list[DamagedEntry]:
    """Every cache entry whose meta.json is missing, unreadable or of the wrong shape."""
    return [item for item in _scan() if isinstance(item, DamagedEntry)]


def _scan() -> list[EmbeddingInfo | DamagedEntry]:
    if not root().is_dir():
        return []
    clean_leftovers()
    found: list[EmbeddingInfo | DamagedEntry] = []
    for folder in sorted(root().iterdir()):
        if not _NAME.fullmatch(folder.name) or not folder.is_dir():
            continue
        try:
            found.append(_info(read_meta(folder.name)))
        except BiasInputError as exc:
            found.append(DamagedEntry(folder.name, str(exc)))
    return found


def read_meta(name: str) -> dict:
    """The full `meta.json` of a cached embedding, including its import report, checked against
    its schema (`BiasInputError` naming the problem if it does not fit)."""
    if not is_cached(name):
        raise _unknown(name)
    path = root() / name / "meta.json"
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise _damaged(name, "its meta.json is missing") from exc
    except (OSError, ValueError, RecursionError) as exc:
        raise _damaged(name, "its meta.json cannot be read") from exc
    problem = _meta_problem(meta, name)
    if problem:
        raise _damaged(name, f"its meta.json {problem}")
    return meta


_META_TEXT = ("name", "language", "source")
_META_COUNTS = ("words", "dimensions")


def _meta_problem(meta: object, name: str) -> str | None:
    """What is wrong with a parsed meta.json, or None."""
    if not isinstance(meta, dict):
        return "is not a JSON object"
    for key in _META_TEXT:
        if not isinstance(meta.get(key), str):
            return f"has no text '{key}'"
    for key in _META_COUNTS:
        value = meta.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            return f"has no positive whole number '{key}'"
    if meta["name"] != name:
        return "names another embedding"
    if not LANGUAGE_CODE.fullmatch(meta["language"]):
        return "has no language code"
    subwords = meta.get("subwords")
    if subwords is not None and not (
        isinstance(subwords, dict)
        and all(
            isinstance(subwords.get(k), int) and not isinstance(subwords.get(k), bool)
            for k in ("min_n", "max_n")
        )
    ):
        return "has wrong 'subwords' settings"
    if not isinstance(meta.get("sha256", ""), str):
        return "has a wrong 'sha256'"
    if not isinstance(meta.get("derived_from", {}), dict):
        return "has a wrong 'derived_from'"
    shared = meta.get("shared_words", 0)
    if not isinstance(shared, int) or isinstance(shared, bool) or shared < 0:
        return "has a wrong 'shared_words' count"
    return None


def _damaged(name: str, problem: str) -> BiasInputError:
    return BiasInputError(
        f"The cache of '{name}' is damaged ({problem}); delete it (`python -m bias embeddings "
        f"--delete {name}` or the Embeddings page) and import it again."
    )


def _unknown(name: object) -> BiasInputError:
    known = ", ".join(info.name for info in list_cached()) or "none"
    return BiasInputError(f"There is no imported embedding called '{name}' (imported: {known}).")


def load_cached(name: str) -> Embedding:
    """Load a cached embedding; vectors are memory-mapped read-only, their shape checked against
    meta.json and the word list."""
    try:
        return _load_files(root() / name, read_meta(name))
    except _Damaged as exc:
        raise _damaged(name, str(exc)) from None


class _Damaged(Exception):
    """What is wrong with the files of an entry (worded into a sentence by the caller)."""


def _load_files(entry: Path, meta: dict) -> Embedding:
    """The embedding in folder `entry` whose checked meta.json is `meta`; raises `_Damaged`."""
    try:
        vectors = np.load(entry / "vectors.npy", mmap_mode="r")
        # Bytes, not read_text: universal newlines would split a word containing "\r". Kept as
        # bytes (a Vocabulary), not a list and dict of a million words; decoded once to check.
        data = (entry / "words.txt").read_bytes()
        data.decode("utf-8")
        words = Vocabulary(data)
        synthesise = None
        if meta.get("subwords"):
            ngrams = np.load(entry / "subwords.npy", mmap_mode="r")
            synthesise = Subwords(ngrams, meta["subwords"]["min_n"], meta["subwords"]["max_n"])
        shared = _load_shared(entry, meta.get("shared_words", 0), meta["words"])
    except (OSError, ValueError) as exc:
        raise _Damaged(f"{type(exc).__name__}: {exc}") from exc
    expected = (meta["words"], meta["dimensions"])
    if vectors.dtype != np.float32 or vectors.shape != expected or len(words) != meta["words"]:
        raise _Damaged(
            f"meta.json announces {expected[0]:,} × {expected[1]} vectors, the files hold "
            f"{len(words):,} words and {vectors.shape} {vectors.dtype} vectors",
        )
    identity = {"kind": "imported", "sha256": meta.get("sha256", ""),
                "sha256_of": "the cache's vectors.npy (unit rows, as imported)",
                "created": meta.get("created"), "import": meta.get("report")}
    return Embedding(meta["name"], meta["language"], words, vectors, meta["source"], synthesise,
                     identity=identity, shared=shared)


def _load_shared(entry: Path, count: int, rows: int) -> SharedRows | None:
    """The shared-row table of an entry, checked: `count` words, each on one of its `rows`."""
    if not count:
        return None
    data = (entry / "shared.txt").read_bytes()
    data.decode("utf-8")
    table = np.load(entry / "shared_rows.npy", mmap_mode="r")  # its shape is checked unread
    if (
        table.dtype != np.int32 or table.shape != (count,)
        or table.min() < 0 or table.max() >= rows
    ):
        raise ValueError(f"shared_rows.npy is not {count:,} rows of the {rows:,} vectors")
    words = Vocabulary(data)
    if len(words) != count:
        raise ValueError(f"shared.txt holds {len(words):,} words, meta.json announces {count:,}")
    return SharedRows(words, table)


def load_converted(folder: Path, name: str, language: str, source: str,
                   read: Callable[[], RawVectors]) -> Embedding:
    """A bundled embedding that needs converting (a spaCy pipeline's files): converted by
    `read` once into `folder` (under `home()`, laid out like a cache entry), then loaded from
    there like one. A damaged or partial copy is converted again; a copy being written by
    another process is waited for (the lock of `name`)."""
    def load() -> Embedding | None:
        try:
            meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
            if _meta_problem(meta, name) is None and meta["source"] == source:
                return _load_files(folder, meta)
        except (OSError, ValueError, RecursionError, _Damaged):
            pass
        return None

    found = load()
    if found is not None:
        return found
    folder.parent.mkdir(parents=True, exist_ok=True)
    with locked(f"embedding-{name}"):
        found = load()
        if found is not None:
            return found
        for leftover in folder.parent.glob(f"{_TMP_PREFIX}{folder.name}+*"):
            shutil.rmtree(leftover, ignore_errors=True)  # a killed conversion's (we hold the lock)
        raw = read()
        tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f"{_TMP_PREFIX}{folder.name}+"))
        try:
            digest = _save_unit_rows(tmp / "vectors.npy", raw)
            _write_files(name, language, tmp, raw, source=source, digest=digest)
            if folder.exists():
                shutil.rmtree(folder)
            os.rename(tmp, folder)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    found = load()
    if found is None:
        raise BiasInputError(f"The converted copy of {name} in {folder} cannot be read.")
    return found


@dataclass(frozen=True)
class Verification:
    """What `verify` found: the stored and the actual sha256 of vectors.npy, and bad rows."""

    name: str
    expected_sha256: str
    actual_sha256: str
    non_finite_rows: int
    zero_rows: int

    @property
    def ok(self) -> bool:
        return (
            self.expected_sha256 == self.actual_sha256
            and not self.non_finite_rows
            and not self.zero_rows
        )

    def summary(self) -> str:
        if self.ok:
            return f"{self.name}: vectors.npy matches its sha256 ({self.actual_sha256[:16]}…)."
        problems = []
        if self.expected_sha256 != self.actual_sha256:
            problems.append("vectors.npy does not match the sha256 recorded at import")
        if self.non_finite_rows:
            problems.append(f"{self.non_finite_rows:,} rows hold NaN or infinite values")
        if self.zero_rows:
            problems.append(f"{self.zero_rows:,} rows are all zero")
        return (
            f"{self.name} is damaged: " + "; ".join(problems) + "; delete it and import it again."
        )

    def to_dict(self) -> dict:
        return {**asdict(self), "ok": self.ok}


def verify(name: str) -> Verification:
    """Check a cached embedding against the sha256 recorded at import, and every row for NaN,
    infinity and zero length (reads the whole file once, in blocks)."""
    embedding = load_cached(name)
    digest = _sha256(root() / name / "vectors.npy")
    non_finite = zero = 0
    for start in range(0, len(embedding), 65_536):
        block = np.asarray(embedding.vectors[start : start + 65_536])
        finite = np.isfinite(block).all(axis=1)
        non_finite += int((~finite).sum())
        zero += int((finite & ~block.any(axis=1)).sum())
    return Verification(name, read_meta(name).get("sha256", ""), digest, non_finite, zero)


def delete_cached(name: str) -> None:
    """Remove a cached embedding, a damaged one too (the catalog notices through `version`)."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or not (root() / name).is_dir():
        raise _unknown(name)
    with locked(f"embedding-{name}"):
        trash = _hidden(_DEL_PREFIX, name)
        os.rename(root() / name, trash / name)  # the name disappears at once
        shutil.rmtree(trash, ignore_errors=True)


def clean_leftovers() -> None:
    """Tidy what killed imports and deletions left behind (see the module docstring).

    Only hidden directories whose name's lock is free are touched: a running import holds it.
    """
    if not root().is_dir():
        return
    for hidden in sorted(root().iterdir()):
        match = _HIDDEN.match(hidden.name)
        if match is None or not hidden.is_dir():
            continue
        kind, name = match.groups()
        with locked(f"embedding-{name}", wait=False) as mine:
            if not mine or not hidden.exists():
                continue
            final, copy = root() / name, hidden / name
            if kind in ("old", "tmp") and not final.exists() and (copy / "meta.json").is_file():
                os.rename(copy, final)  # the only copy (a `.tmp-` one: left by older versions)
            shutil.rmtree(hidden, ignore_errors=True)


def _hidden(prefix: str, name: str) -> Path:
    return Path(tempfile.mkdtemp(dir=root(), prefix=f"{prefix}{name}+{os.getpid()}+"))


def _info(meta: dict) -> EmbeddingInfo:
    return EmbeddingInfo(
        name=meta["name"],
        language=meta["language"],
        words=meta["words"],
        dimensions=meta["dimensions"],
        source=meta["source"],
        kind="derived" if meta.get("derived_from") else "imported",
        derived_from=meta.get("derived_from"),
        shared_words=meta.get("shared_words", 0),
    )


_WRITE_ROWS = 16_384
"""Rows normalised and written at a time: a bounded temporary (19 MB at 300 dimensions)."""


class _HashingWriter:
    """A file that hashes what is written to it, so the checksum costs no second read."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.digest = hashlib.sha256()

    def write(self, data: bytes | memoryview) -> int:
        self.digest.update(data)
        return self.handle.write(data)


class UnitRowsFile:
    """A float32 `.npy` of unit rows, written as rows arrive; `finish` returns its sha256.

    The file is byte for byte what `np.save(normalise_rows(all rows))` writes. Its header, which
    holds the row count, comes first, so it is written for the count expected (a fastText header's
    count, or the word limit) and the file is hashed while it is written. If another count of rows
    arrives (a file with fewer usable words than it announced), the header is rewritten (its
    length never depends on the count: numpy pads it to 128 bytes) and the file hashed again by
    reading it. A second thread normalises, hashes and writes one block while the caller goes on
    (numpy, hashlib and file writes release the GIL), with at most one block waiting.
    """

    def __init__(self, path: Path, rows: int, dimensions: int) -> None:
        self.path = path
        self.dimensions = dimensions
        self.rows_expected = rows
        self.rows_written = 0
        self._handle = path.open("wb")
        self._out = _HashingWriter(self._handle)
        self._writer = ThreadPoolExecutor(1, "biaswords-write")
        self._pending: Future[None] | None = None
        self._header = _npy_header(rows, dimensions)
        self._out.write(self._header)

    def add(self, block: np.ndarray) -> None:
        """Queue `block`'s rows (any float dtype), normalised, after those already added."""
        for start in range(0, len(block), _WRITE_ROWS):
            rows = block[start : start + _WRITE_ROWS]
            self._wait()
            self._pending = self._writer.submit(self._write_unit, rows)
            self.rows_written += len(rows)

    def _write_unit(self, rows: np.ndarray) -> None:
        self._out.write(normalise_rows(rows).data)

    def _wait(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            pending.result()

    def finish(self) -> str:
        """Flush the file to disk and return its sha256."""
        self._wait()
        if self.rows_written != self.rows_expected:
            header = _npy_header(self.rows_written, self.dimensions)
            if len(header) != len(self._header):
                raise AssertionError("a .npy header changed length with its row count")
            self._handle.seek(0)
            self._handle.write(header)
            self._handle.seek(0, os.SEEK_END)
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.close()
        if self.rows_written != self.rows_expected:
            return _sha256(self.path)
        return self._out.digest.hexdigest()

    def close(self) -> None:
        self._writer.shutdown(wait=True, cancel_futures=True)
        self._handle.close()


def _npy_header(rows: int, dimensions: int) -> bytes:
    buffer = io.BytesIO()
    header = {"descr": "<f4", "fortran_order": False, "shape": (rows, dimensions)}
    np.lib.format.write_array_header_1_0(buffer, header)
    return buffer.getvalue()


def _save_unit_rows(path: Path, raw: RawVectors) -> str:
    """Write the rows of `raw` as unit vectors into a float32 `.npy`, block by block; returns the
    file's sha256, computed while writing (only one block is normalised at a time)."""
    rows = UnitRowsFile(path, sum(len(block) for block in raw.row_blocks()), raw.dimensions)
    try:
        for block in raw.row_blocks():
            rows.add(block)
        return rows.finish()
    finally:
        rows.close()


def _save_array(path: Path, array: np.ndarray) -> str:
    """Save `array` as .npy, flushed to disk; returns the file's sha256, computed while writing."""
    with path.open("wb") as handle:
        out = _HashingWriter(handle)
        np.lib.format.write_array(out, np.asarray(array))
        handle.flush()
        os.fsync(handle.fileno())
    return out.digest.hexdigest()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(8 << 20):
            digest.update(block)
    return digest.hexdigest()


def _write(path: Path, data: bytes) -> None:
    with path.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
