"""The cache of imported embeddings: one directory per embedding under `home()/embeddings/`.

Layout of `home()/embeddings/<name>/`:

- `vectors.npy`: unit-length float32 rows, loaded with `np.load(mmap_mode="r")`, so a reload of
  200,000 × 300 takes well under a second and pages in only the rows a test touches;
- `words.txt`: the words, one a line, in row order (words never contain a line break: the importers
  skip such entries);
- `subwords.npy`: only for fastText models, the character n-gram vectors that build vectors for
  unknown words (see `import_report.Subwords`);
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
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from bias.errors import BiasInputError
from bias.files import home, locked
from bias.limits import check_language
from bias.suggest import no_such
from bias.vectors import digests, encoder, entry_files, npy_files
from bias.vectors.bundled import BUNDLED, EmbeddingInfo
from bias.vectors.embeddings import Embedding
from bias.vectors.import_report import RawVectors, check_dimensions
from bias.vectors.vocabulary import Vocabulary

MAX_NAME = 64
"""The longest name of a cache entry."""
_NAME = re.compile(rf"[a-z0-9][a-z0-9._-]{{0,{MAX_NAME - 1}}}")
MAX_META_BYTES = 1_000_000
"""The largest meta.json read: one holds a few kilobytes (names, settings, the import report)."""
_OLD_PREFIX = ".old-"  # the previous entry, moved aside during a replace
_DEL_PREFIX = ".del-"  # an entry being deleted
_HIDDEN = re.compile(rf"\.(tmp|old|del)-([a-z0-9][a-z0-9._-]{{0,{MAX_NAME - 1}}})\+")


def root() -> Path:
    """The directory that holds one subdirectory per imported embedding."""
    return home() / "embeddings"


def check_name(name: str) -> str:
    """Return `name` if it can name a cache entry, else raise `BiasInputError` saying why."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise BiasInputError(
            f"'{name}' cannot name an embedding: use up to {MAX_NAME} lower-case letters, "
            "digits, '-', '_' or '.', starting with a letter or digit."
        )
    if name in BUNDLED:
        raise BiasInputError(f"'{name}' is the bundled embedding; choose another name.")
    if name.startswith(f"{encoder.NAME_PREFIX}-"):
        raise BiasInputError(f"'{name}' names the bundled encoder; choose another name.")
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
    name: str, language: str, raw: RawVectors, *, source: str, replace: bool = False,
    trained: dict | None = None,
) -> EmbeddingInfo:
    """Normalise `raw` and store it as embedding `name`, atomically; returns its catalog entry.

    Without `replace`, an existing embedding of that name is an error rather than overwritten,
    also when another process imported it while this one was reading its file. `trained` is a
    trained embedding's provenance, kept in its meta.json.
    """
    with importing(name, language, replace=replace) as entry:
        return entry.commit(raw, source=source, trained=trained)


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
        entry = PendingEntry(name, language, _hidden(entry_files.TMP_PREFIX, name))
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
        self.rows: npy_files.UnitRowsFile | None = None
        self.committed = False

    def open_rows(self, rows: int, dimensions: int) -> npy_files.UnitRowsFile:
        """The `vectors.npy` of this entry, for about `rows` rows (the exact count may differ)."""
        if self.rows is not None:
            self.rows.close()
        self.rows = npy_files.UnitRowsFile(self.folder / "vectors.npy", rows, dimensions)
        return self.rows

    def commit(self, raw: RawVectors, *, source: str, trained: dict | None = None
               ) -> EmbeddingInfo:
        """Complete the entry with `raw`'s words and report and rename it into place; vectors of
        one dimension (or absurdly many) never enter the cache, whichever reader made them."""
        check_dimensions(raw.dimensions, source)
        if self.rows is not None and self.rows.rows_written == len(raw.words):
            digest = self.rows.finish()
        else:  # rows not handed over while reading, or not all of them
            if self.rows is not None:
                self.rows.close()  # never two open writers on one file
            digest = npy_files.save_unit_rows(self.folder / "vectors.npy", raw)
        meta = _write_entry(self.name, self.language, self.folder, raw, source=source,
                            digest=digest, trained=trained)
        self.committed = True
        return entry_files.info(meta)

    def discard(self) -> None:
        if self.rows is not None:
            self.rows.close()
        if not self.committed:
            shutil.rmtree(self.folder, ignore_errors=True)


