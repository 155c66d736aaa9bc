"""How fast BiasWords is on the bundled GloVe (400k × 50) with WEAT 6 as seeds.

Prints figures; it asserts nothing (timings belong in a report, not in tests).
Run: python bench/biaswords_speed.py
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.discovery.biaswords import validate
from bias.discovery.candidates import CandidateOptions, generate_candidates
from bias.discovery.sampling import DrawOptions, draw_sets
from bias.vectors import ambiguity, encoder
from bias.vectors.ambiguity import find_ambiguous
from bias.vectors.catalog import load_embedding
from bias.vectors.neighbours import nearest_neighbours
from bias.wordsets import TermSet, WordSet
from bias.wordsets.library import get_wordset


@contextlib.contextmanager
def _home(folder: str):
    """BiasWords' home (and so the encoder's disk cache) in `folder` for a while."""
    before = os.environ.get("BIASWORDS_HOME")
    os.environ["BIASWORDS_HOME"] = folder
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("BIASWORDS_HOME")
        else:
            os.environ["BIASWORDS_HOME"] = before
        encoder.forget_memory()


def timed(label: str, func, repeat: int = 1):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    best, median = min(times), statistics.median(times)
    print(f"{label:<52} best {best:7.3f} s   median {median:7.3f} s   ({repeat} run(s))")
    return result


def main() -> None:
    embedding = timed("load glove-6b-50d", lambda: load_embedding("glove-6b-50d"))
    wordset = get_wordset("weat6")
    seeds = [
        item for terms in wordset.sets().values() for item in embedding.lookup_all(terms.words)
    ]
    timed("nearest neighbours, 32 seeds, k = 20", lambda: nearest_neighbours(embedding, seeds), 5)
    by_set = {k: embedding.lookup_all(t.words) for k, t in wordset.sets().items()}
    timed(
        "ambiguous seeds (own search, cache cleared)",
        lambda: (ambiguity._CACHE.clear(), find_ambiguous(embedding, by_set)),
        5,
    )
    candidates = timed(
        "candidates, cold (HanTa, stop words, names, lemmas)",
        lambda: generate_candidates(embedding, wordset),
    )
    timed(
        "candidates, all filters (warm tagger cache)",
        lambda: generate_candidates(embedding, wordset),
        5,
    )
    timed(
        "candidates without concept fit (20 neighbours a seed)",
        lambda: generate_candidates(embedding, wordset, CandidateOptions(concept_fit=False)),
        5,
    )
    timed(
        "candidates, name lean off (static thresholds decide)",
        lambda: generate_candidates(embedding, wordset, CandidateOptions(concept_keep=None)),
        3,
    )
    if encoder.unavailable() is None:
        with tempfile.TemporaryDirectory() as empty, _home(empty):
            timed(
                "candidates, name lean with an empty encoder cache",
                lambda: (encoder.forget_memory(), generate_candidates(embedding, wordset)),
            )
    timed(
        "candidates with frequency floor (Zipf 3)",
        lambda: generate_candidates(embedding, wordset, CandidateOptions(min_zipf=3.0)),
        3,
    )
    sampling = timed(
        "100 draws, each validated by WEAT",
        lambda: draw_sets(embedding, wordset, candidates.table, DrawOptions(draws=100)),
    )
    validated = timed(
        "100 draws + 100 baseline draws (validate)",
        lambda: validate(embedding, wordset, candidates, DrawOptions(draws=100)),
        3,
    )
    big = WordSet(
        "big", "500 seeds per set", "en",
        *(
            TermSet(k, tuple(embedding.words[1000 + 500 * i : 1500 + 500 * i]))
            for i, k in enumerate("XYAB")
        ),
    )  # fmt: skip
    timed(
        "candidates, 4 × 500 seeds, k = 20 (the cap)",
        lambda: generate_candidates(embedding, big),
    )
    kept = candidates.table["kept"].sum()
    print(f"candidates: {candidates.table.height} rows, {kept} kept; tagger: {candidates.tagger}")
    print(
        f"draws: {sampling.summary.significant}/{sampling.summary.draws} significant, "
        f"median d = {sampling.summary.effect_size_quantiles[0.5]:.2f}, "
        f"WEAT method per draw: {sampling.draws[0].method}"
    )
    base = validated.baseline.summary
    print(
        f"baseline: {base.significant}/{base.draws} significant, "
        f"median d = {base.effect_size_quantiles[0.5]:.2f}"
    )


if __name__ == "__main__":
    main()
