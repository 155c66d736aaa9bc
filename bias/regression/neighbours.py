"""What the numbers mean in words: nearest neighbours of a group's average instance embedding,
and the contexts nearest a coefficient's direction.

* A group's neighbours (conText's `nns`): the cosine of the group's average ALC embedding with
  each candidate word's vector; the candidates are the context words that had a vector (the
  quick start's choice: words of the corpus, not the whole vocabulary).
* Their bootstrap intervals (as conText's `get_nns`): the group's clusters resampled with
  replacement, the average recomputed, the cosine with each listed word; the percentile
  interval of those cosines.
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


def bootstrap_cosines(
    embeddings: np.ndarray, labels: np.ndarray, words: np.ndarray, draws: int,
    rng: np.random.Generator, level: float,
) -> np.ndarray:
    """(len(words) × 2) percentile intervals of the cosine between the average of `embeddings`
    and each row of `words`, resampling the clusters `labels` (0 … G−1) with replacement."""
    count = int(labels.max()) + 1
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    sizes = np.bincount(labels, minlength=count).astype(np.float64)
    picks = rng.integers(0, count, size=(draws, count))
    weights = np.zeros((draws, count))
    np.add.at(weights, (np.arange(draws)[:, None], picks), 1.0)
    averages = (weights @ sums) / (weights @ sizes)[:, None]
    values = _unit(averages) @ _unit(words).T  # (draws, words)
    tail = (1 - level) / 2 * 100
    return np.percentile(values, [tail, 100 - tail], axis=0).T


def leaning(average: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Mean cosine with the rows of `first` minus mean cosine with those of `second`, for each
    row of `average` (a WEAT association, s(w, A, B), of a group's embedding)."""
    unit = _unit(np.atleast_2d(average))
    return (unit @ _unit(first).T).mean(axis=1) - (unit @ _unit(second).T).mean(axis=1)


def leaning_test(
    embeddings: np.ndarray, labels: np.ndarray, in_level: np.ndarray, first: np.ndarray,
    second: np.ndarray, permutations: int, rng: np.random.Generator,
) -> tuple[float, float, float]:
    """(leaning of the level's average, of the reference's, two-sided permutation p of their
    difference), the clusters `labels` (0 … G−1, each wholly in one group; `in_level` per
    instance) shuffled between the two groups."""
    count = int(labels.max()) + 1
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    sizes = np.bincount(labels, minlength=count).astype(np.float64)
    member = np.zeros(count)
    member[labels[in_level]] = 1.0

    def differences(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        level = leaning((masks @ sums) / (masks @ sizes)[:, None], first, second)
        other = leaning(((1 - masks) @ sums) / ((1 - masks) @ sizes)[:, None], first, second)
        return level, other

    level, other = differences(member[None, :])
    observed = abs(level[0] - other[0])
    reached = 0
    for start in range(0, permutations, BLOCK):
        draws = min(BLOCK, permutations - start)
        masks = rng.permuted(np.broadcast_to(member, (draws, count)), axis=1)
        shuffled_level, shuffled_other = differences(masks)
        reached += int((np.abs(shuffled_level - shuffled_other) >= observed).sum())
    return float(level[0]), float(other[0]), (1 + reached) / (1 + permutations)
