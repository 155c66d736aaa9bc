"""`python -m bias reproduce FILE`: re-run the results of a report or its JSON and compare."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "reproduce",
        help="re-run a report's results and check every number",
        description="Re-run every result recorded in a report (HTML) or its JSON, on the same "
        "embedding, lists, options and seeds, and check that the page was not edited; or, with "
        "--trained NAME, train a trained embedding again from its corpus and compare the vectors "
        "bit for bit. Exit 0 when every number matches, 1 with the differences listed (or the "
        "page edited after it was written, or the stored vectors changed since they were "
        "saved), 2 when the embedding (or the corpus) is absent or "
        "not the recorded one.",
    )
    parser.add_argument("file", nargs="?", help="a report (.html) or the JSON of a result")
    parser.add_argument("--trained", metavar="NAME",
                        help="re-train this trained embedding from its corpus and compare")
    parser.add_argument("--corpus", metavar="FILE",
                        help="with --trained: the corpus's copy, if it moved (its sha256 must "
                        "match); for a regression's JSON: its corpus (default: the recorded "
                        "file name beside the JSON)")
    parser.add_argument("--embedding", help="re-run on this embedding instead of the recorded "
                        "name (its sha256 must still match)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from bias.errors import BiasInputError

    if args.trained:
        from bias.corpus.recheck import recheck
        from bias.report.corpus_text import recheck_text

        check = recheck(args.trained, Path(args.corpus) if args.corpus else None)
        print(recheck_text(check))
        return 1 if check.outcome in ("different", "changed_on_disk") else 0
    if not args.file:
        raise BiasInputError("Give a report or JSON file to reproduce, or --trained NAME.")

    from bias.files import read_text
    from bias.report.reproduce import outcome_lines, reproduce_text

    path = Path(args.file).expanduser()
    outcome = reproduce_text(read_text(path, "report"), path.name, args.embedding,
                             Path(args.corpus).expanduser() if args.corpus else None,
                             path.parent)
    first, *rest = outcome_lines(outcome, path.name)
    print("\n".join([first, *(f"  {line}" for line in rest)]))
    return 0 if outcome.matches else 1
