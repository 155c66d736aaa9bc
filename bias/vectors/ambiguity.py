"""Seed words that probably mean something else in this embedding, because of a lookup fallback.

GloVe 6B is lower case, so Caliskan's name "Bill" is found as "bill", the noun: its nearest
neighbours are legislation, senate and tax, not names. The same happens to Jasmine, Kenya and
Ebony (a flower, a country, a wood). A WEAT then measures the other meaning, and BiasWords would
offer legislation as a male name.

A word list cannot know which fallbacks change the meaning, and no tagger can tell out of context
(HanTa tags the unknown "keisha" a noun too). The embedding itself can: the seed's neighbourhood
lies far from the rest of its set. For every seed we take its `AMBIGUITY_NEIGHBOURS` nearest
neighbours and their mean cosine with the (unit) centroid of the *other* seeds of the set — its
"cohesion". A seed found only under another spelling (any fallback) is flagged when its cohesion
is more than `AMBIGUITY_MARGIN` below the median cohesion of its set. On GloVe 6B this flags
Bill (0.32 against a median of 0.80), Kenya, Ebony, Jasmine and Tiffany (the jeweller) and
leaves John, Amy, Diana or Keisha alone. Exact matches are never flagged: "rose" (the flower, or
the past of rise) is written as the source wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from bias.notes import Note
from bias.vectors.embeddings import Embedding, WordLookup
from bias.vectors.neighbours import Neighbours, nearest_neighbours

AMBIGUITY_NEIGHBOURS = 20
"""How many neighbours describe a seed's neighbourhood (fixed, so the flag does not depend on
the number of candidates the user asked for)."""
AMBIGUITY_MARGIN = 0.25
"""How far (in mean cosine) a fallback seed's neighbourhood may lie below its set's median."""
MIN_SEEDS = 3
"""Below this many distinct found seeds a set has no meaningful median; nothing is flagged."""
AMBIGUITY_VOCABULARY = 100_000
"""Neighbourhoods are searched among this many most frequent words (the first rows): a word's
everyday meaning lives there, and the search is four times cheaper on GloVe's 400,000 words, which
matters because every WEAT with a fallback runs it. BiasWords and WEAT use the same search, so
they always agree on which seeds are ambiguous."""
_CACHE: dict[tuple, dict[str, tuple[AmbiguousSeed, ...]]] = {}
_CACHE_SIZE = 256


@dataclass(frozen=True)
class AmbiguousSeed:
    """A seed found only under another spelling whose neighbourhood lies away from its set."""

    set: str
    word: str
    found_as: str
    match: str
    cohesion: float
    set_median: float
    neighbours: tuple[str, ...]

    def to_dict(self) -> dict:
        return {
            "set": self.set,
            "word": self.word,
            "found_as": self.found_as,
            "match": self.match,
            "cohesion": round(self.cohesion, 4),
            "set_median": round(self.set_median, 4),
            "neighbours": list(self.neighbours[:5]),
        }

    def describe(self, noun: str = "seed") -> str:
        """One sentence for the table's flags ("seed") and the WEAT warnings ("word")."""
        shown = ", ".join(self.neighbours[:4])
        return (
            f"ambiguous {noun}: '{self.word}' was found only as '{self.found_as}', whose nearest "
            f"words ({shown}…) lie far from the rest of set {self.set} (closeness "
            f"{self.cohesion:.2f} against {self.set_median:.2f} for the set), so it may mean "
            "something else here"
        )


def cohesion(
    embedding: Embedding, seeds: Sequence[WordLookup], hoods: Sequence[Neighbours]
) -> np.ndarray:
    """Per seed: mean cosine of its neighbours with the unit centroid of the other seeds."""
    vectors = np.asarray(embedding.vectors_for(seeds), dtype=np.float64)
    others = vectors.sum(axis=0, keepdims=True) - vectors
    norms = np.linalg.norm(others, axis=1, keepdims=True)
    others = np.divide(others, norms, out=np.zeros_like(others), where=norms > 0)
    out = np.full(len(seeds), np.nan)
    for i, hood in enumerate(hoods):
        rows = list(hood.rows) or [embedding.row(word) for word in hood.words]
        rows = [row for row in rows if row is not None]
        if rows:
            near = np.asarray(embedding.vectors[rows], dtype=np.float64)
            out[i] = float((near @ others[i]).mean())
    return out


def find_ambiguous(
    embedding: Embedding, seeds_by_set: Mapping[str, Sequence[WordLookup]]
) -> dict[str, tuple[AmbiguousSeed, ...]]:
    """The ambiguous seeds per set (sets without any are left out).

    The neighbours are searched in one pass over the vocabulary, only for sets that have a
    fallback at all; answers are cached per embedding and seeds (a batch or the draws repeat them).
    """
    distinct: dict[str, list[WordLookup]] = {}
    for key, seeds in seeds_by_set.items():
        first: dict[str, WordLookup] = {}
        for seed in seeds:
            if seed.found and seed.found_as is not None:
                first.setdefault(seed.found_as, seed)
        if len(first) >= MIN_SEEDS and any(s.is_fallback for s in first.values()):
            distinct[key] = list(first.values())
    if not distinct:
        return {}
    key = (
        id(embedding), embedding.name, len(embedding),
        tuple((k, tuple((s.word, s.found_as, s.match) for s in v)) for k, v in distinct.items()),
    )  # fmt: skip
    if key not in _CACHE:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = _find(embedding, distinct)
    return _CACHE[key]


def _find(
    embedding: Embedding, distinct: Mapping[str, list[WordLookup]]
) -> dict[str, tuple[AmbiguousSeed, ...]]:
    wanted = [seed for seeds in distinct.values() for seed in seeds]
    hoods = {
        id(hood.seed): hood
        for hood in nearest_neighbours(
            embedding, wanted, AMBIGUITY_NEIGHBOURS, within=AMBIGUITY_VOCABULARY
        )
    }
    found: dict[str, tuple[AmbiguousSeed, ...]] = {}
    for key, seeds in distinct.items():
        own = [hoods[id(s)] for s in seeds]
        scores = cohesion(embedding, seeds, own)
        median = float(np.nanmedian(scores))
        flagged = tuple(
            AmbiguousSeed(
                key, seed.word, str(seed.found_as), str(seed.match), float(score), median,
                hood.words,
            )
            for seed, score, hood in zip(seeds, scores, own, strict=True)
            if seed.is_fallback and score < median - AMBIGUITY_MARGIN
        )  # fmt: skip
        if flagged:
            found[key] = flagged
    return found


def ambiguity_notes(
    embedding: Embedding, seeds_by_set: Mapping[str, Sequence[WordLookup]]
) -> list[Note]:
    """WEAT's notes (code "ambiguous_word") for ambiguous words, one per word."""
    found = find_ambiguous(embedding, seeds_by_set)
    return [Note("ambiguous_word", seed.to_dict()) for group in found.values() for seed in group]
