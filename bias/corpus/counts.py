"""The test words' counts in the corpus itself: how many times each appears (per group), beside the
advice for a steady vector, and whether two lists are balanced in frequency there.

A test's frequency check (`bias.stats.confounds_frequency`) reads wordfreq's counts of general
English (or another language), which say little about a corpus of presidential addresses: in the
inaugural addresses 'he' appears 112 times and 'she' 12 (9×), where general English has them
within a factor of 3 (Zipf 6.69 against 6.26). A word seen a few dozen times gets a vector, but a
noisy one, and a list more frequent than the other by an order of magnitude can look associated
for its frequency alone (Ethayarajh, Duvenaud & Hirst 2019). Both are read here from the counts
the scan made (`bias.corpus.scan`), before training and in the training's result;
`bias.report.corpus_text` words them.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from bias.serialize import jsonable

ADVISED_COUNTS = (50, 100)
"""docs/corpus.md's advice: each test word appearing at least 50–100 times. Below the first, a
word's vector is noisy; a list is `thin` when half or more of its words with a vector are."""

BALANCE_RATIO = 10.0
"""Warn when one list's median count in the corpus is at least this many times the other's: the
factor of 10 that the wordfreq check's gap of one Zipf unit stands for
(`bias.stats.confounds_frequency.FREQUENCY_GAP`)."""


@dataclass(frozen=True)
class WordCount:
    word: str
    count: int
    """How often the word appears (as written, or lower-cased as the lookup would find it)."""


@dataclass(frozen=True)
class SetCoverage:
    """One list of a word set against one group's counts."""

    key: str
    name: str
    words: tuple[WordCount, ...]
    min_count: int

    @property
    def enough(self) -> tuple[WordCount, ...]:
        """Words that will get a vector."""
        return tuple(item for item in self.words if item.count >= self.min_count)

    @property
    def too_rare(self) -> tuple[WordCount, ...]:
        return tuple(item for item in self.words if item.count < self.min_count)

    @property
    def under_advice(self) -> tuple[WordCount, ...]:
        """Words that get a vector but appear fewer than `ADVISED_COUNTS[0]` times."""
        return tuple(item for item in self.enough if item.count < ADVISED_COUNTS[0])

    @property
    def thin(self) -> bool:
        """Half or more of the words that get a vector appear fewer than the advised count."""
        return bool(self.enough) and 2 * len(self.under_advice) >= len(self.enough)

    @property
    def median_count(self) -> float:
        """The median count of the words that get a vector (the words the test uses); NaN when
        none does."""
        counts = [item.count for item in self.enough]
        return float(statistics.median(counts)) if counts else math.nan

    def to_dict(self) -> dict:
        return jsonable({"key": self.key, "name": self.name, "min_count": self.min_count,
                         "words": {item.word: item.count for item in self.words},
                         "with_vector": len(self.enough), "listed": len(self.words),
                         "advised_count": ADVISED_COUNTS[0],
                         "under_advice": [item.word for item in self.under_advice],
                         "thin": self.thin, "median_count": self.median_count})


@dataclass(frozen=True)
class CountBalance:
    """Two lists' median counts in one group (targets X, Y or attributes A, B), of the words that
    get a vector."""

    first: SetCoverage
    second: SetCoverage

    @property
    def ratio(self) -> float:
        """The more frequent list's median count over the other's (at least 1)."""
        high, low = sorted((self.first.median_count, self.second.median_count), reverse=True)
        return high / low

    @property
    def frequent(self) -> SetCoverage:
        """The list with the higher median count."""
        return max((self.first, self.second), key=lambda s: s.median_count)

    @property
    def rare(self) -> SetCoverage:
        return self.second if self.frequent is self.first else self.first

    @property
    def warning(self) -> bool:
        return self.ratio >= BALANCE_RATIO

    def to_dict(self) -> dict:
        return jsonable({"first": self.first.key, "second": self.second.key,
                         "median_counts": [self.first.median_count, self.second.median_count],
                         "ratio": self.ratio, "threshold": BALANCE_RATIO,
                         "warning": self.warning})


def balances(sets: tuple[SetCoverage, ...]) -> tuple[CountBalance, ...]:
    """The balance of the targets (X, Y) and of the attributes (A, B) in one group, where both
    lists of a pair have a word with a vector."""
    by_key = {coverage.key: coverage for coverage in sets}
    return tuple(
        CountBalance(by_key[a], by_key[b]) for a, b in (("X", "Y"), ("A", "B"))
        if a in by_key and b in by_key and by_key[a].enough and by_key[b].enough
    )
