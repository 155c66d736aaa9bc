"""Caliskan's effect size d and the largest value it can take for given set sizes: used by WEAT,
its bootstrap, the sources' conventions and the confound controls alike."""

from __future__ import annotations

import math

import numpy as np

from bias.stats.permutation import tie_tolerance


def effect_size(s: np.ndarray, nx: int) -> np.ndarray | float:
    """Cohen's d of the first `nx` associations against the rest, per column if `s` is 2-D.

    Returns nan where every association is equal up to `tie_tolerance` (no spread, no effect size):
    a d computed from rounding noise alone (e.g. 0.3 against 0.1 + 0.2) would be any number.
    """
    s = np.asarray(s, dtype=np.float64)
    diff = s[:nx].mean(axis=0) - s[nx:].mean(axis=0)
    spread = s.std(axis=0)
    varies = spread > tie_tolerance(np.abs(s).max(axis=0))
    with np.errstate(invalid="ignore", divide="ignore"):
        d = np.where(varies, diff / np.where(varies, spread, 1.0), np.nan)
    return float(d) if d.ndim == 0 else d


def max_effect_size(nx: int, ny: int) -> float:
    """The largest |d| Caliskan's definition allows for these set sizes: 1/sqrt(p(1-p)) with
    p = nx/(nx+ny); 2 for equal sizes (every X association equal, every Y another)."""
    p = nx / (nx + ny)
    return 1 / math.sqrt(p * (1 - p))