def _write_entry(
    name: str, language: str, tmp: Path, raw: RawVectors, *, source: str, digest: str,
    trained: dict | None = None,
) -> dict:
    """Complete the entry in `tmp` (its vectors written) and rename it into place (under the
    lock)."""
    meta = entry_files.write_files(name, language, tmp, raw, source=source, digest=digest,
                                   trained=trained)
    _put_in_place(name, tmp)
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
        digest = npy_files.save_array(entry.folder / "vectors.npy", vectors)
        files = {"words.txt": npy_files.write_file(entry.folder / "words.txt", words.data)}
        meta = {
            "name": name,
            "language": language,
            "source": source,
            "dimensions": int(vectors.shape[1]),
            "words": len(words),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "sha256": digest,
            "files": files,
            "subwords": None,
            "derived_from": derived_from,
        }
        entry_files.write_meta(entry.folder, meta)
        _put_in_place(name, entry.folder)
        entry.committed = True
        return entry_files.info(meta)


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
    replacement or deletion, and on any write to its vectors.npy (then the next load checks its
    digest again), so an in-memory copy keyed by it is never stale. Two `stat`s, no read."""
    if not _NAME.fullmatch(name):
        return ""
    try:
        meta = (root() / name / "meta.json").stat()
    except OSError:
        return ""
    try:
        rows = (root() / name / "vectors.npy").lstat()
        vectors = f"{rows.st_ino}:{rows.st_mtime_ns}:{rows.st_ctime_ns}:{rows.st_size}"
    except OSError:
        vectors = "-"
    return f"{meta.st_ino}:{meta.st_mtime_ns}:{meta.st_size}/{vectors}"


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
            found.append(entry_files.info(read_meta(folder.name)))
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
        meta = json.loads(digests.read_regular(path, MAX_META_BYTES).decode("utf-8"))
    except FileNotFoundError as exc:
        raise _damaged(name, "its meta.json is missing") from exc
    except (OSError, ValueError, RecursionError) as exc:
        raise _damaged(name, "its meta.json cannot be read") from exc
    problem = entry_files.meta_problem(meta, name)
    if problem:
        raise _damaged(name, f"its meta.json {problem}")
    return meta


def _damaged(name: str, problem: str) -> BiasInputError:
    return BiasInputError(
        f"The cache of '{name}' is damaged ({problem}); delete it (`python -m bias embeddings "
        f"--delete {name}` or the Embeddings page) and import it again."
    )


def _unknown(name: object) -> BiasInputError:
    names = [info.name for info in list_cached()]
    return BiasInputError(no_such(f"There is no imported embedding called '{name}'", str(name),
                                  names) + f" Imported: {', '.join(names) or 'none'}.")


def load_cached(name: str) -> Embedding:
    """Load a cached embedding; vectors are memory-mapped read-only, their shape checked against
    meta.json and the word list, their bytes against the sha256 recorded when they were saved
    (`check_vectors`)."""
    meta = read_meta(name)
    embedding = _load_files(name, meta)
    check_vectors(name, meta)
    return embedding


def _load_files(name: str, meta: dict) -> Embedding:
    """The entry's files loaded as they are (their shapes checked, their digest not)."""
    folder = root() / name
    try:
        digests.check_regular_files(folder)
        return entry_files.load_files(folder, meta)
    except entry_files.Damaged as exc:
        raise _damaged(name, str(exc)) from None
    except digests.NotARegularFile as exc:
        raise _damaged(name, f"{exc}, so it is not read") from None


def vectors_digest(name: str) -> str:
    """The sha256 of `name`'s vectors.npy as it is on disk now ("" when it cannot be read)."""
    return digests.digest_or_nothing(root() / name / "vectors.npy")


def stored_problem(name: str, meta: dict) -> str | None:
    """One sentence when a file of the entry `name` is not what its meta.json recorded, else
    None (`digests.entry_problem`)."""
    return digests.entry_problem(root() / name, name, meta)


def check_vectors(name: str, meta: dict) -> None:
    """Refuse (`BiasInputError`, one sentence) an entry whose files are not those saved: no
    number may be computed on bytes other than those its provenance cites."""
    problem = stored_problem(name, meta)
    if problem is not None:
        raise BiasInputError(problem)


def verify(name: str) -> entry_files.Verification:
    """Check a cached embedding against the sha256 recorded at import, and every row for NaN,
    infinity and zero length (reads the whole file once, in blocks)."""
    embedding = _load_files(name, read_meta(name))
    digest = vectors_digest(name)
    non_finite = zero = 0
    for start in range(0, len(embedding), 65_536):
        block = np.asarray(embedding.vectors[start : start + 65_536])
        finite = np.isfinite(block).all(axis=1)
        non_finite += int((~finite).sum())
        zero += int((finite & ~block.any(axis=1)).sum())
    expected = read_meta(name).get("sha256", "")
    return entry_files.Verification(name, expected, digest, non_finite, zero)


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


