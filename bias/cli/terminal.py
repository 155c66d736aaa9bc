"""What the command line writes to a terminal: never a control character from the user's data.

Words come from files anyone can write. Echoed raw, an ANSI escape sequence in a word can recolour
or clear the terminal, move the cursor or (in some terminals) set the window title; a carriage
return or a bidi override can make one word print over another. Every write of the command line
goes through `Printable`, which shows such characters as `\\uXXXX` escapes instead. That form is
also JSON's own, so `--json` output keeps its meaning: inside a JSON string `\\u001b` decodes to
the same character (and outside strings JSON has no control characters).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

# C0 and C1 controls except tab and line feed, DEL, line/paragraph separators, bidi controls.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every character that could steer a terminal written as a visible escape."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class Printable:
    """A text stream wrapper that writes `printable(text)`; `raw` is the stream itself, for the
    progress line's own carriage returns."""

    def __init__(self, stream: TextIO) -> None:
        self.raw = stream

    def write(self, text: str) -> int:
        return self.raw.write(printable(text))

    def __getattr__(self, name: str) -> object:
        return getattr(self.raw, name)


@contextmanager
def printable_output() -> Iterator[None]:
    """Route stdout and stderr through `Printable` for the duration of a command."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Printable(sys.stdout), Printable(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
