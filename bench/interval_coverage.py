"""How often the bootstrap interval for d (bias.stats.bootstrap.effect_size_interval) covers the
population d, on planted populations with a known d.

The population (one per target d): unit vectors in 30 dimensions, w = normalize(g ± t·u) for the
targets (+ for X, − for Y) and normalize(g ± a·u) for the attributes (+ for A, − for B), with g
standard normal and u a fixed unit axis; t chosen so that the population d is the one wanted, and
three attribute shifts a: the smaller a, the more of the spread of s(w) comes from which attribute
words happened to be drawn ("noise share", printed per cell: the expected variance of s added by
sampling the attribute words over the variance of s). On GloVe the noise share of Caliskan's
WEAT 1–10 ranges from 0.04 (WEAT 6) to 0.62 (WEAT 7), median 0.35; a = 1.0 and 1.5 give 0.12–0.54,
a = 0.5 gives 0.6–0.8 (a stress case beyond most real tests).

The population d: WEAT's d with every set replaced by its whole (infinite) population,

    d = (E[s(x)] − E[s(y)]) / SD over the 50/50 mixture of X and Y of s(w),
    s(w) = mean cosine of w with all of A − with all of B = w · (μ_A − μ_B),

the population analogue of the sample d (difference of means over the pooled standard deviation,
ddof = 0). By symmetry μ_A − μ_B points along u, so d is the standardized difference of w·u between
X and Y: it depends on t only, and is computed from a very large sample (4,000,000 draws per target
set). t for each wanted d is found by bisection on 200,000 draws, then d is recomputed on the large
sample and that value is the one the intervals must cover.

Each trial draws n fresh words per set, computes the product's interval (BCa, 2,000 resamples
here instead of the product's 10,000 to keep the run short; the product's intervals are, if
anything, a little more accurate) and notes whether it covers d, and on which side it misses.
Asserts nothing; prints a table (Markdown) of coverage with its Monte-Carlo standard error.

    nice -n 10 python bench/interval_coverage.py [--trials 1000] [--resamples 2000] [--quick]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

import argparse  # noqa: E402
import math  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.stats.bootstrap import effect_size_interval  # noqa: E402
from bias.stats.weat import effect_size  # noqa: E402

DIMS = 30
ATTRIBUTE_SHIFTS = (0.5, 1.0, 1.5)
WANTED_D = (0.0, 0.4, 0.8, 1.0, 1.2, 1.4, 1.6)
WORDS_PER_SET = (8, 12, 16, 25)


def _projections(g: np.ndarray, t: float) -> np.ndarray:
    """w·u for w = normalize(g + t·u), u the first axis, for each row of g."""
    first = g[:, 0] + t
    return first / np.sqrt((g * g).sum(axis=1) - g[:, 0] ** 2 + first**2)


def _population_d(g: np.ndarray, t: float) -> float:
    """The standardized difference of w·u between X (+t) and Y (−t), over the 50/50 mixture."""
    x, y = _projections(g, t), _projections(g, -t)
    mixture = np.concatenate([x, y])
    return float((x.mean() - y.mean()) / mixture.std())


def population_d(t: float, draws: int, seed: int) -> float:
    """The population d for shift t, from `draws` draws per set, in chunks (bounded memory)."""
    rng = np.random.default_rng(seed)
    sums = np.zeros(4)  # sum x, sum y, sum x², sum y²
    chunk = 500_000
    for start in range(0, draws, chunk):
        g = rng.normal(size=(min(chunk, draws - start), DIMS))
        x, y = _projections(g, t), _projections(g, -t)
        sums += (x.sum(), y.sum(), (x * x).sum(), (y * y).sum())
    mean_x, mean_y = sums[0] / draws, sums[1] / draws
    mean = (mean_x + mean_y) / 2
    variance = (sums[2] + sums[3]) / (2 * draws) - mean**2
    return float((mean_x - mean_y) / math.sqrt(variance))


def shift_for(wanted: float, g: np.ndarray) -> float:
    """t with population d (on the calibration sample g) equal to `wanted`, by bisection."""
    if wanted == 0:
        return 0.0
    low, high = 0.0, 20.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if _population_d(g, mid) < wanted else (low, mid)
    return (low + high) / 2


def _sample(rng: np.random.Generator, n: int, shift: float) -> np.ndarray:
    m = rng.normal(size=(n, DIMS))
    m[:, 0] += shift
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def noise_share(cos_a: np.ndarray, cos_b: np.ndarray) -> float:
    """The variance of s(w) across targets that sampling the attribute words adds, estimated from
    the double-centred cosines, over the variance of s (0: attribute words all alike)."""
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    added = 0.0
    for cos in (cos_a, cos_b):
        centred = cos - cos.mean(axis=0) - cos.mean(axis=1, keepdims=True) + cos.mean()
        added += float((centred**2).mean()) / cos.shape[1]
    return added / float(s.var())


def run_cell(
    n: int, shift: float, attribute: float, true_d: float, trials: int, resamples: int, seed: int
) -> dict:
    rng = np.random.default_rng(seed)
    covered = above = below = 0
    sample_d, shares = [], []
    for trial in range(trials):
        targets = np.vstack([_sample(rng, n, shift), _sample(rng, n, -shift)])
        cos_a = targets @ _sample(rng, n, attribute).T
        cos_b = targets @ _sample(rng, n, -attribute).T
        sample_d.append(effect_size(cos_a.mean(axis=1) - cos_b.mean(axis=1), n))
        shares.append(noise_share(cos_a, cos_b))
        ci = effect_size_interval(cos_a, cos_b, n, resamples=resamples, seed=seed + trial)
        if ci is None:
            continue  # counted as a miss on neither side: cannot happen with continuous data
        covered += ci.low <= true_d <= ci.high
        above += true_d > ci.high
        below += true_d < ci.low
    return {"coverage": covered / trials, "above": above / trials, "below": below / trials,
            "mean_d": float(np.mean(sample_d)), "noise_share": float(np.median(shares))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=600)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="100 trials, 2 sizes, 3 values of d")
    args = parser.parse_args()
    wanted, sizes, trials = WANTED_D, WORDS_PER_SET, args.trials
    if args.quick:
        wanted, sizes, trials = (0.0, 0.8, 1.6), (8, 25), 100
    started = time.perf_counter()
    calibration = np.random.default_rng(2026).normal(size=(200_000, DIMS))
    populations = []
    for i, d in enumerate(wanted):
        shift = shift_for(d, calibration)
        populations.append((shift, population_d(shift, 4_000_000, seed=100 + i)))
    se = math.sqrt(0.95 * 0.05 / trials)
    print(f"BCa 95% interval for d: coverage of the population d, {trials} trials per cell, "
          f"{args.resamples} resamples per interval, {DIMS} dimensions; Monte-Carlo standard "
          f"error at 95%: ±{100 * se:.1f} points.")
    print()
    print("| a | population d | t | words per set | noise share | covers | misses: d above "
          "| misses: d below | mean sample d |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for k, attribute in enumerate(ATTRIBUTE_SHIFTS):
        for cell, (shift, true_d) in enumerate(populations):
            for n in sizes:
                r = run_cell(n, shift, attribute, true_d, trials, args.resamples,
                             seed=1_000_000 * k + 10_000 * cell + n)
                print(f"| {attribute} | {true_d:.3f} | {shift:.3f} | {n} | {r['noise_share']:.2f} "
                      f"| {100 * r['coverage']:.1f}% | {100 * r['above']:.1f}% "
                      f"| {100 * r['below']:.1f}% | {r['mean_d']:.3f} |", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
