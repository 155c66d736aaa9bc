"""The design matrix: the documents' covariates as columns, one row per instance.

A categorical covariate becomes one 0/1 column per level except its reference (the first level
in the corpus's order unless the user picks one), named `party_R` as conText names them; a
numeric one is used as it is (`nominate_dim1`); an interaction `party*gender` adds both main
effects and the products of their columns (`party_R:gender_M`), as R's formulas do. A column is
numeric when most of its cells are numbers (a categorical coded 1/2/3 is declared categorical).

Every mistake is found here, before any embedding: a missing value, a covariate with one level,
a level with fewer than `MIN_GROUP` instances, more than `MAX_DUMMIES` dummy columns, and
covariates that determine each other (a singular design), each said in one sentence.

A numeric covariate can be put in bins (a year in decades): `binned_rows` replaces its cells by
their bin's label with the rule the Your texts page groups by (bias.corpus.group_values), and
the binned column is then a categorical one whose levels come in the order of their numbers
('1900s', '1910s' …, not as first seen).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from bias.corpus.group_values import bin_label, order_values
from bias.errors import BiasInputError

MIN_GROUP = 10
"""Fewest instances per level of a categorical covariate: below that the level's average
embedding is mostly noise (Rodriguez et al. 2023 find about 50 instances give a cosine of 0.8
with a full-corpus vector; 10 is a floor, not a recommendation)."""

MAX_DUMMIES = 50
"""Most dummy columns: the jackknife's closed form costs (columns)³ per document."""

INTERCEPT = "(Intercept)"


@dataclass(frozen=True)
class Design:
    """Columns (intercept first) for each instance, and what they are."""

    matrix: np.ndarray = field(repr=False)
    names: tuple[str, ...]
    numeric: tuple[str, ...]
    """The covariates used as numbers."""
    levels: dict[str, tuple[str, ...]]
    """Each categorical covariate's levels, the reference first."""
    group_sizes: dict[str, dict[str, int]]
    """Instances per level of each categorical covariate."""
    factors: tuple[tuple[tuple[str, str | None], ...], ...] = ()
    """Each column as a product of (covariate, level) factors (level None: the number itself;
    the intercept: no factor)."""

    @property
    def coefficients(self) -> tuple[str, ...]:
        return self.names[1:]

    def row(self, values: Mapping[str, str | float]) -> np.ndarray:
        """The design row of one setting of the covariates (a level, or a number)."""
        out = np.ones(len(self.factors))
        for at, factors in enumerate(self.factors):
            for covariate, level in factors:
                value = values[covariate]
                out[at] *= float(value) if level is None else float(value == level)
        return out


