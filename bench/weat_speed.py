"""How fast is WEAT? Prints timings; asserts nothing (timings belong here, not in the tests).

For WEAT 6, 7 and 8 on the bundled GloVe: the engine (exact; 100,000 draws; 10^6 draws) beside a
plain-loop implementation of the same formulas (associations with Python loops, draws with
random.shuffle), and the ratio. Then the whole command line, `--sampled` with 10^3 vs 10^6 draws.

    python bench/weat_speed.py [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_wordset


def plain_associations(embedding, wordset):
    """s(w, A, B) for X then Y, with Python loops over plain lists."""
    vec = {}
    for terms in wordset.sets().values():
        for item in embedding.lookup_all(terms.words):
            if item.found:
                vec[item.word] = [float(v) for v in embedding.vectors_for([item])[0]]

    def cos(u, v):
        return sum(a * b for a, b in zip(u, v, strict=True))

    def s(w):
        a = [cos(vec[w], vec[x]) for x in wordset.A.words if x in vec]
        b = [cos(vec[w], vec[x]) for x in wordset.B.words if x in vec]
        return sum(a) / len(a) - sum(b) / len(b)

    xs = [s(w) for w in wordset.X.words if w in vec]
    ys = [s(w) for w in wordset.Y.words if w in vec]
    return xs, ys


def plain_p(xs, ys, draws):
    """Exact (draws=None) or randomized one-sided p with plain loops."""
    pool, nx = xs + ys, len(xs)

    def stat(x_side, y_side):
        return sum(x_side) / len(x_side) - sum(y_side) / len(y_side)

    observed = stat(xs, ys)
    hits = total = 0
    if draws is None:
        for idx in itertools.combinations(range(len(pool)), nx):
            chosen = set(idx)
            x_side = [pool[i] for i in idx]
            y_side = [pool[i] for i in range(len(pool)) if i not in chosen]
            hits += stat(x_side, y_side) >= observed - 1e-12
            total += 1
        return hits / total
    rng, shuffled = random.Random(0), list(pool)
    for _ in range(draws):
        rng.shuffle(shuffled)
        hits += stat(shuffled[:nx], shuffled[nx:]) >= observed - 1e-12
    return (hits + 1) / (draws + 1)


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def cli_seconds(*args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bias", "weat", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="skip the 10^6-draw plain loop")
    args = parser.parse_args()
    load_time, embedding = timed(lambda: load_embedding("glove-6b-50d"))
    print(f"first load of glove-6b-50d: {load_time:.2f} s")
    # Warm up: the first randomized run imports scipy.stats (about 1 s) for the p interval.
    run_weat(embedding, get_wordset("weat7"), WeatOptions(method="randomized", iterations=10))
    print(f"{'test':7} {'mode':13} {'engine s':>9} {'plain s':>9} {'ratio':>7}  p (engine / plain)")
    modes = [("exact", None), ("100,000", 100_000), ("1,000,000", 1_000_000)]
    for test_id in ("weat6", "weat7", "weat8"):
        wordset = get_wordset(test_id)
        for label, draws in modes:
            options = WeatOptions(method="exact") if draws is None else WeatOptions(
                method="randomized", iterations=draws)
            engine_s, result = timed(lambda o=options, w=wordset: run_weat(embedding, w, o))
            row = f"{test_id:7} {label:13} {engine_s:9.3f}"
            if args.quick and draws == 1_000_000:
                print(f"{row} {'-':>9} {'-':>7}  {result.p_value:.6f}")
                continue
            plain_s, plain = timed(
                lambda d=draws, w=wordset: plain_p(*plain_associations(embedding, w), d))
            print(f"{row} {plain_s:9.3f} {plain_s / engine_s:6.0f}x"
                  f"  {result.p_value:.6f} / {plain:.6f}")
    small = min(cli_seconds("--wordset", "weat7", "--sampled", "--iterations", "1000")
                for _ in range(3))
    large = min(cli_seconds("--wordset", "weat7", "--sampled", "--iterations", "1000000")
                for _ in range(3))
    print(f"CLI weat7 --sampled: 10^3 draws {small:.2f} s, 10^6 draws {large:.2f} s, "
          f"difference {large - small:.2f} s (best of 3)")
    ten_million = WeatOptions(method="randomized", iterations=10_000_000)
    big_s, _ = timed(lambda: run_weat(embedding, get_wordset("weat7"), ten_million))
    print(f"weat7 with 10^7 draws: {big_s:.2f} s (null kept as float32: 40 MB)")


if __name__ == "__main__":
    main()
