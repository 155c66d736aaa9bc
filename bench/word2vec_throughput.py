"""gensim word2vec's training throughput on real text with one worker thread: the per-token
cost from which docs/cluster.md derives what 50 replicates × 10 decades of a 1 B-token corpus
take on 1, 10 and 100 workers. Asserts nothing; prints figures.

The text is `--corpus`: by default the 42 public-domain US presidential addresses of
`docs/examples/` (129,000 words); docs/cluster.md's figures are of all 124 (487,807 words),
lower-cased and split into words by one regular expression, one sentence per address cut into
pieces of 1,000 words (gensim's limit is 10,000). Two settings: gensim's defaults (CBOW, 100
dimensions, window 5, 5 negative samples, min_count 5) and skip-gram with 300 dimensions (the
setting of the original word2vec vectors), each for `--epochs` passes, `workers=1`. The
figure is gensim's own count of trained words (after min_count and down-sampling drop some)
and the raw corpus tokens per second; the cost of a model is its raw tokens × epochs ÷ rate.

    python bench/word2vec_throughput.py [--epochs 2] [--corpus FILE.csv]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import sys
import time
from pathlib import Path

csv.field_size_limit(sys.maxsize)
WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
PIECE = 1000


def sentences(path: str) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as file:
        texts = [row["text"].lower() for row in csv.DictReader(file)]
    out = []
    for text in texts:
        words = WORD.findall(text)
        out += [words[i : i + PIECE] for i in range(0, len(words), PIECE)]
    return out


def main() -> None:
    from gensim.models import Word2Vec

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(Path(__file__).resolve().parent.parent / "docs"
                                                / "examples" / "presidential-addresses.csv"))
    parser.add_argument("--epochs", type=int, default=2)
    args = parser.parse_args()
    corpus = sentences(args.corpus)
    tokens = sum(map(len, corpus))
    print(f"load average at start: {' '.join(f'{v:.1f}' for v in os.getloadavg())}; "
          f"{tokens:,} tokens, {args.epochs} epoch(s), workers=1")
    settings = {
        "CBOW 100d (gensim defaults)": {"vector_size": 100, "sg": 0},
        "skip-gram 300d": {"vector_size": 300, "sg": 1},
    }
    rates = {}
    for label, options in settings.items():
        model = Word2Vec(min_count=5, workers=1, seed=1, **options)
        model.build_vocab(corpus)
        wall, cpu = time.perf_counter(), time.process_time()
        trained, _ = model.train(corpus, total_examples=model.corpus_count, epochs=args.epochs)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        raw = tokens * args.epochs
        print(f"{label:<28} {raw / wall:>9,.0f} raw tokens/s ({raw / cpu:>9,.0f} per CPU "
              f"second), {trained / wall:>9,.0f} trained words/s; {wall:6.1f} s wall, "
              f"{cpu:6.1f} s CPU")
        rates[label] = raw / cpu
    print_costs(rates)
    print(f"load average at end: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


MODELS = 50 * 10
"""50 bootstrap replicates of each of 10 decades."""
EPOCHS = 10
"""Passes over each model's text: `python -m bias train`'s default (gensim's own is 5); the
rate measured is per token and pass, so the epochs of the measurement do not matter."""


def print_costs(rates: dict[str, float]) -> None:
    """What 500 models cost at these per-core rates, a worker being one core that trains one
    model at a time: if the 1 B tokens are the whole corpus (100 M a decade), and if each decade
    holds 1 B. Tasks are whole models, so 500 of them keep 100 workers busy in 5 rounds."""
    for per_decade in (100_000_000, 1_000_000_000):
        work = MODELS * per_decade * EPOCHS
        for label, rate in rates.items():
            costs = ", ".join(f"{workers} worker(s) {_span(work / rate / workers)}"
                              for workers in (1, 10, 100))
            print(f"{MODELS} models of {per_decade / 1e6:,.0f} M tokens × {EPOCHS} epochs, "
                  f"{label}: {costs}")


def _span(seconds: float) -> str:
    if seconds >= 2 * 86_400:
        return f"{seconds / 86_400:.1f} days"
    if seconds >= 2 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 60:.0f} min"


if __name__ == "__main__":
    main()
