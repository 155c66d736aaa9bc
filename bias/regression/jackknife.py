"""Leave one cluster out, in closed form: every unit's corrected squared norms without it, with
no refit.

Leaving unit g out changes β by a rank-one term (Sherman–Morrison on X'X − m_g x_g x_g'):
β₍g₎ = β − z_g ρ_g', with z_g = (X'X)⁻¹x_g, h_g = x_g'z_g and ρ_g = R_g / (1 − m_g h_g). The
other units' residual sums become R_h + m_h (x_h'z_g) ρ_g, so the robust meat without g is

    M₍g₎ = M + 2 Σ_h m_h (x_h'z_g)(R_h·ρ_g) x_h x_h' + ‖ρ_g‖² Σ_h m_h² (x_h'z_g)² x_h x_h'
           − ‖ρ_g‖² x_g x_g'

(the last term: g's own residual in the fit without it is ρ_g). The two sums over h are fixed
tensors contracted with z_g and ρ_g, built once: the whole jackknife costs O(G·D·p³), where
refitting costs O(G·n·D·p). Green et al.'s correction is then applied with the left-out
sample's own CR1 factor. A unit whose removal leaves the design singular (the only document of
a level) is refitted without it, as the obvious jackknife would: the level's column is then all
zeros and is left out of that fit, so that coefficient has no estimate there (NaN, and no
interval), while every other coefficient keeps its own. Before 2026-12-05 one such document
took every coefficient's interval away (a decade with a single address).

The interval is conText's: the full-sample estimate ± t(G−1) × the jackknife standard error
√((G−1)/G · Σ(θ₍g₎ − θ̄)²), with G the number of clusters (conText uses the number of instances
there even when clustering, which makes the interval too narrow when documents have several).
"""

from __future__ import annotations

import numpy as np

from bias.jobs import checkpoint
from bias.regression.ols import Fit, Units, fit, small_sample_factor

BLOCK_FLOATS = 4_000_000
"""Floats per intermediate block (32 MB): units are processed in blocks this bounds."""

SINGULAR = 1e-10
"""1 − m_g h_g below this: leaving unit g out leaves X'X singular."""


def leave_one_out(units: Units, full: Fit) -> np.ndarray:
    """(G × p) corrected squared norms, row g without unit g (NaN where undefined)."""
    x, sizes, residuals = units.x, units.sizes.astype(np.float64), full.residuals
    count, columns = x.shape
    dimensions = residuals.shape[1]
    z = x @ full.inverse
    denominator = 1.0 - sizes * np.einsum("gp,gp->g", z, x)
    defined = denominator > SINGULAR
    rho = residuals / np.where(defined, denominator, 1.0)[:, None]
    cubes = columns**3
    step = max(1, BLOCK_FLOATS // max(cubes, dimensions))
    cross = np.zeros((dimensions, cubes))  # Σ_h m_h R_h[d] x_h[a] x_h[b] x_h[c]
    for start in range(0, count, step):
        part = slice(start, start + step)
        triple = np.einsum("ga,gb,gc->gabc", x[part], x[part], x[part]).reshape(-1, cubes)
        cross += (residuals[part] * sizes[part, None]).T @ triple
    pairs = np.einsum("ga,gb->gab", x, x).reshape(count, -1)
    fourth = (pairs * sizes[:, None] ** 2).T @ pairs  # Σ_h m_h² x_h⊗x_h⊗x_h⊗x_h
    norms = np.einsum("kd,kd->k", full.beta, full.beta)
    out = np.empty((count, columns))
    for start in range(0, count, step):
        checkpoint(start, count)
        part = slice(start, start + step)
        zg, rg, xg, mg = z[part], rho[part], x[part], sizes[part]
        rho2 = np.einsum("gd,gd->g", rg, rg)
        second = np.einsum("ga,gabc->gbc", zg, (rg @ cross).reshape(-1, columns, columns,
                                                                       columns))
        third = (np.einsum("ga,gb->gab", zg, zg).reshape(len(zg), -1) @ fourth).reshape(
            -1, columns, columns) * rho2[:, None, None]
        own = np.einsum("ga,gb->gab", xg, xg) * rho2[:, None, None]
        meat = full.meat + 2 * second + third - own
        inverse = full.inverse + np.einsum("ga,gb->gab", zg, zg) * (
            mg / np.where(defined[part], denominator[part], 1.0))[:, None, None]
        factor = small_sample_factor(count - 1, units.instances - mg, columns)
        bias = factor[:, None] * np.einsum("gij,gjk,gki->gi", inverse, meat, inverse)
        squared = (norms[None, :] - 2 * zg * (rg @ full.beta.T)
                   + zg**2 * rho2[:, None])
        out[part] = squared - bias
    for unit in np.flatnonzero(~defined):
        out[unit] = _refit_without(units, unit)
    return out


def _refit_without(units: Units, unit: int) -> np.ndarray:
    """Corrected squared norms refitted without `unit`, the columns it alone made non-zero left
    out (NaN), and all NaN if the rest is still singular. Only for the few units the closed
    form cannot leave out."""
    keep = np.ones(units.count, dtype=bool)
    keep[unit] = False
    rest = units.subset(keep)
    used = np.flatnonzero(np.any(rest.x != 0, axis=0))
    row = np.full(units.x.shape[1], np.nan)
    reduced = Units(rest.x[:, used], rest.sizes, rest.sums)
    gram = (reduced.x * reduced.sizes[:, None]).T @ reduced.x
    if reduced.count > len(used) and np.linalg.matrix_rank(gram) == len(used):
        row[used] = fit(reduced).corrected
    return row


def standard_error(estimates: np.ndarray) -> np.ndarray:
    """The jackknife standard error of each column of (G × p) leave-one-out estimates."""
    count = estimates.shape[0]
    spread = estimates - estimates.mean(axis=0)
    return np.sqrt((count - 1) / count * (spread**2).sum(axis=0))


def interval(estimate: np.ndarray, estimates: np.ndarray, level: float) -> np.ndarray:
    """(p × 2) conText's jackknife interval around `estimate` (NaN where a leave-one-out
    estimate is undefined)."""
    from scipy.special import stdtrit

    count = estimates.shape[0]
    half = stdtrit(count - 1, 0.5 + level / 2) * standard_error(estimates)
    return np.column_stack([estimate - half, estimate + half])
