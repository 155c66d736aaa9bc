"""How often the verdict over replicates (bias.stats.replicates.decide_replicates) claims a bias
on generated corpora with nothing planted (false positives), and how often it finds one planted
at several strengths (power), beside one model on the whole corpus.

The corpora, settings and training are bench/replicate_interval_coverage.py's: `--corpora`
generated corpora of 400 documents per setting, each trained as `bias train --replicates 5`
would (and once more on every document, with its own seed, as `bias train` without replicates
would), then WEAT 6 on every model as `bias weat` runs it (exact permutation test of the 12,870
partitions; the bootstrap interval for d with `--resamples` resamples instead of 10,000, to keep
the run short).

A claim is the verdict `holds` (a bias in the lists' direction in every replicate) or
`other_way` with every replicate significant against it; the table gives every verdict's share.

Asserts nothing; prints Markdown tables. About 3 minutes of CPU at the defaults.

    nice -n 10 python bench/replicate_verdicts.py [--corpora 20] [--replicates 5]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

import argparse  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.replicate_interval_coverage import corpus_tasks, whole_tasks  # noqa: E402
from bias.corpus.train_model import fit  # noqa: E402
from bias.stats.replicates import replicate_result  # noqa: E402
from bias.stats.weat import WeatOptions, run_weat  # noqa: E402
from bias.vectors.embeddings import Embedding  # noqa: E402
from tests.corpus.corpora import WEAT6  # noqa: E402

STRENGTHS = (0.5, 0.55, 0.6, 0.7)
STATES = ("holds", "other_way", "unstable", "not_every_replicate", "no_bias", "cannot_decide")


def weat(task, options: WeatOptions):
    model = fit(task)
    words = list(model.wv.index_to_key)
    embedding = Embedding.from_raw(task.name, "en", words, model.wv.vectors.copy())
    return run_weat(embedding, WEAT6, options)


def claims(result) -> bool:
    verdict = result.verdict
    return verdict.state == "holds" or (verdict.state == "other_way"
                                        and verdict.against == verdict.replicates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=int, default=20, help="corpora per setting")
    parser.add_argument("--replicates", type=int, default=5)
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args()
    options = WeatOptions(ci_resamples=args.resamples)
    started, cpu = time.perf_counter(), time.process_time()
    print("| planted | corpora | replicate verdict claims a bias | "
          + " | ".join(STATES) + " | one whole-corpus model: holds | p < .05 |")
    print("| --- " * (5 + len(STATES)) + "|")
    with tempfile.TemporaryDirectory() as tmp:
        for strength in STRENGTHS:
            states: Counter[str] = Counter()
            claimed = single_holds = single_significant = 0
            for corpus in range(args.corpora):
                tasks = corpus_tasks(Path(tmp), strength, 1_000 + corpus, args.replicates)
                results = [weat(task, options) for task in tasks]
                group = replicate_result(
                    WEAT6, "bench", None, [t.name for t in tasks],
                    [r.effect_size for r in results], [r.verdict.state for r in results],
                    [r.p_value for r in results], results)
                states[group.verdict.state] += 1
                claimed += claims(group)
                single = weat(whole_tasks(tasks[0], 1)[0], options)
                single_holds += single.verdict.state == "holds"
                single_significant += single.p_value < 0.05
            n = args.corpora
            print(f"| {strength} | {n} | {claimed} ({100 * claimed / n:.0f}%) | "
                  + " | ".join(str(states[s]) for s in STATES)
                  + f" | {single_holds} | {single_significant} |", flush=True)
    print(f"\n{len(STRENGTHS) * args.corpora * (args.replicates + 1)} models trained and tested "
          f"in {time.perf_counter() - started:.0f} s ({time.process_time() - cpu:.0f} s CPU).")


if __name__ == "__main__":
    main()
