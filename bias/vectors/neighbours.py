"""Exact nearest neighbours of many seed words at once, by cosine similarity.

The vectors are unit length, so cosine is a dot product and the whole search is one matrix product
`vectors @ seeds.T`. It runs over row blocks so that a 2-million-word fastText matrix (or a memory
map of one) never needs a full (vocabulary × seeds) similarity matrix in memory: a block has at
most `BLOCK_CELLS` similarities (fewer rows when there are many seeds), and after each block only
the best k per seed survive (`np.argpartition` over the running best and the new block), so memory
stays bounded by seeds × (k + block) whatever the vocabulary and the number of seeds. Exact search
is fast enough here (a few hundred milliseconds on 400k × 50), so
no approximate index, and no answer that differs from run to run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bias.vectors.embeddings import Embedding, WordLookup

BLOCK_ROWS = 131_072
BLOCK_CELLS = 8_388_608
"""At most this many similarities (32 MB of float32) are held per block."""


@dataclass(frozen=True)
class Neighbours:
    """The k nearest vocabulary words of one seed, best first."""

    seed: WordLookup
    words: tuple[str, ...]
    similarities: tuple[float, ...]
    rows: tuple[int, ...] = ()
    """The vocabulary rows of `words` (so callers need no word → row look-up)."""


def _top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Row-wise column indices of the k largest entries of `scores` (unordered)."""
    if scores.shape[1] <= k:
        return np.broadcast_to(np.arange(scores.shape[1]), scores.shape).copy()
    return np.argpartition(scores, -k, axis=1)[:, -k:]


def nearest_neighbours(
    embedding: Embedding,
    seeds: Sequence[WordLookup],
    k: int = 20,
    block_rows: int = BLOCK_ROWS,
    within: int | None = None,
) -> list[Neighbours]:
    """The k nearest neighbours of each found seed, excluding the seed's own vocabulary row.

    Seeds that are missing from the embedding get no entry; the caller reports them. Ties are
    broken by vocabulary order (frequency order in most embeddings). `within` limits the search
    to the first that many vocabulary rows (the most frequent words).
    """
    found = [seed for seed in seeds if seed.found]
    if not found or k < 1:
        return [Neighbours(seed, (), ()) for seed in found]
    queries = np.ascontiguousarray(embedding.vectors_for(found), dtype=np.float32)  # (m, d)
    own_rows = np.array([_own_row(embedding, seed) for seed in found])
    seeds_index = np.arange(len(found))
    block_rows = max(1, min(block_rows, BLOCK_CELLS // len(found)))
    rows = np.empty((len(found), 0), dtype=np.int64)
    scores = np.empty((len(found), 0), dtype=np.float32)
    total = len(embedding) if within is None else min(len(embedding), within)
    for start in range(0, total, block_rows):
        stop = min(start + block_rows, total)
        block = np.asarray(embedding.vectors[start:stop], dtype=np.float32)
        block_scores = queries @ block.T  # (m, rows): one row per seed, contiguous
        inside = (own_rows >= start) & (own_rows < start + block.shape[0])
        block_scores[seeds_index[inside], own_rows[inside] - start] = -np.inf
        top = _top_k(block_scores, k)
        scores = np.hstack([scores, np.take_along_axis(block_scores, top, axis=1)])
        rows = np.hstack([rows, top + start])
        best = _top_k(scores, k)  # the running best k per seed: memory stays m × 2k
        scores = np.take_along_axis(scores, best, axis=1)
        rows = np.take_along_axis(rows, best, axis=1)
    # Final ranking: by score descending, then by vocabulary row ascending for ties.
    order = np.lexsort((rows, -scores), axis=1)[:, :k]
    result = []
    for j, seed in enumerate(found):
        picked = [i for i in order[j] if np.isfinite(scores[j, i])]
        result.append(
            Neighbours(
                seed,
                tuple(embedding.words[rows[j, i]] for i in picked),
                tuple(float(scores[j, i]) for i in picked),
                tuple(int(rows[j, i]) for i in picked),
            )
        )
    return result


def _own_row(embedding: Embedding, seed: WordLookup) -> int:
    """The vocabulary row of the seed as found, or -1 for a synthesised or missing seed."""
    if seed.found_as is None:
        return -1
    row = embedding.row(seed.found_as)
    return -1 if row is None else row
