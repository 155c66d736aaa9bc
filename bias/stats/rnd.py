"""RND, the relative norm distance (Garg, Schiebinger, Jurafsky & Zou 2018, PNAS 115:E3635).

For two target sets T1, T2 (e.g. male and female words) and one attribute set (e.g. occupations):
each attribute word a contributes ‖a − mean(T1)‖ − ‖a − mean(T2)‖, and RND is the mean of these
contributions. Negative: the attribute words sit closer to T1 on average; positive: closer to T2.

Garg et al. sum the contributions; WEFE 1.0 (`wefe/metrics/RND.py`) averages them. BiasWords reports
WEFE's mean as the value (it does not grow with the list) and Garg's sum in `details["sum"]`.
With `rnd_distance="cos"` the distance is replaced by cosine similarity, as WEFE offers.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

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


def contributions(
    first_mean: np.ndarray, second_mean: np.ndarray, attributes: np.ndarray, distance: str
) -> np.ndarray:
    """Each attribute word's distance to the first mean minus to the second, per row of means.

    `first_mean`, `second_mean` are (P, dims) or (dims,); the result is (P, |A|) or (|A|,).
    """
    if distance == "cos":
        def measure(mean):
            norms = np.linalg.norm(mean, axis=-1, keepdims=True)
            return (mean / norms) @ attributes.T
    else:
        squared = (attributes**2).sum(axis=1)

        def measure(mean):
            sq = (mean**2).sum(axis=-1, keepdims=True) - 2 * mean @ attributes.T + squared
            return np.sqrt(np.maximum(sq, 0.0))
    return measure(first_mean) - measure(second_mean)


def run_rnd(
    embedding: Embedding, sets: NamedSets, options: MeasureOptions = MeasureOptions()
) -> MeasureResult:
    """RND of two target sets over one attribute set; per attribute word its contribution."""
    looked = look_up_sets(embedding, sets)
    t1, t2 = looked.vectors_of("target")
    (attribute_name,) = looked.names("attribute")
    (attributes,) = looked.vectors_of("attribute")
    per_word = contributions(t1.mean(axis=0), t2.mean(axis=0), attributes, options.rnd_distance)
    value = float(per_word.mean())
    extra = {}
    if options.p_value:
        targets = np.vstack([t1, t2])
        n, n1 = targets.shape[0], t1.shape[0]
        total = targets.sum(axis=0)

        def statistic(first: np.ndarray) -> np.ndarray:
            first_sum = first @ targets
            means = first_sum / n1, (total - first_sum) / (n - n1)
            return contributions(*means, attributes, options.rnd_distance).mean(axis=1)

        extra = {"test": partition_p(statistic, n, n1, value,
                                     replace(options.test, alternative="two-sided"))}
    return result(
        "rnd", sets, embedding, looked, value,
        per_word=tuple(scores(looked, attribute_name, per_word)),
        details={"distance": options.rnd_distance, "sum": float(per_word.sum())},
        **extra,
    )
