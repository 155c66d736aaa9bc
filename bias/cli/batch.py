"""`python -m bias batch`: several tests on several embeddings, each on those of its language."""

from __future__ import annotations

import argparse

from bias.analysis.batch import BatchAnalysisOptions
from bias.cli.args import add_scheduler_option, bounded, bounded_help, write_report
from bias.stats.permutation import DRAWS, SEED
from bias.vectors.encoder import METHODS

DEFAULTS = BatchAnalysisOptions().weat
BATCH_DEFAULTS = BatchAnalysisOptions().batch


def register(commands: argparse._SubParsersAction) -> None:
    batch = commands.add_parser(
        "batch",
        help="run many tests on many embeddings (each test on the embeddings of its language)",
    )
    batch.add_argument("--wordset", nargs="+", action="extend", default=[], metavar="ID_OR_FILE",
                       help="word-set ids or JSON files")
    batch.add_argument("--language", nargs="+", action="extend", default=[], metavar="LL",
                       help="every word set of these languages (ISO codes, e.g. de it)")
    batch.add_argument("--embedding", nargs="+", action="extend", default=[], metavar="NAME",
                       help="embeddings to run on (default: every available table of vectors "
                       "except derived ones, debiased copies; name one to include it)")
    batch.add_argument("--encoder", nargs="+", action="extend", default=[], metavar="METHOD",
                       choices=METHODS, help="also run each test on the bundled encoder in its "
                       "language with these extraction methods (passage, query, template where "
                       "the language has templates): every language offline")
    batch.add_argument(
        "--cross-language",
        action="store_true",
        default=BATCH_DEFAULTS.cross_language,
        help="run every test on every chosen embedding, whatever its language",
    )
    batch.add_argument(
        "--iterations",
        type=bounded(DRAWS),
        default=DEFAULTS.iterations,
        help=bounded_help("random draws when a test is too large to count", DRAWS,
                          DEFAULTS.iterations),
    )
    batch.add_argument("--seed", type=bounded(SEED), default=DEFAULTS.seed,
                       help=bounded_help("random seed", SEED, DEFAULTS.seed))
    batch.add_argument("--pool", action="store_true",
                       help="pool d over the embeddings a test ran on (random effects; the same "
                       "WEATHub test in several languages counts as one test)")
    batch.add_argument("--report", metavar="FILE.html",
                       help="also write a self-contained report (Table 7 as HTML, CSV and LaTeX, "
                       "the forest plot, pooled effects, methods; `reproduce` re-runs it)")
    batch.add_argument("--no-shared-rows", action="store_true",
                       help="leave out words with no vector of their own (a pruned spaCy table)")
    add_scheduler_option(batch)
    output = batch.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="a JSON list of rows (with --pool: "
                        "an object of rows and pooled effects)")
    output.add_argument("--csv", action="store_true", help="a CSV table")
    batch.set_defaults(run=run)


def encoder_names(methods: list[str], languages: set[str]) -> list[str]:
    """The encoder embeddings of `methods` in each of `languages` (a method a language lacks,
    `template` without templates, is left out; an unavailable encoder says why)."""
    if not methods:
        return []
    from bias.errors import BiasInputError
    from bias.vectors.encoder import encoder_name, methods_for, unavailable

    if (reason := unavailable()) is not None:
        raise BiasInputError(reason)
    return [encoder_name(language, method) for language in sorted(languages)
            for method in dict.fromkeys(methods) if method in methods_for(language)]


def run(args: argparse.Namespace) -> None:
    from dataclasses import asdict

    from bias.analysis.batch import plan
    from bias.analysis.batch import run as run_analysis
    from bias.errors import BiasInputError
    from bias.report.batch_report import analysis_text, batch_csv, batch_json
    from bias.report.note_sentences import related_text
    from bias.stats.batch import BatchOptions
    from bias.stats.weat import WeatOptions

    chosen = _chosen_tests(args)
    options = BatchAnalysisOptions(
        WeatOptions(iterations=args.iterations, seed=args.seed,
                    shared_rows=not args.no_shared_rows),
        BatchOptions(cross_language=args.cross_language))
    planned = plan(options, list(chosen.values()), _chosen_embeddings(args, chosen))
    if args.pool and planned.related:
        raise BiasInputError(
            "--pool refuses to pool these embeddings: " + related_text(asdict(planned.related[0]))
            + " Leave one out of --embedding, or run without --pool."
        )
    analysis = run_analysis(planned, scheduler=args.scheduler)
    if args.json:
        print(batch_json(analysis.rows, analysis.pooled if args.pool else None,
                         analysis.summaries))
    elif args.csv:
        print(batch_csv(analysis.rows), end="")
    else:
        print(analysis_text(analysis, pooled=args.pool))
    if args.report:
        from bias.report.batch_html import batch_report_html

        write_report(args.report, batch_report_html(analysis))


def _chosen_tests(args: argparse.Namespace) -> dict:
    """The tests of --wordset and --language, by id, in the order given."""
    from bias.errors import BiasInputError
    from bias.wordsets.library import all_wordsets, get_wordset

    if not args.wordset and not args.language:
        raise BiasInputError("Choose the tests: give --wordset ID… or --language LL….")
    chosen = {ws.id: ws for ws in (get_wordset(item) for item in args.wordset)}
    for language in args.language:
        found = all_wordsets(language)
        if not found:
            raise BiasInputError(
                f"There are no word sets in language '{language}'; "
                "`python -m bias wordsets` lists them."
            )
        chosen |= {ws.id: ws for ws in found if ws.id not in chosen}
    return chosen


def _chosen_embeddings(args: argparse.Namespace, chosen: dict) -> list[str]:
    """The embeddings to run on: those named (a trained group by its name), else the originals
    (no derived copy, and the encoder only through --encoder)."""
    from bias.stats.batch import originals
    from bias.vectors.catalog import available_embeddings

    names = list(args.embedding) or ([] if args.encoder else originals(available_embeddings()))
    return names + encoder_names(args.encoder, {ws.language for ws in chosen.values()})
