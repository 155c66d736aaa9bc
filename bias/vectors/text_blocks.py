"""Parsing one block of text vector lines: polars' CSV reader for the whole block, and an exact
line-by-line path for a block polars rejects, which names the reason for each bad line.
"""

from __future__ import annotations

import functools
import warnings
from collections import Counter

import numpy as np
import polars as pl

from bias.errors import BiasInputError
from bias.vectors.import_report import BAD_WORD, BLANK, NOT_A_NUMBER, NOT_UTF8, WRONG_DIMENSION


def parse_block(block: bytes, dim: int) -> ParsedBlock:
    """`Parsed`, and whether every row is finite and not all zero (the usual case), for the
    parsing thread: numpy's checks release the GIL too."""
    words, matrix, reasons = _parse_table(block, dim) or _parse_lines(block, dim)
    usable = bool(np.isfinite(matrix).all()) and bool(matrix.any(axis=1).all())
    return words, matrix, reasons, usable


Parsed = tuple[list[str], np.ndarray, list[str | None] | None]
"""Per line of a block: the word, its values (a row of the matrix) and a reason to skip it (None
for all: the block is well-formed)."""
ParsedBlock = tuple[list[str], np.ndarray, list[str | None] | None, bool]
"""`Parsed`, and whether every row is usable (finite, not all zero)."""


def _parse_table(block: bytes, dim: int) -> Parsed | None:
    """The fast path: the whole block as one polars table, or None if polars rejects it."""
    first = block[: block.find(b"\n")].rstrip(b"\r")
    padded = first.endswith(b" ")
    try:
        table = pl.read_csv(
            block,
            has_header=False,
            separator=" ",
            quote_char=None,
            schema=_schema(dim, padded),
            encoding="utf8-lossy",
        )
    except pl.exceptions.PolarsError:
        return None
    values = [f"v{i}" for i in range(dim)]
    words = table["word"].to_list()
    matrix = table.select(values).to_numpy(order="c").astype(np.float32, copy=False)
    nulls = table.select(values).null_count().row(0)
    padding = table["pad"].null_count() if padded else table.height
    if not any(nulls) and padding == table.height and not _lossy(table["word"]):
        return words, matrix, None
    short = table.select(pl.any_horizontal(pl.col(values).is_null())).to_series()
    if padded:
        short = short | table["pad"].is_not_null()
    reasons: list[str | None] = [
        (BLANK if word is None and bad else BAD_WORD) if word is None or not word.strip()
        else WRONG_DIMENSION if bad
        else NOT_UTF8 if "\ufffd" in word
        else None
        for word, bad in zip(words, short.to_list(), strict=True)
    ]
    return words, matrix, reasons


def _lossy(words: pl.Series) -> bool:
    """Whether a word is missing, had bytes that are not UTF-8 (read as U+FFFD) or is only white
    space that is not a plain space (a no-break space, U+2028…): such blocks take the slow path,
    which names the reason for each line."""
    return bool(
        words.null_count()
        or words.str.contains("\ufffd", literal=True).any()
        or (words.str.strip_chars().str.len_bytes() == 0).any()
    )


@functools.cache
def _schema(dim: int, padded: bool) -> dict[str, pl.DataType]:
    schema: dict[str, pl.DataType] = {"word": pl.String()}
    schema.update({f"v{i}": pl.Float32() for i in range(dim)})
    if padded:
        schema["pad"] = pl.String()
    return schema


def _parse_lines(block: bytes, dim: int) -> Parsed:
    """The exact path, line by line, for a block with lines polars cannot read."""
    lines = block.split(b"\n")
    if lines and not lines[-1]:
        lines.pop()
    words: list[str] = []
    reasons: list[str | None] = []
    matrix = np.zeros((len(lines), dim), dtype=np.float32)
    for i, line in enumerate(lines):
        word_bytes, _, rest = line.partition(b" ")
        row = _floats(rest)
        try:
            word = word_bytes.decode("utf-8")
        except UnicodeDecodeError:
            word, reason = "", NOT_UTF8
        else:
            reason = (
                BLANK if not line.strip()
                else BAD_WORD if not word.strip()
                else NOT_A_NUMBER if row is None
                else WRONG_DIMENSION if row.size != dim
                else None
            )
        if reason is None:
            matrix[i] = row
        words.append(word)
        reasons.append(reason)
    return words, matrix, reasons


def guess_dimension(lines: list[bytes], source: str) -> int:
    """The most common number of values per line among the first 100 non-blank lines."""
    counts = Counter(len(line.split()) - 1 for line in lines[:100] if line.strip())
    dim = counts.most_common(1)[0][0] if counts else 0
    if dim < 1:
        raise BiasInputError(
            f"{source} does not look like text vectors (a word then numbers on each line)."
        )
    return dim


def _floats(data: bytes) -> np.ndarray | None:
    """Whitespace-separated floats, or None if anything in `data` is not a number."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        try:
            return np.fromstring(data, dtype=np.float32, sep=" ")
        except (ValueError, DeprecationWarning):
            return None

