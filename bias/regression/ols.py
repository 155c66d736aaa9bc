"""OLS of instance embeddings on covariates, with cluster-robust errors and the bias-corrected
squared norm of each coefficient.

Y (n × D) = X (n × p) β (p × D) + error, one least squares per dimension, all sharing X. A
coefficient's effect is ‖β_k‖² = Σ_d β_kd². That is biased upwards: even with no effect its
estimate is noise whose squares add up over D dimensions. Green et al. (2025, Political Analysis,
"Measuring distances in high-dimensional spaces") subtract the noise's expected share,
Σ_d se_kd², with se the cluster-robust standard errors (CR1, Stata's small-sample factor
G/(G−1)·(n−1)/(n−p); with one instance per cluster it is HC1, n/(n−p)).

Clusters ("units") are documents (a document's instances share its speaker and topic, so they
are not independent) or single instances. The covariates are the document's, so a unit's rows
of X are all the same: every sum the estimator needs is a sum over units of the unit's row x_g,
its size m_g and the sum T_g of its instances' embeddings. X'X = Σ m_g x_g x_g', X'Y = Σ x_g T_g',
and the robust "meat", summed over the D dimensions (the norm needs only that sum), is
M = Σ_g ‖R_g‖² x_g x_g' with R_g the unit's residual sum. That is what makes the jackknife
(bias/regression/jackknife.py) a closed form.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Units:
    """Instances gathered by cluster: each unit's covariate row, size and embedding sum (the
    embeddings centred on their mean first: β's non-intercept rows do not change, and the
    sums of squares stay small enough not to cancel)."""

    x: np.ndarray = field(repr=False)
    sizes: np.ndarray = field(repr=False)
    sums: np.ndarray = field(repr=False)

    @property
    def count(self) -> int:
        return len(self.sizes)

    @property
    def instances(self) -> int:
        return int(self.sizes.sum())

    def subset(self, keep: np.ndarray) -> Units:
        return Units(self.x[keep], self.sizes[keep], self.sums[keep])


def units_of(design: np.ndarray, embeddings: np.ndarray, labels: np.ndarray) -> Units:
    """`labels[i]` is instance i's unit (0 … G−1); every unit's rows of `design` must agree."""
    count = int(labels.max()) + 1
    sizes = np.bincount(labels, minlength=count)
    if (sizes == 0).any():
        raise ValueError("every unit needs at least one instance")
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings - embeddings.mean(axis=0))
    x = np.zeros((count, design.shape[1]))
    x[labels] = design
    if not np.array_equal(x[labels], design):
        raise ValueError("covariates differ within a unit")
    return Units(x, sizes, sums)


@dataclass(frozen=True)
class Fit:
    """The fitted coefficients and, per coefficient (intercept first), the squared norm, the
    bias term Σ_d se² and the corrected estimate."""

    beta: np.ndarray = field(repr=False)
    inverse: np.ndarray = field(repr=False)
    """(X'X)⁻¹."""
    residuals: np.ndarray = field(repr=False)
    """Each unit's residual sum R_g (G × D)."""
    meat: np.ndarray = field(repr=False)
    squared: np.ndarray
    bias: np.ndarray
    corrected: np.ndarray


def small_sample_factor(
    units: int, instances: int | np.ndarray, columns: int
) -> float | np.ndarray:
    """CR1's G/(G−1)·(n−1)/(n−p): HC1's n/(n−p) when every unit is one instance (`instances`
    may be an array: one left-out sample each)."""
    return units / (units - 1) * (instances - 1) / (instances - columns)


def fit(units: Units) -> Fit:
    """OLS of the units' instances on their covariates, with CR1 bias terms."""
    x, sizes = units.x, units.sizes
    inverse = np.linalg.inv((x * sizes[:, None]).T @ x)
    beta = inverse @ (x.T @ units.sums)
    residuals = units.sums - sizes[:, None] * (x @ beta)
    meat = (x * np.einsum("gd,gd->g", residuals, residuals)[:, None]).T @ x
    factor = small_sample_factor(units.count, units.instances, x.shape[1])
    bias = factor * np.einsum("ij,jk,ki->i", inverse, meat, inverse)
    squared = np.einsum("kd,kd->k", beta, beta)
    return Fit(beta, inverse, residuals, meat, squared, bias, squared - bias)
