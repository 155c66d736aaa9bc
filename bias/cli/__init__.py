"""The command line (`python -m bias`): the same engine as the dashboard, as JSON or a report.

One module per command (`bias/cli/<command>.py`), each with `register(commands)` adding its
sub-parser; this module only assembles them and turns a user's mistake into one sentence.
Every mistake a user can make ends as one sentence on stderr and exit code 2, never a traceback:
`BiasInputError` from the engine, and argparse's own complaints (rewritten to one line).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bias.cli import biaswords, embeddings, importing, weat, wordsets
from bias.cli.args import Parser
from bias.cli.terminal import printable_output
from bias.errors import BiasInputError

COMMANDS = (wordsets, weat, biaswords, importing, embeddings)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="python -m bias",
        description="Measure bias in word embeddings (WEAT) and discover new biased word sets.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for command in COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already printed as one sentence
        return int(exc.code or 0)
    with printable_output():
        try:
            args.run(args)
        except BiasInputError as exc:
            print(f"{args.command}: {exc}", file=sys.stderr)
            return 2
    return 0
