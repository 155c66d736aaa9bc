"""WEFAT, the word embedding factual association test (Caliskan, Bryson & Narayanan 2017, Fig. 1:
occupations against the share of women working in them).

The user brings a table of words with a real-world number each (from labour statistics, a
census, ...). For every word w found in the embedding, its association with attribute set A over
B is Caliskan's normalised association

    s(w, A, B) = (mean_a cos(w, a) − mean_b cos(w, b)) / std over A ∪ B of cos(w, ·)

(population standard deviation, as WEAT; the same number as SC-WEAT's effect size). The measure
is the correlation of these associations with the real values: Pearson's r with its two-sided
p-value and 95% interval (Fisher's z, `scipy.stats.pearsonr`), and Spearman's ρ with its p-value
(`scipy.stats.spearmanr`), which only trusts the order of the values. `details` also holds the
least-squares line (association = slope × value + intercept) that the chart draws.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence

import numpy as np

from bias.errors import BiasInputError
from bias.stats.measure_result import MeasureOptions, MeasureResult, look_up, result
from bias.stats.measure_result import WordScore as Score
from bias.stats.scweat import effect_sizes
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, TermSet

WORDS = "Words"
MIN_ROWS = 3
"""A correlation of fewer than three points says nothing."""
MAX_ROWS = 10_000
"""A table longer than this is refused: labour statistics list a few hundred occupations."""


def _number(text: str) -> float | None:
    cleaned = text.strip().replace("\u2212", "-").rstrip("%").strip()
    if "," in cleaned and "." not in cleaned:
        cleaned = cleaned.replace(",", ".")  # a decimal comma, as European spreadsheets write
    try:
        value = float(cleaned)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def parse_values(text: str) -> list[tuple[str, float]]:
    """Rows (word, value) from a pasted or uploaded two-column table (comma, semicolon or tab
    separated; a header row is allowed). Every bad table is one sentence."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise BiasInputError("The table is empty: give one word and one number per row.")
    if len(lines) > MAX_ROWS:
        raise BiasInputError(f"The table has {len(lines):,} rows; at most {MAX_ROWS:,}, please.")
    first = lines[0]
    delimiter = "\t" if "\t" in first else ";" if ";" in first else ","
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
    if len(rows[0]) >= 2 and _number(rows[0][1]) is None and rows[0][1].strip():
        rows, offset = rows[1:], 2  # a header row
    else:
        offset = 1
    parsed: list[tuple[str, float]] = []
    seen: dict[str, int] = {}
    for number, row in enumerate(rows, start=offset):
        cells = [cell.strip() for cell in row]
        if len(cells) < 2 or not cells[0] or not cells[1]:
            raise BiasInputError(
                f"Row {number} has no second column: each row needs a word, then a number "
                f"(separated by a comma, a semicolon or a tab)."
            )
        value = _number(cells[1])
        if value is None:
            raise BiasInputError(f"Row {number} ({cells[0]}): '{cells[1]}' is not a number.")
        word = cells[0]
        if word.casefold() in seen:
            raise BiasInputError(
                f"'{word}' appears twice (rows {seen[word.casefold()]} and {number}); "
                "keep one row per word."
            )
        seen[word.casefold()] = number
        parsed.append((word, value))
    if len(parsed) < MIN_ROWS:
        raise BiasInputError(
            f"The table has {len(parsed)} row{'s' if len(parsed) != 1 else ''} of data; a "
            f"correlation needs at least {MIN_ROWS}."
        )
    return parsed


def run_wefat(
    embedding: Embedding,
    sets: NamedSets,
    values: Sequence[tuple[str, float]],
    options: MeasureOptions = MeasureOptions(),
) -> MeasureResult:
    """Each word's normalised association with A over B, and its correlation with the values."""
    from scipy.stats import pearsonr, spearmanr

    real = {word: value for word, value in values}
    looked = look_up(embedding, [("words", (TermSet(WORDS, tuple(real)),)),
                                 ("attribute", sets.attributes)], sets.language)
    name_a, name_b = looked.names("attribute")
    attributes = np.vstack([looked.vectors[name_a], looked.vectors[name_b]])
    cos = looked.vectors[WORDS] @ attributes.T
    _, association = effect_sizes(cos, looked.vectors[name_a].shape[0])
    used = looked.reports[WORDS].used_lookups
    x = np.array([real[item.word] for item in used])
    keep = ~np.isnan(association)
    if keep.sum() < MIN_ROWS:
        raise BiasInputError(
            f"Only {int(keep.sum())} of the table's words are in {embedding.name}; a correlation "
            f"needs at least {MIN_ROWS}."
        )
    if np.ptp(x[keep]) == 0:
        raise BiasInputError("Every word has the same value, so there is nothing to correlate.")
    pearson = pearsonr(x[keep], association[keep])
    ci = pearson.confidence_interval(0.95)
    spearman = spearmanr(x[keep], association[keep])
    slope, intercept = np.polyfit(x[keep], association[keep], 1)
    rows = tuple(
        Score(WORDS, item.word, str(item.found_as), float(association[i]),
              extra={"real_value": float(x[i])})
        for i, item in enumerate(used)
    )
    return result(
        "wefat", sets, embedding, looked, float(pearson.statistic),
        per_word=rows, p_value=float(pearson.pvalue), p_method="pearson",
        details={
            "pearson_r": float(pearson.statistic),
            "pearson_p": float(pearson.pvalue),
            "pearson_ci": [float(ci.low), float(ci.high)],
            "spearman_rho": float(spearman.statistic),
            "spearman_p": float(spearman.pvalue),
            "n": int(keep.sum()),
            "slope": float(slope),
            "intercept": float(intercept),
            "attribute_a": name_a,
            "attribute_b": name_b,
        },
    )
