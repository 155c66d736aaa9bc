"""WEAT's effect size d with each word left out once, in memory that grows with the words, not
with their square.

Two callers: every word's influence on d (`bias.stats.weat`, "d without this word"), and the
jackknife that gives the bootstrap interval its acceleration (`bias.stats.bootstrap`). Building
the n reduced association vectors as one n × n matrix cost 2 GB at 5,000 words per list; here:

* a target word left out changes only its own set's mean and the pooled spread, so d without it
  has a closed form from the centred associations: with c = s − mean(s) and C2 = Σ c², leaving
  out word i leaves a sum of squares C2 − c_i² · n/(n−1) around the new mean (no cancellation of
  large sums, since everything is centred first);
* an attribute word left out changes every target's association, so those are computed in blocks
  of attribute words of bounded size.

d is undefined (nan) where the associations left do not vary beyond `tolerance(scale)`, `scale`
being the largest |association| left, as in `bias.stats.weat.effect_size`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Tolerance = Callable[[np.ndarray], np.ndarray]
"""How large a spread must be to count, given the size of the associations (elementwise)."""

_BLOCK_ELEMENTS = 1_000_000
"""Attribute words are left out in blocks of about this many associations (8 MB)."""


def _effect_sizes(diff: np.ndarray, spread: np.ndarray, scale: np.ndarray,
                  tolerance: Tolerance) -> np.ndarray:
    varies = spread > tolerance(scale)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(varies, diff / np.where(varies, spread, 1.0), np.nan)


def _largest_without_each(values: np.ndarray) -> np.ndarray:
    """max_{j ≠ i} values_j for every i (the two largest suffice)."""
    if values.size < 2:
        return np.full(values.size, np.nan)
    first = int(np.argmax(values))
    second = np.max(np.delete(values, first))
    out = np.full(values.size, values[first])
    out[first] = second
    return out


def targets_left_out(s: np.ndarray, nx: int, tolerance: Tolerance) -> np.ndarray:
    """d with each target word left out (X's first, then Y's); nan for a set of one word."""
    s = np.asarray(s, np.float64)
    n, ny = s.size, s.size - nx
    centred = s - s.mean()
    squares = float(centred @ centred)
    spread = np.sqrt(np.maximum(squares - centred**2 * n / (n - 1), 0.0) / (n - 1))
    sum_x, sum_y = s[:nx].sum(), s[nx:].sum()
    out = np.full(n, np.nan)
    scale = _largest_without_each(np.abs(s))
    if nx > 1:
        diff = (sum_x - s[:nx]) / (nx - 1) - sum_y / ny
        out[:nx] = _effect_sizes(diff, spread[:nx], scale[:nx], tolerance)
    if ny > 1:
        diff = sum_x / nx - (sum_y - s[nx:]) / (ny - 1)
        out[nx:] = _effect_sizes(diff, spread[nx:], scale[nx:], tolerance)
    return out


def attributes_left_out(
    cos: np.ndarray, other_mean: np.ndarray, sign: float, nx: int, tolerance: Tolerance
) -> np.ndarray:
    """d with each word of one attribute set left out; `cos` holds the targets' cosines with it,
    `other_mean` their mean cosine with the other set, `sign` +1 for A and −1 for B."""
    n, m = cos.shape
    out = np.full(m, np.nan)
    if m < 2:
        return out
    total = cos.sum(axis=1, keepdims=True)
    block = max(1, _BLOCK_ELEMENTS // n)
    for start in range(0, m, block):
        columns = cos[:, start:start + block]
        s = sign * ((total - columns) / (m - 1) - other_mean[:, None])
        diff = s[:nx].mean(axis=0) - s[nx:].mean(axis=0)
        out[start:start + block] = _effect_sizes(
            diff, s.std(axis=0), np.abs(s).max(axis=0), tolerance
        )
    return out


def leave_one_out(
    s: np.ndarray, cos_a: np.ndarray, cos_b: np.ndarray, nx: int, tolerance: Tolerance
) -> dict[str, np.ndarray]:
    """d with each word left out, per set ('X', 'Y', 'A', 'B'), in the order of the words.

    `s` is each target's association (X's first, then Y's), `cos_a`/`cos_b` the targets' cosines
    with A and B. A set of one word has nan (without it there is no set)."""
    targets = targets_left_out(s, nx, tolerance)
    mean_a, mean_b = cos_a.mean(axis=1), cos_b.mean(axis=1)
    return {
        "X": targets[:nx],
        "Y": targets[nx:],
        "A": attributes_left_out(cos_a, mean_b, 1.0, nx, tolerance),
        "B": attributes_left_out(cos_b, mean_a, -1.0, nx, tolerance),
    }
