"""Permutation test: the engine beside the implementation before issue 13, and the ratio.

The baseline (`old_permutation_test`) is the previous code, kept here verbatim in substance:
partition indices rebuilt with itertools on every exact call, and every random draw an argpartition
of n uniform keys. The exact p-values must agree to the bit; the randomized ones are estimates of
the same p from different random streams. Asserts nothing; prints best-of-N seconds.

    python bench/permutation_speed.py [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.stats.permutation import permutation_test
from bias.stats.weat import WeatOptions

CHUNK = 4_000_000


def _old_exact_x_sums(s, nx):
    n = s.size
    dtype = np.int8 if n < 128 else np.int16
    combos = itertools.combinations(range(n), nx)
    block = max(1, CHUNK // max(nx, 1))
    while True:
        flat = np.fromiter(
            itertools.chain.from_iterable(itertools.islice(combos, block)), dtype=dtype
        )
        if flat.size == 0:
            return
        yield s[flat.reshape(-1, nx)].sum(axis=1)


def _old_random_x_sums(s, nx, draws, rng):
    n = s.size
    block = max(1, CHUNK // n)
    done = 0
    while done < draws:
        size = min(block, draws - done)
        keys = rng.random((size, n))
        yield s[np.argpartition(keys, nx - 1, axis=1)[:, :nx]].sum(axis=1)
        done += size


def old_permutation_test(s, nx, method, draws=0, seed=0):
    """(exceed, draws) of the old one-sided test (no Monte-Carlo interval: scipy is not timed)."""
    ny = s.size - nx
    total = float(s.sum())
    observed = s[:nx].sum() / nx - (total - s[:nx].sum()) / ny
    tolerance = 1e-12 + 1e-9 * abs(observed)
    blocks = (
        _old_exact_x_sums(s, nx)
        if method == "exact"
        else _old_random_x_sums(s, nx, draws, np.random.default_rng(seed))
    )
    exceed, nulls = 0, []
    for x_sums in blocks:
        null = x_sums / nx - (total - x_sums) / ny
        exceed += int(np.count_nonzero(null >= observed - tolerance))
        nulls.append(null.astype(np.float32))
    return exceed, np.concatenate(nulls).size


def best(fn, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), value


def peak_mb(fn) -> float:
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    quick = parser.parse_args().quick
    reps = 3 if quick else 7
    import scipy.stats  # noqa: F401  (the engine's Monte-Carlo interval; imported before timing)

    rng = np.random.default_rng(0)
    print(f"{'case':42} {'engine':>10} {'before':>10} {'speed-up':>9}")
    rows = [
        ("exact 8+8 (12,870 partitions), warm", 8, 8, "exact", 0),
        ("exact 10+10 (184,756 partitions), warm", 10, 10, "exact", 0),
        ("randomized 8+8, 10^5 draws", 8, 8, "randomized", 100_000),
        ("randomized 8+8, 10^6 draws", 8, 8, "randomized", 1_000_000),
        ("randomized 25+25, 10^6 draws", 25, 25, "randomized", 1_000_000),
    ]
    for label, nx, ny, method, draws in rows:
        s = rng.normal(size=nx + ny)
        options = WeatOptions(method=method, iterations=max(draws, 1))
        permutation_test(s, nx, options)  # warm: the partition table is built once per sizes
        r = 1 if draws >= 1_000_000 and quick else reps
        new_t, new = best(lambda s=s, nx=nx, o=options: permutation_test(s, nx, o), r)
        old_t, old = best(
            lambda s=s, nx=nx, m=method, d=draws: old_permutation_test(s, nx, m, d), r
        )
        if method == "exact":
            assert (new.exceed, new.iterations) == old, "exact p-values differ"
        print(f"{label:42} {new_t * 1e3:8.2f}ms {old_t * 1e3:8.2f}ms {old_t / new_t:8.1f}x")
    s = rng.normal(size=16)
    options = WeatOptions(method="randomized", iterations=10_000_000)
    new_mb = peak_mb(lambda: permutation_test(s, 8, options))
    old_mb = peak_mb(lambda: old_permutation_test(s, 8, "randomized", 10_000_000))
    print(f"{'peak memory, 8+8 at 10^7 draws (MB)':42} {new_mb:8.0f}MB {old_mb:8.0f}MB "
          f"(the kept float32 null is 40 MB)")


if __name__ == "__main__":
    main()
