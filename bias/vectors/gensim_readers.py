"""The readers gensim provides: word2vec binary, fastText `.bin` models and saved KeyedVectors.

Each file is checked first (`bias.vectors.binary_checks`: gensim trusts the sizes a file
declares), and gensim's vectors are then checked word by word like a text file's lines.
"""

from __future__ import annotations

import pickle
import struct
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bias.errors import BiasInputError
from bias.vectors.binary_checks import check_fasttext_bin, check_word2vec_binary
from bias.vectors.import_report import (
    ALL_ZERO,
    BAD_WORD,
    DUPLICATE,
    NOT_FINITE,
    ImportReport,
    RawVectors,
    Subwords,
    check_dimensions,
    nothing_usable,
)

if TYPE_CHECKING:
    from gensim.models import KeyedVectors


# Exceptions gensim raises on damaged or mismatched files (it has no error type of its own).
_GENSIM_READ_ERRORS = (
    ValueError, EOFError, OSError, UnicodeDecodeError, NotImplementedError, KeyError, IndexError,
    AttributeError, TypeError, AssertionError, MemoryError, struct.error, pickle.UnpicklingError,
)


def read_word2vec_binary(path: Path, limit: int, shown: str) -> RawVectors:
    from gensim.models import KeyedVectors

    check_word2vec_binary(path, limit, shown)
    try:
        kv = KeyedVectors.load_word2vec_format(str(path), binary=True, limit=limit)
    except _GENSIM_READ_ERRORS as exc:
        raise BiasInputError(f"{shown} cannot be read as word2vec binary vectors: {exc}.") from exc
    return from_keyed_vectors(kv, limit, ImportReport(shown, "word2vec binary"))


def read_fasttext_bin(path: Path, limit: int, shown: str) -> RawVectors:
    """A fastText model: gensim loads all of it (it has no partial reader), then we keep `limit`."""
    from gensim.models.fasttext import load_facebook_vectors

    check_fasttext_bin(path, shown)
    try:
        kv = load_facebook_vectors(str(path))
    except _GENSIM_READ_ERRORS as exc:
        raise BiasInputError(f"{shown} cannot be read as a fastText model: {exc}.") from exc
    return from_keyed_vectors(kv, limit, ImportReport(shown, "fastText binary model"))


def read_gensim(path: Path, limit: int, shown: str) -> RawVectors:
    """A gensim `KeyedVectors.save` file. Loading unpickles it: only with `trust_pickle`."""
    from gensim.models import KeyedVectors

    try:
        kv = KeyedVectors.load(str(path), mmap="r")
    except _GENSIM_READ_ERRORS as exc:
        raise BiasInputError(f"{shown} cannot be read as gensim KeyedVectors: {exc}.") from exc
    if not isinstance(kv, KeyedVectors):
        raise BiasInputError(f"{shown} is a saved gensim {type(kv).__name__}, not KeyedVectors.")
    return from_keyed_vectors(kv, limit, ImportReport(shown, "gensim KeyedVectors"))


def from_keyed_vectors(kv: KeyedVectors, limit: int, report: ImportReport) -> RawVectors:
    """Keep the first `limit` usable words of gensim vectors, with the same checks as text files."""
    from gensim.models.fasttext import FastTextKeyedVectors

    keys = kv.index_to_key
    matrix = np.asarray(kv.vectors, dtype=np.float32)
    report.dimensions = int(matrix.shape[1]) if matrix.ndim == 2 else 0
    check_dimensions(report.dimensions, report.source)
    finite = np.isfinite(matrix).all(axis=1)
    nonzero = matrix.any(axis=1)
    words: list[str] = []
    rows: list[int] = []
    seen: set[str] = set()
    entry = 0
    for entry, word in enumerate(keys, start=1):
        if len(words) >= limit:
            entry -= 1
            break
        reason = (
            BAD_WORD if not isinstance(word, str) or not word.strip() or "\n" in word
            else NOT_FINITE if not finite[entry - 1]
            else ALL_ZERO if not nonzero[entry - 1]
            else DUPLICATE if word in seen
            else None
        )
        if reason:
            report.skip(reason, entry)
            continue
        seen.add(word)
        words.append(word)
        rows.append(entry - 1)
    report.lines_read = entry
    report.words = len(words)
    report.stopped_at_limit = len(words) >= limit
    if not words:
        raise BiasInputError(nothing_usable(report))
    subwords = None
    if isinstance(kv, FastTextKeyedVectors) and kv.bucket:
        ngrams = np.asarray(kv.vectors_ngrams, dtype=np.float32)
        subwords = Subwords(ngrams, int(kv.min_n), int(kv.max_n))
    return RawVectors(words, matrix[rows], report, subwords)
