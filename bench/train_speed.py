"""Training on your own texts: throughput against gensim's own, peak memory against corpus size,
and a whole run of replicates. Prints figures; asserts nothing.

    python bench/train_speed.py                      ratio and memory (a few minutes)
    python bench/train_speed.py --replicates-run     + 10 M tokens × 5 replicates end to end
    python bench/train_speed.py --skip-ratio --memory-sizes --replicates-run    only that

1. Throughput ratio, in one run: the same tokens and settings trained by
   `bias.corpus.train_model.fit` (our task: the numbers the scan wrote beside the token file,
   documents cut into 10,000-token pieces) and by gensim alone on the same documents held in memory
   as lists (gensim's own fastest input for one worker), for every document once, for a bootstrap
   replicate (ours with the whole corpus's vocabulary), and for a token file the task must number
   itself. Both single-threaded; `--repeats` runs each, alternated; the ratio by CPU time of all
   threads (`time.process_time`) and by wall time. The scan's time is printed apart: neither side of
   the ratio counts reading and cutting the text (gensim alone is given the lists).
2. Peak memory: `scan` and training of corpora of growing size in a fresh process each (their
   peak RSS), the vocabulary held fixed, so a growing peak could only come from the corpus.
3. With --replicates-run: `python -m bias train` on a generated 10 M-token corpus with
   --replicates 5, end to end (scan, five models on the machine's cores, saving), its time.

The corpus is generated: words drawn from a Zipf law over a fixed vocabulary (50,000 words),
documents of 200 words, so sizes and timings are comparable from run to run.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VOCABULARY = 50_000
DOCUMENT = 200


def write_corpus(path: Path, tokens: int, seed: int = 0) -> Path:
    """`tokens` Zipf-distributed words in documents of DOCUMENT words, one a line."""
    rng = np.random.default_rng(seed)
    words = np.array([f"w{i}" for i in range(VOCABULARY)])
    with path.open("w", encoding="utf-8") as handle:
        left = tokens
        while left > 0:
            block = min(left, 1_000_000)
            ranks = np.minimum(rng.zipf(1.2, block), VOCABULARY) - 1
            drawn = words[ranks]
            lines = [" ".join(drawn[i : i + DOCUMENT]) for i in range(0, block, DOCUMENT)]
            handle.write("\n".join(lines) + "\n")
            left -= block
    return path


def ratio(tokens: int, repeats: int, epochs: int) -> None:
    from bias.corpus.options import ReadOptions, TrainOptions
    from bias.corpus.scan import scan, work_folder
    from bias.corpus.train_model import FIXED_VOCABULARY, TrainTask, poisson_counts

    with tempfile.TemporaryDirectory() as folder, work_folder() as work:
        corpus = write_corpus(Path(folder) / "corpus.txt", tokens)
        scans = [_timed(lambda: scan(corpus, "en", ReadOptions(), work)) for _ in range(2)]
        group = scan(corpus, "en", ReadOptions(), work).groups[0]
        plain = shutil.copy(group.tokens_path, work / "plain.tokens")  # no numbers beside it
        options = TrainOptions(epochs=epochs)
        with open(group.tokens_path, encoding="utf-8") as handle:
            documents = [line.split() for line in handle]  # of DOCUMENT words: nothing to cut
        sample = [document for document, times in zip(documents, poisson_counts(2), strict=False)
                  for _ in range(times)]
        print(f"throughput, {group.tokens:,} tokens × {epochs} epochs, {options.dimensions} "
              f"dimensions, CBOW, one gensim worker, {repeats} runs of each, alternated; "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}:")
        print(f"  the scan before (read, cut into words, written as tokens and as numbers; "
              f"not in the ratio): {min(r[1] for r in scans):.2f} s CPU, best of 2")
        for label, task, in_memory in (
            ("every document once", TrainTask("bench", "en", group.tokens_path, options, 1,
                                              None, {}), documents),
            ("a bootstrap replicate", TrainTask("bench", "en", group.tokens_path, options, 1, 2,
                                                {"vocabulary": FIXED_VOCABULARY}), sample),
            ("every document once, a token file without the scan's numbers (an equal-size "
             "sample, a permutation's side: numbered by the task)",
             TrainTask("bench", "en", str(plain), options, 1, None, {}), documents),
        ):
            _compare(label, task, in_memory, repeats)


def _compare(label: str, task, in_memory: list[list[str]], repeats: int) -> None:
    """`fit(task)` against gensim alone on the same documents held in memory as lists (gensim's
    own fastest input for one worker, its own vocabulary pass; tokenising them is not timed),
    alternated; the best and the median of each, by wall and by CPU time of all threads."""
    from bias.corpus.train_model import fit

    ours, theirs = [], []  # (wall seconds, CPU seconds)
    for _ in range(repeats):
        ours.append(_timed(lambda: fit(task)))
        theirs.append(_timed(lambda: _gensim_alone(in_memory, task)))
    words = sum(map(len, in_memory)) * task.options.epochs
    print(f"  {label} ({words:,} words trained):")
    for name, runs in (("ours (numbers)                ", ours),
                       ("gensim alone (lists in memory)", theirs)):
        wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
        print(f"    {name}: {words / wall:,.0f} words/s ({wall:.2f} s wall, {cpu:.2f} s CPU "
              f"best; {statistics.median(r[1] for r in runs):.2f} s CPU median)")
    by = {what: [min(r[i] for r in theirs) / min(r[i] for r in ours),
                 statistics.median(r[i] for r in theirs) / statistics.median(r[i] for r in ours)]
          for i, what in enumerate(("wall", "cpu"))}
    print(f"    ratio ours / gensim: {by['cpu'][0]:.2f} by CPU time ({by['cpu'][1]:.2f} of the "
          f"medians), {by['wall'][0]:.2f} by wall time ({by['wall'][1]:.2f}); on a loaded "
          "machine the CPU ratio is the fair one")


def _timed(work) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def _gensim_alone(documents: list[list[str]], task) -> None:
    from bias.corpus.train_model import untrained

    model = untrained(task)  # the same settings and seed
    model.build_vocab(documents)
    model.train(documents, total_examples=model.corpus_count, epochs=model.epochs)


_CHILD = """
import resource, sys, time
from pathlib import Path
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.train_corpus import train_corpus
start = time.perf_counter()
train_corpus(Path(sys.argv[1]), name="memory", language="en",
             options=TrainOptions(epochs=1), workers=1)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.perf_counter() - start)
