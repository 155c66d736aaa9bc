"""Whether two groups' WEAT effect sizes differ: a permutation test over the documents.

Drawing each group's d side by side does not compare them: three groups with the same planted
bias, differing only in size, gave d from 0.04 to 0.68 (issue 41), as far apart as a real
trend. The test asks whether the difference Δ = d_A − d_B between the two groups' models is
larger than what dealing the same documents at random into two groups of the same sizes gives,
models trained again each time (`bias.corpus.group_permutation`). So the null distribution
holds everything that moves d besides the groups: training noise, the groups' sizes (kept in
every deal), which documents happen to be in a group.

  p = (1 + #{i : |Δ_i| ≥ |Δ_obs|}) / (1 + N),   two-sided, N permutations

(Phipson & Smyth 2010: the observed split counts as one of the possible deals, so p is never
0 and the test keeps its level). A deal whose model lost a tested word counts as at least as
extreme (conservative). The smallest p the test can give is 1 / (1 + N): with N = 19 it is
0.05, which can never be below 0.05; the default (`DEFAULT_PERMUTATIONS`) can reach 0.025.

What it shows: that the association differs between the two groups' texts more than chance
dealing explains, for these words. What it cannot: why (topics, vocabulary, attitudes), or that
the groups are the same when p is large (few documents give little power). Each group's model
is its own space; only the two d's are compared.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bias.corpus.group_permutation import Splits, SplitVectors, train_splits
from bias.corpus.options import DEFAULT_PERMUTATIONS, PERMUTATIONS, ReadOptions, TrainOptions
from bias.errors import BiasInputError
from bias.serialize import jsonable
from bias.stats.effect_size import effect_size
from bias.stats.permutation import tie_tolerance
from bias.stats.pvalues import ALPHA
from bias.stats.verdict import MIN_SET_WORDS
from bias.wordsets import WordSet

ALTERNATIVE = "two-sided"


def minimum_p(permutations: int) -> float:
    """The smallest p-value `permutations` deals can give: 1 / (1 + N)."""
    return 1 / (1 + permutations)


def permutation_p_value(observed: float, permuted: Sequence[float]) -> tuple[float, int]:
    """(p, how many permuted |Δ| are at least |observed|) for the two-sided test; a nan Δ (a
    deal that lost a word) counts as at least as extreme."""
    values = np.abs(np.asarray(permuted, dtype=float))
    target = abs(observed)
    extreme = int(np.sum(np.isnan(values) | (values >= target - tie_tolerance(target))))
    return (1 + extreme) / (1 + len(values)), extreme


def split_effect_size(side: SplitVectors, sizes: dict[str, int]) -> float:
    """WEAT's d in one model from its test words' unit vectors (rows X, Y, A, B in that order;
    `bias.stats.weat`'s association and effect size), nan when a word has no vector."""
    if side.missing:
        return math.nan
    ends = np.cumsum([0] + [sizes[key] for key in ("X", "Y", "A", "B")])
    targets = side.vectors[ends[0]:ends[2]]
    first, second = side.vectors[ends[2]:ends[3]], side.vectors[ends[3]:ends[4]]
    s = (targets @ first.T).mean(axis=1) - (targets @ second.T).mean(axis=1)
    return float(effect_size(s, sizes["X"]))


@dataclass(frozen=True)
class GroupDifference:
    """The test of whether two groups' d differ (module docstring)."""

    wordset_id: str
    title: str
    group_column: str
    groups: tuple[str, str]
    effect_sizes: tuple[float, float]
    """d in each group's model (trained on all its documents, or its equal-size sample)."""
    difference: float
    """d of the first group minus d of the second."""
    p_value: float
    alternative: str
    permutations: int
    extreme: int
    """Permutations whose |Δ| is at least the observed |Δ| (or that lost a word)."""
    minimum_p: float
    lost_words: int
    """Permutations in which a model had no vector for a tested word (counted as extreme)."""
    seed: int
    documents: tuple[int, int]
    tokens: tuple[int, int]
    equal_groups: bool
    words: dict[str, tuple[str, ...]]
    left_out: tuple[str, ...]
    """Listed words under the minimum count in either group: not tested."""
    permuted_differences: tuple[float, ...]
    alpha: float = ALPHA

    @property
    def supported(self) -> bool:
        """Whether the test supports a difference at `alpha`."""
        return self.p_value < self.alpha

    def to_dict(self) -> dict:
        return jsonable(self) | {"supported": self.supported}


def group_difference(splits: Splits, *, wordset: WordSet, group_column: str,
                     equal_groups: bool = False) -> GroupDifference:
    """The test from the trained splits (the observed split first)."""
    sizes = {key: len(words) for key, words in splits.words.words.items()}
    deltas = [split_effect_size(a, sizes) - split_effect_size(b, sizes)
              for a, b in splits.sides]
    observed = (split_effect_size(splits.sides[0][0], sizes),
                split_effect_size(splits.sides[0][1], sizes))
    if any(math.isnan(d) for d in observed):
        raise BiasInputError(
            "d is undefined in one of the two groups' models (every association equal, or a "
            "word without a vector), so the groups cannot be compared."
        )
    permuted = deltas[1:]
    p, extreme = permutation_p_value(deltas[0], permuted)
    return GroupDifference(
        wordset.id, wordset.title, group_column, splits.groups, observed, deltas[0], p,
        ALTERNATIVE, len(permuted), extreme, minimum_p(len(permuted)),
        sum(math.isnan(d) for d in permuted), splits.seed, splits.documents, splits.tokens,
        equal_groups, splits.words.words, splits.words.left_out, tuple(permuted),
    )


def compare_groups(path: Path, *, language: str, groups: tuple[str, str], wordset: WordSet,
                   read: ReadOptions, options: TrainOptions | None = None,
                   permutations: int = DEFAULT_PERMUTATIONS, scheduler: str | None = None,
                   workers: int | None = None) -> GroupDifference:
    """Train the two groups' models and `permutations` permuted pairs, and test (module
    docstring). `options.replicates` is not used: each side of a split is one model."""
    options = options or TrainOptions()
    PERMUTATIONS.check(permutations)
    splits = train_splits(Path(path), language=language, groups=groups, wordset=wordset,
                          read=read, options=options, permutations=permutations,
                          min_set_words=MIN_SET_WORDS, scheduler=scheduler, workers=workers)
    return group_difference(splits, wordset=wordset, group_column=str(read.group_column),
                            equal_groups=options.equal_groups)