def parse_terms(text: str | Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """'party, gender, party*gender' (or R's 'party + gender + party*gender') →
    (('party',), ('gender',), ('party', 'gender')), main effects of an interaction added before
    it, each term once."""
    items = re.split(r"[,+]", text) if isinstance(text, str) else list(text)
    terms: list[tuple[str, ...]] = []
    for item in items:
        names = tuple(part.strip() for part in item.split("*"))
        if not item.strip():
            continue
        if any(not name for name in names):
            raise BiasInputError(f"'{item.strip()}' is not a covariate or an interaction (a*b).")
        for term in [*((name,) for name in names), names] if len(names) > 1 else [names]:
            if term not in terms:
                terms.append(term)
    if not terms:
        raise BiasInputError("Name at least one covariate (a column of the corpus).")
    return tuple(terms)


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _is_numeric(values: Sequence[str]) -> bool:
    filled = [v for v in values if v]
    numbers = sum(_number(v) is not None for v in filled)
    return bool(filled) and numbers * 2 > len(filled)


def _numeric_column(name: str, values: Sequence[str], documents: Sequence[int]) -> np.ndarray:
    out = np.empty(len(values))
    for at, text in enumerate(values):
        value = _number(text)
        if value is None:
            shown = f"'{text[:40]}'" if text else "an empty cell"
            raise BiasInputError(
                f"Column '{name}' is numeric but document {documents[at] + 1:,} has {shown} "
                "there: fill it in, or declare the column categorical."
            )
        out[at] = value
    return out


def binned_rows(rows: Sequence[tuple[str, ...]], names: Sequence[str], bins: Mapping[str, int],
                documents: Iterable[int]) -> list[tuple[str, ...]]:
    """`rows` (each document's covariate values, in the order of `names`) with the cells of the
    columns in `bins` replaced by the label of their bin of that width, in the rows of
    `documents` (those with an instance: a document without the target may hold any cell there);
    an empty or non-numeric cell there is one sentence naming its document."""
    out = list(rows)
    if not bins:
        return out
    columns = [(at, name, bins[name]) for at, name in enumerate(names) if name in bins]
    done: dict[tuple[str, ...], tuple[str, ...]] = {}  # equal rows binned once, shared again
    for document in sorted(set(documents)):
        row = rows[document]
        if row not in done:
            cells = list(row)
            for at, name, width in columns:
                cells[at] = _bin(name, row[at], width, document)
            done[row] = tuple(cells)
        out[document] = done[row]
    return out


def _bin(name: str, cell: str, width: int, document: int) -> str:
    if _number(cell) is None:
        shown = f"'{cell[:40]}'" if cell else "an empty cell"
        raise BiasInputError(
            f"Column '{name}' is put in bins of {width:,} but document {document + 1:,} has "
            f"{shown} there, which is not a number: fix the cell, or do not bin the column."
        )
    return bin_label(cell, width, f"Document {document + 1:,}", name)


def _levels(name: str, values: Sequence[str], reference: str | None,
            documents: Sequence[int], ordered: bool = False) -> tuple[str, ...]:
    order = list(dict.fromkeys(values))
    if "" in order:
        at = values.index("")
        raise BiasInputError(f"Document {documents[at] + 1:,} has no value in column '{name}'.")
    if ordered:
        order = order_values(order)
    if reference is not None:
        if reference not in order:
            raise BiasInputError(
                f"'{reference}' is not a level of '{name}' among the instances; its levels are "
                f"{', '.join(order[:20])}."
            )
        order.remove(reference)
        order.insert(0, reference)
    return tuple(order)


def build_design(
    columns: Mapping[str, Sequence[str]],
    terms: Sequence[tuple[str, ...]],
    documents: Sequence[int],
    categorical: frozenset[str] = frozenset(),
    references: Mapping[str, str] | None = None,
    ordered: frozenset[str] = frozenset(),
) -> Design:
    """The design for instances whose covariate values (one per instance, as read) are
    `columns`; `documents` (each instance's document) only names cells in sentences; the
    levels of the categorical columns in `ordered` (bins) come in the order of their numbers."""
    references = dict(references or {})
    names = list(dict.fromkeys(name for term in terms for name in term))
    for name in [*names, *references]:
        if name not in columns:
            raise BiasInputError(
                f"There is no covariate '{name}'; the columns read are {', '.join(columns)}."
            )
    n = len(documents)
    blocks: dict[str, tuple[list[str], np.ndarray]] = {}
    numeric, levels, sizes = [], {}, {}
    for name in names:
        values = list(columns[name])
        if name not in categorical and _is_numeric(values):
            column = _numeric_column(name, values, documents)
            if np.ptp(column) == 0:
                raise _one_level(name, str(values[0]))
            blocks[name] = ([name], column[:, None])
            numeric.append(name)
            continue
        order = _levels(name, values, references.get(name), documents, name in ordered)
        counts = _check_groups(name, values, order)
        index = {level: at for at, level in enumerate(order)}
        codes = np.array([index[v] for v in values])
        dummies = (codes[:, None] == np.arange(1, len(order))[None, :]).astype(np.float64)
        blocks[name] = ([f"{name}_{level}" for level in order[1:]], dummies)
        levels[name], sizes[name] = order, counts
    out_names, out_columns = [INTERCEPT], [np.ones((n, 1))]
    factors: list[tuple[tuple[str, str | None], ...]] = [()]
    for term in terms:
        term_names, term_matrix = blocks[term[0]]
        term_factors = _factors(term[0], levels)
        for other in term[1:]:
            other_names, other_matrix = blocks[other]
            term_names = [f"{a}:{b}" for a in term_names for b in other_names]
            term_matrix = (term_matrix[:, :, None] * other_matrix[:, None, :]).reshape(n, -1)
            term_factors = [a + b for a in term_factors for b in _factors(other, levels)]
        out_names += term_names
        out_columns.append(term_matrix)
        factors += term_factors
    dummies = sum(1 for name in out_names[1:] if not set(name.split(":")) <= set(numeric))
    if dummies > MAX_DUMMIES:
        raise BiasInputError(
            f"These covariates make {dummies} dummy columns; at most {MAX_DUMMIES}: merge "
            "levels, or use fewer covariates or interactions."
        )
    matrix = np.hstack(out_columns)
    _check_rank(matrix, out_names)
    return Design(matrix, tuple(out_names), tuple(numeric), levels, sizes, tuple(factors))


def _factors(name: str, levels: Mapping[str, tuple[str, ...]]
             ) -> list[tuple[tuple[str, str | None], ...]]:
    if name not in levels:
        return [((name, None),)]
    return [((name, level),) for level in levels[name][1:]]


def _check_groups(name: str, values: Sequence[str], order: tuple[str, ...]) -> dict[str, int]:
    """Instances per level, after checking there are two levels and each has enough."""
    if len(order) < 2:
        raise _one_level(name, order[0])
    counts = {level: values.count(level) for level in order}
    small = [level for level, count in counts.items() if count < MIN_GROUP]
    if small:
        raise BiasInputError(
            f"Only {counts[small[0]]} instance{'s' * (counts[small[0]] != 1)} of the target "
            f"come from documents with {name} = {small[0]}; each level needs at least "
            f"{MIN_GROUP} (merge or leave out the rare levels)."
        )
    return counts


def _one_level(name: str, level: str) -> BiasInputError:
    return BiasInputError(
        f"Covariate '{name}' has one value ({level[:40]}) among the target's instances, so it "
        "cannot explain any difference: leave it out."
    )


def _check_rank(matrix: np.ndarray, names: Sequence[str]) -> None:
    """A singular design named by its first column that the earlier ones determine."""
    scaled = matrix / np.maximum(np.abs(matrix).max(axis=0), 1e-300)
    if np.linalg.matrix_rank(scaled) == scaled.shape[1]:
        return
    for at in range(2, scaled.shape[1] + 1):
        if np.linalg.matrix_rank(scaled[:, :at]) < at:
            raise BiasInputError(
                f"The covariates are collinear: '{names[at - 1]}' is determined by the columns "
                "before it (with the intercept), so its effect cannot be told apart; leave out "
                "one of them."
            )
