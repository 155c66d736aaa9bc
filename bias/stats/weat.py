"""The Word Embedding Association Test (Caliskan, Bryson & Narayanan 2017), as used by
Kurpicz-Briki & Leoni (2021).

Conventions (see docs/weat.md for the reasoning):

* association  s(w, A, B) = mean_a cos(w, a) − mean_b cos(w, b), computed once per target word from
  one matrix product.
* statistic    mean_{x∈X} s(x) − mean_{y∈Y} s(y). Caliskan sums instead of averaging; with
  |X| = |Y| = n the sum is n times ours and every p-value is identical. With |X| ≠ |Y| (the paper's
  WEAT5-ita: 10 vs 16 names) the sum would favour the bigger set, so the difference of means is the
  honest statistic, and no word is discarded.
* effect size  d = statistic / std_{w∈X∪Y} s(w), population standard deviation (ddof = 0), as
  Caliskan. |d| ≤ 1/sqrt(p(1−p)) with p = |X|/(|X|+|Y|), i.e. at most 2 for equal sizes: the values
  above 2 in the paper's Table 7 (e.g. WEAT6-swe 3.74) cannot come from this definition.
* p-value      over partitions of X∪Y into sets of sizes |X| and |Y|: one-sided P(stat ≥ observed),
  or two-sided P(|stat| ≥ |observed|) (the null is centred on 0). Exact enumeration when the number
  of partitions is at most `exact_limit`; otherwise a randomization test over uniformly random
  partitions with p = (k+1)/(N+1) and a 95% Clopper–Pearson interval for the exact p.

scipy.stats.permutation_test computes the same p-values, but it switches to enumeration by itself
whenever the draws outnumber the partitions, so a forced randomization test (`--sampled`, e.g.
10^6 draws on WEAT7's 12,870 partitions) is impossible with it, and it keeps every draw in memory;
hence the short vectorised loops below.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Literal

import numpy as np

from bias.errors import BiasInputError
from bias.notes import Note
from bias.stats.bootstrap import effect_size_interval
from bias.stats.pvalues import ALPHA, monte_carlo_interval
from bias.vectors.ambiguity import ambiguity_notes
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Embedding, Match, WordLookup
from bias.wordsets import SET_KEYS, Reported, WordSet

Method = Literal["auto", "exact", "randomized"]
Alternative = Literal["greater", "two-sided"]

EXACT_HARD_LIMIT = 20_000_000
"""Above this many partitions even a forced exact test is refused (it would take minutes)."""

MAX_DRAWS = 10_000_000
"""The null distribution is kept as float32 for the histogram: 40 MB at this many draws."""

_CHUNK_ELEMENTS = 4_000_000
"""Work in blocks of about this many numbers, so memory stays bounded at 10^7 draws."""


@dataclass(frozen=True)
class WeatOptions:
    """How to compute the p-value. The defaults follow the paper: 100,000 random draws."""

    method: Method = "auto"
    iterations: int = 100_000
    exact_limit: int = 1_000_000
    seed: int = 0
    alternative: Alternative = "greater"
    ci_resamples: int = 10_000
    """Bootstrap resamples for the interval of d (bias.stats.bootstrap); 0 leaves it out."""
    shared_rows: bool = True
    """Use words that have no vector of their own in a pruned table (a spaCy `*_md` pipeline)
    with the vector they share with a more frequent word; False leaves them out. Either way a
    `shared_rows` note counts them."""

    def __post_init__(self) -> None:
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int):
            raise BiasInputError("The number of draws must be a whole number, such as 100000.")
        if self.iterations < 1:
            raise BiasInputError("The number of draws must be at least 1.")
        if self.iterations > MAX_DRAWS:
            raise BiasInputError(
                f"At most {MAX_DRAWS:,} draws, please: more would not fit in memory and would "
                "not change the p-value's first digits."
            )
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise BiasInputError("The random seed must be a whole number of 0 or more.")
        if isinstance(self.ci_resamples, bool) or not isinstance(self.ci_resamples, int) or not (
            0 <= self.ci_resamples <= 1_000_000
        ):
            raise BiasInputError("The bootstrap resamples must be a whole number from 0 to 10^6.")
        if self.method not in ("auto", "exact", "randomized"):
            raise BiasInputError("The method must be 'auto', 'exact' or 'randomized'.")
        if self.alternative not in ("greater", "two-sided"):
            raise BiasInputError("The alternative must be 'greater' (one-sided) or 'two-sided'.")
        if not isinstance(self.shared_rows, bool):
            raise BiasInputError("Whether to use shared-row words must be true or false.")


# --- the formulas -------------------------------------------------------------------------------


def tie_tolerance(scale: np.ndarray | float) -> np.ndarray | float:
    """How close two statistics of size about `scale` must be to count as equal.

    Float sums of the same numbers in another order differ by rounding (0.1 + 0.2 is not 0.3), so
    the p-value's "at least as extreme" and the effect size's "all associations equal" both
    compare with this tolerance, never with exact equality.
    """
    return 1e-12 + 1e-9 * np.abs(scale)


def effect_size(s: np.ndarray, nx: int) -> np.ndarray | float:
    """Cohen's d of the first `nx` associations against the rest, per column if `s` is 2-D.

    Returns nan where every association is equal up to `tie_tolerance` (no spread, no effect size):
    a d computed from rounding noise alone (e.g. 0.3 against 0.1 + 0.2) would be any number.
    """
    s = np.asarray(s, dtype=np.float64)
    diff = s[:nx].mean(axis=0) - s[nx:].mean(axis=0)
    spread = s.std(axis=0)
    varies = spread > tie_tolerance(np.abs(s).max(axis=0))
    with np.errstate(invalid="ignore", divide="ignore"):
        d = np.where(varies, diff / np.where(varies, spread, 1.0), np.nan)
    return float(d) if d.ndim == 0 else d


def max_effect_size(nx: int, ny: int) -> float:
    """The largest |d| Caliskan's definition allows for these set sizes: 1/sqrt(p(1-p)) with
    p = nx/(nx+ny); 2 for equal sizes (every X association equal, every Y another)."""
    p = nx / (nx + ny)
    return 1 / math.sqrt(p * (1 - p))


def partition_count(nx: int, ny: int) -> int:
    """How many ways X∪Y splits into sets of sizes |X| and |Y|."""
    return math.comb(nx + ny, nx)


def _statistics(x_sums: np.ndarray, total: float, nx: int, ny: int) -> np.ndarray:
    """Difference of means from the sum over the X side of each partition."""
    return x_sums / nx - (total - x_sums) / ny


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
    `_CHUNK_ELEMENTS` numbers, in the smallest index type for n."""
    combos = itertools.combinations(range(n), nx)
    block = max(1, _CHUNK_ELEMENTS // max(nx, 1))
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
        block = max(1, _CHUNK_ELEMENTS // max(nx, 1))
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
        block = _CHUNK_ELEMENTS // 4  # three float64/int64 temporaries per block: 24 MB
        while done < draws:
            size = min(block, draws - done)
            yield sums[rng.integers(0, sums.size, size=size)]
            done += size
        return
    block = max(1, _CHUNK_ELEMENTS // n)
    while done < draws:
        size = min(block, draws - done)
        keys = rng.random((size, n))
        yield s[np.argpartition(keys, nx - 1, axis=1)[:, :nx]].sum(axis=1)
        done += size


@dataclass(frozen=True)
class PermutationTest:
    """The permutation test on a vector of associations (X first, then Y)."""

    statistic: float
    p_value: float
    method: Literal["exact", "randomized"]
    alternative: Alternative
    iterations: int
    """Partitions enumerated (exact) or random partitions drawn (randomized)."""
    exceed: int
    """How many of them were at least as extreme as the observed statistic."""
    p_value_interval: tuple[float, float] | None
    """95% Monte-Carlo interval for the exact p (randomized only)."""
    seed: int | None
    null_distribution: np.ndarray

    @property
    def p_value_is_bound(self) -> bool:
        """True when no random draw was at least as extreme: p = 1/(N+1) is then only an upper
        bound set by the number of draws (p < 1/N), not an estimate, and must be shown as one."""
        return self.method == "randomized" and self.exceed == 0


def permutation_test(
    s: np.ndarray, nx: int, options: WeatOptions = WeatOptions()
) -> PermutationTest:
    """One-sided (or two-sided) permutation p-value of the difference of mean associations."""
    s = np.asarray(s, dtype=np.float64)
    ny = s.size - nx
    if nx < 1 or ny < 1:
        raise BiasInputError("Each target set needs at least one word found in the embedding.")
    partitions = partition_count(nx, ny)
    exact = options.method == "exact" or (
        options.method == "auto" and partitions <= options.exact_limit
    )
    if exact and partitions > EXACT_HARD_LIMIT:
        raise BiasInputError(
            f"These sets have {partitions:.3g} partitions, too many to enumerate; "
            "use the randomization test instead."
        )
    total = float(s.sum())
    observed = float(_statistics(np.array(s[:nx].sum()), total, nx, ny))
    tolerance = tie_tolerance(observed)
    if exact:
        blocks, rng = _exact_x_sums(s, nx), None
    else:
        rng = np.random.default_rng(options.seed)
        blocks = _random_x_sums(s, nx, options.iterations, rng)
    draws = partitions if exact else options.iterations
    null_distribution = np.empty(draws, dtype=np.float32)  # filled in place: one copy at 10^7
    exceed = done = 0
    for x_sums in blocks:
        null = _statistics(x_sums, total, nx, ny)
        if options.alternative == "greater":
            exceed += int(np.count_nonzero(null >= observed - tolerance))
        else:
            exceed += int(np.count_nonzero(np.abs(null) >= abs(observed) - tolerance))
        null_distribution[done : done + null.size] = null
        done += null.size
    if exact:
        return PermutationTest(
            observed,
            exceed / draws,
            "exact",
            options.alternative,
            draws,
            exceed,
            None,
            None,
            null_distribution,
        )
    return PermutationTest(
        observed,
        (exceed + 1) / (draws + 1),
        "randomized",
        options.alternative,
        draws,
        exceed,
        monte_carlo_interval(exceed, draws),
        options.seed,
        null_distribution,
    )


# --- the test on an embedding and a word set ----------------------------------------------------


@dataclass(frozen=True)
class SetReport:
    """What became of one set's words in this embedding.

    `used` are the words whose vectors enter the test, `missing` the words the embedding lacks,
    and `repeated` the words whose vector was already in the set (written twice, or "Man" beside
    "man" in a lower-case vocabulary): each vector counts once.
    """

    key: str
    name: str
    words: tuple[str, ...]
    lookups: tuple[WordLookup, ...]
    leave_out_shared: bool = False
    """Leave out the words that only share another word's vector (`WeatOptions.shared_rows`)."""

    def _usable(self, item: WordLookup) -> bool:
        return item.found and not (self.leave_out_shared and item.match is Match.SHARED_ROW)

    @property
    def used_lookups(self) -> tuple[WordLookup, ...]:
        """The first found word of each vector, in order; a word with the vector as its own goes
        before one that only shares it ("géométrie" before "algèbre", which uses its row)."""
        usable = [item for item in self.lookups if self._usable(item)]
        first: dict[str | None, WordLookup] = {}
        for item in sorted(usable, key=lambda item: item.match is Match.SHARED_ROW):  # stable
            first.setdefault(item.found_as, item)
        chosen = {id(item) for item in first.values()}
        return tuple(item for item in usable if id(item) in chosen)

    @property
    def shared_rows(self) -> tuple[WordLookup, ...]:
        """Words found only as a neighbour's vector (a pruned table), used or left out."""
        return tuple(item for item in self.lookups if item.match is Match.SHARED_ROW)

    @property
    def used(self) -> tuple[str, ...]:
        return tuple(item.word for item in self.used_lookups)

    @property
    def missing(self) -> tuple[str, ...]:
        """Single words the embedding lacks (phrases are listed apart, in `phrases`)."""
        return tuple(
            item.word for item in self.lookups if not item.found and not item.is_phrase
        )

    @property
    def phrases(self) -> tuple[str, ...]:
        """Entries of several words the vocabulary does not hold as written (left out)."""
        return tuple(item.word for item in self.lookups if item.is_phrase)

    @property
    def repeated(self) -> tuple[str, ...]:
        first = self.used_lookups
        return tuple(
            item.word for item in self.lookups
            if self._usable(item) and all(item is not f for f in first)
        )

    @property
    def fallbacks(self) -> tuple[WordLookup, ...]:
        """Used words found only under another spelling, or synthesised."""
        return tuple(item for item in self.used_lookups if item.is_fallback)


@dataclass(frozen=True)
class WordRow:
    """One word's part in the result.

    `association` is s(w, A, B) for a target word; for an attribute word it is its mean cosine
    with X minus its mean cosine with Y, so in both cases positive means "leans to X/A".
    `effect_size_without` is d recomputed with this word left out (nan when its set would be
    empty); `influence` is that minus the full d, so large |influence| marks a word that drives the
    result.
    """

    set: str
    word: str
    found_as: str
    match: str
    association: float
    effect_size_without: float
    influence: float


@dataclass(frozen=True)
class WeatResult:
    """Everything one WEAT produced; `to_dict` is what the CLI prints and the dashboard saves."""

    wordset_id: str
    title: str
    embedding: str
    language: str
    statistic_sum: float
    """Caliskan's s(X, Y, A, B) = sum_X s − sum_Y s, for comparing with other tools. `statistic`
    (read from the test) is the difference of MEAN associations (see the module docstring)."""
    effect_size: float
    test: PermutationTest
    """The permutation test: statistic, p-value, method, draws, seed and the null distribution."""
    sets: dict[str, SetReport]
    words: tuple[WordRow, ...]
    notes: tuple[Note, ...]
    """What a reader must know (missing words, repeats, …); `bias.report.notes` words them."""
    reported: Reported | None
    effect_size_ci: tuple[float, float] | None = None
    """95% bootstrap interval for d (None when d is undefined or resamples is 0)."""
    ci_method: str | None = None
    ci_resamples: int = 0

    # The test's numbers, read through: one source of truth, no copies.
    statistic = property(lambda self: self.test.statistic)
    p_value = property(lambda self: self.test.p_value)
    method = property(lambda self: self.test.method)
    alternative = property(lambda self: self.test.alternative)
    iterations = property(lambda self: self.test.iterations)
    exceed = property(lambda self: self.test.exceed)
    p_value_interval = property(lambda self: self.test.p_value_interval)
    seed = property(lambda self: self.test.seed)
    null_distribution = property(lambda self: self.test.null_distribution)

    def significant(self, alpha: float = ALPHA) -> bool:
        return math.isfinite(self.statistic) and self.p_value < alpha

    @property
    def p_value_is_bound(self) -> bool:
        """Randomized with no draw at least as extreme: report p < 1/iterations, not a value."""
        return self.method == "randomized" and self.exceed == 0

    @property
    def effect_size_limit(self) -> float:
        """The largest |d| possible for the sizes of X and Y as used (2 for equal sizes)."""
        return max_effect_size(len(self.sets["X"].used), len(self.sets["Y"].used))

    def null_histogram(self, bins: int = 60) -> tuple[np.ndarray, np.ndarray]:
        """Counts and bin edges of the null distribution, for a chart."""
        counts, edges = np.histogram(self.null_distribution, bins=bins)
        return counts, edges

    def to_dict(self) -> dict:
        counts, edges = self.null_histogram()
        return {
            "wordset": self.wordset_id,
            "title": self.title,
            "embedding": self.embedding,
            "language": self.language,
            "statistic": self.statistic,
            "statistic_sum": self.statistic_sum,
            "effect_size": None if math.isnan(self.effect_size) else self.effect_size,
            "effect_size_limit": self.effect_size_limit,
            "effect_size_ci": None if self.effect_size_ci is None else list(self.effect_size_ci),
            "ci_method": self.ci_method,
            "ci_resamples": self.ci_resamples,
            "p_value": self.p_value,
            "p_value_is_bound": self.p_value_is_bound,
            "p_value_interval": self.p_value_interval,
            "method": self.method,
            "alternative": self.alternative,
            "iterations": self.iterations,
            "exceed": self.exceed,
            "seed": self.seed,
            "sets": {
                key: {
                    "name": rep.name,
                    "used": list(rep.used),
                    "missing": list(rep.missing),
                    "phrases": list(rep.phrases),
                    "repeated": list(rep.repeated),
                    "found_as": {i.word: i.found_as for i in rep.fallbacks},
                    "shared_rows": [i.word for i in rep.shared_rows],
                }
                for key, rep in self.sets.items()
            },
            "words": [
                {
                    k: (None if isinstance(v, float) and math.isnan(v) else v)
                    for k, v in asdict(row).items()
                }
                for row in self.words
            ],
            "notes": [note.to_dict() for note in self.notes],
            "reported": None if self.reported is None else asdict(self.reported),
            "null_histogram": {"counts": counts.tolist(), "edges": edges.tolist()},
        }


def _set_reports(
    embedding: Embedding, wordset: WordSet, leave_out_shared: bool = False
) -> dict[str, SetReport]:
    reports = {}
    for key, terms in wordset.sets().items():
        lookups = tuple(embedding.lookup_all(terms.words))
        report = SetReport(key, terms.name, terms.words, lookups, leave_out_shared)
        used, missing = report.used, report.missing + report.phrases
        if leave_out_shared:
            missing += tuple(item.word for item in report.shared_rows)
        if not used:
            hint = ""
            if wordset.language != embedding.language:
                wanted = language_name(wordset.language)
                hint = (
                    f" The word set is in {wanted} but {embedding.name} is "
                    f"{language_name(embedding.language)}. Add an embedding in {wanted} on the "
                    "Embeddings page (or `python -m bias import --fasttext "
                    f"{wordset.language}`), then choose it as the active embedding in the sidebar "
                    "(or pass `--embedding NAME`)."
                )
            raise BiasInputError(
                f"Every word of set {key} ({terms.name}) is missing from {embedding.name}: "
                f"{', '.join(missing)}. Each set needs at least one word the embedding knows."
                + hint
            )
        reports[key] = report
    return reports


def _notes(reports: dict[str, SetReport], embedding: Embedding, wordset: WordSet) -> list[Note]:
    """What a reader must know about the words used (worded by `bias.report.notes`)."""
    notes = []
    if wordset.language != embedding.language:
        notes.append(Note("language_mismatch", {
            "wordset_language": wordset.language,
            "embedding": embedding.name,
            "embedding_language": embedding.language,
        }))
    for rep in reports.values():
        if rep.missing:
            notes.append(Note("missing_words", {
                "set": rep.key, "name": rep.name, "words": list(rep.missing),
                "total": len(rep.words), "embedding": embedding.name,
            }))
        if rep.phrases:
            notes.append(Note("phrases", {
                "set": rep.key, "name": rep.name, "words": list(rep.phrases),
                "embedding": embedding.name,
            }))
        if rep.repeated:
            notes.append(Note("repeated_words", {
                "set": rep.key, "name": rep.name, "words": list(rep.repeated),
            }))
    for first, second in (("X", "Y"), ("A", "B")):
        shared = sorted(
            {item.found_as for item in reports[first].used_lookups}
            & {item.found_as for item in reports[second].used_lookups}
        )
        if shared:
            notes.append(Note("shared_words", {"first": first, "second": second, "words": shared}))
    approximated = {
        item.word: item.found_as for rep in reports.values() for item in rep.shared_rows
    }
    if approximated:
        notes.append(Note("shared_rows", {
            "embedding": embedding.name,
            "count": len(approximated),
            "total": len({word for rep in reports.values() for word in rep.words}),
            "words": approximated,
            "left_out": next(iter(reports.values())).leave_out_shared,
        }))
    for first, second in (("X", "Y"), ("A", "B")):
        n1, n2 = len(reports[first].used), len(reports[second].used)
        if n1 != n2:
            notes.append(Note("unequal_sizes", {
                "first": first, "second": second, "first_size": n1, "second_size": n2,
            }))
    return notes


def _leave_one_out(
    s: np.ndarray, cos_a: np.ndarray, cos_b: np.ndarray, nx: int
) -> dict[str, np.ndarray]:
    """Effect size with each word left out, per set, vectorised over the words of a set."""
    n = s.size
    without = {}
    # Targets: drop row i; the column-stack of all n reduced vectors is one (n-1, n) matrix.
    reduced = np.broadcast_to(s, (n, n))[~np.eye(n, dtype=bool)].reshape(n, n - 1).T
    d_targets = np.empty(n)
    d_targets[:nx] = effect_size(reduced[:, :nx], nx - 1) if nx > 1 else np.nan
    d_targets[nx:] = effect_size(reduced[:, nx:], nx) if n - nx > 1 else np.nan
    without["X"], without["Y"] = d_targets[:nx], d_targets[nx:]
    mean_a, mean_b = cos_a.mean(axis=1), cos_b.mean(axis=1)
    for key, cos, other_mean, sign in (("A", cos_a, mean_b, 1.0), ("B", cos_b, mean_a, -1.0)):
        m = cos.shape[1]
        if m < 2:
            without[key] = np.full(m, np.nan)
            continue
        reduced_mean = (cos.sum(axis=1, keepdims=True) - cos) / (m - 1)
        without[key] = effect_size(sign * (reduced_mean - other_mean[:, None]), nx)
    return without


def run_weat(
    embedding: Embedding, wordset: WordSet, options: WeatOptions = WeatOptions()
) -> WeatResult:
    """Run WEAT for one word set on one embedding, reporting every word's fate."""
    reports = _set_reports(embedding, wordset, leave_out_shared=not options.shared_rows)
    vectors = {key: embedding.vectors_for(rep.used_lookups) for key, rep in reports.items()}
    targets = np.vstack([vectors["X"], vectors["Y"]])
    cos_a = (targets @ vectors["A"].T).astype(np.float64)
    cos_b = (targets @ vectors["B"].T).astype(np.float64)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    if not np.isfinite(s).all():  # a NaN statistic would still yield "p = 0, bias detected"
        raise BiasInputError(
            f"The associations of {wordset.id} on {embedding.name} are not finite numbers, so "
            "no verdict can be given; the embedding's vectors are damaged."
        )
    nx = vectors["X"].shape[0]
    d = effect_size(s, nx)
    test = permutation_test(s, nx, options)
    interval = effect_size_interval(
        cos_a, cos_b, nx, resamples=options.ci_resamples, seed=options.seed
    )
    notes = _notes(reports, embedding, wordset)
    # Words that mean something else under a lookup fallback ("Bill" found as "bill").
    notes += ambiguity_notes(embedding, {k: r.used_lookups for k, r in reports.items()})
    if math.isnan(d):
        notes.append(Note("no_effect_size"))

    attribute_assoc = {
        "A": cos_a[:nx].mean(axis=0) - cos_a[nx:].mean(axis=0),
        "B": cos_b[:nx].mean(axis=0) - cos_b[nx:].mean(axis=0),
    }
    association = {"X": s[:nx], "Y": s[nx:], **attribute_assoc}
    without = _leave_one_out(s, cos_a, cos_b, nx)
    rows = []
    for key in SET_KEYS:
        found = reports[key].used_lookups
        for item, assoc, d_wo in zip(found, association[key], without[key], strict=True):
            rows.append(
                WordRow(
                    key,
                    item.word,
                    str(item.found_as),
                    str(item.match),
                    float(assoc),
                    float(d_wo),
                    float(d_wo - d),
                )
            )
    return WeatResult(
        wordset_id=wordset.id,
        title=wordset.title,
        embedding=embedding.name,
        language=embedding.language,
        statistic_sum=float(s[:nx].sum() - s[nx:].sum()),
        effect_size=d,
        test=test,
        sets=reports,
        words=tuple(rows),
        notes=tuple(notes),
        reported=wordset.reported,
        effect_size_ci=None if interval is None else (interval.low, interval.high),
        ci_method=None if interval is None else interval.method,
        ci_resamples=0 if interval is None else interval.resamples,
    )
