"""`python -m bias train FILE`: train embeddings on the researcher's own texts."""

from __future__ import annotations

import argparse

from bias.analysis.train import TrainAnalysisOptions
from bias.cli.args import add_scheduler_option, bounded, bounded_help, print_json
from bias.corpus import options as corpus_options
from bias.corpus.options import ReadOptions, TrainOptions

ANALYSIS = TrainAnalysisOptions(language="en")
DEFAULTS, READ = ANALYSIS.train, ANALYSIS.read

_NUMBERS = {"dimensions": corpus_options.DIMENSIONS, "window": corpus_options.WINDOW,
            "min_count": corpus_options.MIN_COUNT, "epochs": corpus_options.EPOCHS,
            "negative": corpus_options.NEGATIVE, "buckets": corpus_options.BUCKETS,
            "replicates": corpus_options.REPLICATES, "seed": corpus_options.SEED,
            "threads": corpus_options.THREADS}
_HELP = {"dimensions": "vector dimensions", "window": "words of context on each side",
         "min_count": "fewest appearances for a word to get a vector",
         "epochs": "passes over the corpus", "negative": "negative samples",
         "buckets": "fastText's character n-gram rows",
         "replicates": "models on bootstrap samples of the documents (1: one model on all)",
         "seed": "random seed; each model's seeds are derived from it",
         "threads": "gensim threads per model (only 1 is bit-reproducible)"}


def register(commands: argparse._SubParsersAction) -> None:
    train = commands.add_parser(
        "train",
        help="train embeddings on your own texts (with replicates and groups)",
        description="Train word2vec or fastText on a corpus: .txt (one document per line), "
        ".csv/.tsv with a text column, .jsonl, or a .zip of .txt files. With --group-column, "
        "one model per value (NAME-<value>); with --replicates N, N models on bootstrap "
        "samples of the documents. The models are saved as embeddings beside the others.",
    )
    train.add_argument("file", help="the corpus file")
    train.add_argument("--language", required=True, metavar="LL",
                       help="the corpus's language (ISO code, e.g. en)")
    train.add_argument("--name", required=True, help="name of the embedding (or family)")
    train.add_argument("--text-column", help="CSV/TSV column or JSON key holding the text")
    train.add_argument("--group-column", help="column or key whose values each get a model")
    train.add_argument("--group-order", metavar="V1,V2,…", type=_values,
                       help="the groups' order, every value once, separated by commas (default: "
                       "numbers as numbers, else the order in which they first appear)")
    train.add_argument("--group-bins", type=bounded(corpus_options.GROUP_BINS), metavar="WIDTH",
                       help="group by bins of this width of a numeric group column (10: "
                       "decades of a year column, labelled 1950s)")
    train.add_argument("--equal-groups", action="store_true",
                       help="train every group on as many documents as the smallest group has "
                       "(a seeded sample), so that size cannot pass for bias")
    train.add_argument("--compare-groups", metavar="A,B", type=_values,
                       help="after training, test whether the first --wordset's d differs "
                       "between groups A and B (documents permuted between them, models "
                       "trained again)")
    train.add_argument("--permutations", type=bounded(corpus_options.PERMUTATIONS),
                       default=ANALYSIS.permutations, metavar="N",
                       help=bounded_help("permutations of --compare-groups, 2 models each; the "
                                         "smallest p is 1/(1+N)", corpus_options.PERMUTATIONS,
                                         ANALYSIS.permutations))
    train.add_argument("--documents", choices=corpus_options.DOCUMENT_MODES,
                       default=READ.documents,
                       help=f"a .txt's documents: one per line or per paragraph (default "
                       f"{READ.documents})")
    train.add_argument("--keep-case", action="store_true", help="do not lower-case the words")
    train.add_argument("--numbers", choices=corpus_options.NUMBER_MODES, default=READ.numbers,
                       help=f"numbers: drop, keep, or replace by <num> (default {READ.numbers})")
    train.add_argument("--method", choices=corpus_options.METHODS, default=DEFAULTS.method,
                       help=f"default {DEFAULTS.method}")
    train.add_argument("--architecture", choices=corpus_options.ARCHITECTURES,
                       default=DEFAULTS.architecture, help=f"default {DEFAULTS.architecture}")
    for field, bound in _NUMBERS.items():
        default = getattr(DEFAULTS, field)
        train.add_argument(f"--{field.replace('_', '-')}", type=bounded(bound), default=default,
                           help=bounded_help(_HELP[field], bound, default))
    train.add_argument("--wordset", action="append", default=[], metavar="ID_OR_FILE",
                       help="check before training that this test's words will get vectors "
                       "(repeatable)")
    train.add_argument("--preview", action="store_true",
                       help="only say what training would give; train nothing")
    train.add_argument("--replace", action="store_true",
                       help="replace earlier models trained under this name")
    train.add_argument("--json", action="store_true", help="machine-readable output")
    add_scheduler_option(train)
    train.set_defaults(run=run)


def run(args: argparse.Namespace) -> int | None:
    from pathlib import Path

    from bias.analysis import train
    from bias.errors import BiasInputError
    from bias.report.corpus_text import preview_json, preview_text, train_text
    from bias.report.group_difference_text import difference_text
    from bias.vectors.catalog import language_code
    from bias.wordsets.library import get_wordset

    read = ReadOptions(text_column=args.text_column, group_column=args.group_column,
                       documents=args.documents, lowercase=not args.keep_case,
                       numbers=args.numbers, group_order=args.group_order or (),
                       group_bins=args.group_bins)
    options = train.TrainAnalysisOptions(
        language=language_code(args.language), read=read,
        train=TrainOptions(method=args.method, architecture=args.architecture,
                           equal_groups=args.equal_groups,
                           **{field: getattr(args, field) for field in _NUMBERS}),
        wordsets=tuple(get_wordset(item) for item in args.wordset),
        permutations=args.permutations, replace=args.replace)
    path = Path(args.file).expanduser()
    if args.preview:
        shown = train.preview(options, path)
        print_json(preview_json(shown)) if args.json else print(preview_text(shown))
        if shown.problem:
            raise BiasInputError(shown.problem)
        return None
    if args.compare_groups and not options.wordsets:
        raise BiasInputError("--compare-groups needs a --wordset to compare the groups by.")
    result = train.run(options, path, args.name, args.compare_groups, scheduler=args.scheduler)
    if args.json:
        print_json(result.to_dict())
    elif result.compared is None:
        print(train_text(result.trained))
    else:
        print(train_text(result.trained) + "\n\n" + difference_text(result.compared))
    return None


def _values(text: str) -> tuple[str, ...]:
    """'a, b,c' → ('a', 'b', 'c'): group values separated by commas."""
    return tuple(value.strip() for value in text.split(","))
