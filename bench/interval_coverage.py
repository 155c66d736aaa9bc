"""How often the bootstrap interval for d (bias.stats.bootstrap.effect_size_interval) covers the
population d, on planted populations with a known d.

The population (one per target d): unit vectors in 30 dimensions, w = normalize(g ± t·u) for the
targets (+ for X, − for Y) and normalize(g ± a·u) for the attributes (+ for A, − for B), with g
standard normal and u a fixed unit axis; t chosen so that the population d is the one wanted, and
five attribute shifts a: the smaller a, the more of the spread of s(w) comes from which attribute
words happened to be drawn (the noise share, bias.stats.interval_coverage.attribute_noise_share).
On GloVe 6B 50d the noise share of Caliskan's WEAT 1–10 ranges from 0.05 (WEAT 6) to 0.71
(WEAT 7), median 0.38; a = 0.5 … 3.0 spans 0.03–0.9.

The population d: WEAT's d with every set replaced by its whole (infinite) population,

    d = (E[s(x)] − E[s(y)]) / SD over the 50/50 mixture of X and Y of s(w),
    s(w) = mean cosine of w with all of A − with all of B = w · (μ_A − μ_B),

the population analogue of the sample d (difference of means over the pooled standard deviation,
ddof = 0). By symmetry μ_A − μ_B points along u, so d is the standardized difference of w·u between
X and Y: it depends on t only, and is computed from a very large sample (4,000,000 draws per target
set). t for each wanted d is found by bisection on 200,000 draws, then d is recomputed on the large
sample and that value is the one the intervals must cover.

Each trial draws n fresh words per set, computes the product's interval (BCa, 2,000 resamples
here instead of the product's 10,000, to keep the run short) and notes whether it covers d, and
on which side it misses.
Asserts nothing; prints, per attribute shift, coverage by population d and words per set
(Markdown), then every trial pooled by its OBSERVED noise share and |d| (the table
bias.stats.interval_coverage.MEASURED_COVERAGE holds). About 4 minutes on one core.

    nice -n 10 python bench/interval_coverage.py [--trials 400] [--resamples 2000] [--quick]
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
from bias.stats.effect_size import effect_size  # noqa: E402
from bias.stats.interval_coverage import (  # noqa: E402
    EFFECT_SIZE_EDGES,
    NOISE_SHARE_EDGES,
    attribute_noise_share,
)

DIMS = 30
ATTRIBUTE_SHIFTS = (0.5, 0.75, 1.0, 1.5, 3.0)
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


def run_cell(
    n: int, shift: float, attribute: float, true_d: float, trials: int, resamples: int, seed: int
) -> dict[str, np.ndarray]:
    """Per trial: the observed d, its noise share, and where the population d fell."""
    rng = np.random.default_rng(seed)
    rows = []
    for trial in range(trials):
        targets = np.vstack([_sample(rng, n, shift), _sample(rng, n, -shift)])
        cos_a = targets @ _sample(rng, n, attribute).T
        cos_b = targets @ _sample(rng, n, -attribute).T
        d = effect_size(cos_a.mean(axis=1) - cos_b.mean(axis=1), n)
        ci = effect_size_interval(cos_a, cos_b, n, resamples=resamples, seed=seed + trial)
        # continuous data: the interval always exists; a missing one would count as a miss
        low, high = (ci.low, ci.high) if ci is not None else (math.inf, -math.inf)
        rows.append((d, attribute_noise_share(cos_a, cos_b), low <= true_d <= high,
                     true_d > high))
    d, share, covered, above = (np.array(column) for column in zip(*rows, strict=True))
    return {"d": d, "share": share, "covered": covered, "above": above}


def _pivot(cells: dict, attribute: float, populations: list, sizes: tuple[int, ...]) -> None:
    print(f"\nAttribute shift a = {attribute}: coverage (misses with the population d above "
          "the interval), median noise share, mean sample d")
    print("| population d | " + " | ".join(f"{n} words" for n in sizes) + " |")
    print("| --- |" + " --- |" * len(sizes))
    for _, true_d in populations:
        row = []
        for n in sizes:
            c = cells[(attribute, true_d, n)]
            row.append(f"{100 * c['covered'].mean():.1f}% ({100 * c['above'].mean():.1f}%), "
                       f"{np.median(c['share']):.2f}, {c['d'].mean():.2f}")
        print(f"| {true_d:.2f} | " + " | ".join(row) + " |")


def _pooled(cells: dict) -> list[list[float]]:
    """Coverage by band of observed noise share (rows) and observed |d| (columns)."""
    d = np.abs(np.concatenate([c["d"] for c in cells.values()]))
    share = np.concatenate([c["share"] for c in cells.values()])
    covered = np.concatenate([c["covered"] for c in cells.values()])
    row = np.searchsorted(NOISE_SHARE_EDGES, share, side="right")
    column = np.searchsorted(EFFECT_SIZE_EDGES, d, side="right")
    d_bands = ["0", *EFFECT_SIZE_EDGES, 2]
    share_bands = ["0", *NOISE_SHARE_EDGES, "∞"]
    print("\nPooled over every trial, by the OBSERVED noise share (rows) and |d| (columns): "
          "coverage (trials)")
    print("| noise share | " + " | ".join(
        f"\\|d\\| {d_bands[j]}–{d_bands[j + 1]}" for j in range(len(d_bands) - 1)) + " |")
    print("| --- |" + " --- |" * (len(d_bands) - 1))
    table = []
    for i in range(len(share_bands) - 1):
        cells_text, values = [], []
        for j in range(len(d_bands) - 1):
            mask = (row == i) & (column == j)
            value = float(covered[mask].mean()) if mask.any() else math.nan
            values.append(round(value, 3))
            cells_text.append(f"{100 * value:.1f}% ({mask.sum()})")
        table.append(values)
        print(f"| {share_bands[i]}–{share_bands[i + 1]} | " + " | ".join(cells_text) + " |")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=400)
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
          f"error at 95%: ±{100 * se:.1f} points per cell.")
    print("Target shift t per population d: " + ", ".join(
        f"d = {d:.3f}: t = {t:.3f}" for t, d in populations))
    cells = {}
    for k, attribute in enumerate(ATTRIBUTE_SHIFTS):
        for cell, (shift, true_d) in enumerate(populations):
            for n in sizes:
                cells[(attribute, true_d, n)] = run_cell(
                    n, shift, attribute, true_d, trials, args.resamples,
                    seed=1_000_000 * k + 10_000 * cell + n)
        _pivot(cells, attribute, populations, sizes)
    table = _pooled(cells)
    print(f"\nMEASURED_COVERAGE = {tuple(tuple(row) for row in table)}")
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
