"""Small statistical helpers around the permutation test: p-value adjustment and Monte-Carlo error.

Benjamini–Hochberg comes from scipy (`scipy.stats.false_discovery_control`); scipy has no Holm, so
it is written out here (a dozen lines, checked in tests against a plain loop).

scipy.stats is imported inside the functions that use it: importing it costs about 1.5 s on this
machine, which every command-line run would otherwise pay even when it never adjusts a p-value.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

ALPHA = 0.05
"""The significance level of every verdict (as in the paper: p < 0.05). Declared once; the
dashboard, the command line, batches and BiasWords' draws read it from here."""


def holm(p_values: Sequence[float]) -> np.ndarray:
    """Holm–Bonferroni adjusted p-values (family-wise error), in the input order."""
    p = np.asarray(p_values, dtype=float)
    m = p.size
    if m == 0:
        return p
    order = np.argsort(p, kind="stable")
    scaled = (m - np.arange(m)) * p[order]
    adjusted = np.minimum(np.maximum.accumulate(scaled), 1.0)
    out = np.empty(m)
    out[order] = adjusted
    return out


def benjamini_hochberg(p_values: Sequence[float]) -> np.ndarray:
    """Benjamini–Hochberg adjusted p-values (false discovery rate), in the input order."""
    p = np.asarray(p_values, dtype=float)
    if p.size == 0:
        return p
    from scipy.stats import false_discovery_control

    return false_discovery_control(p, method="bh")


def monte_carlo_interval(exceed: int, draws: int, level: float = 0.95) -> tuple[float, float]:
    """Clopper–Pearson interval for the true permutation p, given `exceed` of `draws` at least as
    extreme as observed: how far a randomized p may be from the exact one."""
    from scipy.stats import binomtest

    ci = binomtest(exceed, draws).proportion_ci(confidence_level=level, method="exact")
    return float(ci.low), float(ci.high)
