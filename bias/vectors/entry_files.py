"""The files of one cache entry (layout in `bias.vectors.store`): writing them, the schema of
`meta.json`, and loading them back with every shape checked against it.

`bias.vectors.store` decides names, locks and renames; this module knows only what is inside one
entry's folder, so a bundled embedding converted once (`load_converted`) is laid out and loaded
exactly like an imported one.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from bias.errors import BiasInputError
from bias.files import locked
from bias.limits import LANGUAGE_CODE
from bias.vectors.bundled import EmbeddingInfo
from bias.vectors.digests import ENTRY_FILES
from bias.vectors.embeddings import Embedding, SharedRows
from bias.vectors.import_report import RawVectors, Subwords
from bias.vectors.npy_files import save_array, save_unit_rows, write_file
from bias.vectors.vocabulary import Vocabulary

TMP_PREFIX = ".tmp-"  # a new entry being written
CHECKED_FILES = tuple(file for file in ENTRY_FILES if file != "vectors.npy")
"""The files besides vectors.npy whose sha256 meta.json records under `files` (entries written
before it was recorded have vectors.npy's only)."""


def write_files(
    name: str, language: str, tmp: Path, raw: RawVectors, *, source: str, digest: str,
    trained: dict | None = None,
) -> dict:
    """Write everything but `vectors.npy` into `tmp`, meta.json last; returns the meta.
    `trained`: for an embedding trained on a researcher's corpus, its provenance
    (`bias.corpus.train_corpus.provenance_record`: the corpus's sha256, every setting, the seeds,
    gensim's and numpy's versions)."""
    files = {"words.txt": write_file(tmp / "words.txt", "\n".join(raw.words).encode("utf-8"))}
    if raw.subwords is not None:
        files["subwords.npy"] = save_array(tmp / "subwords.npy", raw.subwords.vectors)
    if raw.shared is not None:
        files["shared.txt"] = write_file(tmp / "shared.txt",
                                         "\n".join(raw.shared.words).encode("utf-8"))
        files["shared_rows.npy"] = save_array(tmp / "shared_rows.npy",
                                              raw.shared.rows.astype(np.int32))
    meta = {
        "name": name,
        "language": language,
        "source": source,
        "dimensions": raw.dimensions,
        "words": len(raw.words),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "sha256": digest,
        "files": files,
        "subwords": (
            {"min_n": raw.subwords.min_n, "max_n": raw.subwords.max_n}
            if raw.subwords is not None
            else None
        ),
        "shared_words": 0 if raw.shared is None else len(raw.shared),
        "report": raw.report.to_dict(),
        "summary": raw.report.summary(),
    }
    if trained is not None:
        meta["trained"] = trained
    write_meta(tmp, meta)
    return meta


def write_meta(folder: Path, meta: dict) -> None:
    """meta.json, written last: an entry without it is an unfinished one."""
    write_file(folder / "meta.json", json.dumps(meta, ensure_ascii=False, indent=2).encode("utf-8"))


_META_TEXT = ("name", "language", "source")
_META_COUNTS = ("words", "dimensions")


def meta_problem(meta: object, name: str) -> str | None:
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
    digest_problem = _digests_problem(meta)
    if digest_problem:
        return digest_problem
    wrong = next((key for key in ("derived_from", "trained")  # a debiased's or trained's origin
                  if not isinstance(meta.get(key, {}), dict)), None)
    if wrong:
        return f"has a wrong '{wrong}'"
    shared = meta.get("shared_words", 0)
    if not isinstance(shared, int) or isinstance(shared, bool) or shared < 0:
        return "has a wrong 'shared_words' count"
    return None


def _digests_problem(meta: dict) -> str | None:
    """What is wrong with the recorded sha256 of vectors.npy and of the other files, or None."""
    if not isinstance(meta.get("sha256", ""), str):
        return "has a wrong 'sha256'"
    files = meta.get("files", {})
    if not (isinstance(files, dict) and set(files) <= set(CHECKED_FILES)
            and all(isinstance(d, str) for d in files.values())):
        return "has a wrong 'files' list"
    return None


class Damaged(Exception):
    """What is wrong with the files of an entry (worded into a sentence by the caller)."""


def load_files(entry: Path, meta: dict) -> Embedding:
    """The embedding in folder `entry` whose checked meta.json is `meta`; raises `Damaged`."""
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
        raise Damaged(f"{type(exc).__name__}: {exc}") from exc
    expected = (meta["words"], meta["dimensions"])
    if vectors.dtype != np.float32 or vectors.shape != expected or len(words) != meta["words"]:
        raise Damaged(
            f"meta.json announces {expected[0]:,} × {expected[1]} vectors, the files hold "
            f"{len(words):,} words and {vectors.shape} {vectors.dtype} vectors",
        )
    identity = {"kind": "imported", "sha256": meta.get("sha256", ""),
                "sha256_of": "the cache's vectors.npy (unit rows, as imported)",
                "created": meta.get("created"), "import": meta.get("report")}
    if meta.get("trained"):
        identity |= {"kind": "trained", "trained": meta["trained"]}
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
            if meta_problem(meta, name) is None and meta["source"] == source:
                return load_files(folder, meta)
        except (OSError, ValueError, RecursionError, Damaged):
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
        for leftover in folder.parent.glob(f"{TMP_PREFIX}{folder.name}+*"):
            shutil.rmtree(leftover, ignore_errors=True)  # a killed conversion's (we hold the lock)
        raw = read()
        tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f"{TMP_PREFIX}{folder.name}+"))
        try:
            digest = save_unit_rows(tmp / "vectors.npy", raw)
            write_files(name, language, tmp, raw, source=source, digest=digest)
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


def info(meta: dict) -> EmbeddingInfo:
    return EmbeddingInfo(
        name=meta["name"],
        language=meta["language"],
        words=meta["words"],
        dimensions=meta["dimensions"],
        source=meta["source"],
        kind=("derived" if meta.get("derived_from")
              else "trained" if meta.get("trained") else "imported"),
        derived_from=meta.get("derived_from"),
        trained=meta.get("trained"),
        shared_words=meta.get("shared_words", 0),
    )
