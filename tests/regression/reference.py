"""A slow, obvious embedding regression to check the fast one against: one least squares per
dimension (numpy's lstsq), the cluster-robust variance written as its textbook sum over clusters
for each dimension, the jackknife by refitting without each cluster, permutations one at a time."""

from __future__ import annotations

import numpy as np


def norms(x: np.ndarray, y: np.ndarray, clusters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(squared norms, corrected squared norms) of every column, CR1 by `clusters`."""
    n, p = x.shape
    groups = np.unique(clusters)
    inverse = np.linalg.inv(x.T @ x)
    factor = len(groups) / (len(groups) - 1) * (n - 1) / (n - p)
    squared, variance = np.zeros(p), np.zeros(p)
    for d in range(y.shape[1]):
        beta, *_ = np.linalg.lstsq(x, y[:, d], rcond=None)
        residual = y[:, d] - x @ beta
        meat = np.zeros((p, p))
        for g in groups:
            score = x[clusters == g].T @ residual[clusters == g]
            meat += np.outer(score, score)
        squared += beta**2
        variance += factor * np.diag(inverse @ meat @ inverse)
    return squared, squared - variance


def jackknife(x: np.ndarray, y: np.ndarray, clusters: np.ndarray) -> np.ndarray:
    """Corrected squared norms refitted without each cluster in turn (G × p); a column that is
    all zeros without the cluster is left out of that refit (NaN)."""
    rows = []
    for g in np.unique(clusters):
        rest = clusters != g
        used = np.flatnonzero(np.any(x[rest] != 0, axis=0))
        row = np.full(x.shape[1], np.nan)
        row[used] = norms(x[rest][:, used], y[rest], clusters[rest])[1]
        rows.append(row)
    return np.array(rows)


def permutation_reached(
    x: np.ndarray, y: np.ndarray, clusters: np.ndarray, orders: list[np.ndarray]
) -> np.ndarray:
    """For each column: in how many of the given cluster permutations (order[g]: the cluster
    whose covariates cluster g gets) the leverage-adjusted residuals regressed on the shuffled
    covariates have a squared norm at least the observed one."""
    observed = norms(x, y, clusters)[0]
    beta, *_ = np.linalg.lstsq(x, y, rcond=None)
    residuals = y - x @ beta
    inverse = np.linalg.inv(x.T @ x)
    for g in np.unique(clusters):  # each cluster's residuals over √(1 − its leverage)
        inside = clusters == g
        residuals[inside] /= np.sqrt(1 - x[inside].sum(axis=0) @ inverse @ x[inside][0])
    rows = {g: x[clusters == g][0] for g in np.unique(clusters)}
    reached = np.zeros(x.shape[1], dtype=int)
    for order in orders:
        shuffled = np.array([rows[order[g]] for g in clusters])
        permuted, *_ = np.linalg.lstsq(shuffled, residuals, rcond=None)
        reached += (permuted**2).sum(axis=1) >= observed
    return reached
