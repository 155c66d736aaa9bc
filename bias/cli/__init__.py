"""The command line (`python -m bias`): the same engine as the dashboard, as JSON or a report.

One module per command (`bias/cli/<command>.py`), each with `register(commands)` adding its
sub-parser; this module only assembles them and turns a user's mistake into one sentence.
Every mistake a user can make ends as one sentence on stderr and exit code 2, never a traceback:
`BiasInputError` from the engine, and argparse's own complaints (rewritten to one line).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from bias.cli.args import Parser
from bias.cli.terminal import printable_output
from bias.errors import BiasInputError
from bias.files import FULL_DISK, write_error
from bias.version import version

COMMANDS = {
    "wordsets": "bias.cli.wordsets",
    "weat": "bias.cli.weat",
    "measure": "bias.cli.measure",
    "batch": "bias.cli.batch",
    "biaswords": "bias.cli.biaswords",
    "import": "bias.cli.importing",
    "embeddings": "bias.cli.embeddings",
    "reproduce": "bias.cli.reproduce",
    "debias": "bias.cli.debias",
    "train": "bias.cli.train",
    "regress": "bias.cli.regress",
}
"""Command name -> its module. Only the module of the command being run is imported: the others
pull in polars, the tagger or the importers, and `weat` would start twice as slowly."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser with every command, or with only the command `only` (when argv names one)."""
    parser = Parser(
        prog="python -m bias",
        description="Measure bias in word embeddings (WEAT) and discover new biased word sets.",
    )
    parser.add_argument("--version", action="version", version=f"biaswords {version()}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name, module in COMMANDS.items():
        if only is None or name == only:
            importlib.import_module(module).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    try:
        args = build_parser(only).parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already printed as one sentence
        return int(exc.code or 0)
    with printable_output():
        try:
            code = args.run(args)  # None, or a command's own exit code (reproduce: 1)
            sys.stdout.flush()
        except BiasInputError as exc:
            print(f"{args.command}: {exc}", file=sys.stderr)
            return 2
        except BrokenPipeError:
            return _reader_went_away()
        except OSError as exc:  # e.g. an import's cache on a full disk
            if exc.errno not in FULL_DISK:
                raise
            print(f"{args.command}: {write_error(exc)}", file=sys.stderr)
            return 2
    return code or 0


def _reader_went_away() -> int:
    """The program reading our output stopped early (`python -m bias weat … | head`): stop
    quietly, as other command-line tools do. Python would otherwise print a traceback when it
    flushes the closed pipe at exit, so stdout is pointed at the null device first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.__stdout__.fileno())
    os.close(devnull)
    return 0
