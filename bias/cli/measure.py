"""`python -m bias measure METRIC`: any of the eight measures, as a short report or JSON."""

from __future__ import annotations

import argparse

from bias.analysis.measure import MeasureAnalysisOptions
from bias.cli.args import bounded, bounded_help, print_json, write_report
from bias.stats.measure_catalog import METRICS
from bias.stats.permutation import DRAWS, SEED
from bias.vectors.catalog import DEFAULT_EMBEDDING

DEFAULTS = MeasureAnalysisOptions().measure


def register(commands: argparse._SubParsersAction) -> None:
    measure = commands.add_parser(
        "measure",
        help="run one bias measure: " + ", ".join(METRICS),
        description="Run one bias measure on a word set (docs/metrics.md explains each).",
    )
    measure.add_argument("metric", choices=list(METRICS), help="which measure")
    measure.add_argument("--wordset", required=True,
                         help="word-set id or a JSON file (X/Y/A/B or named targets/attributes)")
    measure.add_argument("--embedding", default=DEFAULT_EMBEDDING, help="embedding name")
    measure.add_argument("--words", help="sc-weat: the words to measure, comma-separated "
                         "(default: every target word of the word set)")
    measure.add_argument("--values", help="wefat: a CSV file of words and real-world values")
    measure.add_argument("--p-value", action="store_true",
                         help="rnd, ect, ripa: also a permutation p-value over the target words")
    measure.add_argument("--iterations", type=bounded(DRAWS), default=DEFAULTS.test.iterations,
                         help=bounded_help("random draws where a test cannot enumerate", DRAWS,
                                           DEFAULTS.test.iterations))
    measure.add_argument("--seed", type=bounded(SEED), default=DEFAULTS.seed,
                         help=bounded_help("random seed", SEED, DEFAULTS.seed))
    measure.add_argument("--json", action="store_true", help="machine-readable output")
    measure.add_argument("--report", metavar="FILE.html",
                         help="also write a self-contained report (`reproduce` re-runs it)")
    measure.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from pathlib import Path

    from bias.analysis.measure import read_values, read_words
    from bias.analysis.measure import run as run_analysis
    from bias.errors import BiasInputError
    from bias.files import read_text
    from bias.report.measures_text import analysis_json, analysis_report
    from bias.wordsets.library import get_named_sets

    if args.values and args.metric != "wefat":
        raise BiasInputError("--values is for wefat only (a table of words and real values).")
    if args.words and args.metric != "sc-weat":
        raise BiasInputError("--words is for sc-weat only (the words whose lean is measured).")
    if args.metric == "wefat" and not args.values:
        raise BiasInputError("wefat needs --values FILE.csv: one word and one number per row.")
    options = MeasureAnalysisOptions.of(args.metric, seed=args.seed, iterations=args.iterations,
                                        p_value=args.p_value)
    values = None
    if args.values:
        values = read_values(read_text(Path(args.values).expanduser(), "values file"))
    analysis = run_analysis(options, args.embedding, get_named_sets(args.wordset),
                            words=read_words(args.words) if args.words else None, values=values)
    print_json(analysis_json(analysis)) if args.json else print(analysis_report(analysis))
    if args.report:
        from bias.report.measure_html import measure_report_html

        write_report(args.report, measure_report_html(analysis))
