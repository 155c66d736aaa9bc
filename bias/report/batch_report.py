"""A batch of WEATs for people: the summary sentence, skip reasons, the CLI's JSON, CSV and text."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from bias.analysis.batch import BatchAnalysis
from bias.report.note_sentences import note_text
from bias.report.replicates_text import group_text
from bias.report.text import ALPHA, format_d, format_p, printed_p
from bias.report.verdict import SHORT
from bias.serialize import jsonable
from bias.spreadsheet import csv_text
from bias.stats.batch import BatchRow, counts, to_frame
from bias.stats.pooling import PooledEffect
from bias.stats.replicates import AcrossGroups, ReplicateResult
from bias.vectors.encoder import parse_name


def skipped_texts(rows: Sequence[BatchRow]) -> list[str | None]:
    """Each row's reason for not running, as a sentence (None for rows that ran)."""
    return [note_text(row.skipped) if row.skipped else None for row in rows]


def skipped_groups(
    rows: Sequence[BatchRow], names: Mapping[str, str] | None = None
) -> list[tuple[str, list[str]]]:
    """The skipped rows grouped by reason, in order of first appearance: (reason, ['biasw1',
    'weat7-ger on de-small', …]), so twenty tests of a language without vectors read as one line.
    `names` shows a test by another name than its id (the dashboard's short titles)."""
    groups: dict[str, list[str]] = {}
    for row, text in zip(rows, skipped_texts(rows), strict=True):
        if text is not None:
            name = (names or {}).get(row.wordset, row.wordset)
            where = "" if row.embedding is None else f" on {row.embedding}"
            groups.setdefault(text, []).append(name + where)
    return list(groups.items())


NOT_COMPARABLE = "not comparable: a different kind of model"
"""What stands for a published value beside an encoder's result."""


def header(rows: Sequence[BatchRow]) -> str:
    """'17 tests run on 2 embeddings (26 results), 3 skipped' — the count a reader checks first.
    A row is one test on one embedding, so tests and results are counted apart."""
    ran, skipped = counts(rows)
    tests = len({row.wordset for row in rows if row.ran})
    embeddings = len({row.embedding for row in rows if row.ran})
    text = (f"{tests} {'test' if tests == 1 else 'tests'} run on {embeddings} "
            f"{'embedding' if embeddings == 1 else 'embeddings'}")
    if ran != tests:
        text += f" ({ran} results)"
    return f"{text}, {skipped} skipped"


def summary(rows: Sequence[BatchRow], alpha: float = ALPHA) -> str:
    """How many tests detect a bias before and after adjustment over the whole batch."""
    ran = [row for row in rows if row.ran]
    text = (
        f"{sum(row.p_value < alpha for row in ran)} of {len(ran)} results detect a bias at the "
        f"{alpha:.0%} level; {sum(row.p_holm < alpha for row in ran)} after Holm's correction, "
        f"{sum(row.p_bh < alpha for row in ran)} after Benjamini–Hochberg's (over the whole "
        "batch)."
    )
    holds = sum(row.verdict == "holds" for row in ran)
    undecided = sum(row.verdict == "cannot_decide" for row in ran)
    text += f" {holds} of them hold when the words are resampled (the interval for d excludes 0)."
    if undecided:
        text += f" {undecided} cannot decide (too few words or reshufflings for p below {alpha:g})."
    skipped = len(rows) - len(ran)
    if skipped:
        text += f" {skipped} could not run; the reasons are listed with them."
    if any(row.reported_d_is_absolute for row in rows):
        text += " Values marked |d| were reported without their sign."
    if any(row.reported_p is not None for row in rows):
        text += " Reported values come from the sources' embeddings, so ours can differ."
    if any(row.embedding and parse_name(row.embedding) for row in rows):
        text += (" Beside the encoder's results the published values are left out "
                 f"({NOT_COMPARABLE}: they were computed on static word vectors).")
    return text


def batch_json(rows: Sequence[BatchRow], pooled: Sequence[PooledEffect] | None = None,
               groups: Sequence[ReplicateResult | AcrossGroups] = ()) -> str:
    """The rows as the JSON list the command line prints; with `pooled` (`--pool`) or trained
    replicate `groups`, an object of the rows, the pooled effects, and per group its
    `replicates` (each replicate's d, an interval) or its `across_groups` points."""
    data = [row.to_dict(text) for row, text in zip(rows, skipped_texts(rows), strict=True)]
    if pooled is not None or groups:
        out: dict = {"rows": data}
        if pooled is not None:
            out["pooled"] = jsonable(list(pooled))
        if groups:
            out["groups"] = [group.to_dict() for group in groups]
        return json.dumps(out, ensure_ascii=False, indent=2)
    return json.dumps(data, ensure_ascii=False, indent=2)


def analysis_text(analysis: BatchAnalysis, *, pooled: bool = False) -> str:
    """The command line's text: the rows, the pooled effects when asked for (`--pool`), and
    each trained group's summary."""
    return (batch_text(analysis.rows)
            + (f"\n\n{pooled_text(analysis.pooled)}" if pooled else "")
            + "".join(f"\n\n{group_text(summary)}" for summary in analysis.summaries))


def pooled_text(pooled: Sequence[PooledEffect]) -> str:
    """One line per pooled test family, or a sentence saying there was nothing to pool."""
    if not pooled:
        return ("Pooled: no test ran on two or more embeddings with an interval for d, so "
                "nothing was pooled.")
    lines = ["Pooled across embeddings (random effects, DerSimonian–Laird):"]
    for p in pooled:
        lines.append(
            f"  {p.family:24} d {format_d(p.estimate):>6} [{format_d(p.low)}, "
            f"{format_d(p.high)}]  k = {p.k}  tau² = {p.tau2:.3f}  I² = {p.i2:.0%}")
    lines.append("  (the embeddings are not independent samples of one population: the pooled "
                 "d summarises these embeddings; docs/metrics.md, 'Pooling')")
    return "\n".join(lines)


_LATEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
          "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
          "^": r"\textasciicircum{}"}


def _latex(value: str) -> str:
    """Text for a LaTeX cell: its special characters escaped, in one pass (so an escape is
    never escaped again)."""
    return re.sub(r"[\\&%$#_{}~^]", lambda m: _LATEX[m.group(0)], value)


def table7_latex(rows: Sequence[BatchRow]) -> str:
    """Table 7 as a LaTeX table (booktabs): per test and embedding d with its interval, p, the
    verdict, the words found, and the source's d and p."""
    body = []
    for row in rows:
        if not row.ran:
            continue
        reported = (f"{format_d(row.reported_d)}, {row.reported_p_text or format_p(row.reported_p)}"
                    if row.reported_d is not None or row.reported_p is not None else "--")
        cells = [row.wordset, row.embedding or "", format_d(row.effect_size), _interval(row),
                 format_p(row.p_value), format_p(row.p_holm), SHORT[row.verdict],
                 f"{row.words_listed - row.missing_words}/{row.words_listed}", reported]
        line = " & ".join(_latex(str(c)) for c in cells) + r" \\"
        body.append(re.sub(r"10\\textasciicircum\{\}(-?\d+)", r"$10^{\1}$", line))
    return "\n".join([
        r"\begin{tabular}{llrlrrlrl}", r"\toprule",
        r"test & embedding & $d$ & 95\% CI & $p$ & $p_\mathrm{Holm}$ & verdict & words & "
        r"reported $d$, $p$ \\", r"\midrule", *body, r"\bottomrule", r"\end{tabular}", ""])


def batch_csv(rows: Sequence[BatchRow]) -> str:
    """The long table (one line per test and embedding) as CSV, reasons as sentences."""
    return csv_text(to_frame(rows, skipped_texts(rows)))


def _interval(row: BatchRow) -> str:
    """'[1.49, 1.89]', the bootstrap interval of d, or blank when there is none."""
    if row.interval is None:
        return ""
    return f"[{format_d(row.interval.low)}, {format_d(row.interval.high)}]"


def batch_text(rows: Sequence[BatchRow]) -> str:
    """A terminal table: one line per test and embedding, then the skipped ones with reasons."""
    lines = [header(rows) + ".", ""]
    for row in rows:
        if not row.ran:
            continue
        reported = ""
        if row.reported_d is not None or row.reported_p is not None:
            bars = "|" if row.reported_d_is_absolute else ""
            reported = (
                f"   reported {bars}d{bars} {format_d(row.reported_d)}, "
                f"p {printed_p(row.reported_p_text or format_p(row.reported_p))}"
            )
        lines.append(
            f"{row.wordset:24} {row.embedding:24} d {format_d(row.effect_size):>6} "
            f"{_interval(row):>15}  "
            f"p {format_p(row.p_value):>9}  Holm {format_p(row.p_holm):>9}  "
            f"BH {format_p(row.p_bh):>9}  {SHORT[row.verdict]:16} "
            f"{row.words_listed - row.missing_words}/{row.words_listed} words{reported}"
        )
    skipped = [(row, text) for row, text in zip(rows, skipped_texts(rows), strict=True) if text]
    if skipped:
        lines += ["", "Skipped:"]
        lines += [f"  {row.wordset} ({row.embedding or 'no embedding'}): {text}"
                  for row, text in skipped]
    lines += ["", summary(rows)]
    return "\n".join(lines)


ROW_COLUMNS: dict[str, tuple[str, str]] = {
    "wordset": ("Test id", "The word set's id (for `python -m bias`)."),
    "title": ("Test", "The test's title."),
    "language": ("Test language", "The language of the test's word lists."),
    "embedding": ("Embedding", "The embedding the test ran on."),
    "embedding_language": ("Embedding language", "The language of the embedding."),
    "p_value": ("p", "One-sided permutation p-value of this test alone."),
    "effect_size": ("d", "Effect size (Cohen's d as Caliskan et al. define it)."),
    "d_ci_low": ("d: 95% low", "Low end of the bootstrap interval for d (words resampled)."),
    "d_ci_high": ("d: 95% high", "High end of the bootstrap interval for d."),
    "p_holm": ("p (Holm)", "Holm-adjusted over the whole batch: below 0.05 means a bias even "
               "allowing for the number of tests (strict)."),
    "p_bh": ("p (BH)", "Benjamini–Hochberg-adjusted over the whole batch: below 0.05 keeps the "
             "share of false alarms among the detected biases under 5% (less strict)."),
    "reported_p": ("Reported p", "The p-value the source reported (a number)."),
    "reported_p_text": ("Reported p, as printed", "As the source printed it: a bound such as "
                        "'< 10^-3' stays a bound; WEATHub prints p below 0.0005 as 0.000."),
    "reported_d": ("Reported d", "The effect size the source reported."),
    "reported_d_is_absolute": ("Reported as |d|", "The source printed the absolute value."),
    "method": ("Method", "exact (every reshuffling) or randomized (random draws)."),
    "iterations": ("Reshufflings", "Reshufflings counted (exact) or drawn (randomized)."),
    "missing_words": ("Words missing", "Words and phrases of the test the embedding lacks."),
    "words_listed": ("Words listed", "Words in the test's four lists."),
    "verdict": ("Verdict", "holds, these words only, the other way, no bias or cannot "
                "decide (docs/weat.md, 'The verdict')."),
    "skipped": ("Not run because", "Why the test could not run on this embedding."),
}
"""Readable headers (and their help) for the batch's long table, keyed by its column names
(the CSV keeps the names)."""
