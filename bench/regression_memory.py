"""Embedding regression's memory on a large corpus (issue 44: "instances from a 1 GB corpus stream
with resident memory under 1.5 GB").

Writes a generated CSV of `--megabytes` MB to a temporary folder (never the repository; kept
under /tmp between runs, since writing 1 GB takes a minute): documents of 120 words drawn from a
Zipf vocabulary of 50,000 words (so the corpus's word counts are a realistic table, not twenty
words), a party and a gender column, the target "immigration" in one document in `--every`.
Then runs the whole analysis (`bias.analysis.regress.run`: bundled GloVe, no transform, 100
permutations) in a child process and prints the child's peak resident memory (`ru_maxrss` of
the children, which includes Python, numpy and the embedding), its wall time, words per second
and instances. Asserts nothing.

With `--units N` it measures the permutations alone instead: one block of 100 permutations
(`bias.regression.permutations.exceedances`) on N generated clusters (one instance each, 50
dimensions, an intercept and two dummies), in a child process, with the block's draws solved in
sub-batches as the product does and, beside it, all 100 at once (as before the sub-batches);
each child's peak resident memory above what it held before the permutations, and its time.

    python bench/regression_memory.py [--megabytes 1000] [--every 10] [--folder /tmp]
    python bench/regression_memory.py --units 300000
"""

from __future__ import annotations

import argparse
import csv
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
WORDS_PER_DOCUMENT = 120
VOCABULARY = 50_000


def write_corpus(path: Path, megabytes: int, every: int) -> None:
    """The generated CSV, written to a temporary name and renamed (a stopped run leaves none)."""
    rng = np.random.default_rng(2)
    vocabulary = np.array([f"w{i:x}ord" for i in range(VOCABULARY)], dtype=object)
    vocabulary[:20] = ["the", "people", "country", "work", "hard", "want", "government",
                       "protect", "jobs", "families", "schools", "borders", "visas", "law",
                       "needs", "reform", "and", "of", "to", "while"]
    cumulative = np.cumsum(1 / np.arange(1, VOCABULARY + 1))
    cumulative /= cumulative[-1]
    partial = path.with_suffix(".partial")
    with partial.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["text", "party", "gender"])
        written = 0
        while written < megabytes * 1_000_000:
            block = vocabulary[np.searchsorted(cumulative, rng.random((1_000,
                                                                       WORDS_PER_DOCUMENT)))]
            chosen = rng.random(len(block)) < 1 / every
            block[chosen, rng.integers(WORDS_PER_DOCUMENT, size=int(chosen.sum()))] = (
                "immigration")
            parties = rng.integers(2, size=len(block))
            genders = rng.integers(2, size=len(block))
            for row, party, gender in zip(block, parties, genders, strict=True):
                text = " ".join(row)
                out.writerow([text, "DR"[party], "FM"[gender]])
                written += len(text) + 6
    partial.rename(path)


def child(path: Path) -> None:
    """The run whose memory is measured (in its own process, so the parent's corpus writing
    and numpy do not count)."""
    sys.path.insert(0, str(ROOT))
    from bias.analysis.regress import RegressOptions, run

    options = RegressOptions(target="immigration", covariates="party,gender",
                             text_column="text", transform="none", permutations=100)
    start = time.perf_counter()
    result = run(path, options)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "tokens": result.corpus.tokens,
                      "documents": result.corpus.documents,
                      "instances": result.corpus.instances}))


def permutations_child(units: int, whole_blocks: bool) -> None:
    """One block of permutations on `units` generated clusters; prints its memory and time."""
    sys.path.insert(0, str(ROOT))
    from bias.regression import permutations
    from bias.regression.ols import fit, units_of

    rng = np.random.default_rng(1)
    design = np.column_stack([np.ones(units), rng.integers(2, size=(units, 2))]).astype(float)
    found = units_of(design, rng.normal(size=(units, 50)), np.arange(units))
    full = fit(found)
    if whole_blocks:
        permutations.CELLS = permutations.BLOCK * units
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    reached = permutations.exceedances(found, full, permutations.BLOCK, 1)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "before": before, "peak": peak,
                      "reached": reached.tolist()}))


def compare_permutations(units: int) -> None:
    """The permutations' peak memory with sub-batches and with whole blocks (same counts)."""
    figures = {}
    for name, flag in (("sub-batches", []), ("whole blocks", ["--whole-blocks"])):
        done = subprocess.run([sys.executable, __file__, "--units", str(units), "--child-run",
                               *flag], check=True, capture_output=True, text=True)
        figures[name] = json.loads(done.stdout.strip().splitlines()[-1])
    for name, found in figures.items():
        print(f"{units:,} clusters, 100 permutations, {name}: "
              f"{found['peak'] - found['before']:,.0f} MB above the {found['before']:,.0f} MB "
              f"held before (peak {found['peak']:,.0f} MB), {found['seconds']:.1f} s")
    same = figures["sub-batches"]["reached"] == figures["whole blocks"]["reached"]
    print(f"the same counts: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=int, default=1_000)
    parser.add_argument("--every", type=int, default=10,
                        help="the target in one document in EVERY")
    parser.add_argument("--folder", type=Path, default=Path("/tmp"))
    parser.add_argument("--units", type=int,
                        help="measure the permutations alone on UNITS generated clusters")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--child-run", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--whole-blocks", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.units and args.child_run:
        permutations_child(args.units, args.whole_blocks)
        return
    if args.units:
        compare_permutations(args.units)
        return
    if args.child:
        child(args.child)
        return
    path = args.folder / f"biaswords-regression-{args.megabytes}mb-1in{args.every}.csv"
    if not path.is_file():
        start = time.perf_counter()
        write_corpus(path, args.megabytes, args.every)
        print(f"wrote {path} ({path.stat().st_size / 1e6:,.0f} MB) in "
              f"{time.perf_counter() - start:.0f} s")
    done = subprocess.run([sys.executable, __file__, "--child", str(path)], check=True,
                          capture_output=True, text=True)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    size = path.stat().st_size / 1e6
    print(f"a {size:,.0f} MB corpus ({figures['documents']:,} documents, "
          f"{figures['tokens']:,} words, {figures['instances']:,} instances): "
          f"{figures['seconds']:.0f} s, {figures['tokens'] / figures['seconds'] / 1e6:.2f} M "
          f"words/s end to end; peak resident memory {peak:,.0f} MB "
          f"({peak / size:.2f} MB per MB of corpus, "
          f"{peak * 2**20 / max(figures['instances'], 1):,.0f} bytes per instance)")


if __name__ == "__main__":
    main()
