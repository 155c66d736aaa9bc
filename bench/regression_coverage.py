"""How often does embedding regression's jackknife interval contain the true squared norm?
(issue 44: conText's interval, the full-sample corrected estimate ± t(G−1) × the jackknife
standard error, bias/regression/jackknife.py).

Generated documents (1–4 instances each, a document's own random leaning shared by its
instances, unit noise per dimension) with `party` (two levels) shifting the embeddings by β
along one direction and a numeric `score` with no effect: the true squared norms are ‖β‖² for
party and 0 for score. For each number of documents and each ‖β‖², `--seeds` samples are drawn;
the bench prints the share of 95% intervals that contain the truth (coverage), their mean width,
the mean corrected estimate (its bias is the mean minus the truth), the share of intervals
entirely above 0, and, beside it, the share of party's permutation p-values (199 draws) below
0.05: the same question ("is there a difference?") asked of the test made for it.

Asserts nothing; prints figures.

    python bench/regression_coverage.py [--seeds 400] [--dimensions 50]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.regression import jackknife, permutations
from bias.regression.ols import fit, units_of

DOCUMENTS = (20, 50, 200, 1000)
TRUE_NORMS = (0.0, 0.25, 1.0)
LEVEL = 0.95
DRAWS = 199


def sample(seed: int, documents: int, dimensions: int, norm: float, clustered: bool):
    rng = np.random.default_rng(seed)
    party = np.arange(documents) % 2
    score = rng.normal(size=documents)
    sizes = rng.integers(1, 5, documents) if clustered else np.ones(documents, dtype=int)
    document = np.repeat(np.arange(documents), sizes)
    direction = rng.normal(size=dimensions)
    direction *= np.sqrt(norm) / np.linalg.norm(direction)
    leaning = rng.normal(size=(documents, dimensions)) * (0.5 if clustered else 0.0)
    y = (rng.normal(size=(len(document), dimensions)) + leaning[document]
         + party[document, None] * direction)
    x = np.column_stack([np.ones(documents), party, score])[document]
    return units_of(x, y, document)


def coverage(documents: int, dimensions: int, norm: float, seeds: int, clustered: bool):
    """Per coefficient (party, score): coverage, mean width, mean estimate, share above 0, share
    of p-values below 0.05."""
    inside, width, estimate, above, found = [], [], [], [], []
    truth = np.array([norm, 0.0])
    for seed in range(seeds):
        units = sample(seed, documents, dimensions, norm, clustered)
        full = fit(units)
        bounds = jackknife.interval(full.corrected, jackknife.leave_one_out(units, full),
                                    LEVEL)[1:]
        inside.append((bounds[:, 0] <= truth) & (truth <= bounds[:, 1]))
        width.append(bounds[:, 1] - bounds[:, 0])
        estimate.append(full.corrected[1:])
        above.append(bounds[:, 0] > 0)
        reached = permutations.exceedances(units, full, DRAWS, seed)
        found.append(permutations.p_values(reached, DRAWS)[1:] < 0.05)
    return [np.mean(values, axis=0) for values in (inside, width, estimate, above, found)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400)
    parser.add_argument("--dimensions", type=int, default=50)
    args = parser.parse_args()
    print(f"{args.seeds} seeds per line, {args.dimensions} dimensions, unit noise per "
          f"dimension; {LEVEL:.0%} jackknife intervals")
    for clustered in (True, False):
        unit = ("documents of 1-4 instances (leaning sd 0.5), clustered by document"
                if clustered else "one instance per document")
        print(f"\n{unit}")
        print("  docs  true ‖β‖²  | party: coverage  width  mean est.  above 0  p<0.05 | "
              "score (true 0): coverage  width  above 0  p<0.05")
        for documents in DOCUMENTS:
            for norm in TRUE_NORMS:
                covered, width, estimate, above, found = coverage(documents, args.dimensions, norm,
                                                           args.seeds, clustered)
                print(f"  {documents:>4}  {norm:>9.2f}  | {covered[0]:>15.1%}  {width[0]:5.2f}"
                      f"  {estimate[0]:9.3f}  {above[0]:7.1%}  {found[0]:6.1%} | "
                      f"{covered[1]:>23.1%}  {width[1]:5.2f}  {above[1]:7.1%}  {found[1]:6.1%}")


if __name__ == "__main__":
    main()
