"""A bootstrap confidence interval for WEAT's effect size d: "how large, how sure".

The p-value says whether there is an effect; the interval says how large it is, and how much that
depends on which words happened to be chosen. Each resample draws, with replacement, |X| words from
X, |Y| from Y, |A| from A and |B| from B (a stratified bootstrap: every set keeps its size, words
never move between sets) and recomputes d. All four sets are resampled because the attribute words
are as much a sample of "career" or "family" as the target words are of "male names".

Method: BCa (bias-corrected and accelerated; Efron & Tibshirani 1993, ch. 14), as
`scipy.stats.bootstrap(method="BCa")` computes it for several samples. d is bounded
(|d| ≤ 2 for equal sets) and its bootstrap distribution is skewed when d is large, which shifts a
plain percentile interval; BCa corrects for that shift (z0) and for the skew (acceleration a, from
the jackknife: every word left out once). Where BCa is undefined (every resample on one side of d)
the percentile interval is returned and `method` says so. docs/metrics.md has the coverage measured.

Vectorised: a resample is a vector of counts per set, so all resamples of a block are two matrix
products on the target × attribute cosines computed once; no vectors are touched again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from bias.jobs import checkpoint
from bias.stats.influence import leave_one_out
from bias.stats.interval_coverage import attribute_noise_share, measured_coverage

CI_LEVEL = 0.95
"""The interval's coverage: 95%, the level every source reports."""

_NORMAL = NormalDist()

_BLOCK_ELEMENTS = 2_000_000
"""Resamples are processed in blocks of about this many numbers, to bound memory."""


@dataclass(frozen=True)
class EffectSizeInterval:
    """A bootstrap interval for d: `low`, `high`, how it was made, and its seed."""

    low: float
    high: float
    method: str
    """'BCa' or 'percentile' (the fallback where BCa is undefined)."""
    resamples: int
    level: float
    seed: int
    standard_error: float
    """The standard deviation of the bootstrap replicates of d: the variance a random-effects
    pooling across embeddings weights each d by (bias.stats.pooling)."""
    measured_coverage: float = math.nan
    """How often such 95% intervals covered the population d on planted populations with a
    similar d and attribute-noise share (bias.stats.interval_coverage); nan at other levels."""


def _spread_floor(scale: np.ndarray) -> np.ndarray:
    """A resample's d is undefined where its associations, of size about `scale`, do not vary."""
    return 1e-12 * (scale + 1e-300)


def effect_size_from_counts(
    cos_a: np.ndarray, cos_b: np.ndarray, nx: int, counts: dict[str, np.ndarray]
) -> np.ndarray:
    """d for each row of word counts (how often each word is in a resample), vectorised.

    `cos_a`/`cos_b` are the cosines of the targets (X rows first, then Y) with A and B;
    `counts` holds "T" (targets, shape (R, nx+ny)), "A" (R, |A|) and "B" (R, |B|).
    With every count 1 this is the ordinary d (population standard deviation, as Caliskan).
    """
    weight_a = counts["A"] / counts["A"].sum(axis=1, keepdims=True)
    weight_b = counts["B"] / counts["B"].sum(axis=1, keepdims=True)
    s = weight_a @ cos_a.T - weight_b @ cos_b.T  # (R, targets): each word's association
    c = counts["T"].astype(np.float64)
    cx, cy = c[:, :nx], c[:, nx:]
    with np.errstate(invalid="ignore", divide="ignore"):
        mean_x = (cx * s[:, :nx]).sum(axis=1) / cx.sum(axis=1)
        mean_y = (cy * s[:, nx:]).sum(axis=1) / cy.sum(axis=1)
        mean = (c * s).sum(axis=1) / c.sum(axis=1)
        spread = np.sqrt((c * (s - mean[:, None]) ** 2).sum(axis=1) / c.sum(axis=1))
        tiny = _spread_floor(np.abs(s).max(axis=1))
        return np.where(spread > tiny, (mean_x - mean_y) / spread, np.nan)


