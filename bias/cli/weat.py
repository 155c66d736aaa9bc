"""`python -m bias weat`: one Word Embedding Association Test, as a report or JSON."""

from __future__ import annotations

import argparse

from bias.analysis.weat import SPEED_DRAWS, SPEED_RESAMPLES
from bias.cli.args import bounded, bounded_help, print_json, write_report
from bias.stats.permutation import DRAWS, EXACT_LIMIT, SEED
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import DEFAULT_EMBEDDING

DEFAULTS = WeatOptions()


def register(commands: argparse._SubParsersAction) -> None:
    weat = commands.add_parser(
        "weat",
        help="run a Word Embedding Association Test",
        description="Run one WEAT. The p-value compares the real target lists with "
        "reshufflings: the target words dealt anew into two lists of the same sizes (what "
        "statisticians call partitions). With few words every reshuffling is counted (exact); "
        "otherwise random ones are drawn.",
    )
    weat.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding name")
    weat.add_argument("--wordset", required=True, help="word-set id or a JSON file path")
    weat.add_argument(
        "--iterations",
        type=bounded(DRAWS),
        default=DEFAULTS.iterations,
        help=bounded_help("random draws for the randomization test", DRAWS, DEFAULTS.iterations),
    )
    how = weat.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="count every reshuffling")
    how.add_argument("--sampled", action="store_true", help="always use random draws")
    weat.add_argument(
        "--exact-limit",
        type=bounded(EXACT_LIMIT),
        default=DEFAULTS.exact_limit,
        help=bounded_help("count every reshuffling when there are at most this many",
                          EXACT_LIMIT, DEFAULTS.exact_limit),
    )
    weat.add_argument("--seed", type=bounded(SEED), default=DEFAULTS.seed,
                      help=bounded_help("random seed", SEED, DEFAULTS.seed))
    weat.add_argument("--two-sided", action="store_true", help="two-sided p-value")
    weat.add_argument(
        "--no-shared-rows",
        action="store_true",
        help="leave out words that have no vector of their own in a pruned table (a spaCy "
        "pipeline), instead of using the vector they share with a more frequent word",
    )
    weat.add_argument(
        "--for-speed",
        action="store_true",
        help=f"draw {SPEED_DRAWS:,} reshufflings (when they are not all counted) and "
        f"{SPEED_RESAMPLES:,} interval resamples, as the Your texts page tests every trained "
        "model, and say so beside the numbers",
    )
    weat.add_argument("--json", action="store_true", help="machine-readable output")
    weat.add_argument("--report", metavar="FILE.html",
                      help="also write a self-contained report (verdict, numbers, words, figures, "
                      "methods paragraph, references; `reproduce` re-runs it)")
    weat.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from bias.analysis.weat import WeatAnalysisOptions, trained_group
    from bias.analysis.weat import run as run_analysis
    from bias.errors import BiasInputError
    from bias.report.weat_report import analysis_json, analysis_text
    from bias.wordsets.library import get_wordset

    method = "exact" if args.exact else "randomized" if args.sampled else "auto"
    options = WeatOptions(
        method=method,
        iterations=args.iterations,
        seed=args.seed,
        alternative="two-sided" if args.two_sided else "greater",
        exact_limit=args.exact_limit,
        shared_rows=not args.no_shared_rows,
    )
    if args.report and trained_group(args.embedding) is not None:
        raise BiasInputError(f"{args.embedding} is a group of trained models; its report (with "
                             "the chart across groups) is written by `python -m bias batch "
                             f"--embedding {args.embedding} --report FILE.html`.")
    chosen = (WeatAnalysisOptions.for_speed(weat=options) if args.for_speed
              else WeatAnalysisOptions(options))
    analysis = run_analysis(chosen, args.embedding, get_wordset(args.wordset))
    if args.json:
        print_json(analysis_json(analysis))
    else:
        print(analysis_text(analysis))
    if args.report:
        from bias.report.weat_html import weat_report_html

        write_report(args.report, weat_report_html(analysis.result, analysis.confounds,
                                                   analysis.sensitivity, analysis.draws_note))
