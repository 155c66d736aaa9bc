"""The test between two groups (bias.stats.group_difference) on generated corpora: how often it
calls two groups different when they are not (false positives), and how often when they are
(power).

Corpora: tests/corpus/corpora.py's documents (WEAT 6's names with career or family words and
filler; `planted` is the chance a name comes with its own list: 0.5 none, 1.0 always), one
CSV per corpus with two groups, each corpus from its own generator seed and training seed.

* false positives: the same planted strength in both groups, the groups of different sizes
  (--sizes, e.g. 300 and 100 documents: the situation of issue 41, where size alone moved d);
  with and without --equal-groups' sampling;
* power: equal sizes, strengths 1.0 against each of --against.

Each comparison trains 2 × (1 + N) models (16 dimensions, 30 epochs, minimum count 2: the
tests' cheap settings; real corpora train bigger models on more text; every model keeps the
vocabulary of the two groups pooled). Prints, per setting, the share of corpora with p < 0.05 and
its 95% Clopper–Pearson interval, the mean |Δ| observed, the deals in which a side lacked a
tested word (d over fewer words) and those left without a d (counted as extreme), and the CPU
time; asserts nothing.

    nice -n 10 python bench/group_difference.py [--corpora 20] [--permutations 39]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

import argparse  # noqa: E402
import csv  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scipy.stats import beta  # noqa: E402

from bias.corpus.options import ReadOptions, TrainOptions  # noqa: E402
from bias.stats.group_difference import compare_groups  # noqa: E402
from tests.corpus.corpora import WEAT6, documents  # noqa: E402

SETTINGS = {"dimensions": 16, "epochs": 30, "min_count": 2}
READ = ReadOptions(text_column="text", group_column="g")


def write(path: Path, groups: list[tuple[str, float, int]], seed: int) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["g", "text"])
        for k, (value, strength, count) in enumerate(groups):
            writer.writerows([value, text] for text in documents(strength, count, 1000 * seed + k))
    return path


def interval(hits: int, n: int) -> tuple[float, float]:
    low = beta.ppf(0.025, hits, n - hits + 1) if hits else 0.0
    high = beta.ppf(0.975, hits + 1, n - hits) if hits < n else 1.0
    return float(low), float(high)


def setting(name: str, groups: list[tuple[str, float, int]], args, folder: Path,
            equal: bool = False) -> None:
    started = time.process_time()
    called, deltas, lost, undefined = 0, [], 0, 0
    for seed in range(args.corpora):
        path = write(folder / f"{name}-{seed}.csv", groups, seed)
        options = TrainOptions(**SETTINGS, seed=seed, equal_groups=equal)
        found = compare_groups(path, language="en", groups=(groups[0][0], groups[1][0]),
                               wordset=WEAT6, read=READ, options=options,
                               permutations=args.permutations, workers=1)
        called += found.supported
        deltas.append(abs(found.difference))
        lost += found.lost_words
        undefined += found.undefined
    low, high = interval(called, args.corpora)
    sizes = "/".join(str(count) for _, _, count in groups)
    strengths = "/".join(f"{strength:g}" for _, strength, _ in groups)
    print(f"| {name} | {strengths} | {sizes}{' (sampled equal)' if equal else ''} | "
          f"{called}/{args.corpora} = {called / args.corpora:.0%} [{low:.0%}, {high:.0%}] | "
          f"{sum(deltas) / len(deltas):.2f} | {lost} | {undefined} | "
          f"{time.process_time() - started:.0f} s |",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpora", type=int, default=20)
    parser.add_argument("--permutations", type=int, default=39)
    parser.add_argument("--sizes", type=int, nargs=2, default=[300, 100])
    parser.add_argument("--strength", type=float, default=0.9)
    parser.add_argument("--against", type=float, nargs="*", default=[0.75, 0.5])
    parser.add_argument("--equal-size", type=int, default=200)
    args = parser.parse_args()
    print(f"{args.corpora} corpora per setting, {args.permutations} permutations "
          f"(smallest p {1 / (1 + args.permutations):.3f}), models {SETTINGS}")
    print("| setting | planted | documents | p < 0.05 [95% CI] | mean abs Δ | deals that lacked "
          "a word | deals without a d | CPU |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BIASWORDS_HOME"] = folder
        big, small = args.sizes
        same = [("big", args.strength, big), ("small", args.strength, small)]
        setting("false positives", same, args, Path(folder))
        setting("false positives", same, args, Path(folder), equal=True)
        for against in args.against:
            setting("power", [("a", 1.0, args.equal_size), ("b", against, args.equal_size)],
                    args, Path(folder))


if __name__ == "__main__":
    main()
