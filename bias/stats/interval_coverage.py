"""How often the bootstrap interval for d (bias.stats.bootstrap) covers the population d, as
measured by `bench/interval_coverage.py`, so that a result can show the measured coverage beside
its interval where the promised 95% does not hold.

Why a measured figure and not a fix: d shrinks when the attribute words disagree among
themselves. s(w) averages w's cosines over a handful of attribute words, and which words happened
to be listed adds spread to s across the targets; that spread enlarges d's denominator, so the
sample d is biased towards 0 (the reason d grows with list length, issue 19 item 5). The
bootstrap sees only part of that bias, so the interval misses the population d on the high side,
more often the larger d and the larger the share of s's spread that comes from the attribute words
(`attribute_noise_share`). Neither the number of words nor d alone predicts the coverage; the two
observable numbers d and the noise share together do. A bias-corrected d (subtracting the
estimated attribute spread from the denominator) is unbiased in the bench but undefined in a
fifth to two fifths of draws with 8 words, so it is not offered.

The table is the bench's pooled result (docs/metrics.md, "An interval for d"): every trial of
every planted population is put in the band of its OBSERVED |d| and noise share, and the share
of those intervals that covered their population d is recorded. It answers "of intervals that
looked like this one, how many covered?" for the bench's populations; it is a measurement, not
a guarantee for a real embedding.
"""

from __future__ import annotations

import bisect
import math

import numpy as np

NOISE_SHARE_EDGES = (0.2, 0.4, 0.6)
"""Upper edges of the noise-share bands: [0, 0.2), [0.2, 0.4), [0.4, 0.6), [0.6, ∞)."""

EFFECT_SIZE_EDGES = (0.4, 0.8, 1.2)
"""Upper edges of the |d| bands: [0, 0.4), [0.4, 0.8), [0.8, 1.2), [1.2, 2]."""

MEASURED_COVERAGE: tuple[tuple[float, ...], ...] = (
    (0.963, 0.956, 0.960, 0.941),
    (0.934, 0.931, 0.925, 0.952),
    (0.882, 0.887, 0.923, 0.944),
    (0.824, 0.863, 0.917, 0.915),
)
"""Coverage of the population d by the 95% BCa interval, one row per noise-share band, one
column per |d| band: `nice -n 10 python bench/interval_coverage.py` (400 trials per population,
2,000 resamples per interval, 56,000 trials; 1,035 to 6,965 per band). See its docstring for the
populations and docs/metrics.md for the per-population table."""


def attribute_noise_share(cos_a: np.ndarray, cos_b: np.ndarray) -> float:
    """The share of the spread of s(w) over the targets that comes from which attribute words
    were listed; nan when an attribute set has fewer than two words or s does not vary.

    `cos_a`/`cos_b` are the targets' (rows) cosines with A and B. For one attribute set the
    spread it adds to s is tr(S_w Σ_A)/|A|, with S_w the targets' covariance and Σ_A the
    attribute words' (unbiased, ddof = 1); since every cosine is a dot product of unit vectors,
    tr(S_w Σ_A) is the sum of squares of the doubly centred cosine matrix over |targets|·(|A|−1).
    The share is the two sets' sum over the variance of s (ddof = 0, as d's denominator).
    """
    cos_a, cos_b = np.asarray(cos_a, np.float64), np.asarray(cos_b, np.float64)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    spread = float(s.var())
    if min(cos_a.shape[1], cos_b.shape[1]) < 2 or spread <= 0:
        return math.nan
    added = 0.0
    for cos in (cos_a, cos_b):
        targets, words = cos.shape
        centred = cos - cos.mean(axis=0) - cos.mean(axis=1, keepdims=True) + cos.mean()
        added += float((centred**2).sum()) / (targets * words * (words - 1))
    return added / spread


def measured_coverage(effect_size: float, noise_share: float) -> float:
    """The bench's coverage for intervals with this observed d and noise share (nan when either
    is undefined)."""
    if math.isnan(effect_size) or math.isnan(noise_share):
        return math.nan
    row = bisect.bisect_right(NOISE_SHARE_EDGES, noise_share)
    column = bisect.bisect_right(EFFECT_SIZE_EDGES, abs(effect_size))
    return MEASURED_COVERAGE[row][column]
