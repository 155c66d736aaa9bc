"""Many WEATs at once: every chosen word set on every chosen embedding, like the paper's Table 7.

`run_batch` loops over (word set, embedding) pairs, reports progress through a callback, records a
user mistake (e.g. every word of a set missing) as that row's error instead of stopping, and adjusts
the p-values of all rows that ran for multiple testing: Holm (family-wise error) and
Benjamini–Hochberg (false discovery rate), both from `pvalues`. The family is every test in the
batch, which is what the user asked about at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace

import polars as pl

from bias.errors import BiasInputError
from bias.report.text import reported_d_text, reported_p_text, verdict
from bias.stats.pvalues import ALPHA, benjamini_hochberg, holm
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.catalog import load_embedding
from bias.wordsets import WordSet

Progress = Callable[[int, int, str], None]
"""Called as `progress(done, total, label)` before each test and once at the end (done == total)."""

Runner = Callable[[str, WordSet, WeatOptions], WeatResult]
"""Runs one test: `runner(embedding_name, wordset, options)`. The dashboard passes a cached one."""


def default_runner(embedding_name: str, wordset: WordSet, options: WeatOptions) -> WeatResult:
    return run_weat(load_embedding(embedding_name), wordset, options)


@dataclass(frozen=True)
class BatchRow:
    """One test on one embedding; when it could not run, numbers are nan and `error` says why."""

    wordset: str
    title: str
    embedding: str
    p_value: float
    effect_size: float
    verdict: str
    p_holm: float
    p_bh: float
    reported_p: float | None
    reported_d: float | None
    reported_d_is_absolute: bool
    reported_p_text: str | None
    """As the source printed it (a bound such as '< 10⁻³' stays a bound)."""
    reported_d_text: str | None
    """'|d| = 0.87' where the source printed the absolute value, else 'd = 1.81'."""
    method: str
    iterations: int
    missing_words: int
    error: str | None

    @property
    def detected(self) -> bool | None:
        """Bias at the 5% level (unadjusted), or None when the test did not run."""
        return None if self.error else self.p_value < ALPHA


def summary(rows: Sequence[BatchRow]) -> str:
    """One sentence on how many tests detect a bias before and after adjustment."""
    ran = [row for row in rows if row.error is None]
    text = (
        f"{sum(row.p_value < ALPHA for row in ran)} of {len(ran)} tests detect a bias at the "
        f"{ALPHA:.0%} level; {sum(row.p_holm < ALPHA for row in ran)} after Holm's correction, "
        f"{sum(row.p_bh < ALPHA for row in ran)} after Benjamini–Hochberg's."
    )
    if any(row.reported_d_is_absolute for row in rows):
        text += " Values marked |d| were reported without their sign."
    if any(row.reported_p is not None for row in rows):
        text += " Reported values come from the sources' embeddings, so ours can differ."
    return text


def _row(wordset: WordSet, embedding: str, result: WeatResult | None, error: str | None):
    rep = wordset.reported
    nan = math.nan
    return BatchRow(
        wordset=wordset.id,
        title=wordset.title,
        embedding=embedding,
        p_value=result.p_value if result else nan,
        effect_size=result.effect_size if result else nan,
        verdict=verdict(result.p_value, ALPHA) if result else "not run",
        p_holm=nan,
        p_bh=nan,
        reported_p=rep.p_value if rep else None,
        reported_d=rep.effect_size if rep else None,
        reported_d_is_absolute=bool(rep and rep.effect_size_is_absolute),
        reported_p_text=reported_p_text(rep) if rep else None,
        reported_d_text=reported_d_text(rep) if rep and rep.effect_size is not None else None,
        method=result.method if result else "",
        iterations=result.iterations if result else 0,
        missing_words=sum(len(s.missing) for s in result.sets.values()) if result else 0,
        error=error,
    )


def adjust(rows: Sequence[BatchRow]) -> list[BatchRow]:
    """Fill in Holm and Benjamini–Hochberg adjusted p-values over the rows that ran."""
    ran = [i for i, row in enumerate(rows) if row.error is None]
    p = [rows[i].p_value for i in ran]
    adjusted = list(rows)
    for i, p_holm, p_bh in zip(ran, holm(p), benjamini_hochberg(p), strict=True):
        adjusted[i] = replace(rows[i], p_holm=float(p_holm), p_bh=float(p_bh))
    return adjusted


def run_batch(
    wordsets: Sequence[WordSet],
    embeddings: Sequence[str],
    options: WeatOptions | None = None,
    *,
    progress: Progress | None = None,
    runner: Runner = default_runner,
    same_language_only: bool = True,
    languages: dict[str, str] | None = None,
) -> list[BatchRow]:
    """Run every word set on every embedding and adjust the p-values.

    With `same_language_only`, a word set only runs on embeddings of its language (`languages`
    maps embedding name to language code; a name missing from it always runs). Rows come in the
    order word set, then embedding.
    """
    options = options or WeatOptions()
    languages = languages or {}
    pairs = [
        (ws, name)
        for ws in wordsets
        for name in embeddings
        if not same_language_only or languages.get(name, ws.language) == ws.language
    ]
    rows = []
    for done, (wordset, name) in enumerate(pairs):
        if progress is not None:
            progress(done, len(pairs), f"{wordset.id} on {name}")
        try:
            result = runner(name, wordset, options)
        except BiasInputError as exc:
            rows.append(_row(wordset, name, None, str(exc)))
        else:
            rows.append(_row(wordset, name, result, None))
    if progress is not None:
        progress(len(pairs), len(pairs), "done")
    return adjust(rows)


SCHEMA = {
    "wordset": pl.String,
    "title": pl.String,
    "embedding": pl.String,
    "p_value": pl.Float64,
    "effect_size": pl.Float64,
    "verdict": pl.String,
    "p_holm": pl.Float64,
    "p_bh": pl.Float64,
    "reported_p": pl.Float64,
    "reported_d": pl.Float64,
    "reported_d_is_absolute": pl.Boolean,
    "reported_p_text": pl.String,
    "reported_d_text": pl.String,
    "method": pl.String,
    "iterations": pl.Int64,
    "missing_words": pl.Int64,
    "error": pl.String,
}


def to_frame(rows: Sequence[BatchRow]) -> pl.DataFrame:
    """The rows as a polars table (nan for numbers of tests that did not run)."""
    return pl.DataFrame([asdict(row) for row in rows], schema=SCHEMA)
