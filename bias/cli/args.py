"""What every command shares: the one-sentence parser, whole-number arguments, JSON output."""

from __future__ import annotations

import argparse
import json
import re

from bias.bounds import Bound
from bias.suggest import no_such


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one sentence and exit code 2 (not a usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message[0].upper()}{message[1:]}{_closest(message)} See "
                  f"`{self.prog} --help`.\n")


_CHOICE = re.compile(r"invalid choice: '(.*)' \(choose from (.*)\)$", re.DOTALL)


def _closest(message: str) -> str:
    """'; did you mean weat?' after argparse's "invalid choice" (a command, a measure), else
    the full stop."""
    found = _CHOICE.search(message)
    if not found:
        return "."
    choices = re.findall(r"'([^']*)'", found.group(2))
    return no_such("", found.group(1), choices)


def whole_number(minimum: int, maximum: int | None = None, too_high: str = ""):
    """argparse type: a whole number (1_000 allowed) from `minimum` to `maximum`, else one
    sentence (`too_high`, if given, for a number above `maximum`)."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"{value} is not a positive number" if minimum == 1
                else f"{value} is negative" if minimum == 0
                else f"{value} is less than {minimum:,}"
            )
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(too_high or f"{value} is more than {maximum:,}")
        return value

    return parse


def bounded(bound: Bound):
    """argparse type for an option field's declared `Bound` (bias.bounds): the same range as the
    engine's, checked before anything runs."""
    if not bound.whole:
        raise TypeError("only whole-number bounds are command-line options so far")
    return whole_number(int(bound.low), None if bound.high is None else int(bound.high),
                        bound.too_high().removesuffix(".") if bound.reason else "")


def bounded_help(text: str, bound: Bound, default: object) -> str:
    """`text` followed by the range and the default: "random seed (0 or more; default 0)"."""
    return f"{text} ({bound.span}; default {default})"


def print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def write_report(path: str, page: str) -> None:
    """Write a report's HTML to `path` atomically, readable by others (a report is for sharing,
    unlike the user's private data), and say where on stderr, so stdout stays the JSON or text."""
    import os
    import sys
    from pathlib import Path

    from bias.errors import BiasInputError
    from bias.files import write_text_atomic

    target = Path(path).expanduser()
    if target.exists() and not target.is_file():
        raise BiasInputError(f"{target} is not a regular file; give a path for the report.")
    write_text_atomic(target, page)
    umask = os.umask(0)
    os.umask(umask)
    target.chmod(0o666 & ~umask)
    print(f"Report written to {target}", file=sys.stderr)


def add_scheduler_option(parser: argparse.ArgumentParser) -> None:
    """`--scheduler tcp://HOST:PORT`: run the command's tasks on that Dask cluster
    (`bias.compute.run_tasks`, docs/cluster.md); without it they run on this machine. The
    same option, with the same meaning, on every command that fans out work."""
    parser.add_argument("--scheduler", metavar="tcp://HOST:PORT", type=_scheduler_address,
                        help="run the work on the Dask cluster whose scheduler is at this "
                        "address (docs/cluster.md; default: this machine)")


def _scheduler_address(text: str) -> str:
    from bias.compute.cluster import check_address
    from bias.errors import BiasInputError

    try:
        return check_address(text)
    except BiasInputError as exc:
        raise argparse.ArgumentTypeError(str(exc).rstrip(".")) from None
