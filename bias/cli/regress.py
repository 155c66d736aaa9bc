"""`python -m bias regress FILE --target WORD --covariates COL[,COL…]`: embedding regression on a
corpus (conText's method, docs/regression.md)."""

from __future__ import annotations

import argparse
import dataclasses

from bias.analysis import regress as analysis
from bias.analysis.regress_options import CLUSTERS, RegressOptions
from bias.bounds import bound_of
from bias.cli.args import (
    add_scheduler_option,
    bounded,
    bounded_help,
    print_json,
    write_report,
)

DEFAULTS = {f.name: f.default for f in dataclasses.fields(RegressOptions)
            if f.default is not dataclasses.MISSING}
_NUMBERS = {"window": "context words on each side of the target",
            "min_chars": "shortest word kept, in characters",
            "min_count": "fewest uses in the corpus for a word not to become padding",
            "permutations": "permutations for each p-value", "seed": "random seed",
            "neighbours": "nearest words listed per group",
            "contexts": "nearest contexts listed per coefficient"}


def register(commands: argparse._SubParsersAction) -> None:
    regress = commands.add_parser(
        "regress",
        help="embedding regression: how a word's meaning differs with covariates",
        description="Find every use of a target word in a corpus (.csv, .tsv or .jsonl with a "
        "text column and covariate columns), embed each use à la carte (the average of its "
        "context words' vectors times a transform), and regress the embeddings on the "
        "covariates: per coefficient the squared norm, its bias-corrected estimate, a "
        "jackknife interval and a permutation p-value (docs/regression.md).",
    )
    regress.add_argument("file", help="the corpus file")
    regress.add_argument("--target", required=True,
                         help="a word, a glob (immigr*) or a short phrase in quotes")
    regress.add_argument("--covariates", required=True, metavar="COL[,COL…]",
                         help="covariate columns, with interactions as a*b (party,gender)")
    regress.add_argument("--text-column", help="CSV/TSV column or JSON key holding the text")
    regress.add_argument("--embedding", default=DEFAULTS["embedding"],
                         help="word vectors (ALC), or the encoder e5-small-LL-passage (each "
                         f"context read as a passage) (default {DEFAULTS['embedding']})")
    regress.add_argument("--transform", default=DEFAULTS["transform"],
                         metavar="corpus|none|PATH",
                         help="estimate the ALC transform on the corpus, none (a plain "
                         "average), or read a D × D matrix (.npy or text) "
                         f"(default {DEFAULTS['transform']})")
    regress.add_argument("--language", default=DEFAULTS["language"], metavar="LL",
                         help=f"the corpus's language (default {DEFAULTS['language']})")
    for name, text in _NUMBERS.items():
        bound = bound_of(RegressOptions, name)
        regress.add_argument(f"--{name.replace('_', '-')}", type=bounded(bound),
                             default=DEFAULTS[name],
                             help=bounded_help(text, bound, DEFAULTS[name]))
    regress.add_argument("--stop-words", action="store_true",
                         help="leave out the language's stop words (spaCy's list)")
    regress.add_argument("--case-sensitive", action="store_true",
                         help="match the target and count words with their case")
    regress.add_argument("--categorical", default="", metavar="COL[,COL…]",
                         help="covariates to treat as categories though their values are numbers")
    regress.add_argument("--reference", action="append", default=[], metavar="COL=LEVEL",
                         help="a categorical covariate's reference level (repeatable; default "
                         "its first level in the corpus)")
    # Bins of a numeric covariate (a year in decades).
    regress.add_argument("--bin", action="append", default=[], metavar="COL=WIDTH",
                         help="put a numeric covariate in bins of WIDTH, each bin a category "
                         "(year=10: decades labelled 1950s; repeatable)")
    regress.add_argument("--words", default="", metavar="W[,W…]",
                         help="words to compare each group's and each fitted embedding with "
                         "(cosines; e.g. reform,enforcement)")
    regress.add_argument("--attributes", metavar="ID_OR_FILE",
                         help="a WEAT test whose attribute lists A and B each group's uses are "
                         "compared with (a p-value by shuffling documents between groups)")
    regress.add_argument("--clusters", choices=CLUSTERS, default=DEFAULTS["clusters"],
                         help="units for the errors, jackknife and permutations (default auto: "
                         "documents when one has several instances)")
    add_scheduler_option(regress)
    regress.add_argument("--json", action="store_true", help="machine-readable output")
    regress.add_argument("--report", metavar="FILE.html",
                         help="also write a self-contained report (numbers, chart, neighbours, "
                         "the texts behind each number, methods; `reproduce` re-runs it)")
    regress.set_defaults(run=run)


def _references(items: list[str]) -> tuple[tuple[str, str], ...]:
    from bias.errors import BiasInputError

    pairs = []
    for item in items:
        column, equals, level = item.partition("=")
        if not equals or not column.strip() or not level.strip():
            raise BiasInputError(f"--reference takes COLUMN=LEVEL (party=D), not '{item}'.")
        pairs.append((column.strip(), level.strip()))
    return tuple(pairs)


def _bins(items: list[str]) -> tuple[tuple[str, int], ...]:
    from bias.errors import BiasInputError

    pairs = []
    for item in items:
        column, equals, width = item.partition("=")
        if not equals or not column.strip() or not width.strip().isdigit():
            raise BiasInputError(f"--bin takes COLUMN=WIDTH (year=10), not '{item}'.")
        pairs.append((column.strip(), int(width)))
    return tuple(pairs)


def run(args: argparse.Namespace) -> None:
    from pathlib import Path

    from bias.report.regression_text import regression_text

    options = RegressOptions(
        target=args.target, covariates=args.covariates, text_column=args.text_column,
        embedding=args.embedding, language=args.language, transform=args.transform,
        stop_words=args.stop_words, case_sensitive=args.case_sensitive,
        categorical=tuple(c.strip() for c in args.categorical.split(",") if c.strip()),
        references=_references(args.reference), bins=_bins(args.bin), clusters=args.clusters,
        words=tuple(w.strip() for w in args.words.split(",") if w.strip()),
        attributes=args.attributes,
        **{name: getattr(args, name) for name in _NUMBERS},
    )
    result = analysis.run(Path(args.file).expanduser(), options, scheduler=args.scheduler)
    print_json(result.to_dict()) if args.json else print(regression_text(result))
    if args.report:
        from bias.report.regression_html import regression_report_html

        write_report(args.report, regression_report_html(result))
