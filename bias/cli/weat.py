"""`python -m bias weat`: one Word Embedding Association Test, as a report or JSON."""

from __future__ import annotations

import argparse

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
    weat.add_argument("--json", action="store_true", help="machine-readable output")
    weat.add_argument("--report", metavar="FILE.html",
                      help="also write a self-contained report (verdict, numbers, words, figures, "
                      "methods paragraph, references; `reproduce` re-runs it)")
    weat.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from bias.report.weat_report import weat_json, weat_report
    from bias.stats.confounds import weat_confounds
    from bias.stats.encoder_methods import method_sensitivity
    from bias.stats.weat import run_weat
    from bias.vectors.catalog import load_embedding
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
    group = _replicate_group(args.embedding)
    if group is not None:
        return _run_group(args, group, get_wordset(args.wordset), options)
    embedding, wordset = load_embedding(args.embedding), get_wordset(args.wordset)
    result = run_weat(embedding, wordset, options)
    confounds = weat_confounds(embedding, wordset, result)
    sensitivity = method_sensitivity(result, wordset, options)  # None unless on the encoder
    if args.json:
        print_json(weat_json(result, confounds, sensitivity))
    else:
        print(weat_report(result, confounds, sensitivity))
    if args.report:
        from bias.report.weat_html import weat_report_html

        write_report(args.report, weat_report_html(result, confounds, sensitivity))



def _replicate_group(name: str):
    """The replicate group or trained family `name` stands for, or None (`bias.corpus`)."""
    from bias.corpus.family import resolve

    return resolve(name)


def _run_group(args: argparse.Namespace, group, wordset, options: WeatOptions) -> None:
    """The test over a group of replicates, or across a family's groups."""
    from bias.corpus.family import Family
    from bias.errors import BiasInputError
    from bias.report.replicates_text import across_text, replicate_text, replicates_json
    from bias.stats.replicates import run_across_groups, run_replicates

    if args.report:
        raise BiasInputError(f"{args.embedding} is a group of trained models; its report (with "
                             "the chart across groups) is written by `python -m bias batch "
                             f"--embedding {args.embedding} --report FILE.html`.")
    if isinstance(group, Family):
        result = run_across_groups(group, wordset, options)
        print(replicates_json(result) if args.json else across_text(result))
    else:
        result = run_replicates(group, wordset, options)
        print(replicates_json(result) if args.json else replicate_text(result))
