"""The cache of imported embeddings: one directory per embedding under `home()/embeddings/`.

Layout of `home()/embeddings/<name>/`:

- `vectors.npy`: unit-length float32 rows, loaded with `np.load(mmap_mode="r")`, so a reload of
  200,000 × 300 takes well under a second and pages in only the rows a test touches;
- `words.txt`: the words, one a line, in row order (words never contain a line break: the importers
  skip such entries);
- `subwords.npy`: only for fastText models, the character n-gram vectors that build vectors for
  unknown words (see `sources.Subwords`);
- `meta.json`: name, language, source, dimensions, words, created (ISO time), the sha256 of
  `vectors.npy`, and the import report.

A cache entry is written into a hidden temporary directory next to the others and renamed into
place in one `os.rename`, so readers see a complete entry or none: an error, Ctrl-C or a dropped
download removes the temporary directory, and one left by a killed process is removed by the next
import of the same name.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from bias.errors import BiasInputError
from bias.files import home
from bias.vectors.bundled import BUNDLED, EmbeddingInfo
from bias.vectors.embeddings import Embedding, normalise_rows
from bias.vectors.sources import RawVectors, Subwords

_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
_LANGUAGE = re.compile(r"[a-z]{2,3}")
_TMP_PREFIX = ".tmp-"


def root() -> Path:
    """The directory that holds one subdirectory per imported embedding."""
    return home() / "embeddings"


def check_name(name: str) -> str:
    """Return `name` if it can name a cache entry, else raise `BiasInputError` saying why."""
    if not _NAME.fullmatch(name):
        raise BiasInputError(
            f"'{name}' cannot name an embedding: use up to 64 lower-case letters, digits, '-', '_' "
            "or '.', starting with a letter or digit."
        )
    if name in BUNDLED:
        raise BiasInputError(f"'{name}' is the bundled embedding; choose another name.")
    return name


def check_language(language: str) -> str:
    """Return `language` if it is an ISO 639 code (two or three lower-case letters)."""
    if not _LANGUAGE.fullmatch(language):
        raise BiasInputError(
            f"'{language}' is not a language code; use two or three lower-case letters, like 'de'."
        )
    return language


def check_target(name: str, language: str, *, replace: bool = False) -> None:
    """Raise `BiasInputError` if an import under `name` would fail; importers call this before
    reading a large file or starting a download, not only when saving."""
    check_name(name)
    check_language(language)
    if not replace and (root() / name).exists():
        raise BiasInputError(
            f"An embedding called '{name}' is already imported; delete it or choose another name."
        )


def is_cached(name: str) -> bool:
    return _NAME.fullmatch(name) is not None and (root() / name / "meta.json").is_file()


def save(
    name: str, language: str, raw: RawVectors, *, source: str, replace: bool = False
) -> EmbeddingInfo:
    """Normalise `raw` and store it as embedding `name`, atomically; returns its catalog entry.

    Without `replace`, an existing embedding of that name is an error rather than overwritten.
    """
    check_target(name, language, replace=replace)
    final = root() / name
    _remove_stale_temporaries(name)
    root().mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=root(), prefix=f"{_TMP_PREFIX}{name}+{os.getpid()}+"))
    try:
        vectors = normalise_rows(raw.vectors)
        digest = _save_array(tmp / "vectors.npy", vectors)
        _write(tmp / "words.txt", "\n".join(raw.words).encode("utf-8"))
        if raw.subwords is not None:
            _save_array(tmp / "subwords.npy", raw.subwords.vectors)
        meta = {
            "name": name,
            "language": language,
            "source": source,
            "dimensions": int(vectors.shape[1]),
            "words": len(raw.words),
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "sha256": digest,
            "subwords": (
                {"min_n": raw.subwords.min_n, "max_n": raw.subwords.max_n}
                if raw.subwords is not None
                else None
            ),
            "report": raw.report.to_dict(),
            "summary": raw.report.summary(),
        }
        _write(tmp / "meta.json", json.dumps(meta, ensure_ascii=False, indent=2).encode("utf-8"))
        if final.exists():
            old = Path(tempfile.mkdtemp(dir=root(), prefix=f"{_TMP_PREFIX}{name}+{os.getpid()}+"))
            os.rename(final, old / name)
            os.rename(tmp, final)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _info(meta)


def version(name: str) -> str:
    """The identity of the files behind `name` ("" when it is not cached): changes on every import,
    replacement or deletion, so an in-memory copy keyed by it is never stale. A `stat`, no read."""
    try:
        stat = (root() / name / "meta.json").stat() if _NAME.fullmatch(name) else None
    except OSError:
        return ""
    return "" if stat is None else f"{stat.st_ino}:{stat.st_mtime_ns}:{stat.st_size}"


def list_cached() -> list[EmbeddingInfo]:
    """Every complete cache entry, sorted by name; an entry with an unreadable meta.json is left out
    (it cannot be loaded either) rather than breaking the whole list."""
    infos = []
    for meta_path in sorted(root().glob("*/meta.json")):
        if meta_path.parent.name.startswith("."):
            continue
        try:
            infos.append(_info(json.loads(meta_path.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return infos


def read_meta(name: str) -> dict:
    """The full `meta.json` of a cached embedding, including its import report."""
    path = _entry(name) / "meta.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BiasInputError(
            f"The cache of '{name}' is damaged ({path} is unreadable); delete it and import again."
        ) from exc


def load_cached(name: str) -> Embedding:
    """Load a cached embedding; vectors are memory-mapped read-only."""
    meta = read_meta(name)
    entry = _entry(name)
    try:
        vectors = np.load(entry / "vectors.npy", mmap_mode="r")
        # Bytes, not read_text: universal newlines would split a word containing "\r".
        words = (entry / "words.txt").read_bytes().decode("utf-8").split("\n")
        synthesise = None
        if meta.get("subwords"):
            ngrams = np.load(entry / "subwords.npy", mmap_mode="r")
            synthesise = Subwords(ngrams, meta["subwords"]["min_n"], meta["subwords"]["max_n"])
        return Embedding(meta["name"], meta["language"], words, vectors, meta["source"], synthesise)
    except (OSError, ValueError, KeyError) as exc:
        raise BiasInputError(
            f"The cache of '{name}' is damaged ({exc}); delete it and import it again."
        ) from exc


def delete_cached(name: str) -> None:
    """Remove a cached embedding (the catalog notices through `version`)."""
    entry = _entry(name)
    trash = Path(tempfile.mkdtemp(dir=root(), prefix=f"{_TMP_PREFIX}{name}+{os.getpid()}+"))
    os.rename(entry, trash / name)  # the name disappears at once, even if removal is slow
    shutil.rmtree(trash, ignore_errors=True)


def _entry(name: str) -> Path:
    if not is_cached(name):
        known = ", ".join(info.name for info in list_cached()) or "none"
        raise BiasInputError(f"There is no imported embedding called '{name}' (imported: {known}).")
    return root() / name


def _info(meta: dict) -> EmbeddingInfo:
    return EmbeddingInfo(
        name=meta["name"],
        language=meta["language"],
        words=meta["words"],
        dimensions=meta["dimensions"],
        source=meta["source"],
        kind="imported",
    )


def _save_array(path: Path, array: np.ndarray) -> str:
    """Save `array` as .npy, flushed to disk; returns the file's sha256."""
    with path.open("wb") as handle:
        np.save(handle, array)
        handle.flush()
        os.fsync(handle.fileno())
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


def _remove_stale_temporaries(name: str) -> None:
    """Remove temporary directories of `name` left by import processes that no longer run."""
    for path in root().glob(f"{_TMP_PREFIX}{name}+*+*"):
        pid = path.name[len(_TMP_PREFIX) + len(name) + 1 :].split("+", 1)[0]
        if pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(path, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
