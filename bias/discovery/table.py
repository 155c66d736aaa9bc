"""The candidates table BiasWords shows a person: its columns, and the helpers every step reads.

One row per (set, seed, neighbour); `reason` is the filters' verdict and stays when a person
overrides it, `kept` is the final decision. The filters (`filters`), the curation store
(`curation`), the draws (`sampling`) and the baseline all read and write this one shape, so it
lives apart from any of them.
"""

from __future__ import annotations

import re
import unicodedata

import polars as pl

from bias.errors import BiasInputError
from bias.wordsets import SET_KEYS

OPPOSED = {"X": "Y", "Y": "X", "A": "B", "B": "A"}
"""The pairs a WEAT contrasts; a word near both sides of a pair is ambiguous."""

TABLE_SCHEMA = {
    "set": pl.String,
    "seed": pl.String,
    "candidate": pl.String,
    "similarity": pl.Float64,
    "pos": pl.String,
    "seed_pos": pl.String,
    "kept": pl.Boolean,
    "reason": pl.String,
    "flag": pl.String,
    "fit_rank": pl.Int64,
    "fit_lean": pl.Float64,
    "fit_seeds": pl.Int64,
    "fit_name": pl.Float64,
}
"""`fit_*` are concept fit's signals (`concept_fit`), null where it did not judge the row."""

FIT_DECIMALS = {"fit_rank": 0, "fit_lean": 2, "fit_seeds": 0, "fit_name": 3}
"""Concept fit's signals as a person reads them (`with_decisions`), with these decimals."""

SHOWN = "_shown"
"""Suffix of a column's read-only text form for people (`with_decisions`): a number column with
nulls printed "None" in the BiasWords grid where concept fit had not judged a row."""

FLAG_SEPARATOR = "; "
"""Joins a row's flags in the table's `flag` text; `flags` in JSON is the list."""

# A word: letters, optionally joined by one hyphen or apostrophe ("Hip-Hop-Tanz", "o'neill").
# Digits, other punctuation, e-mail and web addresses do not match.
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def fold(word: str, sharp_s: bool) -> str:
    """The comparison key: Unicode NFKC (the ligature in "ﬁlm" is "fi"), case-insensitive, and
    ß = ss only when `sharp_s` (German).

    Only keys are folded; the table keeps the embedding's spelling. `str.casefold` alone would
    already turn ß into ss, so without `sharp_s` the ß is protected from it.
    """
    word = unicodedata.normalize("NFKC", word)
    if sharp_s:
        return word.casefold().replace("ß", "ss")
    return "ß".join(part.casefold() for part in word.replace("ẞ", "ß").split("ß"))



def split_flags(flag: str | None) -> list[str]:
    """The table's `flag` text as the list of its flags."""
    return [] if not flag else flag.split(FLAG_SEPARATOR)


def hand_decisions(table: pl.DataFrame) -> int:
    """Rows whose Keep differs from the filters' verdict (restored or dropped by a person)."""
    table = normalise_table(table)
    return int((table["kept"] != table["reason"].is_null()).sum())



def normalise_table(table: pl.DataFrame) -> pl.DataFrame:
    """Check a (possibly edited) candidates table and bring it to `TABLE_SCHEMA`.

    Only `set`, `candidate` and `kept` are required; spellings are stripped. `reason` is left as
    it is: it is the filter's verdict, so a word a person restored still says why the filter
    dropped it, and dropping it again shows that reason again. `kept` alone decides.
    """
    if not isinstance(table, pl.DataFrame):
        raise BiasInputError("The curated candidates must be a table.")
    absent = [c for c in ("set", "candidate", "kept") if c not in table.columns]
    if absent:
        raise BiasInputError(
            f"The curated candidates lack the column(s) {', '.join(absent)}; "
            "they need at least set, candidate and kept."
        )
    for column, dtype in TABLE_SCHEMA.items():
        if column not in table.columns:
            table = table.with_columns(pl.lit(None, dtype=dtype).alias(column))
    try:
        table = table.select(
            [pl.col(c).cast(dtype) for c, dtype in TABLE_SCHEMA.items()]
        ).with_columns(
            pl.col("candidate").fill_null("").str.strip_chars(),
            pl.col("kept").fill_null(False),
        )
    except pl.exceptions.PolarsError as exc:
        raise BiasInputError(
            "The curated candidates have a column of the wrong kind (kept must be true/false, "
            "similarity a number)."
        ) from exc
    bad = sorted(set(table["set"].drop_nulls()) - set(SET_KEYS)) + (
        ["(empty)"] if table["set"].null_count() else []
    )
    if bad:
        raise BiasInputError(
            f"The curated candidates name unknown set(s) {', '.join(bad)}; use X, Y, A or B."
        )
    return table


def with_decisions(table: pl.DataFrame) -> pl.DataFrame:
    """The table plus read-only columns for people: `verdict`, `check` and concept fit's
    signals as text (`FIT_DECIMALS`, each `<column>_shown`, "" where it did not judge).

    `verdict` spells out the filter's reason and the person's decision together ("dropped by the
    filter: …, kept by you"; "dropped by you"), because `reason` alone next to a ticked Keep box
    would read as "dropped". `check` is `flag`. Both are "" where there is nothing to say (a
    table would show a missing value as "None"). `normalise_table` drops the added ones again.
    """
    reason, kept = pl.col("reason"), pl.col("kept")
    verdict = (
        pl.when(reason.is_null() & kept)
        .then(pl.lit(""))
        .when(reason.is_null())
        .then(pl.lit("dropped by you"))
        .when(kept)
        .then(pl.lit("dropped by the filter: ") + reason + pl.lit(", kept by you"))
        .otherwise(reason)
    )
    shown = [
        pl.col(column).map_elements(lambda v, d=decimals: f"{v:.{d}f}", return_dtype=pl.String)
        .fill_null("").alias(column + SHOWN)
        for column, decimals in FIT_DECIMALS.items()
    ]
    return table.with_columns(verdict.alias("verdict"), pl.col("flag").fill_null("").alias("check"),
                              *shown)


def curated_pools(table: pl.DataFrame) -> dict[str, list[str]]:
    """The kept, non-empty candidate spellings per set, each once, in table order."""
    table = normalise_table(table)
    pools: dict[str, list[str]] = {key: [] for key in SET_KEYS}
    seen: dict[str, set[str]] = {key: set() for key in SET_KEYS}
    for key, word in table.filter(pl.col("kept")).select("set", "candidate").iter_rows():
        if word and word not in seen[key]:
            seen[key].add(word)
            pools[key].append(word)
    return pools
