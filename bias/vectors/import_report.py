"""Vectors as a reader hands them over, before the cache normalises and stores them.

Every reader (`bias.vectors.text_reader`, `bias.vectors.gensim_readers`,
`bias.vectors.spacy_pipelines`) returns `RawVectors` with an `ImportReport`: what was read, kept
and skipped. Bad lines never stop an import and are never dropped silently: each one is counted
under one of the reasons below (duplicates keep the first occurrence). A file that yields no
usable vector at all raises `BiasInputError` with `nothing_usable`'s sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Protocol

import numpy as np

from bias.bounds import Bound
from bias.errors import BiasInputError

if TYPE_CHECKING:
    from bias.vectors.embeddings import SharedRows

DEFAULT_LIMIT = 200_000
WORD_LIMIT = Bound("The word limit", 1)
"""How many words an import keeps at most (`limit`): the first ones, the most frequent."""

Progress = Callable[[int, int], None]
"""Called as `progress(bytes_read, words_read)`; bytes are those of the file or download itself
(compressed, for a `.gz`), so they can be compared with its size."""


class RowSink(Protocol):
    """Takes the rows a text reader keeps, block by block in order, as it parses them."""

    def add(self, block: np.ndarray) -> None: ...


OpenRows = Callable[[int, int], RowSink]
"""Called once the dimension is known, with the rows expected and the dimension: the cache's
`PendingEntry.open_rows`, so an import writes its rows while it still reads."""


DIMENSIONS = (2, 10_000)
"""The values per word an embedding may have: with one, every cosine is 1 or -1 (no test can
say anything); more than 10,000 is no embedding (and would cost memory)."""


def check_dimensions(dimensions: int, shown: str) -> None:
    """Raise `BiasInputError` unless `dimensions` values per word is an embedding's
    (`DIMENSIONS`); every reader calls this before it reads the vectors."""
    low, high = DIMENSIONS
    if dimensions == 1:
        raise BiasInputError(
            f"{shown} has one value per word, so every cosine is 1 or -1 and no test could tell "
            f"words apart; BiasWords reads vectors of {low} to {high:,} dimensions."
        )
    if not low <= dimensions <= high:
        raise BiasInputError(
            f"{shown} has {dimensions:,} values per word; BiasWords reads vectors of {low} to "
            f"{high:,} dimensions, so the file is damaged or not word vectors."
        )


# Reasons a line is skipped; the report counts each.
BLANK = "blank line"
NOT_UTF8 = "word is not valid UTF-8"
WRONG_DIMENSION = "wrong number of values"
NOT_A_NUMBER = "a value that is not a number"
NOT_FINITE = "NaN or infinite value"
ALL_ZERO = "all-zero vector"
DUPLICATE = "duplicate word (first kept)"
BAD_WORD = "empty word or word with a line break"


@dataclass(frozen=True)
class ReadLimits:
    """Bounds on the work one text vector file may cause, whatever it holds.

    Reading stops at `limit` words, but a hostile file can hold no usable word at all: a gzip bomb
    (261 KB that inflate to gigabytes of blank lines) or millions of duplicate lines. These bounds
    stop it early, in bounded memory, with one sentence. Real files stay far inside them: fastText
    `.vec.gz` files inflate about 2.5 times, and have a handful of skipped lines.
    """

    max_skipped_lines: int = 1_000_000
    """At most `limit` + this many lines are read (skipped lines count too: blank, duplicate,
    broken), so a file of endless lines without a usable word stops early."""
    max_inflated_bytes: int = 64 << 30
    """Decompressed text of a `.gz` in total (a whole 2,000,000 × 300 `cc.*.vec.gz`: 4.5 GB)."""
    max_ratio: int = 100
    """A `.gz` that inflates to more than this many times its compressed size (after the first
    16 MB) is not vector text."""


@dataclass
class ImportReport:
    """What an import read, kept and skipped, for the user and for `meta.json`."""

    source: str
    format: str
    dimensions: int = 0
    words: int = 0
    lines_read: int = 0
    """Lines (or a binary file's entries) read, the header line included: the skipped lines'
    positions (`first_skipped_line`) are counted the same way, so they are the file's own line
    numbers."""
    declared_words: int | None = None  # from a "count dimension" header line, if any
    header_lines: int = 0
    """1 when the file began with a "count dimension" header line (fastText, word2vec text): a
    line read, but no entry."""
    stopped_at_limit: bool = False
    stopped_at_skipped_lines: bool = False
    skipped: dict[str, int] = field(default_factory=dict)
    first_skipped_line: dict[str, int] = field(default_factory=dict)
    shared_words: int = 0  # words of a pruned table that use another word's vector

    def skip(self, reason: str, line: int) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1
        self.first_skipped_line[reason] = min(line, self.first_skipped_line.get(reason, line))

    @property
    def entries_read(self) -> int:
        """The entries read: words with their values, kept or skipped, without the header."""
        return self.lines_read - self.header_lines

    def summary(self) -> str:
        """One paragraph for a person: what was kept, why reading stopped, what was skipped.
        Entries are counted without the header line, positions too ("first at entry 2" is the
        file's third line after a header)."""
        text = f"Kept {self.words:,} words × {self.dimensions} dimensions from {self.format}"
        text += f" ({self.entries_read:,} entries read"
        text += (
            ", stopped at the word limit)." if self.stopped_at_limit
            else ", stopped early: too many lines without a usable word)."
            if self.stopped_at_skipped_lines
            else ", whole file)."
        )
        if self.shared_words:
            text += (
                f" {self.shared_words:,} more words have no vector of their own (a pruned table): "
                "each shares the vector of a more frequent word and is reported as a 'shared row'."
            )
        if self.skipped:
            parts = [
                f"{count:,} × {reason} (first at entry "
                f"{self.first_skipped_line[reason] - self.header_lines:,})"
                for reason, count in sorted(self.skipped.items(), key=lambda kv: -kv[1])
            ]
            text += " Skipped: " + "; ".join(parts) + "."
        return text

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True, eq=False)
class Subwords:
    """fastText character n-gram vectors, to build vectors for words outside the vocabulary.

    Computes what gensim's `FastTextKeyedVectors.get_vector` does for an unknown word (the mean of
    its hashed n-gram vectors), but from a plain array, so the cache can store and memory-map it.
    """

    vectors: np.ndarray
    min_n: int
    max_n: int

    def __call__(self, word: str) -> np.ndarray | None:
        from gensim.models.fasttext import ft_ngram_hashes

        hashes = ft_ngram_hashes(word, self.min_n, self.max_n, self.vectors.shape[0])
        if not hashes:
            return None
        return np.asarray(self.vectors[hashes], dtype=np.float32).mean(axis=0)


@dataclass
class RawVectors:
    """Vectors as read, not yet normalised, with the report of how they were read.

    A text import keeps the rows of each parsed block as they came (`vectors`, then `more`): joining
    them, or copying them into a growing matrix, cost a second copy of every row (0.5 s of a 3 s
    import of 200,000 × 300); `row_blocks` gives them in order (the cache writes them one by one).
    """

    words: list[str]
    vectors: np.ndarray
    report: ImportReport
    subwords: Subwords | None = None
    more: tuple[np.ndarray, ...] = ()
    shared: SharedRows | None = None

    def row_blocks(self) -> Iterator[np.ndarray]:
        yield self.vectors
        yield from self.more

    @property
    def dimensions(self) -> int:
        return int(self.vectors.shape[1])



def nothing_usable(report: ImportReport) -> str:
    if report.lines_read == 0:
        return f"{report.source} is empty."
    if not report.skipped:
        return f"{report.source} has a header line but no vectors."
    reason, count = max(report.skipped.items(), key=lambda kv: kv[1])
    detail = f" (expected {report.dimensions})" if reason == WRONG_DIMENSION else ""
    return (
        f"{report.source} has no usable vectors: {count:,} of {report.entries_read:,} lines were "
        f"skipped for {reason}{detail}."
    )

