"""The one permutation engine: WEAT and every measure with a p-value use it.

What is decided here, once:

* exact or random: enumeration when the arrangements number at most `exact_limit` (or when
  `method="exact"`, refused above `EXACT_HARD_LIMIT`), otherwise a randomization test of
  `iterations` uniformly random arrangements (`decide_exact`);
* the p-value: k/N over all N arrangements when exact, (k+1)/(N+1) when randomized (the observed
  arrangement counts as one draw, so a randomized p is never 0; Phipson & Smyth 2010) with a 95%
  Clopper–Pearson interval for the exact p (`PermutationTest`);
* "at least as extreme": one-sided (greater or less) or two-sided, with a tie tolerance so that
  rounding noise never decides (`is_extreme`).

scipy.stats.permutation_test computes the same p-values, but it switches to enumeration by itself
whenever the draws outnumber the partitions, so a forced randomization test (`--sampled`, e.g.
10^6 draws on WEAT7's 12,870 partitions) is impossible with it, and it keeps every draw in memory;
hence the short vectorised loops below.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from bias.bounds import Bound, bounded, check_bounds
from bias.errors import BiasInputError
from bias.jobs import checkpoint
from bias.serialize import NOT_SERIALISED
from bias.stats.pvalues import monte_carlo_interval

Method = Literal["auto", "exact", "randomized"]
Alternative = Literal["greater", "less", "two-sided"]

EXACT_HARD_LIMIT = 20_000_000
"""Above this many arrangements even a forced exact test is refused (it would take minutes)."""

MAX_DRAWS = 10_000_000
"""The null distribution is kept as float32 for the histogram: 40 MB at this many draws."""

DRAWS = Bound(
    "The number of draws", 1, MAX_DRAWS, unit="draws",
    reason="more would not fit in memory and would not change the p-value's first digits",
)
EXACT_LIMIT = Bound("The exact limit", 1)
"""Count every partition when there are at most this many."""
SEED = Bound("The random seed", 0)

CHUNK_ELEMENTS = 4_000_000
"""Work in blocks of about this many numbers, so memory stays bounded at 10^7 draws."""


@dataclass(frozen=True)
class PermutationOptions:
    """How to compute a permutation p-value. The defaults follow the paper: 100,000 random
    draws when the partitions are too many to enumerate."""

    method: Method = "auto"
    iterations: int = bounded(100_000, DRAWS)
    exact_limit: int = bounded(1_000_000, EXACT_LIMIT)
    seed: int = bounded(0, SEED)
    alternative: Alternative = "greater"

    def __post_init__(self) -> None:
        check_bounds(self)
        if self.method not in ("auto", "exact", "randomized"):
            raise BiasInputError("The method must be 'auto', 'exact' or 'randomized'.")
        if self.alternative not in ("greater", "less", "two-sided"):
            raise BiasInputError(
                "The alternative must be 'greater' or 'less' (one-sided) or 'two-sided'."
            )


@dataclass(frozen=True)
class PermutationTest:
    """A permutation test's outcome: the observed statistic, its p-value and how it was made."""

    statistic: float
    p_value: float
    method: Literal["exact", "randomized"]
    alternative: Alternative
    iterations: int
    """Arrangements enumerated (exact) or random arrangements drawn (randomized)."""
    exceed: int
    """How many of them were at least as extreme as the observed statistic."""
    p_value_interval: tuple[float, float] | None
    """95% Monte-Carlo interval for the exact p (randomized only)."""
    seed: int | None
    smallest_p: float
    """The smallest p these set sizes and this many draws allow, whatever the words: a test whose
    smallest p is not below α could not have detected anything."""
    null_distribution: np.ndarray | None = field(default=None, repr=False,
                                                 metadata=NOT_SERIALISED)
    """Every arrangement's statistic (float32), for the histogram; None where not kept."""
    other_tail_p: float | None = None
    """A one-sided 'greater' test's p in the other direction, P(stat ≤ observed), counted over
    the same arrangements with the same rule (k/N exact, (k+1)/(N+1) randomized): what says
    that an association running against the stated direction would be significant that way.
    The test stays one-sided as published; None for a two-sided test, where either direction
    is already counted, and for tests that do not count it."""

    @property
    def p_value_is_bound(self) -> bool:
        """True when no random draw was at least as extreme: p = 1/(N+1) is then only an upper
        bound set by the number of draws (p < 1/N), not an estimate, and must be shown as one."""
        return self.method == "randomized" and self.exceed == 0


