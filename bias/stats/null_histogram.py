"""What a chart or a report shows of a permutation test's null distribution: a histogram that
marks the reshufflings the p-value counts, small enough for a cache shared by every visitor."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bias.stats.permutation import Alternative, is_extreme

HISTOGRAM_BINS = 60
"""Bins of the null distribution's histogram: the chart's, the report's and the JSON's."""


@dataclass(frozen=True)
class NullHistogram:
    """Reshufflings per bin, of them those the p-value counts (at least as extreme as observed),
    and the bins' edges."""

    counts: np.ndarray
    counted: np.ndarray
    edges: np.ndarray


def counted_in_p(null: np.ndarray, observed: float, alternative: Alternative) -> np.ndarray:
    """Which reshufflings the p-value counts: at least as extreme as the observed statistic,
    with the engine's tie tolerance widened by the rounding of the stored (float32)
    distribution, so the reshuffling that *is* the observed one counts, as in the p-value."""
    return is_extreme(null, observed, alternative, np.finfo(null.dtype).eps * abs(observed))


def null_histogram(null: np.ndarray, observed: float, alternative: Alternative,
                   bins: int = HISTOGRAM_BINS) -> NullHistogram:
    """The histogram of `null`, with the counted reshufflings binned on the same edges."""
    counts, edges = np.histogram(null, bins=bins)
    counted, _ = np.histogram(null[counted_in_p(null, observed, alternative)], bins=edges)
    return NullHistogram(counts, counted, edges)
