"""Confounds across measures (docs/weat.md, "Confounds"): `measures_disagree` puts every
measure's sign on WEAT's scale (positive: X leans to A) and says when they point different ways;
`ripa_pairs` says whether RIPA's target lists are natural pairs. Results are codes and numbers;
`bias.report.confounds_text` words them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from bias.errors import BiasInputError
from bias.serialize import jsonable
from bias.stats.measure_result import MeasureResult
from bias.stats.permutation import (
    PermutationOptions,
    PermutationTest,
    decide_exact,
    is_extreme,
    test_from_counts,
)
from bias.stats.pvalues import ALPHA
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets

# --- measures that disagree ---------------------------------------------------------------------

Convention = Literal["weat_d", "rnd_norm", "rnd_cos", "ripa", "no_direction"]


@dataclass(frozen=True)
class MeasureDirection:
    """One measure's direction on WEAT's scale: +1 when the first target list (X) leans to the
    first attribute list (A), as a positive d does; None where the measure has no direction."""

    metric: str
    value: float
    convention: Convention
    direction: int | None
    significant: bool | None
    """p < α where the measure computed a p-value, else None."""


def direction_of(result: MeasureResult, alpha: float = ALPHA) -> MeasureDirection:
    """Put a measure's sign on WEAT's scale (docs/weat.md, "Confounds").

    WEAT: d > 0, X leans to A. RND (Euclidean): negative, A is nearer X's mean, so the sign is
    flipped; RND with cosine: positive, A is more similar to X's mean. RIPA: positive, A leans to
    the first word of each pair (X). ECT, MAC and RNSB measure spread or coherence, not a
    direction; SC-WEAT and WEFAT score single words.
    """
    if result.metric == "weat":
        convention: Convention = "weat_d"
        sign = 1
    elif result.metric == "rnd":
        convention = "rnd_cos" if result.details.get("distance") == "cos" else "rnd_norm"
        sign = 1 if convention == "rnd_cos" else -1
    elif result.metric == "ripa":
        convention, sign = "ripa", 1
    else:
        convention, sign = "no_direction", 0
    value = result.value
    direction = None
    if sign and math.isfinite(value):
        direction = int(np.sign(value)) * sign
    significant = None if result.p_value is None else bool(result.p_value < alpha)
    return MeasureDirection(result.metric, value, convention, direction, significant)


@dataclass(frozen=True)
class MeasureAgreement:
    """Whether the measures run on one word set and embedding point the same way.

    `reference` is WEAT where it ran, else the first measure with a direction; `disagreeing`
    the measures pointing the other way. 'too_few': fewer than two measures have a direction.
    """

    state: Literal["agree", "disagree", "too_few"]
    wordset_id: str
    embedding: str
    directions: tuple[MeasureDirection, ...]
    reference: str | None
    disagreeing: tuple[str, ...]

    def to_dict(self) -> dict:
        return jsonable(self)


def measures_disagree(
    results: Sequence[MeasureResult], alpha: float = ALPHA
) -> MeasureAgreement:
    """Compare the directions of measures run on the same word set and embedding."""
    if not results:
        raise BiasInputError("Give the results of at least one measure to compare.")
    first = results[0]
    for other in results[1:]:
        if (other.wordset_id, other.embedding) != (first.wordset_id, first.embedding):
            raise BiasInputError(
                "Only measures run on the same word set and embedding can be compared: "
                f"{first.metric} ran on {first.wordset_id} with {first.embedding}, "
                f"{other.metric} on {other.wordset_id} with {other.embedding}."
            )
    directions = tuple(direction_of(r, alpha) for r in results)
    pointing = [d for d in directions if d.direction]
    reference = next((d for d in pointing if d.metric == "weat"), pointing[0] if pointing else None)
    if len(pointing) < 2 or reference is None:
        return MeasureAgreement("too_few", first.wordset_id, first.embedding, directions,
                                None if reference is None else reference.metric, ())
    against = tuple(d.metric for d in pointing if d.direction != reference.direction)
    return MeasureAgreement("disagree" if against else "agree", first.wordset_id,
                            first.embedding, directions, reference.metric, against)


# --- RIPA's pairs -------------------------------------------------------------------------------

PAIRS_OPTIONS = PermutationOptions(iterations=10_000, exact_limit=40_320)
"""Re-pairings to compare the given pairing with: all of them up to 8 pairs (8! = 40,320), else
10,000 at random; one-sided (are the given pairs more alike than random ones?)."""

MIN_PAIRS = 4
"""With 3 pairs there are 6 pairings, so the given one can never be rarer than 1 in 6."""


@dataclass(frozen=True)
class PairsCheck:
    """Whether RIPA's two target lists are natural pairs (man/woman, king/queen): the i-th words
    of the two lists are more alike than the same words paired at random.

    `matched` is the mean cosine of the given pairs, `shuffled` its mean over re-pairings, and
    `test` the permutation test of `matched` over re-pairings (exact or randomized).
    States: 'natural' (p < α), 'not_natural', 'unequal_lengths' (no pairing at all),
    'too_few_pairs' (fewer than MIN_PAIRS pairs with both words in the embedding).
    """

    state: Literal["natural", "not_natural", "unequal_lengths", "too_few_pairs"]
    pairs: tuple[str, ...]
    matched: float = math.nan
    shuffled: float = math.nan
    test: PermutationTest | None = None

    @property
    def p_value(self) -> float:
        return math.nan if self.test is None else self.test.p_value

    def to_dict(self) -> dict:
        return jsonable(self)


def ripa_pairs(
    embedding: Embedding, sets: NamedSets, options: PermutationOptions = PAIRS_OPTIONS,
    alpha: float = ALPHA,
) -> PairsCheck:
    """Are the first two target lists natural pairs? (PairsCheck; docs/weat.md, "Confounds")."""
    first, second = sets.targets[:2]
    if len(first.words) != len(second.words):
        return PairsCheck("unequal_lengths", ())
    lookups = [embedding.lookup_all(s.words) for s in (first, second)]
    pairs = [(a, b) for a, b in zip(*lookups, strict=True) if a.found and b.found]
    names = tuple(f"{a.word}/{b.word}" for a, b in pairs)
    n = len(pairs)
    if n < MIN_PAIRS:
        return PairsCheck("too_few_pairs", names)
    t1 = embedding.vectors_for([a for a, _ in pairs]).astype(np.float64)
    t2 = embedding.vectors_for([b for _, b in pairs]).astype(np.float64)
    cos = t1 @ t2.T
    matched = float(np.trace(cos) / n)
    options = replace(options, alternative="greater")
    exact = decide_exact(math.factorial(n), options)
    if exact:
        order = np.array(list(itertools.permutations(range(n))))
    else:
        rng = np.random.default_rng(options.seed)
        order = np.argsort(rng.random((options.iterations, n)), axis=1)
    means = cos[np.arange(n), order].mean(axis=1)
    exceed = int(is_extreme(means, matched, "greater").sum())
    test = test_from_counts(matched, exceed, len(order), exact, options)
    state = "natural" if test.p_value < alpha else "not_natural"
    return PairsCheck(state, names, matched, float(means.mean()), test)
