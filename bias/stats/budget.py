"""The work budget of one request, counted before any work starts.

A randomization test, a bootstrap or BiasWords' draws cost time in proportion to how many
arrangements they draw times the words each works on ("word-draws"). Every option is bounded on
its own (draws, resamples, words per set), but their product is what a visitor can ask of the
server, so each entry point counts it here first (`run_weat`, `run_batch`, BiasWords' `validate`,
`run_measure`) and refuses a request over `WORK_BUDGET` in one sentence that says what to lower:
the request costs that sentence, never minutes of a shared core.

The counts are upper bounds read from the options and set sizes alone: an arrangement count is
the one the test will use (every partition when it enumerates, else its draws), Batch counts
every listed word of every test (some may be missing from an embedding), BiasWords counts each
draw's WEAT and, when asked for, as many baseline draws.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from bias.errors import BiasInputError
from bias.limits import WORK_BUDGET
from bias.stats.permutation import PermutationOptions, decide_exact, partition_count
from bias.wordsets import NamedSets, WordSet


class DrawLike(Protocol):
    """What is counted of BiasWords' `DrawOptions` (a protocol: the budget imports nothing of
    BiasWords)."""

    draws: int
    iterations: int
    baseline: bool


class MeasureOptionsLike(Protocol):
    """What is read of `bias.stats.measure_result.MeasureOptions`."""

    test: PermutationOptions
    p_value: bool


def arrangements(count: int, options: PermutationOptions) -> int:
    """How many arrangements a permutation test over `count` possible ones will use: all of
    them when it enumerates (`decide_exact`), else its random draws; 0 for a forced exact test
    of too many, which the test itself refuses with its own sentence when it runs (in a Batch,
    as that test's row: the rest of the batch still runs)."""
    try:
        return count if decide_exact(count, options) else options.iterations
    except BiasInputError:
        return 0


def weat_work(sizes: Mapping[str, int], options: PermutationOptions, resamples: int = 0) -> int:
    """Word-draws of one WEAT on sets of these sizes (keys X, Y, A, B): its permutation test
    over X ∪ Y, plus `resamples` bootstrap resamples of all four sets."""
    targets = sizes["X"] + sizes["Y"]
    draws = arrangements(partition_count(sizes["X"], sizes["Y"]), options)
    return draws * targets + resamples * (targets + sizes["A"] + sizes["B"])


POOL_WORK = 50_000_000
"""Word-draws from which a job's tasks go to a local process pool rather than run one after the
other in this process: starting the pool's processes (each imports the engine and loads its
embedding) took 2 s on an idle 2-core machine and 6 s at load 7, and a word-draw costs 100 to
1,000 ns, so below this (5 to 50 s of work) the pool saves little or loses."""


def local_workers(work: int) -> int | None:
    """`workers` for `bias.compute.run_tasks` run locally: 1 (this process) for a job below
    `POOL_WORK`, else None (a process per core). A cluster ignores it."""
    return None if work >= POOL_WORK else 1


def check_work(work: int, what: str, lower: str) -> None:
    """Refuse `what` ("This test") when it needs more than `WORK_BUDGET` word-draws, saying
    what to `lower` ("the number of draws")."""
    if work > WORK_BUDGET:
        raise BiasInputError(
            f"{what} would need {work:,} word-draws (draws × words), more than the "
            f"{WORK_BUDGET:,} one request may use on this shared server; lower {lower}."
        )


def _weat_lower(sizes: Mapping[str, int], resamples: int) -> str:
    """What to lower, with the largest number of draws that would fit when that helps."""
    room = WORK_BUDGET - resamples * sum(sizes.values())
    targets = sizes["X"] + sizes["Y"]
    if resamples and room < WORK_BUDGET // 2:
        return "the bootstrap resamples, the number of draws or the number of words"
    fit = max(room // max(targets, 1), 0)
    return (f"the number of draws (to at most {fit:,} for these {targets:,} target words) or the "
            "number of words")


def check_weat(sizes: Mapping[str, int], options: PermutationOptions, resamples: int = 0) -> None:
    """Refuse one WEAT over the budget (`weat_work`)."""
    check_work(weat_work(sizes, options, resamples), "This test",
               _weat_lower(sizes, resamples))


def listed_sizes(wordset: WordSet) -> dict[str, int]:
    """Words listed in each set of a test (an upper bound on those an embedding will have)."""
    return {key: len(terms.words) for key, terms in wordset.sets().items()}


def batch_work(wordsets: Sequence[WordSet], options: PermutationOptions, resamples: int = 0) -> int:
    """Word-draws of a Batch's test runs (a word set once per embedding it runs on)."""
    return sum(weat_work(listed_sizes(wordset), options, resamples) for wordset in wordsets)


def check_batch(wordsets: Sequence[WordSet], options: PermutationOptions,
                resamples: int = 0) -> None:
    """Refuse a Batch whose test runs (a word set once per embedding it runs on) together need
    more than the budget, every listed word counted."""
    work = batch_work(wordsets, options, resamples)
    check_work(work, f"This batch of {len(wordsets):,} test runs",
               "the number of draws or of bootstrap resamples, or choose fewer tests or embeddings")


def draws_work(sizes: Mapping[str, int], options: DrawLike) -> int:
    """Word-draws of BiasWords' draws (and their baseline, when asked for)."""
    per_draw = weat_work(sizes, PermutationOptions(iterations=options.iterations))
    return options.draws * (2 if options.baseline else 1) * per_draw


def check_draws(sizes: Mapping[str, int], options: DrawLike) -> None:
    """Refuse BiasWords' `options.draws` draws (each a WEAT on sets of `sizes` with
    `options.iterations` reshufflings and no interval), twice over with the baseline, when
    they need more than the budget."""
    work = draws_work(sizes, options)
    what = f"{options.draws:,} draws" + (" and their baseline" if options.baseline else "")
    check_work(work, what, "the number of draws or of reshufflings per draw, or the words per draw")

VECTOR_WORDS = 100
"""RND and ECT read whole vectors in every draw, so there a word counts once per this many
dimensions (a 300-d vector as 3 words): measured, a word-draw of RND costs 60 to 90 ns at 50
dimensions and 350 ns at 300 (`bench/work_budget.py`)."""


def measure_work(metric: str, sets: NamedSets, options: PermutationOptions, p_value: bool,
                 words: Sequence[str] | None = None, dimensions: int = VECTOR_WORDS) -> int:
    """Word-draws of a measure's permutation test (0 for one without, and for RND, ECT and
    RIPA without `p_value`): RND and ECT partition the target words and read every target and
    attribute vector (`VECTOR_WORDS`), RIPA flips the signs of its pairs, SC-WEAT (always
    tested) partitions A ∪ B for every measured word; WEAT counts in `run_weat`."""
    targets = [len(s.words) for s in sets.targets]
    attributes = [len(s.words) for s in sets.attributes]
    if metric == "sc-weat" and len(attributes) == 2:
        measured = len(words) if words is not None else sum(targets)
        return arrangements(partition_count(*attributes), options) * (measured + sum(attributes))
    if not p_value or len(targets) != 2 or not attributes:
        return 0
    if metric in ("rnd", "ect"):
        scale = -(-dimensions // VECTOR_WORDS)  # whole hundreds, rounded up
        draws = arrangements(partition_count(*targets), options)
        return draws * (sum(targets) + attributes[0]) * scale
    if metric == "ripa":
        return arrangements(2 ** targets[0], options) * (targets[0] + attributes[0])
    return 0


def check_measure(metric: str, sets: NamedSets, options: MeasureOptionsLike,
                  words: Sequence[str] | None, dimensions: int) -> None:
    """Refuse a measure whose permutation test needs more than the budget (`measure_work`)."""
    work = measure_work(metric, sets, options.test, options.p_value, words, dimensions)
    check_work(work, "This measure's p-value", "the number of draws or the number of words")


def measure_request_work(metric: str, sets: NamedSets, options: MeasureOptionsLike,
                         words: Sequence[str] | None = None, dimensions: int = VECTOR_WORDS,
                         weat_resamples: int = 0) -> int:
    """Every word-draw `run_measure` will ask for, WEAT's own included (its test and
    `weat_resamples` bootstrap resamples): the Measures page queues a request over
    `HEAVY_WORK` among the server's heavy jobs."""
    if metric == "weat" and len(sets.targets) == 2 and len(sets.attributes) == 2:
        counts = [len(s.words) for s in (*sets.targets, *sets.attributes)]
        return weat_work(dict(zip("XYAB", counts, strict=True)), options.test, weat_resamples)
    return measure_work(metric, sets, options.test, options.p_value, words, dimensions)
