"""What a WEAT result lets a reader conclude, decided once for every page, command and export.

A p-value below α says that these exact words would rarely split this way by chance; it treats
the words as fixed. A reader takes "bias detected" as a finding about the concepts (male vs.
female names), which also needs the effect to survive other choices of words: the bootstrap
interval for d, which resamples the words of all four sets, says whether it does. And a test
whose smallest reachable p is not below α, or whose sets are too small to say anything about the
words they stand for, cannot decide at all. And a one-sided test (as published) that finds
nothing in the stated direction may be finding a strong association the other way: calling that
"no bias" would tell a reader there is no association. Hence five states (docs/weat.md, "The
verdict"):

* `holds`          p < α, and the interval for d excludes 0 in the tested direction;
* `these_words`    p < α, but the interval includes 0 (or was not computed): significant for
                   these exact words only;
* `other_way`      p ≥ α, but the association runs against the stated direction and the other
                   tail's p (`PermutationTest.other_tail_p`) is below α;
* `no_bias`        p ≥ α (and the other tail's p ≥ α), and the test could have given p < α;
* `cannot_decide`  the smallest reachable p is not below α, a set has fewer than
                   `MIN_SET_WORDS` words left with a vector of their own, or d is undefined.

The states are codes with their numbers; `bias.report.verdict` words them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from bias.stats.bootstrap import EffectSizeInterval
from bias.stats.permutation import PermutationTest
from bias.stats.pvalues import ALPHA

State = Literal["holds", "these_words", "other_way", "no_bias", "cannot_decide"]

MIN_SET_WORDS = 4
"""Fewest words a set must keep for a verdict. With 3 + 3 target words there are 20 partitions,
so p ≥ 0.05 whatever the words; 4 + 4 is the smallest equal size whose exact p can fall below
0.05 (1/70 one-sided, 2/70 two-sided). For attribute sets the same floor keeps the bootstrap
meaningful: n words have C(2n−1, n) distinct resamples, 10 at n = 3 and 35 at n = 4, and a mean
over 2 or 3 words stands for a concept no better than a single word does."""

COMPARABLE_COVERAGE = 0.75
"""Share of a set's listed words that must be in the embedding for a published value to be read
beside ours: with a quarter of a list gone, our d measures other lists than the source's."""


@dataclass(frozen=True)
class Coverage:
    """How many of a set's listed words the embedding has with a vector of their own (`found`,
    repeats included), how many only share a frequent word's vector in a pruned table
    (`shared`: an approximation, never counted as found), and how many distinct vectors entered
    the test (`used`)."""

    listed: int
    found: int
    used: int
    shared: int = 0

    @property
    def share(self) -> float:
        return self.found / self.listed if self.listed else 0.0

    @property
    def own_used(self) -> int:
        """Distinct vectors in the test that belong to a listed word itself (not a neighbour's
        vector standing in for it): what the minimum of MIN_SET_WORDS counts."""
        return min(self.found, self.used)


@dataclass(frozen=True)
class Verdict:
    """One of five states (module docstring) with the numbers that decided it."""

    state: State
    alpha: float
    smallest_p: float
    """The smallest p these set sizes and draws allow (`PermutationTest.smallest_p`)."""
    reasons: tuple[str, ...]
    """Why a test cannot decide or holds only for its words: 'p_floor' (smallest p ≥ α),
    'few_words' (a set below MIN_SET_WORDS), 'no_effect_size', 'interval_includes_zero',
    'no_interval'."""
    words_needed: dict[str, int]
    """Words to add to each set that is too small (empty when none is)."""
    comparable: bool
    """Whether every set keeps at least COMPARABLE_COVERAGE of its words, so that a published
    value for the same lists may be read beside ours."""


def _excludes_zero(interval: EffectSizeInterval, alternative: str) -> bool:
    if alternative == "two-sided":
        return interval.low > 0 or interval.high < 0
    return interval.low > 0


def decide(
    test: PermutationTest,
    effect_size: float,
    interval: EffectSizeInterval | None,
    coverage: dict[str, Coverage],
    alpha: float = ALPHA,
) -> Verdict:
    """The verdict of a WEAT from its test, d, the interval for d and each set's coverage."""
    needed = {key: MIN_SET_WORDS - c.own_used for key, c in coverage.items()
              if c.own_used < MIN_SET_WORDS}
    reasons = []
    if test.smallest_p >= alpha:
        reasons.append("p_floor")
    if needed:
        reasons.append("few_words")
    if math.isnan(effect_size):
        reasons.append("no_effect_size")
    comparable = all(c.share >= COMPARABLE_COVERAGE for c in coverage.values())
    if reasons:
        state: State = "cannot_decide"
    elif test.p_value >= alpha:
        other = test.other_tail_p
        state = "other_way" if other is not None and other < alpha else "no_bias"
    elif interval is None:
        state, reasons = "these_words", ["no_interval"]
    elif _excludes_zero(interval, test.alternative):
        state = "holds"
    else:
        state, reasons = "these_words", ["interval_includes_zero"]
    return Verdict(state, alpha, test.smallest_p, tuple(reasons), needed, comparable)
