"""ECT, the embedding coherence test (Dev & Phillips 2019, AISTATS).

For two target sets T1, T2 (e.g. male and female names) and one attribute set (e.g. occupations):
take the mean vector of each target set, the cosine similarity of every attribute word with each
mean, and the Spearman rank correlation ρ of the two lists of similarities. ρ near 1: the
attribute words are ranked the same way from both groups (little bias); lower ρ: the groups
order the attributes differently. As WEFE 1.0 (`wefe/metrics/ECT.py`), on unit vectors.

Per attribute word: its similarity with each mean and their difference (which side it favours).
The optional p-value is one-sided: how often a random split of the target words gives a ρ at most
as high as the observed one.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from bias.errors import BiasInputError
from bias.stats.measure_result import (
    MeasureOptions,
    MeasureResult,
    look_up_sets,
    result,
    scores,
)
from bias.stats.permutation import partition_p
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets


def spearman_rows(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Spearman's ρ between matching rows of many similarity lists at once.

    Ranks by a double argsort: ties, which continuous similarities practically never have, would
    get distinct ranks here; the observed value itself (`spearman`) gives ties their mean rank.
    """
    a = np.argsort(np.argsort(first, axis=-1), axis=-1).astype(np.float64)
    b = np.argsort(np.argsort(second, axis=-1), axis=-1).astype(np.float64)
    n = a.shape[-1]
    return 1.0 - 6.0 * ((a - b) ** 2).sum(axis=-1) / (n * (n * n - 1))


def average_ranks(values: np.ndarray) -> np.ndarray:
    """Ranks 1..n, tied values sharing their mean rank (scipy.stats.rankdata's 'average')."""
    order = np.argsort(values, kind="mergesort")
    ordered = values[order]
    starts = np.r_[True, ordered[1:] != ordered[:-1]]
    group = starts.cumsum()
    bounds = np.r_[np.flatnonzero(starts), values.size]
    ranks = np.empty(values.size)
    ranks[order] = 0.5 * (bounds[group] + bounds[group - 1] + 1)
    return ranks


def spearman(first: np.ndarray, second: np.ndarray) -> float:
    """Spearman's ρ with tied values at their mean rank, as scipy.stats.spearmanr (without the
    second of scipy's import time that a command-line run would pay)."""
    a, b = average_ranks(first), average_ranks(second)
    a, b = a - a.mean(), b - b.mean()
    denominator = np.sqrt((a * a).sum() * (b * b).sum())
    return float((a * b).sum() / denominator) if denominator > 0 else float("nan")


def _similarities(means: np.ndarray, attributes: np.ndarray) -> np.ndarray:
    return (means / np.linalg.norm(means, axis=-1, keepdims=True)) @ attributes.T


def run_ect(
    embedding: Embedding, sets: NamedSets, options: MeasureOptions = MeasureOptions()
) -> MeasureResult:
    """ECT of two target sets over one attribute set."""
    looked = look_up_sets(embedding, sets)
    t1, t2 = looked.vectors_of("target")
    (attribute_name,) = looked.names("attribute")
    (attributes,) = looked.vectors_of("attribute")
    if attributes.shape[0] < 3:
        raise BiasInputError("ECT ranks the attribute words: it needs at least 3 of them found.")
    sim1 = _similarities(t1.mean(axis=0), attributes)
    sim2 = _similarities(t2.mean(axis=0), attributes)
    value = spearman(sim1, sim2)
    extra = {}
    if options.p_value:
        targets = np.vstack([t1, t2])
        n, n1 = targets.shape[0], t1.shape[0]
        total = targets.sum(axis=0)

        def statistic(first: np.ndarray) -> np.ndarray:
            first_sum = first @ targets
            return spearman_rows(_similarities(first_sum, attributes),
                                 _similarities(total - first_sum, attributes))

        extra = {"test": partition_p(statistic, n, n1, value,
                                     replace(options.test, alternative="less"))}
    names = looked.names("target")
    return result(
        "ect", sets, embedding, looked, value,
        per_word=tuple(scores(looked, attribute_name, sim1 - sim2,
                              **{f"similarity to {names[0]}": sim1,
                                 f"similarity to {names[1]}": sim2})),
        **extra,
    )
