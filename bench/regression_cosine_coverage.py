"""How often does a group neighbour's interval contain the true cosine? (issue 44:
bias/regression/neighbours.py `cosine_intervals`, the interval beside each of a group's
nearest words, which replaced conText's bootstrap percentiles after this bench).

The number is the cosine between a group's average instance embedding and a word's vector. Its
truth is the cosine with the average the group's instances come from (the population mean μ).
An average of n noisy instances is μ plus noise, and noise in other directions lengthens the
average without moving it toward the word, so the observed cosine is biased toward 0; a bootstrap
sample's average has that noise twice (the sample's, and the resampling's), so the resampled
cosines sit below the observed one and the percentile interval is shifted the wrong way.

Generated groups: `documents` documents of 1–5 instances (3 on average); each instance is μ
(norm 1) + its document's leaning (sd 0.4 × the instance noise) + its own noise, the noise's
norm about 3 (an instance's cosine with μ near 0.3, as single ALC embeddings have), so that
30 documents give an observed cosine near .88 with μ, as on the presidential addresses. Words
at true cosine .9, .6 and .3 with μ (fixed words: the selection of the nearest words is not
modelled). For each setting `--seeds` samples; the documents resampled `--draws` times (100, the
product's default); the share of 95% intervals that contain the true cosine and their mean width,
for:

* percentile: the 2.5% and 97.5% quantiles of the resampled cosines (as conText's `get_nns`);
* basic (reverse percentile): 2θ̂ − q97.5, 2θ̂ − q2.5;
* BC: the percentile interval at Φ(2z₀ ± 1.96), z₀ = Φ⁻¹(share of resampled cosines < θ̂);
* BCa: BC with the acceleration from the leave-one-document-out cosines (Efron 1987);
* jackknife: the jackknife bias-corrected cosine ± t(G−1) × the jackknife standard error;
* normal, normal-t: the bootstrap's bias-corrected cosine 2θ̂ − mean(θ*) ± 1.96 or t(G−1) × the
  resampled cosines' standard deviation;
* corrected: the cosine with the average's squared length less the cluster-robust trace of its
  variance, ± t(G−1) × that corrected cosine's jackknife standard error (computed here by
  refitting without each document);
* product: what `cosine_intervals` gives (the corrected line again, cut to [−1, 1]).

Asserts nothing; prints figures.

    python bench/regression_cosine_coverage.py [--seeds 400] [--draws 100]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.regression.neighbours import cosine_intervals

DOCUMENTS = (10, 30, 100)
DIMENSIONS = (50, 300)
TRUE_COSINES = (0.9, 0.6, 0.3)
NOISE_NORM = 3.0
LEVEL = 0.95
METHODS = ("percentile", "basic", "BC", "BCa", "jackknife", "normal", "normal-t", "corrected",
           "product")


def words_at(mu: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    rows = []
    for cosine in TRUE_COSINES:
        other = rng.normal(size=len(mu))
        other -= other @ mu * mu
        other /= np.linalg.norm(other)
        rows.append(cosine * mu + np.sqrt(1 - cosine**2) * other)
    return np.array(rows)


def sample(rng: np.random.Generator, documents: int, mu: np.ndarray):
    sizes = rng.integers(1, 6, size=documents)
    labels = np.repeat(np.arange(documents), sizes)
    sd = NOISE_NORM / np.sqrt(len(mu))
    leaning = rng.normal(scale=0.4 * sd, size=(documents, len(mu)))
    return mu + leaning[labels] + rng.normal(scale=sd, size=(len(labels), len(mu))), labels


def unit(matrix: np.ndarray) -> np.ndarray:
    return matrix / np.linalg.norm(matrix, axis=-1, keepdims=True)


def corrected_cosine(sums: np.ndarray, sizes: np.ndarray, words: np.ndarray) -> np.ndarray:
    """m·ŵ / √(‖m‖² − G/(G−1) · Σ_g ‖s_g − n_g m‖² / N²), m the average of the clusters given."""
    count, total = len(sizes), sizes.sum()
    mean = sums.sum(0) / total
    trace = count / (count - 1) * ((sums - sizes[:, None] * mean) ** 2).sum() / total**2
    return (mean @ unit(words).T) / np.sqrt(max(mean @ mean - trace, 1e-12))


def intervals(embeddings, labels, words, draws, rng) -> dict[str, np.ndarray]:
    count = labels.max() + 1
    sums = np.zeros((count, embeddings.shape[1]))
    np.add.at(sums, labels, embeddings)
    sizes = np.bincount(labels).astype(float)
    observed = unit(sums.sum(0) / sizes.sum()) @ unit(words).T
    weights = np.zeros((draws, count))
    np.add.at(weights, (np.arange(draws)[:, None], rng.integers(0, count, (draws, count))), 1.0)
    boot = unit((weights @ sums) / (weights @ sizes)[:, None]) @ unit(words).T
    tail = (1 - LEVEL) / 2
    low, high = np.quantile(boot, [tail, 1 - tail], axis=0)
    out = {"percentile": np.c_[low, high], "basic": np.c_[2 * observed - high,
                                                          2 * observed - low]}
    z0 = stats.norm.ppf(np.clip((boot < observed).mean(0), 0.5 / draws, 1 - 0.5 / draws))
    left = unit((sums.sum(0) - sums) / (sizes.sum() - sizes)[:, None]) @ unit(words).T
    spread = left.mean(0) - left
    accel = (spread**3).sum(0) / (6 * ((spread**2).sum(0)) ** 1.5)
    z = stats.norm.ppf([tail, 1 - tail])
    for name, a in (("BC", 0 * accel), ("BCa", accel)):
        shifted = z0[:, None] + z[None, :]
        alphas = stats.norm.cdf(z0[:, None] + shifted / (1 - a[:, None] * shifted))
        out[name] = np.array([np.quantile(boot[:, j], alphas[j]) for j in range(len(words))])
    corrected = count * observed - (count - 1) * left.mean(0)
    error = np.sqrt((count - 1) / count * ((left - left.mean(0)) ** 2).sum(0))
    t = stats.t.ppf(1 - tail, count - 1)
    out["jackknife"] = np.c_[corrected - t * error, corrected + t * error]
    keep = np.ones(count, dtype=bool)
    without = []
    for left_out in range(count):
        keep[left_out] = False
        without.append(corrected_cosine(sums[keep], sizes[keep], words))
        keep[left_out] = True
    full, without = corrected_cosine(sums, sizes, words), np.array(without)
    error = np.sqrt((count - 1) / count * ((without - without.mean(0)) ** 2).sum(0))
    out["corrected"] = np.c_[full - t * error, full + t * error]
    centre, spread = 2 * observed - boot.mean(0), boot.std(0, ddof=1)
    out["normal"] = np.c_[centre - z[1] * spread, centre + z[1] * spread]
    out["normal-t"] = np.c_[centre - t * spread, centre + t * spread]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=400)
    parser.add_argument("--draws", type=int, default=100)
    args = parser.parse_args()
    gaps: dict[str, list[float]] = {m: [] for m in METHODS}
    print(f"{args.seeds} samples per setting, {args.draws} resamples, nominal {LEVEL:.0%}; "
          "coverage % (mean width) per true cosine .9/.6/.3")
    for dimensions in DIMENSIONS:
        for documents in DOCUMENTS:
            hits = {m: np.zeros(len(TRUE_COSINES)) for m in METHODS}
            widths = {m: np.zeros(len(TRUE_COSINES)) for m in METHODS}
            observed_mean = np.zeros(len(TRUE_COSINES))
            for seed in range(args.seeds):
                rng = np.random.default_rng([dimensions, documents, seed])
                mu = unit(rng.normal(size=dimensions))
                words = words_at(mu, rng)
                embeddings, labels = sample(rng, documents, mu)
                observed_mean += unit(embeddings.mean(0)) @ unit(words).T
                found = intervals(embeddings, labels, words, args.draws, rng)
                found["product"] = cosine_intervals(embeddings, labels, words, LEVEL)
                for method, box in found.items():
                    hits[method] += (box[:, 0] <= TRUE_COSINES) & (np.array(TRUE_COSINES)
                                                                    <= box[:, 1])
                    widths[method] += box[:, 1] - box[:, 0]
            mean = observed_mean / args.seeds
            print(f"\n{dimensions} dimensions, {documents} documents (observed cosine on "
                  f"average {' / '.join(f'{v:.3f}' for v in mean)})")
            for method in METHODS:
                cells = "  ".join(f"{100 * h / args.seeds:5.1f}% ({w / args.seeds:.3f})"
                                  for h, w in zip(hits[method], widths[method], strict=True))
                print(f"  {method:<11}{cells}")
                gaps[method] += list(100 * hits[method] / args.seeds)
    print("\nover all settings: mean |coverage - 95%|, lowest coverage")
    for method, found in gaps.items():
        print(f"  {method:<11}{np.mean(np.abs(np.array(found) - 95)):5.1f}  {min(found):5.1f}%")


if __name__ == "__main__":
    main()
