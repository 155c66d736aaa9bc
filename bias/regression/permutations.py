"""Permutation p-values for each coefficient's squared norm, in seeded blocks of draws.

Whole clusters move together: each unit (a document, or one instance) keeps its residual sum and
its size, and the covariate rows are shuffled among the units, so a document's instances are
never split. The statistic is the uncorrected squared norm ‖β_k‖², as conText's; p = (1 +
#{permuted ≥ observed}) / (1 + N) (Phipson & Smyth 2010: a p-value from draws is never 0).

The residuals of the full model are permuted (ter Braak 1992, as conText's `permute_ols`
does): under the null that coefficient k is zero, the residuals approximate the errors, and
regressing them, shuffled against the covariates, on X gives squared norms as large as chance
makes them, for every coefficient at once. What the other covariates explain is out of the
residuals, so a large effect of one covariate does not widen another's null distribution.

Residuals are smaller than the errors they stand for (fitting took some of the noise out, most
where a unit has leverage): each unit's residual sum R_g is divided by √(1 − m_g h_g), its
variance share left after the fit (h_g = x_g'(X'X)⁻¹x_g), as HC2 does for standard errors.
Without it the test was anti-conservative on small samples: 10% of p-values below 0.05 under no
effect at 24 documents, 5% with it (tests/regression/test_planted.py). The Freedman–Lane
scheme (residuals of the model without coefficient k, one null per coefficient) was measured
beside it with a large effect on another covariate (bench/regression_calibration.py): at 20
documents it gave 5–7% of p-values below 0.05 where this gives 3–5.5%, at 200 both 3–6%.

Draws come in blocks of `BLOCK`; block b draws from `numpy.random.default_rng([seed, b])`, so a
seed gives the same p-values bit for bit on any machine with the same numpy, computed here or as
tasks on a cluster (`bias.compute.run_tasks`), whatever the number of workers: a task is a run of
whole blocks, and the counts are added in block order.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from bias.jobs import checkpoint
from bias.regression.jackknife import SINGULAR
from bias.regression.ols import Fit, Units

BLOCK = 100
"""Permutations per batched solve and per seeded stream: part of what a seed means, so fixed."""
CELLS = 2_000_000
"""Draws × clusters shuffled and solved at once within a block (16 bytes and 16 per coefficient
each: the order, the shuffled rows, their transpose weighted by size). A whole block of 100
draws took 1.6 GB above the data at 300,000 clusters (5.3 GB for a million documents), its
sub-batches 98 MB (bench/regression_memory.py --units)."""
BLOCKS_PER_TASK = 2
"""Blocks a cluster's task computes: 200 permutations, a second or so of a worker's time on
10,000 units, against the cost of sending it the residuals (G × D floats)."""


@dataclass(frozen=True)
class Draws:
    """Everything a run of blocks needs (a task: picklable, its seed inside)."""

    x: np.ndarray = field(repr=False)
    sizes: np.ndarray = field(repr=False)
    residuals: np.ndarray = field(repr=False)
    """(G × D) the residual sums that are regressed on the shuffled rows."""
    observed: np.ndarray = field(repr=False)
    seed: int
    permutations: int
    blocks: tuple[int, ...]


def exceedances(units: Units, full: Fit, permutations: int, seed: int,
                scheduler: str | None = None) -> np.ndarray:
    """How many of `permutations` draws reach each coefficient's observed squared norm
    (computed here, or as tasks on the Dask cluster at `scheduler`: the same counts)."""
    draws = draws_of(units, full, permutations, seed)
    if not scheduler:  # one process: no task is worth a process pool's start (docs/cluster.md)
        return run_blocks(draws)
    from bias.compute import run_tasks

    tasks = [replace(draws, blocks=draws.blocks[start:start + BLOCKS_PER_TASK])
             for start in range(0, len(draws.blocks), BLOCKS_PER_TASK)]
    return np.sum(run_tasks(run_blocks, tasks, scheduler=scheduler), axis=0)


def draws_of(units: Units, full: Fit, permutations: int, seed: int) -> Draws:
    """All the blocks of `permutations` draws, with the leverage-scaled residuals."""
    x, sizes = units.x, units.sizes.astype(np.float64)
    leverage = sizes * np.einsum("gp,pq,gq->g", x, full.inverse, x)
    residuals = full.residuals / np.sqrt(np.maximum(1.0 - leverage, SINGULAR))[:, None]
    return Draws(x, sizes, residuals, full.squared, seed, permutations,
                 tuple(range(-(-permutations // BLOCK))))


def run_blocks(draws: Draws) -> np.ndarray:
    """A task: the counts of its blocks, added in order (a point to stop before each)."""
    reached = np.zeros(draws.x.shape[1], dtype=np.int64)
    for done, block in enumerate(draws.blocks):
        checkpoint(done, len(draws.blocks))
        reached += block_reached(draws, block)
    return reached


def block_reached(draws: Draws, block: int) -> np.ndarray:
    """The counts of block `block` alone: its draws depend on the seed and `block` only.

    With many clusters the block's draws are shuffled and solved a few at a time (at most
    `CELLS` draws × clusters at once): `permuted` shuffles row after row from the generator, so
    the rows of sub-batches drawn in turn are the block's rows, and the counts add up."""
    count = draws.x.shape[0]
    size = min(BLOCK, draws.permutations - block * BLOCK)
    step = min(BLOCK, max(1, CELLS // count))
    rng = np.random.default_rng([draws.seed, block])
    reached = np.zeros(draws.x.shape[1], dtype=np.int64)
    for start in range(0, size, step):
        rows = min(step, size - start)
        reached += _reached(draws, rng.permuted(
            np.broadcast_to(np.arange(count), (rows, count)), axis=1))
    return reached


def _reached(draws: Draws, order: np.ndarray) -> np.ndarray:
    """How many of the shuffles `order` (draws × G) reach each coefficient's observed norm."""
    x, sizes = draws.x, draws.sizes
    size, count = order.shape
    shuffled = x[order]  # (draws, G, p)
    transposed = shuffled.transpose(0, 2, 1)  # (draws, p, G)
    gram = np.matmul(transposed * sizes, shuffled)
    columns = x.shape[1]
    moment = (transposed.reshape(size * columns, count) @ draws.residuals).reshape(
        size, columns, -1)
    beta = np.linalg.solve(gram, moment)
    return (np.einsum("bkd,bkd->bk", beta, beta) >= draws.observed).sum(axis=0)


def p_values(reached: np.ndarray, permutations: int) -> np.ndarray:
    return (1 + reached) / (1 + permutations)