def tie_tolerance(scale: np.ndarray | float) -> np.ndarray | float:
    """How close two statistics of size about `scale` must be to count as equal.

    Float sums of the same numbers in another order differ by rounding (0.1 + 0.2 is not 0.3), so
    the p-value's "at least as extreme" and the effect size's "all associations equal" both
    compare with this tolerance, never with exact equality.
    """
    return 1e-12 + 1e-9 * np.abs(scale)


def is_extreme(null: np.ndarray, observed: np.ndarray | float, alternative: Alternative,
               rounding: np.ndarray | float = 0.0) -> np.ndarray:
    """Which null statistics are at least as extreme as `observed` (broadcast), up to ties;
    `rounding` widens the tie tolerance by the error of a stored, rounded null (float32)."""
    tolerance = tie_tolerance(observed) + rounding
    if alternative == "greater":
        return null >= observed - tolerance
    if alternative == "less":
        return null <= observed + tolerance
    return np.abs(null) >= np.abs(observed) - tolerance


def p_value(exceed: int | np.ndarray, draws: int, exact: bool) -> float | np.ndarray:
    """k/N over every arrangement, or (k+1)/(N+1) over random ones."""
    return exceed / draws if exact else (exceed + 1) / (draws + 1)


def decide_exact(arrangements: int, options: PermutationOptions) -> bool:
    """Whether to enumerate all `arrangements` (True) or draw `options.iterations` at random."""
    exact = options.method == "exact" or (
        options.method == "auto" and arrangements <= options.exact_limit
    )
    if exact and arrangements > EXACT_HARD_LIMIT:
        raise BiasInputError(
            f"These sets have {arrangements:.3g} arrangements, too many to enumerate; "
            "use the randomization test instead."
        )
    return exact


def test_from_counts(
    statistic: float,
    exceed: int,
    draws: int,
    exact: bool,
    options: PermutationOptions,
    null_distribution: np.ndarray | None = None,
    mirrored: bool = False,
    other_tail: int | None = None,
) -> PermutationTest:
    """The PermutationTest for `exceed` of `draws` arrangements at least as extreme.

    `other_tail`: of a one-sided test, how many arrangements are at least as extreme the other
    way (`PermutationTest.other_tail_p`); None when not counted.

    `mirrored`: every arrangement has a mirror image with the opposite statistic (X and Y of equal
    size swapped; every sign flipped), so a two-sided exact test counts at least two arrangements
    as extreme and its smallest p is 2/N, not 1/N.
    """
    floor = 2 if exact and mirrored and options.alternative == "two-sided" else 1
    return PermutationTest(
        statistic=statistic,
        p_value=float(p_value(exceed, draws, exact)),
        method="exact" if exact else "randomized",
        alternative=options.alternative,
        iterations=draws,
        exceed=exceed,
        p_value_interval=None if exact else monte_carlo_interval(exceed, draws),
        seed=None if exact else options.seed,
        smallest_p=float(p_value(floor, draws, True) if exact else p_value(0, draws, False)),
        null_distribution=null_distribution,
        other_tail_p=None if other_tail is None else float(p_value(other_tail, draws, exact)),
    )


# --- partitions of one vector of values (WEAT's test) -------------------------------------------


def partition_count(nx: int, ny: int) -> int:
    """How many ways X∪Y splits into sets of sizes |X| and |Y|."""
    return math.comb(nx + ny, nx)


def index_dtype(n: int) -> np.dtype:
    """The smallest unsigned integer type that holds the indices 0 … n−1 (n ≥ 1)."""
    return np.min_scalar_type(max(n - 1, 0))


_CACHED_INDEX_BYTES = 16 << 20
"""Partition index tables up to this size are built once per (|X|, |Y|) and kept (WEAT 6-10's
12,870 × 8 take 100 KB): rebuilding them was 90% of an exact test."""

_ENUMERATED_NULL_MAX = 1_000_000
"""A randomized test draws uniform partition numbers from the enumerated null when there are at
most this many partitions (8 MB of sums) and enumerating costs no more than drawing."""


