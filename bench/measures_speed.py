"""How fast is each measure? One line per measure on the default embedding (glove-6b-50d) with
Caliskan's WEAT 6 (8 words per set) and WEAT 3 (25–32 words per set); asserts nothing.

Also the cost of WEAT's bootstrap interval (10,000 resamples) against WEAT without it.

    python bench/measures_speed.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.stats.measure_catalog import METRICS, run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_named_sets, get_wordset

OCCUPATIONS = [
    "nurse", "engineer", "secretary", "carpenter", "librarian", "pilot", "teacher", "lawyer",
    "doctor", "plumber", "dancer", "mechanic", "receptionist", "firefighter", "hairdresser",
    "surgeon",
]
SHARES = [90, 15, 94, 2, 80, 7, 75, 36, 38, 2, 80, 1, 90, 4, 92, 20]


def best_of(runs: int, action) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    embedding = load_embedding(DEFAULT_EMBEDDING)
    print(f"{DEFAULT_EMBEDDING}: best of 3 runs, words already in memory")
    for wid in ("weat6", "weat3"):
        sets = get_named_sets(wid)
        sizes = "/".join(str(len(t.words)) for t in (*sets.targets, *sets.attributes))
        for name in METRICS:
            extra = {}
            if name == "sc-weat":
                extra["words"] = OCCUPATIONS
            if name == "wefat":
                extra["values"] = list(zip(OCCUPATIONS, SHARES, strict=True))
            for p_value in ((False, True) if name in ("rnd", "ect", "ripa") else (False,)):
                options = MeasureOptions(p_value=p_value)
                seconds = best_of(3, lambda n=name, s=sets, o=options, e=extra:
                                  run_measure(n, embedding, s, o, **e))
                label = name + (" --p-value" if p_value else "")
                print(f"{wid} ({sizes}) {label:<16} {seconds * 1000:8.1f} ms")
    for wid in ("weat6", "weat3"):
        wordset = get_wordset(wid)
        without = best_of(3, lambda w=wordset: run_weat(embedding, w, WeatOptions(ci_resamples=0)))
        with_ci = best_of(3, lambda w=wordset: run_weat(embedding, w, WeatOptions()))
        print(f"{wid} WEAT without interval {without * 1000:.1f} ms, with 10,000-resample BCa "
              f"interval {with_ci * 1000:.1f} ms (+{(with_ci - without) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
