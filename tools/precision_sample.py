"""Draw the words a person judges to measure BiasWords' precision (issue 22).

    python -m tools.precision_sample --wordset weat6 [--embedding glove-6b-50d] [--size 40 | --all]
        [--paper-filters-only] [--seed 0]

prints, one per line, `set<TAB>set name<TAB>word` for a random sample of the kept candidates of
a default run (every kept word once per set, as the draws see them), or with `--all` for every
kept word (the whole pool, judged under `pools/`). The judge then marks each
line with the rule in `tests/discovery/precision/README.md`; the judged sample is stored beside it
as JSON and `tests/discovery/test_precision.py` computes the precision from it.
`--paper-filters-only` switches our filters off (the "before" figure).
"""

from __future__ import annotations

import argparse
import random

from bias.discovery.candidates import CandidateOptions, generate_candidates
from bias.discovery.filters import paper_only
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_wordset


def sample(embedding: str, wordset: str, size: int | None, seed: int, paper: bool):
    """(set, word) pairs drawn without replacement from the kept candidates; all of them when
    `size` is None."""
    ws = get_wordset(wordset)
    options = paper_only(CandidateOptions()) if paper else CandidateOptions()
    kept = generate_candidates(load_embedding(embedding), ws, options).kept_words()
    pairs = [(key, word) for key, words in kept.items() for word in words]
    if size is None:
        return ws, pairs
    return ws, random.Random(seed).sample(pairs, min(size, len(pairs)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wordset", required=True)
    parser.add_argument("--embedding", default="glove-6b-50d")
    parser.add_argument("--size", type=int, default=40)
    parser.add_argument("--all", action="store_true", help="every kept word, not a sample")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--paper-filters-only", action="store_true")
    args = parser.parse_args()
    size = None if args.all else args.size
    ws, pairs = sample(args.embedding, args.wordset, size, args.seed, args.paper_filters_only)
    for key, word in sorted(pairs):
        print(f"{key}\t{ws.sets()[key].name}\t{word}")


if __name__ == "__main__":
    main()
