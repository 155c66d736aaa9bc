"""What the numbers mean in words: nearest neighbours of a group's average instance embedding,
and the contexts nearest a coefficient's direction.

* A group's neighbours (conText's `nns`): the cosine of the group's average ALC embedding with
  each candidate word's vector; the candidates are the context words that had a vector (the
  quick start's choice: words of the corpus, not the whole vocabulary).
* Their intervals: the jackknife's, leaving out one cluster (document) at a time, bias-corrected
  (not conText's bootstrap percentiles, which lie too low: `jackknife_cosines` says why).
* A group's leaning between two word lists (a WEAT test's attributes: career vs family): the
  mean cosine of its average with the first list minus with the second, compared with the
  reference group's, a p-value from shuffling whole documents between the two groups.
* A coefficient's nearest contexts (in the spirit of conText's `ncs`): the instances whose
  embedding, centred on the average instance, points most nearly along β_k. Centring matters:
  every instance shares the target's common meaning, which would otherwise swamp the direction
  in which the covariate moves it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bias.regression import jackknife
from bias.regression.alc import WordVectors
from bias.regression.permutations import BLOCK


def _unit(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=-1, keepdims=True)
    return matrix / np.where(norms > 0, norms, 1.0)


def nearest_words(
    point: np.ndarray, vectors: WordVectors, candidates: Sequence[str], count: int
) -> list[tuple[str, float]]:
    """The `count` candidates whose vectors have the highest cosine with `point`, best first
    (ties in the candidates' order)."""
    words = [w for w in candidates if w in vectors.rows]
    if not words:
        return []
    matrix = np.asarray(vectors.matrix[[vectors.rows[w] for w in words]], dtype=np.float64)
    cosines = _unit(matrix) @ _unit(point)
    best = np.argsort(-cosines, kind="stable")[:count]
    return [(words[i], float(cosines[i])) for i in best]


def nearest_contexts(
    embeddings: np.ndarray, direction: np.ndarray, count: int
) -> list[tuple[int, float]]:
    """(instance index, cosine) of the `count` instances nearest `direction`, best first."""
    centred = embeddings - embeddings.mean(axis=0)
    cosines = _unit(centred) @ _unit(direction)
    best = np.argsort(-cosines, kind="stable")[:count]
    return [(int(i), float(cosines[i])) for i in best]


def cosines(point: np.ndarray, vectors: WordVectors, words: Sequence[str]
            ) -> tuple[tuple[str, float], ...]:
    """The cosine of `point` with each of `words` that has a vector, in their order."""
    found = [w for w in words if w in vectors.rows]
    if not found:
        return ()
    matrix = np.asarray(vectors.matrix[[vectors.rows[w] for w in found]], dtype=np.float64)
    return tuple(zip(found, (_unit(matrix) @ _unit(point)).tolist(), strict=True))


def jackknife_cosines(
    embeddings: np.ndarray, labels: np.ndarray, words: np.ndarray, level: float
) -> np.ndarray:
    """(len(words) × 2) intervals of the cosine between the average the instances come from and
    each row of `words`: the jackknife's bias-corrected cosine ± t(G−1) × its standard error,
    leaving out one cluster of `labels` (0 … G−1) at a time, cut to the cosine's range [−1, 1].

    Why not the bootstrap's percentiles (conText's `get_nns`): noise in an average lengthens it
    without turning it toward a word, so the observed cosine is biased toward 0, and a resampled
    average carries that noise twice, so the resampled cosines sit lower still and the percentile
    interval lies on the wrong side of the observed value; on generated groups with a known
    average it contained the true cosine in 0–91% of 95% intervals (none at a true cosine of .9
    in most settings) where this interval did in 70–96% (bench/regression_cosine_coverage.py,
    docs/regression.md). The jackknife's correction G·θ̂ − (G−1)·mean(θ̂₋g) removes the 1/n part
    of that bias (Quenouille 1956; Efron & Tibshirani 1993, ch. 10–11); the standard error and
    t(G−1) are the coefficients' (bias.regression.jackknife.interval).

    Each left-out average's cosine needs only its cluster's sum s_g: with S the total,
    ‖S − s_g‖² = ‖S‖² − 2 S·s_g + ‖s_g‖², so no G × D array of left-out averages is formed.
    With one cluster nothing can be left out: the interval is the whole range, [−1, 1]."""
    count = int(labels.max()) + 1
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    unit_words = _unit(words)
    total = sums.sum(axis=0)
    observed = unit_words @ _unit(total)
    if count < 2:
        return np.tile([-1.0, 1.0], (len(words), 1))
    left = total @ total - 2 * (sums @ total) + np.einsum("gd,gd->g", sums, sums)
    without = ((total @ unit_words.T) - sums @ unit_words.T) / np.sqrt(
        np.maximum(left, np.finfo(float).tiny))[:, None]  # (G, words)
    corrected = count * observed - (count - 1) * without.mean(axis=0)
    return np.clip(jackknife.interval(corrected, without, level), -1.0, 1.0)


def leaning(average: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Mean cosine with the rows of `first` minus mean cosine with those of `second`, for each
    row of `average` (a WEAT association, s(w, A, B), of a group's embedding)."""
    unit = _unit(np.atleast_2d(average))
    return (unit @ _unit(first).T).mean(axis=1) - (unit @ _unit(second).T).mean(axis=1)


def _two_groups(embeddings: np.ndarray, labels: np.ndarray, in_level: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cluster sums, sizes, and 1 for the level's clusters (each wholly in one group)."""
    count = int(labels.max()) + 1
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    member = np.zeros(count)
    member[labels[in_level]] = 1.0
    return sums, np.bincount(labels, minlength=count).astype(np.float64), member


def _averages(sums: np.ndarray, sizes: np.ndarray, masks: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
    """Each mask's two group averages: of the clusters marked 1, and of the others."""
    return ((masks @ sums) / (masks @ sizes)[:, None],
            ((1 - masks) @ sums) / ((1 - masks) @ sizes)[:, None])


def _shuffles(member: np.ndarray, permutations: int, rng: np.random.Generator):
    """The clusters' group marks shuffled, `BLOCK` permutations at a time."""
    for start in range(0, permutations, BLOCK):
        draws = min(BLOCK, permutations - start)
        yield rng.permuted(np.broadcast_to(member, (draws, len(member))), axis=1)


def leaning_test(
    embeddings: np.ndarray, labels: np.ndarray, in_level: np.ndarray, first: np.ndarray,
    second: np.ndarray, permutations: int, rng: np.random.Generator,
) -> tuple[float, float, float]:
    """(leaning of the level's average, of the reference's, two-sided permutation p of their
    difference), the clusters `labels` (0 … G−1, each wholly in one group; `in_level` per
    instance) shuffled between the two groups."""
    sums, sizes, member = _two_groups(embeddings, labels, in_level)
    mine, theirs = (leaning(a, first, second) for a in _averages(sums, sizes, member[None, :]))
    observed = abs(mine[0] - theirs[0])
    reached = 0
    for masks in _shuffles(member, permutations, rng):
        level, other = (leaning(a, first, second) for a in _averages(sums, sizes, masks))
        reached += int((np.abs(level - other) >= observed).sum())
    return float(mine[0]), float(theirs[0]), (1 + reached) / (1 + permutations)


def ratio_test(
    embeddings: np.ndarray, labels: np.ndarray, in_level: np.ndarray, words: np.ndarray,
    permutations: int, rng: np.random.Generator,
) -> tuple[np.ndarray, np.ndarray]:
    """conText's `nns_ratio`: each word's cosine with the level's average over its cosine with
    the reference's, and a permutation p of |ratio − 1| (how much the word tells the groups
    apart), clusters shuffled between the groups."""
    sums, sizes, member = _two_groups(embeddings, labels, in_level)
    unit_words = _unit(words)

    def ratios(masks: np.ndarray) -> np.ndarray:
        level, other = _averages(sums, sizes, masks)
        return (_unit(level) @ unit_words.T) / (_unit(other) @ unit_words.T)

    observed = ratios(member[None, :])[0]
    reached = np.zeros(len(words), dtype=np.int64)
    for masks in _shuffles(member, permutations, rng):
        reached += (np.abs(ratios(masks) - 1) >= np.abs(observed - 1)).sum(axis=0)
    return observed, (1 + reached) / (1 + permutations)
