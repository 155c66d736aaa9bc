"""Draw the words a person judges to measure BiasWords' precision (issues 22 and 36).

    python -m tools.precision_sample --wordset weat6 [--embedding glove-6b-50d] [--size 40 | --all]
        [--paper-filters-only] [--no-concept-fit] [--seed 0]
    python -m tools.precision_sample --concepts [--out tests/discovery/precision/concepts]

The first prints, one per line, `set<TAB>set name<TAB>word` for a random sample of the kept
candidates of a default run (every kept word once per set, as the draws see them), or with `--all`
for every kept word (the whole pool, judged under `pools/`). The judge then marks each
line with the rule in `tests/discovery/precision/README.md`; the judged sample is stored beside it
as JSON and `tests/discovery/test_precision.py` computes the precision from it.
`--paper-filters-only` switches our filters off (the "before" figure); `--no-concept-fit` draws
as before issue 36 (the pools and samples judged then).

`--concepts` writes, for the four runs of issue 36, one CSV per run of every kept word of its
concept sets (`CONCEPT_RUNS`: career and family, maths), with the columns `run, set, set_name,
word, belongs`, `belongs` empty for a reader who did not tune the filters to fill in with the rule
in `concepts/RULE.md` (`tests/discovery/test_precision_concepts.py` reads them). The words are
shuffled (seed 0) so that a reader does not see them in the filters' order.
"""

from __future__ import annotations

import argparse
import csv
import io
import random
from pathlib import Path

from bias.discovery.candidates import CandidateOptions, generate_candidates
from bias.discovery.filters import paper_only
from bias.discovery.judged import CONCEPT_DIR, CONCEPT_RUNS, CSV_FIELDS
from bias.files import write_text_atomic
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_wordset


def options_for(paper: bool, concept_fit: bool = True) -> CandidateOptions:
    """The options of a drawn run: the defaults, the paper's filters alone, or without concept
    fit (as the runs judged before issue 36 were)."""
    options = CandidateOptions() if concept_fit else CandidateOptions(concept_fit=False)
    return paper_only(options) if paper else options


def sample(embedding: str, wordset: str, size: int | None, seed: int, paper: bool,
           concept_fit: bool = True):  # fmt: skip
    """(set, word) pairs drawn without replacement from the kept candidates; all of them when
    `size` is None."""
    ws = get_wordset(wordset)
    kept = generate_candidates(
        load_embedding(embedding), ws, options_for(paper, concept_fit)
    ).kept_words()
    pairs = [(key, word) for key, words in kept.items() for word in words]
    if size is None:
        return ws, pairs
    return ws, random.Random(seed).sample(pairs, min(size, len(pairs)))


def concept_rows(run: str) -> list[dict]:
    """Every kept word of the run's concept sets, shuffled (seed 0), `belongs` empty."""
    embedding, wordset, keys = CONCEPT_RUNS[run]
    ws, pairs = sample(embedding, wordset, None, 0, False)
    rows = [{"run": run, "set": key, "set_name": ws.sets()[key].name, "word": word,
             "belongs": ""} for key, word in pairs if key in keys]  # fmt: skip
    random.Random(0).shuffle(rows)
    return rows


def concept_csv(rows: list[dict]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def write_concepts(directory: Path = CONCEPT_DIR) -> list[Path]:
    """The four runs' concept CSVs, written atomically; their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for run in CONCEPT_RUNS:
        path = directory / f"{run}.csv"
        write_text_atomic(path, concept_csv(concept_rows(run)))
        paths.append(path)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordset")
    parser.add_argument("--embedding", default="glove-6b-50d")
    parser.add_argument("--size", type=int, default=40)
    parser.add_argument("--all", action="store_true", help="every kept word, not a sample")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--paper-filters-only", action="store_true")
    parser.add_argument("--no-concept-fit", action="store_true")
    parser.add_argument("--concepts", action="store_true",
                        help="write the four concept CSVs of issue 36 (to judge)")
    parser.add_argument("--out", type=Path, default=CONCEPT_DIR)
    args = parser.parse_args()
    if args.concepts:
        for path in write_concepts(args.out):
            print(path)
        return
    if not args.wordset:
        parser.error("--wordset is needed (or --concepts)")
    size = None if args.all else args.size
    ws, pairs = sample(args.embedding, args.wordset, size, args.seed, args.paper_filters_only,
                       not args.no_concept_fit)  # fmt: skip
    for key, word in sorted(pairs):
        print(f"{key}\t{ws.sets()[key].name}\t{word}")


if __name__ == "__main__":
    main()
