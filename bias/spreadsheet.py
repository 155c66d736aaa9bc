"""CSV that is safe to open in a spreadsheet: every CSV the product writes goes through `csv_text`.

A visitor's text (a title, a set name, a curated candidate) reaches other visitors' downloads.
A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(…)`
sends whoever clicks to any address, `=cmd|' /C calc'!A0` once ran programs), and tab or
carriage return let such a cell hide behind one. As OWASP's "CSV Injection" page recommends, such
a text cell is written with a leading apostrophe, which a spreadsheet shows as text and does not
display. Numbers stay numbers: numeric columns are untouched, and so is a text cell that is just a
number (`-0.25`). `restore_cells` undoes the apostrophe when a CSV we wrote is read back
(GloVe has words such as `-lrb-`), whether or not a spreadsheet kept it.
"""

from __future__ import annotations

import polars as pl

FORMULA_START = r"^[=+\-@\t\r]"
"""A cell starting with one of these is a formula (or hides one) to a spreadsheet."""

_NUMBER = r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$"
_QUOTE = "'"


def _text_columns(frame: pl.DataFrame) -> list[str]:
    return [name for name, dtype in frame.schema.items()
            if dtype == pl.String or isinstance(dtype, (pl.Categorical, pl.Enum))]


def neutralise_cells(frame: pl.DataFrame) -> pl.DataFrame:
    """`frame` with every text cell that a spreadsheet would run as a formula prefixed by '."""
    columns = []
    for name in _text_columns(frame):
        cell = pl.col(name).cast(pl.String)
        risky = cell.str.contains(FORMULA_START) & ~cell.str.contains(_NUMBER)
        columns.append(pl.when(risky).then(_QUOTE + cell).otherwise(cell).alias(name))
    return frame.with_columns(columns) if columns else frame


def csv_text(frame: pl.DataFrame) -> str:
    """The CSV of `frame`, safe to open in a spreadsheet (see the module docstring)."""
    return neutralise_cells(frame).write_csv()


def restore_cells(frame: pl.DataFrame) -> pl.DataFrame:
    """A table read from a CSV we wrote, with the apostrophe of `neutralise_cells` removed."""
    columns = []
    for name in _text_columns(frame):
        cell = pl.col(name).cast(pl.String)
        quoted = cell.str.starts_with(_QUOTE) & cell.str.slice(1).str.contains(FORMULA_START)
        columns.append(pl.when(quoted).then(cell.str.slice(1)).otherwise(cell).alias(name))
    return frame.with_columns(columns) if columns else frame
