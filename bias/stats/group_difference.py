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
0 and the test keeps its level). That needs Δ computed the same way on the observed split and on
every deal: the same vocabulary (the two groups' documents pooled), the same tested words, the
same training (`bias.corpus.group_permutation`), and in each split d over the tested words both
sides contain (`split_difference`). A split in which a list keeps fewer than `MIN_SET_WORDS`
such words, or d is undefined, has no Δ: a deal's counts as at least as extreme (conservative),
the observed split's is refused. The smallest p the test can give is 1 / (1 + N): with N = 19
it is 0.05, which can never be below 0.05; the default (`DEFAULT_PERMUTATIONS`) can reach 0.025.

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
KEYS = ("X", "Y", "A", "B")


def minimum_p(permutations: int) -> float:
    """The smallest p-value `permutations` deals can give: 1 / (1 + N)."""
    return 1 / (1 + permutations)


def permutation_p_value(observed: float, permuted: Sequence[float]) -> tuple[float, int]:
    """(p, how many permuted |Δ| are at least |observed|) for the two-sided test; a nan Δ (a
    deal without a d) counts as at least as extreme."""
    values = np.abs(np.asarray(permuted, dtype=float))
    target = abs(observed)
    extreme = int(np.sum(np.isnan(values) | (values >= target - tie_tolerance(target))))
    return (1 + extreme) / (1 + len(values)), extreme


def split_effect_size(vectors: np.ndarray, sizes: Sequence[int]) -> float:
    """WEAT's d in one model from unit vectors (rows X, Y, A, B in that order, `sizes` words
    each; `bias.stats.weat`'s association and effect size)."""
    ends = np.cumsum([0, *sizes])
    targets = vectors[ends[0]:ends[2]]
    first, second = vectors[ends[2]:ends[3]], vectors[ends[3]:ends[4]]
    s = (targets @ first.T).mean(axis=1) - (targets @ second.T).mean(axis=1)
    return float(effect_size(s, sizes[0]))


@dataclass(frozen=True)
class SplitDifference:
    """d in the two sides of one split over the tested words both sides contain."""

    effect_sizes: tuple[float, float]
    """nan when a list keeps fewer than `MIN_SET_WORDS` words, or d is undefined."""
    absent: tuple[str, ...]
    """Tested words a side does not contain, left out of both sides' d."""

    @property
    def difference(self) -> float:
        return self.effect_sizes[0] - self.effect_sizes[1]


def split_difference(sides: tuple[SplitVectors, SplitVectors],
                     words: dict[str, tuple[str, ...]]) -> SplitDifference:
    """The same rule on every split, the observed one included (module docstring)."""
    missing = {*sides[0].missing, *sides[1].missing}
    flat = [word for key in KEYS for word in words[key]]
    absent = tuple(word for word in flat if word in missing)
    sizes = [sum(word not in missing for word in words[key]) for key in KEYS]
    if min(sizes) < MIN_SET_WORDS:
        return SplitDifference((math.nan, math.nan), absent)
    rows = [row for row, word in enumerate(flat) if word not in missing]
    found = tuple(split_effect_size(side.vectors[rows], sizes) for side in sides)
    return SplitDifference(found, absent)


@dataclass(frozen=True)
class GroupDifference:
    """The test of whether two groups' d differ (module docstring)."""

    wordset_id: str
    title: str
    group_column: str
    groups: tuple[str, str]
    effect_sizes: tuple[float, float]
    """d in each group's model for the test (trained on all its documents, or its equal-size
    sample, keeping the pooled vocabulary: not the saved model's own, so d can differ)."""
    difference: float
    """d of the first group minus d of the second."""
    p_value: float
    alternative: str
    permutations: int
    extreme: int
    """Permutations whose |Δ| is at least the observed |Δ| (or without a Δ)."""
    minimum_p: float
    absent: tuple[str, ...]
    """Tested words that one of the two groups does not contain: left out of their d's."""
    lost_words: int
    """Permutations in which a side did not contain a tested word (d over fewer words)."""
    undefined: int
    """Permutations without a d (a list under `MIN_SET_WORDS` words both sides contain, or d
    undefined): counted as at least as extreme."""
    seed: int
    documents: tuple[int, int]
    tokens: tuple[int, int]
    equal_groups: bool
    words: dict[str, tuple[str, ...]]
    left_out: tuple[str, ...]
    """Listed words under the minimum count in the two groups together: not tested."""
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
    observed, *deals = [split_difference(sides, splits.words.words) for sides in splits.sides]
    if math.isnan(observed.difference):
        raise BiasInputError(
            f"d is undefined in one of the two groups' models (a list keeps fewer than "
            f"{MIN_SET_WORDS} words that both groups contain, or every word's association is "
            "the same), so the groups cannot be compared."
        )
    permuted = tuple(deal.difference for deal in deals)
    p, extreme = permutation_p_value(observed.difference, permuted)
    return GroupDifference(
        wordset.id, wordset.title, group_column, splits.groups, observed.effect_sizes,
        observed.difference, p, ALTERNATIVE, len(permuted), extreme, minimum_p(len(permuted)),
        observed.absent, sum(bool(deal.absent) for deal in deals),
        sum(math.isnan(delta) for delta in permuted), splits.seed, splits.documents,
        splits.tokens, equal_groups, splits.words.words, splits.words.left_out, permuted,
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