def _combination_blocks(n: int, nx: int) -> Iterator[np.ndarray]:
    """Every X side (sorted indices, itertools order) as rows of blocks of about
    `CHUNK_ELEMENTS` numbers, in the smallest index type for n."""
    combos = itertools.combinations(range(n), nx)
    block = max(1, CHUNK_ELEMENTS // max(nx, 1))
    dtype = index_dtype(n)
    while True:
        flat = np.fromiter(
            itertools.chain.from_iterable(itertools.islice(combos, block)), dtype=dtype
        )
        if flat.size == 0:
            return
        yield flat.reshape(-1, nx)


@functools.lru_cache(maxsize=8)
def _cached_partitions(n: int, nx: int) -> np.ndarray:
    """All X sides of n targets, one row each (read-only, shared between calls)."""
    table = np.concatenate(list(_combination_blocks(n, nx)))
    table.flags.writeable = False
    return table


def _partition_blocks(n: int, nx: int) -> Iterator[np.ndarray]:
    partitions = partition_count(n - nx, nx)
    if partitions * nx * index_dtype(n).itemsize <= _CACHED_INDEX_BYTES:
        table = _cached_partitions(n, nx)
        block = max(1, CHUNK_ELEMENTS // max(nx, 1))
        for start in range(0, partitions, block):
            yield table[start : start + block]
    else:
        yield from _combination_blocks(n, nx)


def _exact_x_sums(s: np.ndarray, nx: int) -> Iterator[np.ndarray]:
    """Sum of s over the X side of every partition, in blocks (the same additions in the same
    order whether the index table is cached or not, so the p-value is the same to the bit)."""
    for rows in _partition_blocks(s.size, nx):
        yield s[rows].sum(axis=1)


def _enumerable(n: int, nx: int, draws: int) -> bool:
    """Whether drawing partition numbers from the enumerated null is the cheaper way to draw."""
    partitions = partition_count(n - nx, nx)
    cached = partitions * nx * index_dtype(n).itemsize <= _CACHED_INDEX_BYTES
    return partitions <= _ENUMERATED_NULL_MAX and (cached or partitions * nx <= draws * n)


def _random_x_sums(
    s: np.ndarray, nx: int, draws: int, rng: np.random.Generator
) -> Iterator[np.ndarray]:
    """Sum of s over the X side of `draws` uniformly random partitions, in blocks.

    When the partitions can be enumerated cheaply (`_enumerable`), every partition's sum is
    computed once and the draws are uniform partition numbers into it: the same distribution as
    drawing partitions, at a fraction of the cost (10^6 draws for 8 + 8 words: 0.02 s against
    1.3 s). Otherwise the X side is the `nx` smallest of n uniform keys, i.e. the first nx of a
    random permutation.
    """
    n = s.size
    done = 0
    if _enumerable(n, nx, draws):
        sums = np.concatenate(list(_exact_x_sums(s, nx)))
        block = CHUNK_ELEMENTS // 4  # three float64/int64 temporaries per block: 24 MB
        while done < draws:
            size = min(block, draws - done)
            yield sums[rng.integers(0, sums.size, size=size)]
            done += size
        return
    block = max(1, CHUNK_ELEMENTS // n)
    while done < draws:
        size = min(block, draws - done)
        keys = rng.random((size, n))
        yield s[np.argpartition(keys, nx - 1, axis=1)[:, :nx]].sum(axis=1)
        done += size


def _difference_of_means(x_sums: np.ndarray, total: float, nx: int, ny: int) -> np.ndarray:
    return x_sums / nx - (total - x_sums) / ny


def permutation_test(
    s: np.ndarray, nx: int, options: PermutationOptions = PermutationOptions()
) -> PermutationTest:
    """p of the difference of means of the first `nx` values and the rest, over every way to
    split the values into sets of those sizes; the null distribution is kept for the chart."""
    s = np.asarray(s, dtype=np.float64)
    ny = s.size - nx
    if nx < 1 or ny < 1:
        raise BiasInputError("Each target set needs at least one word found in the embedding.")
    partitions = partition_count(nx, ny)
    exact = decide_exact(partitions, options)
    total = float(s.sum())
    observed = float(_difference_of_means(np.array(s[:nx].sum()), total, nx, ny))
    if exact:
        blocks = _exact_x_sums(s, nx)
    else:
        blocks = _random_x_sums(s, nx, options.iterations, np.random.default_rng(options.seed))
    draws = partitions if exact else options.iterations
    null_distribution = np.empty(draws, dtype=np.float32)  # filled in place: one copy at 10^7
    one_sided = options.alternative == "greater"
    exceed = other = done = 0
    for x_sums in blocks:
        checkpoint(done, draws)
        null = _difference_of_means(x_sums, total, nx, ny)
        exceed += int(np.count_nonzero(is_extreme(null, observed, options.alternative)))
        if one_sided:
            other += int(np.count_nonzero(is_extreme(null, observed, "less")))
        null_distribution[done : done + null.size] = null
        done += null.size
    return test_from_counts(observed, exceed, draws, exact, options, null_distribution,
                            mirrored=nx == ny, other_tail=other if one_sided else None)


# --- partitions and sign flips for statistics of whole sets (the measures) ----------------------


def partition_masks(
    n: int, n_first: int, options: PermutationOptions, rows_per_partition: int = 1
) -> tuple[Iterator[np.ndarray], bool]:
    """Blocks of 0/1 matrices (P, n), each row marking the first set of one partition of n words
    into `n_first` and the rest, and whether they are all partitions (exact) or random ones.

    `first @ values` sums the first set of every partition in one matrix product.
    `rows_per_partition` is how many numbers the caller computes per partition (SC-WEAT: one per
    word), so that a block stays near `CHUNK_ELEMENTS` numbers either way.
    """
    exact = decide_exact(partition_count(n_first, n - n_first), options)
    block = max(1, CHUNK_ELEMENTS // max(n, rows_per_partition))

    def chosen() -> Iterator[np.ndarray]:
        if exact:
            combos = itertools.combinations(range(n), n_first)
            while chunk := list(itertools.islice(combos, block)):
                yield np.array(chunk, dtype=np.intp).reshape(-1, n_first)
            return
        rng = np.random.default_rng(options.seed)
        done = 0
        while done < options.iterations:
            size = min(block, options.iterations - done)
            yield np.argpartition(rng.random((size, n)), n_first - 1, axis=1)[:, :n_first]
            done += size

    def masks() -> Iterator[np.ndarray]:
        for rows in chosen():
            first = np.zeros((rows.shape[0], n))
            np.put_along_axis(first, rows, 1.0, axis=1)
            yield first

    return masks(), exact


def partition_p(
    statistic: Callable[[np.ndarray], np.ndarray],
    n: int,
    n_first: int,
    observed: float,
    options: PermutationOptions,
) -> PermutationTest:
    """The test over the partitions of n target words into a first set of `n_first` and the
    rest: `statistic(first)` gets a block from `partition_masks`, one value per row."""
    blocks, exact = partition_masks(n, n_first, options)
    exceed = draws = 0
    for first in blocks:
        checkpoint(draws, 0 if exact else options.iterations)
        null = statistic(first)
        exceed += int(np.count_nonzero(is_extreme(null, observed, options.alternative)))
        draws += null.size
    return test_from_counts(observed, exceed, draws, exact, options)


def sign_flip_p(values: np.ndarray, options: PermutationOptions) -> PermutationTest:
    """The test of the mean of paired differences under random sign flips (each pair swapped or
    not): exact over all 2^n sign patterns up to the exact limit, otherwise random, seeded."""
    values = np.asarray(values, dtype=np.float64)
    n = values.size
    observed = float(values.mean())
    exact = decide_exact(2**n, options)
    block = max(1, CHUNK_ELEMENTS // max(1, n))
    exceed = draws = 0

    def patterns() -> Iterator[np.ndarray]:
        if exact:
            signs = itertools.product((1.0, -1.0), repeat=n)
            while chunk := list(itertools.islice(signs, block)):
                yield np.array(chunk).reshape(-1, n)
            return
        rng = np.random.default_rng(options.seed)
        done = 0
        while done < options.iterations:
            size = min(block, options.iterations - done)
            yield rng.choice((1.0, -1.0), size=(size, n))
            done += size

    for signs in patterns():
        checkpoint(draws, 2**n if exact else options.iterations)
        null = signs @ values / n
        exceed += int(np.count_nonzero(is_extreme(null, observed, options.alternative)))
        draws += null.size
    return test_from_counts(observed, exceed, draws, exact, options, mirrored=True)
