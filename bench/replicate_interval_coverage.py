"""How often the replicates' prediction interval (bias.stats.replicates.replicate_interval) holds
the d of another training run, and how far the replicates' mean d sits from the whole-corpus
model's d, on generated corpora with an association planted at several strengths.

The corpora are tests/corpus/corpora.py's (WEAT 6's names, career and family words and filler;
`planted` is the chance that a name comes with its own list: 0.5 plants nothing), 400 documents
each, trained at the tests' small settings (16 dimensions, 30 epochs, minimum count 2) exactly as
`python -m bias train --replicates N` trains them (`bias.corpus.train_corpus.plan`,
`train_model.fit`: the same seeds, the same whole-corpus vocabulary).

Coverage: per corpus a pool of `--pool` replicates; for each of 3, 5, 10 and 20 replicates,
`--subsets` random subsets of that size each give an interval, and every replicate of the pool
outside the subset is a further training run whose d it should hold. A random subset and a
random further replicate are k + 1 independent replicates, so the share held is an unbiased
estimate of the coverage for this corpus; its precision is limited by the pool (the pooled
figure over all corpora is the one to read). The old interval (2.5-97.5 percentile) beside it.

Bias of the point estimate: per corpus the mean of the pool's d against the mean d of
`--whole` models trained on every document once (their own seeds), and how often a 5-replicate
interval holds a whole-corpus model's d.

Asserts nothing; prints Markdown tables. About 2 minutes of CPU at the defaults.

    nice -n 10 python bench/replicate_interval_coverage.py [--pool 40] [--subsets 2000]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from scipy import stats  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.corpus.options import ReadOptions, TrainOptions  # noqa: E402
from bias.corpus.scan import scan  # noqa: E402
from bias.corpus.train_corpus import plan  # noqa: E402
from bias.corpus.train_model import TrainTask, fit  # noqa: E402
from bias.stats.effect_size import effect_size  # noqa: E402
from bias.stats.replicates import replicate_interval  # noqa: E402
from tests.corpus.conftest import SMALL  # noqa: E402
from tests.corpus.corpora import WEAT6, write_txt  # noqa: E402

STRENGTHS = (0.5, 0.55, 0.6, 0.7)
SIZES = (3, 5, 10, 20)
DOCUMENTS = 400


def weat_d(model) -> float:
    """WEAT 6's d on a gensim model, its words lower-cased as the corpus is (nan if a word lacks
    a vector: never seen in these corpora, whose test words are all frequent)."""
    vectors = model.wv

    def unit(words):
        rows = np.array([vectors[w.lower()] for w in words], dtype=np.float64)
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)

    words = (*WEAT6.X.words, *WEAT6.Y.words, *WEAT6.A.words, *WEAT6.B.words)
    if any(w.lower() not in vectors.key_to_index for w in words):
        return float("nan")
    targets = unit((*WEAT6.X.words, *WEAT6.Y.words))
    s = (targets @ unit(WEAT6.A.words).T).mean(axis=1) - (targets @ unit(WEAT6.B.words).T).mean(
        axis=1)
    return float(effect_size(s, len(WEAT6.X.words)))


def corpus_tasks(folder: Path, strength: float, corpus_seed: int, replicates: int
                 ) -> list[TrainTask]:
    """The replicate tasks of one generated corpus, as `bias train` plans them."""
    path = write_txt(folder / f"c{strength}-{corpus_seed}.txt", strength, DOCUMENTS,
                     seed=corpus_seed)
    scanned = scan(path, "en", ReadOptions(), folder)
    return plan(scanned, TrainOptions(**SMALL | {"replicates": replicates}), "bench")


def whole_tasks(task: TrainTask, count: int) -> list[TrainTask]:
    """Models on every document once (no bootstrap), with `count` different seeds."""
    return [dataclasses.replace(task, seed=1_000 + i, bootstrap_seed=None) for i in range(count)]


def coverage(d: np.ndarray, k: int, subsets: int, rng: np.random.Generator) -> tuple[float, float]:
    """(t interval, percentile interval): share of the pool outside a random k-subset that the
    subset's interval holds, over `subsets` subsets."""
    held_t = held_p = total = 0
    for _ in range(subsets):
        chosen = rng.choice(d.size, size=k, replace=False)
        rest = np.delete(d, chosen)
        interval = replicate_interval(d[chosen])
        low, high = np.percentile(d[chosen], [2.5, 97.5])
        held_t += int(((rest >= interval.low) & (rest <= interval.high)).sum())
        held_p += int(((rest >= low) & (rest <= high)).sum())
        total += rest.size
    return held_t / total, held_p / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool", type=int, default=40, help="replicates per corpus")
    parser.add_argument("--subsets", type=int, default=2000)
    parser.add_argument("--whole", type=int, default=5, help="whole-corpus models per corpus")
    parser.add_argument("--corpora", type=int, default=3, help="corpora per strength")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    started, cpu = time.perf_counter(), time.process_time()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for strength in STRENGTHS:
            for corpus_seed in range(args.corpora):
                tasks = corpus_tasks(Path(tmp), strength, 100 + corpus_seed, args.pool)
                d = np.array([weat_d(fit(task)) for task in tasks])
                whole = np.array([weat_d(fit(task)) for task in whole_tasks(tasks[0],
                                                                            args.whole)])
                rows.append({"strength": strength, "seed": 100 + corpus_seed, "d": d,
                             "whole": whole})
                print(f"planted {strength}, corpus {100 + corpus_seed}: replicates' d mean "
                      f"{d.mean():.3f} sd {d.std(ddof=1):.3f}; whole-corpus models' d "
                      f"{', '.join(f'{x:.2f}' for x in whole)}", flush=True)
    print(f"\nTrained {len(rows) * (args.pool + args.whole)} models in "
          f"{time.perf_counter() - started:.0f} s ({time.process_time() - cpu:.0f} s CPU).")

    print(f"\nCoverage of a further replicate's d ({args.subsets} random subsets per corpus "
          f"and size; {len(rows)} corpora, pools of {args.pool}):")
    print("| replicates | t interval, all corpora | per planted strength | "
          "percentile interval (old) |")
    print("| --- | --- | --- | --- |")
    for k in SIZES:
        found = [(row["strength"], *coverage(row["d"], k, args.subsets, rng)) for row in rows]
        by_strength = ", ".join(
            f"{s}: {100 * np.mean([t for st, t, _ in found if st == s]):.1f}%" for s in STRENGTHS)
        print(f"| {k} | {100 * np.mean([t for _, t, _ in found]):.1f}% | {by_strength} | "
              f"{100 * np.mean([p for _, _, p in found]):.1f}% |")

    print("\nThe point estimate (mean of the replicates' d) against the whole-corpus models' d:")
    print("| planted | corpus | replicates' mean d | whole-corpus mean d | difference | "
          "5-replicate intervals holding a whole-corpus d |")
    print("| --- | --- | --- | --- | --- | --- |")
    differences = []
    for row in rows:
        d, whole = row["d"], row["whole"]
        held = []
        for _ in range(200):
            interval = replicate_interval(d[rng.choice(d.size, size=5, replace=False)])
            held.append(np.mean((whole >= interval.low) & (whole <= interval.high)))
        difference = d.mean() - whole.mean()
        if row["strength"] > 0.5:
            differences.append(difference)
        print(f"| {row['strength']} | {row['seed']} | {d.mean():.3f} | {whole.mean():.3f} | "
              f"{difference:+.3f} | {100 * np.mean(held):.0f}% |")
    below = sum(x < 0 for x in differences)
    test = stats.binomtest(below, len(differences))
    print(f"\nPlanted corpora: replicates' mean d minus whole-corpus d, mean "
          f"{np.mean(differences):+.3f} (median {np.median(differences):+.3f}); below in "
          f"{below} of {len(differences)} (sign test p = {test.pvalue:.3g}).")


if __name__ == "__main__":
    main()
