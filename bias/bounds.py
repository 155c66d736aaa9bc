"""The range of a numeric option, declared once on its dataclass field and read by everyone who
needs it: the options class checks values against it, the command line's argparse types and help
are made from it (`bias.cli.args.bounded`), and a page's number field can take its `low` and
`high` as its minimum and maximum (`bound_of(WeatOptions, "iterations")`).

Before, the same bounds were written in each of these places, and they had drifted (a page asked
for at least 1,000 draws where the engine allows 1).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bias.errors import BiasInputError


@dataclass(frozen=True)
class Bound:
    """`low` ≤ value ≤ `high` (`high` None: no upper bound; `exclusive`: strictly between;
    `optional`: None is allowed too and means the option is off, as a frequency floor of None).

    `subject` names the option in a sentence ("The number of draws"). Where the upper bound has
    a reason worth telling, `unit` and `reason` word it: "At most 10,000,000 draws, please: …".
    """

    subject: str
    low: int | float
    high: int | float | None = None
    whole: bool = True
    exclusive: bool = False
    unit: str = ""
    reason: str = ""
    optional: bool = False

    @property
    def span(self) -> str:
        """The range in words: "at least 1", "0 or more", "from 0 to 1,000,000"."""
        if self.exclusive:
            return f"between {self.low:,} and {self.high:,}"
        if self.high is not None:
            return f"from {self.low:,} to {self.high:,}"
        return "0 or more" if self.low == 0 else f"at least {self.low:,}"

    def too_high(self) -> str:
        if self.reason:
            return f"At most {self.high:,} {self.unit}, please: {self.reason}."
        return f"{self.subject} must be {self.span}."

    def problem(self, value: object) -> str | None:
        """What is wrong with `value` as a sentence, or None when it fits."""
        if value is None and self.optional:
            return None
        kinds = (int,) if self.whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds):
            number = "a whole number" if self.whole else "a number"
            span = self.span if self.high is not None else f"of {self.span}"
            return f"{self.subject} must be {number} {span}."
        if self.exclusive and not self.low < value < self.high:
            return f"{self.subject} must be {self.span}."
        if value < self.low:
            least = "0 or more" if self.low == 0 else f"at least {self.low:,}"
            return f"{self.subject} must be {least}."
        if self.high is not None and value > self.high:
            return self.too_high()
        return None

    def check(self, value: object) -> None:
        problem = self.problem(value)
        if problem:
            raise BiasInputError(problem)


def bounded(default: Any, bound: Bound) -> Any:
    """A dataclass field with `default` and its declared `bound`."""
    return dataclasses.field(default=default, metadata={"bound": bound})


def bound_of(options: Any, name: str) -> Bound:
    """The declared bound of field `name` of an options class (or instance)."""
    for item in dataclasses.fields(options):
        if item.name == name and "bound" in item.metadata:
            return item.metadata["bound"]
    raise KeyError(f"{name} has no declared bound")


def check_bounds(options: Any) -> None:
    """Check every bounded field of a dataclass instance (from its `__post_init__`)."""
    for item in dataclasses.fields(options):
        if "bound" in item.metadata:
            item.metadata["bound"].check(getattr(options, item.name))
