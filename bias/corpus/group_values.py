"""A group column's values: the order the groups come in, and bins of a numeric column.

Order (issue 41): alphabetical order put 'early, late, middle' and 'post-war' before 'pre-war',
and as text '1000s' sorts before '900s'. So:

* an order the user gives (`ReadOptions.group_order`) is used as given, and must name every
  value of the corpus, and only those (a typo would otherwise silently drop a group);
* else, when every value is a number, optionally followed by letters ('1990', '1950s', '900s',
  '19th', '-50') or a range ('1900-1999'), the groups come in the order of those (first)
  numbers, ties in the order below;
* else in the order in which the values first appear in the corpus: the order the researcher
  wrote them in, usually the meaningful one ('pre-war, war, post-war').

Bins (`ReadOptions.group_bins`, a width W): a cell holding a number v is put in the bin starting
at s = floor(v / W) × W, labelled '1950s' for W = 10 and s ≥ 0, else 's-(s+W-1)' ('1900-1999'
for W = 100); a cell that is not a number is refused with one sentence naming where it is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from bias.errors import BiasInputError

_NUMBER_LABEL = re.compile(
    r"([-+]?\d+(?:\.\d+)?)(?:\s*'?[^\W\d_]*|\s*[-–]\s*[-+]?\d+(?:\.\d+)?)")
"""A number, optionally followed by letters (a unit or an ordinal: '1950s', "1990's", '19th')
or by the end of a range ('1900-1999', as `bin_label` writes wider bins)."""


def label_number(value: str) -> float | None:
    """The number a label is (or starts with, before letters only), else None."""
    found = _NUMBER_LABEL.fullmatch(value.strip())
    return float(found.group(1)) if found else None


def order_values(first_seen: Sequence[str], given: Sequence[str] = ()) -> list[str]:
    """`first_seen` (the values in the order they first appear) in the order the groups come in
    (module docstring); `given`: the user's order, which must name exactly these values."""
    if given:
        return _given_order(first_seen, given)
    numbers = [label_number(value) for value in first_seen]
    if all(number is not None for number in numbers):
        ranks = {value: number for value, number in zip(first_seen, numbers, strict=True)}
        return sorted(first_seen, key=lambda value: ranks[value])  # stable: ties stay as seen
    return list(first_seen)


def _given_order(first_seen: Sequence[str], given: Sequence[str]) -> list[str]:
    present = set(first_seen)
    missing = [value for value in first_seen if value not in set(given)]
    if missing:
        raise BiasInputError(
            f"The group order does not name the value{'s' if len(missing) > 1 else ''} "
            f"{', '.join(repr(v) for v in missing[:5])} of the corpus; name every value once."
        )
    absent = [value for value in given if value not in present]
    if absent:
        raise BiasInputError(
            f"The group order names {', '.join(repr(v) for v in absent[:5])}, which no "
            "document of the corpus has as its group; name only the corpus's values."
        )
    return list(given)


def check_order(given: Sequence[str]) -> tuple[str, ...]:
    """The user's order as a tuple of stripped values, each named once."""
    if isinstance(given, str):
        raise BiasInputError("A group order is a list of the values, not one text.")
    values = tuple(str(value).strip() for value in given)
    if any(not value for value in values):
        raise BiasInputError("A group order cannot name an empty value.")
    if len(set(values)) < len(values):
        raise BiasInputError("The group order names a value twice; name each value once.")
    return values


def bin_label(cell: str, width: int, where: str, column: str) -> str:
    """The label of the bin of `width` that the number in `cell` falls into (module
    docstring); `where` ('Row 12 of news.csv') and `column` name a cell that is no number."""
    try:
        value = float(cell)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise BiasInputError(
            f"{where} has '{cell[:40]}' in the group column '{column}', which is not a number, "
            f"so it cannot be put in a bin of {width}; fix the cell or group without bins."
        )
    start = math.floor(value / width) * width
    if width == 10 and start >= 0:
        return f"{start}s"
    return f"{start}-{start + width - 1}"
