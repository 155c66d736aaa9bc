"""What the numbers mean in words: nearest neighbours of a group's average instance embedding,
and the contexts nearest a coefficient's direction.

* A group's neighbours (conText's `nns`): the cosine of the group's average ALC embedding with
  each candidate word's vector; the candidates are the context words that had a vector (the
  quick start's choice: words of the corpus, not the whole vocabulary).
* Their intervals: the cosine with the average's length corrected for noise, ± t × its jackknife
  standard error (not conText's bootstrap percentiles, which lie too low: `corrected_cosines`
  says why).
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
from bias.regression.permutations import BLOCK, CELLS


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


def corrected_cosines(
    embeddings: np.ndarray, labels: np.ndarray, words: np.ndarray, level: float
) -> tuple[np.ndarray, np.ndarray]:
    """The cosine between the average the instances come from and each row of `words`, with the
    average's length corrected for noise (NaN where nothing can be said), and (len(words) × 2)
    intervals: that corrected cosine ± t(G−1) × its jackknife standard error (one cluster of
    `labels`, 0 … G−1, left out at a time), cut to the cosine's range [−1, 1].

    Why a correction: noise in an average lengthens it without turning it toward any word, so the
    observed cosine m·w / ‖m‖ is biased toward 0. Its numerator is unbiased; its denominator is
    not: E‖m‖² = ‖μ‖² + tr Var(m). As for the coefficients' norms (Green et al. 2025), the
    cluster-robust estimate of tr Var(m), G/(G−1) · Σ_g ‖s_g − n_g m‖² / N² (s_g, n_g: a
    cluster's sum and size), is taken off ‖m‖². conText's bootstrap percentiles (`get_nns`)
    inherit the bias twice (a resampled average carries the sample's noise and the
    resampling's), so they lie below the truth: on generated groups with a known average, 95%
    percentile intervals held the true cosine in 0–91% of samples (none at a true .9 in most
    settings), the jackknife's bias-corrected interval in 70–96%, this one in 89–100%
    (bench/regression_cosine_coverage.py, docs/regression.md).

    Every left-out quantity comes from per-cluster scalars (s_g·S, s_g·B, ‖s_g‖², s_g·w, with
    S = Σ s_g and B = Σ n_g s_g), so no G × D array of left-out averages is formed. With fewer
    than 3 clusters, or when noise accounts for all of an average's length (in the sample or
    with a cluster left out), nothing can be said: the interval is the whole range, [−1, 1]."""
    count = int(labels.max()) + 1
    nothing = (np.full(len(words), np.nan), np.tile([-1.0, 1.0], (len(words), 1)))
    if count < 3:
        return nothing
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    sizes = np.bincount(labels, minlength=count).astype(np.float64)
    unit_words = _unit(words)
    total, weighted = sums.sum(axis=0), sizes @ sums
    along, own = sums @ unit_words.T, np.einsum("gd,gd->g", sums, sums)
    with_total, with_weighted = sums @ total, sums @ weighted
    observed, squared = _corrected(
        (total @ unit_words.T)[None, :], np.array([total @ total]),
        np.array([total @ weighted]), np.array([own.sum()]), np.array([sizes @ sizes]),
        np.array([sizes.sum()]), count)
    without, without_squared = _corrected(
        total @ unit_words.T - along, total @ total - 2 * with_total + own,
        total @ weighted - sizes * with_total - with_weighted + sizes * own,
        own.sum() - own, sizes @ sizes - sizes**2, sizes.sum() - sizes, count - 1)
    if squared[0] <= 0 or (without_squared <= 0).any():
        return nothing
    return observed[0], np.clip(jackknife.interval(observed[0], without, level), -1.0, 1.0)


def _corrected(along: np.ndarray, squared: np.ndarray, with_weighted: np.ndarray,
               own: np.ndarray, sizes_squared: np.ndarray, size: np.ndarray, count: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """(cosines with the corrected length, the corrected squared length) of averages given by
    row: S·w for each word, ‖S‖², S·B, Σ‖s_g‖², Σn_g², N, over `count` clusters. The spread
    Σ‖s_g − n_g m‖² expands to Σ‖s_g‖² − 2 m·B + ‖m‖² Σn_g² with m = S / N."""
    mean_squared = squared / size**2
    spread = own - 2 * with_weighted / size + mean_squared * sizes_squared
    corrected = mean_squared - count / (count - 1) * spread / size**2
    root = np.sqrt(np.maximum(corrected, np.finfo(float).tiny))
    return along / size[:, None] / root[:, None], corrected


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
    """The clusters' group marks shuffled, `BLOCK` permutations at a time, fewer when clusters
    are many (at most `CELLS` draws × clusters): `permuted` draws row after row, so the rows,
    and the p-values, do not depend on how many are drawn at once."""
    step = min(BLOCK, max(1, CELLS // len(member)))
    for start in range(0, permutations, step):
        draws = min(step, permutations - start)
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
