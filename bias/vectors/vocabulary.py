"""An embedding's words as one UTF-8 buffer, looked up with numpy instead of a Python dict.

A fastText vocabulary of 1-2 million words as a Python list and dict costs 150-300 MB and about a
second to build on every load, before the first lookup, although a WEAT looks up a hundred words.
Here the words stay as the bytes of `words.txt` (one word a line) plus a numpy array of where
each starts (8 bytes a word, 15 ms to build for 1,000,000 words). A lookup takes the words of its
length, then compares their bytes, all vectorised. The words of each length come from one index,
the rows sorted by length (a radix sort: 8 bytes a word, built at the first lookup), so a lookup
of one word costs what comparing its length's words costs, not a pass over the whole vocabulary:
BiasWords' filters look up thousands of candidates and their endings one at a time. Found rows
are remembered (a bounded memo), so the dashboard's reruns look the same words up for free.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

import numpy as np

_UNKNOWN = -1
"""Memo value for "not looked up yet" (a row is never negative)."""

_LONGEST = 1024
"""Word length in bytes from which the length index keeps words in one bucket (rare: fastText's
longest entries are URLs and runs of punctuation)."""

_MEMO_SIZE = 50_000
"""Lookups remembered per vocabulary (found or not); beyond this the memo starts again."""


class Vocabulary(Sequence[str]):
    """The words of an embedding in row order; `rows` finds the first row of each of many words.

    Words never contain a line break (the importers skip such entries). When a word occurs twice,
    its first row is the one found, as in frequency-ordered fastText files.
    """

    def __init__(self, data: bytes) -> None:
        """`data`: the words joined by b"\\n", UTF-8 (the contents of a cache's `words.txt`)."""
        self._data = data
        self._bytes = np.frombuffer(data, dtype=np.uint8)
        breaks = np.flatnonzero(self._bytes == ord("\n"))
        bounds = np.empty(breaks.size + 2, dtype=np.int64)
        bounds[0], bounds[-1] = 0, len(data) + 1
        bounds[1:-1] = breaks + 1
        if not data:  # no words at all (an encoder's: it has a vector for any word, none stored)
            bounds = np.zeros(1, dtype=np.int64)
        self._bounds = bounds  # word i is data[bounds[i] : bounds[i + 1] - 1]
        self._by_length: tuple[np.ndarray, np.ndarray] | None = None
        self._memo: dict[str, int | None] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_words(cls, words: Iterable[str]) -> Vocabulary:
        words = list(words)
        if any("\n" in word for word in words):
            raise ValueError("A vocabulary word cannot contain a line break.")
        return cls("\n".join(words).encode("utf-8"))

    @property
    def data(self) -> bytes:
        """The words joined by b"\\n", UTF-8: what a cache's `words.txt` holds."""
        return self._data

    def __len__(self) -> int:
        return self._bounds.size - 1

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        i = int(index)  # numpy integers too
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"word {index} of {len(self)}")
        return self._data[self._bounds[i] : self._bounds[i + 1] - 1].decode("utf-8")

    def __iter__(self) -> Iterator[str]:
        return iter(self._data.decode("utf-8").split("\n") if self._data else ())

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.row(word) is not None

    def row(self, word: str) -> int | None:
        """The first row of `word`, exactly as spelled, or None."""
        return self.rows([word]).get(word)

    def rows(self, words: Iterable[str]) -> dict[str, int]:
        """{word: its first row} for those of `words` in the vocabulary, exactly as spelled."""
        found: dict[str, int] = {}
        todo: dict[int, list[tuple[str, bytes]]] = defaultdict(list)
        for word in dict.fromkeys(words):
            row = self._memo.get(word, _UNKNOWN)  # one read: another thread may clear the memo
            if row is not _UNKNOWN:
                if row is not None:
                    found[word] = row
                continue
            encoded = word.encode("utf-8", errors="surrogatepass")
            if encoded and b"\n" not in encoded:
                todo[len(encoded)].append((word, encoded))
            else:
                self._remember(word, None)
        if todo:
            found.update(self._search(todo))
        return found

    def _rows_of_length(self, length: int) -> np.ndarray:
        """The rows of the words `length` bytes long, in row order."""
        if self._by_length is None:
            lengths = np.minimum(np.diff(self._bounds) - 1, _LONGEST).astype(np.uint16)
            order = np.argsort(lengths, kind="stable")  # radix sort: row order within a length
            firsts = np.searchsorted(lengths[order], np.arange(_LONGEST + 2))
            self._by_length = order, firsts
        order, firsts = self._by_length
        if length >= _LONGEST:  # the longest words share the last bucket: compare their lengths
            rows = order[firsts[_LONGEST] :]
            return rows[self._bounds[rows + 1] - self._bounds[rows] - 1 == length]
        return order[firsts[length] : firsts[length + 1]]

    def _search(self, todo: dict[int, list[tuple[str, bytes]]]) -> dict[str, int]:
        found = {}
        for length, words in todo.items():
            rows = self._rows_of_length(length)
            starts = self._bounds[rows]
            first = self._bytes[starts] if rows.size else np.empty(0, np.uint8)
            for word, encoded in words:
                keep = first == encoded[0]
                candidates, at = rows[keep], starts[keep]
                for offset in range(1, length):  # each byte shrinks the candidates
                    if not candidates.size:
                        break
                    keep = self._bytes[at + offset] == encoded[offset]
                    candidates, at = candidates[keep], at[keep]
                row = int(candidates[0]) if candidates.size else None
                self._remember(word, row)
                if row is not None:
                    found[word] = row
        return found

    def _remember(self, word: str, row: int | None) -> None:
        with self._lock:
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            self._memo[word] = row
