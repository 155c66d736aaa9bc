"""Issue 26, item 3 (the WEAT result cache): results kept for every visitor are bounded in bytes
and in age, so 30 runs with new seeds no longer pin 1.6 GB for good (each result holds its null
distribution: 40 MB at 10^7 draws)."""

from __future__ import annotations

import json
import threading

import numpy as np

from bias.stats.weat import WeatOptions
from bias.wordsets.library import get_wordset
from views import shared
from views.result_cache import ResultCache


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_budget_keeps_the_latest_used_and_drops_the_oldest():
    cache = ResultCache(max_bytes=100, ttl=60)
    calls = []

    def compute(key, size=20):
        return lambda: calls.append(key) or np.zeros(size, np.uint8)

    for key in "abcde":
        cache.get_or_compute(key, compute(key), len)
    cache.get_or_compute("a", compute("a"), len)  # used again: now the latest
    cache.get_or_compute("f", compute("f"), len)  # 120 bytes: the oldest used ("b") goes
    assert cache.size == 100
    cache.get_or_compute("a", compute("a"), len)
    cache.get_or_compute("b", compute("b"), len)
    assert calls == [*"abcde", "f", "b"]


def test_a_result_larger_than_a_quarter_of_the_budget_is_given_but_not_kept():
    cache = ResultCache(max_bytes=100, ttl=60)
    big = cache.get_or_compute("big", lambda: np.zeros(26, np.uint8), len)
    assert big.size == 26 and cache.size == 0


def test_results_are_forgotten_after_their_time():
    clock = Clock()
    cache = ResultCache(max_bytes=100, ttl=60, clock=clock)
    cache.get_or_compute("a", lambda: np.zeros(10, np.uint8), len)
    clock.now = 61
    cache.get_or_compute("b", lambda: np.zeros(10, np.uint8), len)
    assert cache.size == 10  # "a" expired


def test_visitors_in_threads_share_it_safely():
    cache = ResultCache(max_bytes=10_000, ttl=60)
    errors = []

    def visitor(start):
        try:
            for i in range(200):
                cache.get_or_compute((start + i) % 300, lambda: np.zeros(100, np.uint8), len)
        except Exception as exc:
            errors.append(exc)

    threads = [threading.Thread(target=visitor, args=(k * 50,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and cache.size <= 10_000


def test_weat_runs_with_new_seeds_stay_within_the_budget(monkeypatch):
    small = ResultCache(max_bytes=4 << 20, ttl=3600)  # 4 MB: ten results of 100,000 draws
    monkeypatch.setattr(shared, "_weat_results", lambda: small)
    wordset = get_wordset("weat7")
    first = shared.cached_weat("glove-6b-50d", wordset, WeatOptions("randomized", 100_000, seed=0))
    again = shared.cached_weat("glove-6b-50d", wordset, WeatOptions("randomized", 100_000, seed=0))
    assert again is first  # a repeated run is served from the cache
    for seed in range(1, 30):
        shared.cached_weat("glove-6b-50d", wordset, WeatOptions("randomized", 100_000, seed=seed))
    # A kept result holds its histogram, not its 100,000 draws (400 KB): all 30 fit in 4 MB.
    assert first.null_distribution is None and first.histogram().counts.sum() == 100_000
    assert 30 * 2_000 < small.size <= 30 * 16_000
    again = shared.cached_weat("glove-6b-50d", wordset, WeatOptions("randomized", 100_000, seed=0))
    assert again is first


def test_a_kept_result_draws_the_same_chart_and_json_as_the_full_one():
    from bias.report.charts.weat import null_histogram_figure
    from bias.stats.weat import run_weat
    from bias.vectors.catalog import load_embedding

    full = run_weat(load_embedding("glove-6b-50d"), get_wordset("weat7"),
                    WeatOptions("randomized", 200_000, seed=4, alternative="two-sided"))
    kept = full.compact()
    assert kept.null_distribution is None and full.null_distribution.size == 200_000
    assert null_histogram_figure(kept).to_json() == null_histogram_figure(full).to_json()
    assert json.dumps(kept.to_dict()) == json.dumps(full.to_dict())
    counted = full.histogram().counted.sum()
    assert counted == kept.histogram().counted.sum() == full.test.exceed
