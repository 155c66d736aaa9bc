"""`python -m bias biaswords`: candidates near a known biased set, new sets drawn and validated."""

from __future__ import annotations

import argparse

from bias.cli.args import non_negative_int, positive_int
from bias.discovery.candidates import CandidateOptions
from bias.discovery.sampling import DrawOptions
from bias.vectors.catalog import DEFAULT_EMBEDDING

CANDIDATES = CandidateOptions()
DRAWS = DrawOptions()


def register(commands: argparse._SubParsersAction) -> None:
    words = commands.add_parser(
        "biaswords", help="discover new biased word sets near a known one, validated with WEAT"
    )
    words.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding name")
    words.add_argument("--wordset", required=True, help="seed word-set id or a JSON file path")
    words.add_argument("--neighbours", type=positive_int, default=CANDIDATES.neighbours,
                       help=f"nearest neighbours per seed word (default {CANDIDATES.neighbours})")
    words.add_argument("--min-edit", type=non_negative_int, default=CANDIDATES.min_edit,
                       help="letters a candidate must differ from its seed by "
                            f"(default {CANDIDATES.min_edit})")
    words.add_argument("--draws", type=positive_int, default=DRAWS.draws,
                       help=f"random new word sets to draw and validate (default {DRAWS.draws})")
    words.add_argument("--seed", type=non_negative_int, default=DRAWS.seed,
                       help=f"random seed (default {DRAWS.seed})")
    words.add_argument("--curation", metavar="FILE.csv",
                       help="apply a curated table exported from the dashboard (CSV)")
    words.add_argument("--save-curation", metavar="FILE.csv",
                       help="write the candidates table (curated, if --curation) as CSV")
    words.add_argument("--keep-ambiguous", action="store_true",
                       default=CANDIDATES.keep_ambiguous,
                       help="keep the neighbours of seeds flagged as ambiguous (Bill as 'bill')")
    words.add_argument("--no-baseline", dest="baseline", action="store_false",
                       default=DRAWS.baseline,
                       help="skip the baseline draws from random matched words")
    words.add_argument("--json", action="store_true", help="machine-readable output")
    words.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from bias.discovery.biaswords import biaswords_cli

    print(biaswords_cli(args.embedding, args.wordset, neighbours=args.neighbours,
                        min_edit=args.min_edit, draws=args.draws, seed=args.seed,
                        as_json=args.json, curation=args.curation,
                        keep_ambiguous=args.keep_ambiguous, baseline=args.baseline,
                        save_curation=args.save_curation))
