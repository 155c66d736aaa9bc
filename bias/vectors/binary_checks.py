"""Checks of word2vec and fastText binary files before gensim reads them.

gensim trusts the sizes a binary file declares: it allocates `count × dimension` floats up front
(a 40-byte file claiming 10⁹ dimensions asks for gigabytes), and its fastText reader loops forever
on a file cut inside the vocabulary (it reads one byte at a time until a NUL that never comes).
These checks read only the headers (and, for fastText, walk the vocabulary with `bytes.find`) and
compare the declared sizes with the file's real size, so every file gensim then opens is
consistent and costs memory in proportion to its size. A file that fails is called damaged in one
sentence (`BiasInputError`).
"""

from __future__ import annotations

import gzip
import mmap
import struct
from pathlib import Path

from bias.errors import BiasInputError
from bias.vectors.import_report import check_dimensions

GZIP_RATIO = 8
"""A compressed word2vec file may declare at most this many times its size in vectors: floats
compress to about 90 % of their size, so only a forged header claims more."""

# fastText's header after the magic: version, 12 ints (dim, ws, epoch, min_count, neg,
# word_ngrams, loss, model, bucket, minn, maxn, lr_update_rate) and the double t.
_FASTTEXT_HEADER = struct.Struct("<i 12i d")
_FASTTEXT_DICT = struct.Struct("<3i q q")  # vocab size, nwords, nlabels, ntokens, pruneidx size
_FASTTEXT_MATRIX = struct.Struct("<? q q")  # quantised flag, rows, columns
_WORD_TAIL = 9  # after each word's NUL: its count (int64) and type (int8)
_MAX_WORD_BYTES = 1 << 16


def check_word2vec_binary(path: Path, limit: int, shown: str) -> None:
    """Raise `BiasInputError` unless the "count dimension" header of a word2vec binary file is
    plausible and the vectors gensim will allocate (`min(count, limit)` rows) fit in the file."""
    compressed = path.name.lower().endswith(".gz")
    try:
        with (gzip.open(path, "rb") if compressed else path.open("rb")) as handle:
            header = handle.readline(200)
    except (OSError, EOFError) as exc:
        raise BiasInputError(f"{shown} cannot be read as word2vec binary vectors.") from exc
    parts = header.split()
    if len(parts) != 2 or not all(part.isdigit() and len(part) < 12 for part in parts):
        raise BiasInputError(
            f"{shown} is not word2vec binary vectors: it does not start with a line "
            "'word-count dimensions'."
        )
    count, dim = int(parts[0]), int(parts[1])
    check_dimensions(dim, shown)
    need = min(count, limit) * (dim * 4 + 2)
    room = path.stat().st_size * (GZIP_RATIO if compressed else 1)
    if count < 1 or need > room:
        raise BiasInputError(
            f"{shown} is damaged: its header declares {count:,} words of {dim:,} values, more "
            "than the file holds."
        )


def check_fasttext_bin(path: Path, shown: str) -> None:
    """Raise `BiasInputError` unless a fastText `.bin` model is complete and consistent: header,
    every vocabulary entry, and both matrices of exactly the declared sizes."""
    damaged = f"{shown} is damaged or truncated, so it cannot be read as a fastText model."
    try:
        with path.open("rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as m:
            _walk_fasttext(m, shown, damaged)
    except BiasInputError:
        raise
    except (OSError, ValueError, struct.error) as exc:  # ValueError: mmap of an empty file
        raise BiasInputError(damaged) from exc


def _walk_fasttext(data: mmap.mmap, shown: str, damaged: str) -> None:
    pos = 4  # after the magic number
    header = _FASTTEXT_HEADER.unpack_from(data, pos)
    pos += _FASTTEXT_HEADER.size
    dim, bucket = header[1], header[9]
    check_dimensions(dim, shown)
    vocab_size, nwords, nlabels, _, pruneidx = _FASTTEXT_DICT.unpack_from(data, pos)
    pos += _FASTTEXT_DICT.size
    if nlabels > 0:
        raise BiasInputError(
            f"{shown} is a supervised fastText classifier, not word vectors."
        )
    if not 0 < vocab_size <= len(data) // (_WORD_TAIL + 1) or not 0 <= nwords <= vocab_size:
        raise BiasInputError(damaged)
    for _ in range(vocab_size):
        end = data.find(b"\x00", pos, pos + _MAX_WORD_BYTES)
        if end < 0:
            raise BiasInputError(damaged)
        pos = end + 1 + _WORD_TAIL
    pos += 8 * max(pruneidx, 0)
    for rows_expected in (nwords + max(bucket, 0), None):
        _, rows, cols = _FASTTEXT_MATRIX.unpack_from(data, pos)
        pos += _FASTTEXT_MATRIX.size
        if rows < 0 or cols < 1 or (rows_expected is not None and (rows, cols) != (
            rows_expected, dim
        )):
            raise BiasInputError(damaged)
        pos += rows * cols * 4
        if pos > len(data):
            raise BiasInputError(damaged)
    if pos != len(data):
        raise BiasInputError(damaged)
