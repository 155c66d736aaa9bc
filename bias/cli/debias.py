"""`python -m bias debias`: debias an embedding, check it on held-out words, save it."""

from __future__ import annotations

import argparse

from bias.analysis.debias import PAIRS, PREFERRED_CHECKS, DebiasAnalysisOptions
from bias.cli.args import bounded, bounded_help, print_json
from bias.stats.permutation import SEED
from bias.vectors.catalog import DEFAULT_EMBEDDING

DEFAULTS = DebiasAnalysisOptions()


def register(commands: argparse._SubParsersAction) -> None:
    from bias.debiasing.inputs import bundled_ids
    from bias.debiasing.protocol import METHODS

    debias = commands.add_parser(
        "debias",
        help="debias an embedding and check whether the bias was removed or only hidden",
        description="Debias an embedding (hard, multiclass or INLP), then check it: WEAT before "
        "and after on held-out words of each --check word set, and whether the most biased "
        "words can still be told apart (Gonen & Goldberg 2019). With --name the debiased "
        "embedding is saved beside the others; the original is never changed.",
    )
    debias.add_argument("--method", choices=METHODS, default=DEFAULTS.debias.method,
                        help="debiasing method")
    debias.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding to debias")
    debias.add_argument("--pairs",
                        help=f"bundled pairs id ({', '.join(bundled_ids())}) or a JSON file "
                        "with 'definitional', 'equalize' and 'protected' lists (default: the "
                        f"embedding language's {PAIRS.format(language='LL')}, else English's)")
    debias.add_argument("--check", action="append", default=[], metavar="WORDSET",
                        help="word set to check before/after on held-out words (repeatable; "
                        "default: those the Debias page preselects, "
                        f"{' and '.join(PREFERRED_CHECKS)} where the language has them)")
    debias.add_argument("--no-checks", action="store_true",
                        help="no WEAT before/after (only recoverability and cost)")
    debias.add_argument("--seed", type=bounded(SEED), default=DEFAULTS.debias.seed,
                        help=bounded_help("random seed of the split and the tests", SEED,
                                          DEFAULTS.debias.seed))
    debias.add_argument("--name", help="save the debiased embedding under this name")
    debias.add_argument("--replace", action="store_true",
                        help="replace an earlier debiased embedding of that name (never an "
                        "imported one)")
    debias.add_argument("--json", action="store_true", help="machine-readable output")
    debias.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from dataclasses import replace

    from bias.analysis import debias
    from bias.debiasing.inputs import bundled_ids, load_inputs
    from bias.errors import BiasInputError
    from bias.report.debias_text import debias_report
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import all_wordsets, get_wordset

    embedding = load_embedding(args.embedding)
    inputs = load_inputs(args.pairs or debias.default_pairs(embedding.language, bundled_ids()))
    if args.no_checks and args.check:
        raise BiasInputError("Give --check word sets or --no-checks, not both.")
    # The page's preselection, so one choice of embedding gives one debias on both faces.
    offered = [wordset.id for wordset in all_wordsets(embedding.language)]
    chosen = args.check or ([] if args.no_checks else debias.default_checks(offered))
    checks = [get_wordset(item) for item in chosen]
    options = replace(DEFAULTS, debias=replace(DEFAULTS.debias, method=args.method,
                                               seed=args.seed),
                      save_as=args.name, replace=args.replace)
    result = debias.run(options, embedding, inputs, checks).result
    print_json(result.to_dict()) if args.json else print(debias_report(result))
