"""Are embedding regression's permutation p-values calibrated for a covariate with no effect
when another covariate has a large one? (issue 44: "p-values uniform: ≤ 5% below 0.05 over
≥ 200 seeds").

Generated documents (1–4 instances each, a document's own random leaning shared by its
instances) with two covariates: `party` (two levels) carries a planted effect, a shift of
`--effect` noise standard deviations along one direction; `gender` (two levels) has none. For
each seed the regression is fitted and gender's p-value computed with each permutation scheme
(bias/regression/permutations.py); the bench prints the share of seeds with p < 0.05 (the
nominal rate with 199 draws is 9/200 = 4.5%), and the share below 0.01 and 0.10.

Settings, each a way the other covariate's effect could leak into gender's test:
- independent: gender independent of party;
- correlated: gender M for 75% of party B's documents and 25% of A's;
- varying: party's effect differs per document (a random slope: the shift times 1 ± 0.5), so
  the residuals' spread depends on party;
- unbalanced-varying: as varying, with gender M for only 20% of documents;
- skewed-number: "gender" is a number instead, log-normal (a few documents with large values,
  which have leverage), beside party's varying effect.

Asserts nothing; prints rates.

    python bench/regression_calibration.py [--seeds 400] [--documents 40] [--dimensions 20]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.regression import permutations
from bias.regression.ols import fit, units_of

SETTINGS = ("independent", "correlated", "varying", "unbalanced-varying", "skewed-number")
DRAWS = 199


def generated(setting: str, seed: int, documents: int, dimensions: int, effect: float,
              clustered: bool):
    """(design rows per instance, embeddings, cluster labels)."""
    rng = np.random.default_rng(seed)
    party = np.arange(documents) % 2
    share = {"correlated": np.where(party == 1, 0.75, 0.25),
             "unbalanced-varying": np.full(documents, 0.2)}.get(setting,
                                                              np.full(documents, 0.5))
    gender = (rng.random(documents) < share).astype(float)
    gender[:4] = (0, 1, 1, 0)  # both genders in both parties: the design is never singular
    if setting == "skewed-number":
        gender = np.round(rng.lognormal(sigma=1.0, size=documents), 3)
    sizes = rng.integers(1, 5, documents) if clustered else np.ones(documents, dtype=int)
    document = np.repeat(np.arange(documents), sizes)
    varying = setting in ("varying", "unbalanced-varying", "skewed-number")
    slope = 1 + 0.5 * rng.choice([-1, 1], documents) if varying else np.ones(documents)
    direction = rng.normal(size=dimensions)
    direction /= np.linalg.norm(direction)
    leaning = rng.normal(size=(documents, dimensions)) * 0.5
    y = (rng.normal(size=(len(document), dimensions)) + leaning[document]
         + (effect * party * slope)[document, None] * direction)
    x = np.column_stack([np.ones(documents), party, gender])[document]
    return x, y, document


def freedman_lane(units, full, draws: int, seed: int) -> np.ndarray:
    """Freedman–Lane's counts with the same shuffles as BiasWords' scheme: for each k, the
    reduced model's residual sums R + M X Δ_k (Δ_k = β − the reduced fit, 0 in row k) regressed
    on the shuffled rows, β_k's squared norm against the observed one."""
    x, sizes = units.x, units.sizes.astype(float)
    columns = x.shape[1]
    gram, moment = (x * sizes[:, None]).T @ x, x.T @ units.sums
    shifts = []
    for k in range(columns):
        kept = np.arange(columns) != k
        reduced = np.zeros_like(full.beta)
        reduced[kept] = np.linalg.solve(gram[np.ix_(kept, kept)], moment[kept])
        shifts.append(full.beta - reduced)
    reached = np.zeros(columns, dtype=int)
    for block, start in enumerate(range(0, draws, permutations.BLOCK)):
        size = min(permutations.BLOCK, draws - start)
        order = np.random.default_rng([seed, block]).permuted(
            np.broadcast_to(np.arange(units.count), (size, units.count)), axis=1)
        shuffled = x[order]
        transposed = shuffled.transpose(0, 2, 1)
        rows = np.linalg.inv(np.matmul(transposed * sizes, shuffled))
        base = transposed @ full.residuals
        cross = np.matmul(transposed * sizes, x)
        for k in range(columns):
            beta = np.einsum("bp,bpd->bd", rows[:, k], base + cross @ shifts[k])
            reached[k] += (np.einsum("bd,bd->b", beta, beta) >= full.squared[k]).sum()
    return reached


SCHEMES = {"biaswords": permutations.exceedances, "freedman-lane": freedman_lane}


def rates(setting: str, scheme: str, seeds: int, documents: int, dimensions: int,
          effect: float, clustered: bool) -> tuple[np.ndarray, np.ndarray]:
    """Gender's and party's p-values over `seeds` generated samples."""
    gender, party = [], []
    for seed in range(seeds):
        x, y, labels = generated(setting, seed, documents, dimensions, effect, clustered)
        units = units_of(x, y, labels)
        p = permutations.p_values(SCHEMES[scheme](units, fit(units), DRAWS, seed), DRAWS)
        party.append(p[1])
        gender.append(p[2])
    return np.array(gender), np.array(party)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400)
    parser.add_argument("--documents", type=int, default=40)
    parser.add_argument("--dimensions", type=int, default=20)
    parser.add_argument("--effect", type=float, default=3.0)
    args = parser.parse_args()
    print(f"{args.seeds} seeds, {args.documents} documents, {args.dimensions} dimensions, "
          f"party's effect {args.effect} noise sd; gender has none; {DRAWS} permutations")
    for clustered in (True, False):
        unit = "documents (1-4 instances each)" if clustered else "single instances"
        print(f"\nclusters: {unit}")
        for setting in SETTINGS:
            for scheme in SCHEMES:
                start = time.perf_counter()
                gender, party = rates(setting, scheme, args.seeds, args.documents,
                                      args.dimensions, args.effect, clustered)
                print(f"  {setting:<19} {scheme:<15} gender p<0.05 {np.mean(gender < 0.05):6.1%}"
                      f"  p<0.01 {np.mean(gender < 0.01):5.1%}  p<0.10 "
                      f"{np.mean(gender < 0.10):5.1%}  | party p<0.05 "
                      f"{np.mean(party < 0.05):6.1%}  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
