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
from bias.limits import shorten
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


INTERRUPTED = 130
"""The exit code after Ctrl-C, as shells give it (128 + SIGINT)."""


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    try:
        args = build_parser(only).parse_args(argv)
    except SystemExit as exc:  # --help, or a usage error already printed as one sentence
        return int(exc.code or 0)
    except KeyboardInterrupt:
        return _interrupted(only or "biaswords")
    with printable_output():
        try:
            code = args.run(args)  # None, or a command's own exit code (reproduce: 1)
            sys.stdout.flush()
        except BiasInputError as exc:
            print(f"{args.command}: {exc}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:  # the command's own clean-up has run on the way out
            return _interrupted(args.command)
        except BrokenPipeError:
            return _reader_went_away()
        except OSError as exc:  # a full disk, or a file the system would not open or read
            print(f"{args.command}: {_os_sentence(exc)}", file=sys.stderr)
            return 2
    return code or 0


def _interrupted(command: str) -> int:
    print(f"{command}: stopped (Ctrl-C); nothing half-made was kept.", file=sys.stderr)
    return INTERRUPTED


def _os_sentence(exc: OSError) -> str:
    """What the system refused, in one sentence (the file's name shortened: it may be 5,000
    characters)."""
    if exc.errno in FULL_DISK:
        return str(write_error(exc))
    reason = exc.strerror or type(exc).__name__
    where = f" ({shorten(str(exc.filename), 120)})" if exc.filename else ""
    return f"The system refused a file operation: {reason}{where}."


def _reader_went_away() -> int:
    """The program reading our output stopped early (`python -m bias weat … | head`): stop
    quietly, as other command-line tools do. Python would otherwise print a traceback when it
    flushes the closed pipe at exit, so stdout is pointed at the null device first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.__stdout__.fileno())
    os.close(devnull)
    return 0