"""


def memory(sizes: list[int]) -> None:
    print("peak memory (RSS) of scan + training one model (1 epoch), fresh process each:")
    with tempfile.TemporaryDirectory() as folder:
        for tokens in sizes:
            corpus = write_corpus(Path(folder) / f"c{tokens}.txt", tokens)
            env = {**os.environ, "BIASWORDS_HOME": str(Path(folder) / f"home{tokens}"),
                   "PYTHONPATH": str(ROOT)}
            out = subprocess.run([sys.executable, "-c", _CHILD, str(corpus)], env=env,
                                 capture_output=True, text=True, check=True).stdout.split()
            peak_mb, seconds = int(out[0]) / 1024, float(out[1])
            print(f"  {tokens:>11,} tokens ({corpus.stat().st_size / 1e6:,.0f} MB): "
                  f"{peak_mb:,.0f} MB peak, {seconds:.1f} s")


def replicates_run(tokens: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        corpus = write_corpus(Path(folder) / "corpus.txt", tokens)
        env = {**os.environ, "BIASWORDS_HOME": str(Path(folder) / "home"),
               "PYTHONPATH": str(ROOT)}
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "bias", "train", str(corpus), "--language", "en",
                        "--name", "bench", "--replicates", "5"], env=env, check=True,
                       cwd=ROOT, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"python -m bias train, {tokens:,} tokens, 5 replicates, defaults (100 "
              f"dimensions, 10 epochs), {os.cpu_count()} cores: {seconds:,.0f} s end to end "
              f"({children.ru_utime + children.ru_stime:,.0f} s of CPU)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=2_000_000, help="for the ratio")
    parser.add_argument("--epochs", type=int, default=5, help="for the ratio")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--skip-ratio", action="store_true")
    parser.add_argument("--memory-sizes", type=int, nargs="*",
                        default=[1_000_000, 4_000_000, 16_000_000])
    parser.add_argument("--replicates-run", action="store_true")
    parser.add_argument("--replicates-tokens", type=int, default=10_000_000)
    args = parser.parse_args()
    os.environ.setdefault("BIASWORDS_HOME", tempfile.mkdtemp())
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    if not args.skip_ratio:
        ratio(args.tokens, args.repeats, args.epochs)
    if args.memory_sizes:
        memory(args.memory_sizes)
    if args.replicates_run:
        replicates_run(args.replicates_tokens)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