def bca_interval(
    replicates: np.ndarray, estimate: float, jackknife: list[np.ndarray], level: float = CI_LEVEL
) -> tuple[float, float] | None:
    """The BCa interval from bootstrap replicates and per-sample jackknife values, following
    scipy.stats.bootstrap's multi-sample formulas; None where it is undefined.

    The normal quantiles come from the standard library: importing scipy costs about a second,
    which every command-line WEAT would otherwise pay for two numbers."""
    share_below = (
        np.count_nonzero(replicates < estimate) + np.count_nonzero(replicates <= estimate)
    ) / (2 * replicates.size)
    if not 0 < share_below < 1:
        return None
    z0 = _NORMAL.inv_cdf(share_below)
    numerator = denominator = 0.0
    for values in jackknife:
        size = values.size
        u = (size - 1) * (values.mean() - values)
        numerator += float((u**3).sum()) / size**3
        denominator += float((u**2).sum()) / size**2
    if denominator <= 0:
        return None
    acceleration = numerator / (6 * denominator**1.5)
    tails = []
    for z in (_NORMAL.inv_cdf((1 - level) / 2), _NORMAL.inv_cdf((1 + level) / 2)):
        tails.append(_NORMAL.cdf(z0 + (z0 + z) / (1 - acceleration * (z0 + z))))
    if not all(math.isfinite(t) for t in tails):
        return None
    low, high = np.quantile(replicates, tails)
    return float(low), float(high)


def _draw(rng: np.random.Generator, n: int, resamples: int) -> np.ndarray:
    """How often each of n words is drawn in each of `resamples` draws of n with replacement."""
    picks = rng.integers(0, n, size=(resamples, n)) + n * np.arange(resamples)[:, None]
    return np.bincount(picks.ravel(), minlength=n * resamples).reshape(resamples, n)


def effect_size_interval(
    cos_a: np.ndarray,
    cos_b: np.ndarray,
    nx: int,
    *,
    resamples: int,
    seed: int,
    level: float = CI_LEVEL,
) -> EffectSizeInterval | None:
    """A seeded stratified bootstrap interval for d; None when d itself is undefined."""
    cos_a, cos_b = np.asarray(cos_a, np.float64), np.asarray(cos_b, np.float64)
    n = cos_a.shape[0]
    sizes = {"T": n, "A": cos_a.shape[1], "B": cos_b.shape[1]}
    ones = {key: np.ones((1, size)) for key, size in sizes.items()}
    estimate = float(effect_size_from_counts(cos_a, cos_b, nx, ones)[0])
    if math.isnan(estimate) or resamples < 1:
        return None
    rng = np.random.default_rng(seed)
    block = max(1, _BLOCK_ELEMENTS // sum(sizes.values()))
    replicates = []
    for start in range(0, resamples, block):
        checkpoint(start, resamples)
        size = min(block, resamples - start)
        counts = {
            "T": np.hstack([_draw(rng, nx, size), _draw(rng, n - nx, size)]),
            "A": _draw(rng, sizes["A"], size),
            "B": _draw(rng, sizes["B"], size),
        }
        replicates.append(effect_size_from_counts(cos_a, cos_b, nx, counts))
    values = np.concatenate(replicates)
    values = values[~np.isnan(values)]  # a resample with no spread has no d
    if values.size == 0:
        return None
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    without = leave_one_out(s, cos_a, cos_b, nx, _spread_floor)
    jackknife = [d for d in without.values() if d.size > 1]  # a set of one word has none
    bca = bca_interval(values, estimate, jackknife, level)
    coverage = (measured_coverage(estimate, attribute_noise_share(cos_a, cos_b))
                if level == CI_LEVEL else math.nan)
    if bca is not None:
        return EffectSizeInterval(*bca, "BCa", resamples, level, seed, float(values.std(ddof=1)),
                                  coverage)
    low, high = np.quantile(values, [(1 - level) / 2, (1 + level) / 2])
    return EffectSizeInterval(float(low), float(high), "percentile", resamples, level, seed,
                              float(values.std(ddof=1)), coverage)
