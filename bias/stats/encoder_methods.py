"""Method sensitivity: one WEAT on the encoder under every extraction method of its language.

An encoder has no single vector for a word: `passage`, `query` and `template` (bias.vectors.encoder)
give different ones, and WEATHub (Mukherjee et al. 2023) found d changing sign between such
methods for the same test and language. So beside every encoder result stands the same test
under each available method, with the spread of d and a note when its sign depends on the method.
The runs share the result's options (draws, seed, the bootstrap interval, so each method's
verdict is decided as the result's was, and each run is the one that method's own page would make).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from bias.notes import Note
from bias.serialize import jsonable
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.catalog import load_embedding
from bias.vectors.encoder import encoder_name, methods_for
from bias.wordsets import WordSet

Runner = Callable[[str, WordSet, WeatOptions], WeatResult]
"""`runner(embedding_name, wordset, options)`, as Batch's; the dashboard passes a cached one."""


def _run(name: str, wordset: WordSet, options: WeatOptions) -> WeatResult:
    return run_weat(load_embedding(name), wordset, options)


@dataclass(frozen=True)
class MethodRow:
    """The test under one method."""

    method: str
    embedding: str
    effect_size: float
    p_value: float
    verdict: str


@dataclass(frozen=True)
class MethodSensitivity:
    """The same test under every method of its language; `method` is the one of the result."""

    wordset: str
    language: str
    method: str
    rows: tuple[MethodRow, ...]
    spread: float
    """max d − min d over the methods (nan when fewer than two have a d)."""
    sign_depends: bool
    """d is positive under one method and negative under another."""
    notes: tuple[Note, ...]
    verdict_depends: bool = False
    """The verdict's state differs between methods (e.g. `no_bias` under one, `holds` under
    another): the headline says so before any number (`bias.report.verdict.method_caveat`)."""

    def to_dict(self) -> dict:
        return jsonable(self)


def method_sensitivity(result: WeatResult, wordset: WordSet, options: WeatOptions,
                       runner: Runner = _run) -> MethodSensitivity | None:
    """The test of `result` (an encoder result) under every method of its language; None for a
    result on a table of vectors. The result's own method is not run again."""
    if result.encoder is None:
        return None
    language, method = result.language, result.encoder["method"]
    rows = []
    for other in methods_for(language):
        run = result if other == method else runner(encoder_name(language, other), wordset, options)
        rows.append(MethodRow(other, run.embedding, run.effect_size, run.p_value,
                              run.verdict.state))
    ds = [row.effect_size for row in rows if not math.isnan(row.effect_size)]
    spread = max(ds) - min(ds) if len(ds) > 1 else math.nan
    sign_depends = any(d > 0 for d in ds) and any(d < 0 for d in ds)
    notes = []
    if sign_depends:
        notes.append(Note("method_sign_depends", {
            "wordset": wordset.id, "effect_sizes": {row.method: row.effect_size for row in rows},
        }))
    return MethodSensitivity(wordset.id, language, method, tuple(rows), spread, sign_depends,
                             tuple(notes),
                             verdict_depends=len({row.verdict for row in rows}) > 1)
