"""What every command shares: the one-sentence parser, whole-number arguments, JSON output."""

from __future__ import annotations

import argparse
import json


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one sentence and exit code 2 (not a usage dump)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message[0].upper()}{message[1:]}. See `{self.prog} --help`.\n")


def whole_number(minimum: int):
    """argparse type: a whole number (1_000 allowed) of at least `minimum`, else one sentence."""

    def parse(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"{value} is not a positive number" if minimum == 1 else f"{value} is negative"
            )
        return value

    return parse


positive_int = whole_number(1)
non_negative_int = whole_number(0)


def print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))
