"""Every measure by name, for the command line (`python -m bias measure METRIC`) and the dashboard.

`METRICS` declares each measure once (`Measure`): its paper, the sets it takes, whether it has a
p-value and the function that runs it; the CLI's choices, the page's options and the docs table
are read from it. `run_measure` checks the sets against that declaration (the only place set
counts are checked), runs the measure and returns the common `MeasureResult`; WEAT keeps its own
richer `WeatResult` (bias.stats.weat) and is converted here, so all eight share one JSON shape.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from bias.errors import BiasInputError
from bias.notes import Note
from bias.provenance import provenance
from bias.serialize import jsonable
from bias.stats.budget import check_measure
from bias.stats.measure_result import MeasureOptions, MeasureResult, WordScore
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.suggest import no_such
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, WordSet

Count = tuple[int, int | None]
"""How many sets of a role a measure takes: (fewest, most), most None for any number."""


@dataclass(frozen=True)
class Measure:
    """One measure, declared once: everything that asks what it takes reads it from here."""

    name: str
    label: str
    paper: str
    targets: Count
    """Target sets; (0, None) for SC-WEAT and WEFAT, which measure words (or table rows) and
    use target sets only as SC-WEAT's default words."""
    attributes: Count
    """Attribute sets; RND, ECT and RIPA take one and leave any other out with a note."""
    needs: Literal["sets", "words", "values"]
    """'sets', 'words' (SC-WEAT: a list of words) or 'values' (WEFAT: a table)."""
    p_value: Literal["always", "on request", "never"]
    """Whether a result has a p-value: always, with `MeasureOptions.p_value`, or never."""
    runner: str
    """'module:function' that runs it, imported on first use (scipy and scikit-learn are slow
    to import, and a command runs one measure)."""

    @property
    def run(self) -> Callable[..., MeasureResult]:
        module, _, function = self.runner.partition(":")
        return getattr(importlib.import_module(module), function)

    def check(self, sets: NamedSets) -> NamedSets:
        """`sets` as this measure uses them, or one sentence naming the measure and what it
        needs. Extra attribute sets of a one-attribute measure are left out (`run_measure`
        notes it)."""
        for role, (fewest, most), have in (("target", self.targets, sets.targets),
                                           ("attribute", self.attributes, sets.attributes)):
            if len(have) >= fewest and (most is None or len(have) <= most or
                                        (role == "attribute" and most == 1)):
                continue
            wanted = (f"exactly {fewest}" if fewest == most else f"at least {fewest}")
            raise BiasInputError(
                f"{self.label} needs {wanted} {role} set{'s' if fewest != 1 else ''}"
                f"{_ROLE_HINTS.get((self.name, role), '')}; this word set has {len(have)}."
            )
        return sets


_ROLE_HINTS = {
    ("sc-weat", "attribute"): " (the two poles a word may lean to, e.g. male and female terms)",
    ("wefat", "attribute"): " (the two poles each word's association is measured between)",
    ("weat", "target"): " (X and Y)",
    ("weat", "attribute"): " (A and B)",
    ("rnsb", "attribute"): " (positive and negative words)",
}
"""What the sets are for, where the count alone would not tell a user which sets to add."""


METRICS: dict[str, Measure] = {
    m.name: m
    for m in (
        Measure("weat", "WEAT", "Caliskan, Bryson & Narayanan 2017", (2, 2), (2, 2), "sets",
                "always", "bias.stats.measure_catalog:_run_weat"),
        Measure("sc-weat", "SC-WEAT", "Caliskan et al. 2017 (supplement); Toney-Wails & "
                "Caliskan 2021", (0, None), (2, 2), "words", "always",
                "bias.stats.scweat:run_scweat"),
        Measure("wefat", "WEFAT", "Caliskan, Bryson & Narayanan 2017", (0, None), (2, 2),
                "values", "always", "bias.stats.wefat:run_wefat"),
        Measure("rnd", "RND", "Garg, Schiebinger, Jurafsky & Zou 2018", (2, 2), (1, 1), "sets",
                "on request", "bias.stats.rnd:run_rnd"),
        Measure("mac", "MAC", "Manzini, Lim, Tsvetkov & Black 2019", (1, None), (1, None),
                "sets", "never", "bias.stats.mac:run_mac"),
        Measure("ect", "ECT", "Dev & Phillips 2019", (2, 2), (1, 1), "sets", "on request",
                "bias.stats.ect:run_ect"),
        Measure("ripa", "RIPA", "Ethayarajh, Duvenaud & Hirst 2019", (2, 2), (1, 1), "sets",
                "on request", "bias.stats.ripa:run_ripa"),
        Measure("rnsb", "RNSB", "Sweeney & Najafian 2019", (1, None), (2, 2), "sets", "never",
                "bias.stats.rnsb:run_rnsb"),
    )
}


def from_weat(result: WeatResult) -> MeasureResult:
    """A WEAT result in the common shape: value d, per word its association s(w, A, B)."""
    names = {key: rep.name for key, rep in result.sets.items()}
    per_word = tuple(
        WordScore(names[row.set], row.word, row.found_as, row.association,
                  extra={"influence": row.influence})
        for row in result.words
    )
    sets = {names[key]: replace(rep, key=names[key]) for key, rep in result.sets.items()}
    roles = {names[k]: ("target" if k in "XY" else "attribute") for k in result.sets}
    return MeasureResult(
        metric="weat",
        wordset_id=result.wordset_id,
        title=result.title,
        embedding=result.embedding,
        language=result.language,
        value=result.effect_size,
        per_word=per_word,
        sets=sets,
        roles=roles,
        notes=result.notes,
        p_value=result.p_value,
        p_method=result.method,
        test=result.test,
        interval=result.interval,
        details={"statistic": result.statistic, "alternative": result.alternative,
                 "effect_size": result.effect_size},
        weat=result,
    )


def run_measure(
    metric: str,
    embedding: Embedding,
    sets: NamedSets,
    options: MeasureOptions = MeasureOptions(),
    *,
    words: Sequence[str] | None = None,
    values: Sequence[tuple[str, float]] | None = None,
    weat_options: WeatOptions | None = None,
) -> MeasureResult:
    """Run one measure by name ('weat', 'sc-weat', 'wefat', 'rnd', 'mac', 'ect', 'ripa', 'rnsb').

    WEAT uses `weat_options` (default: WeatOptions with the seed of `options`)."""
    if metric not in METRICS:
        raise BiasInputError(
            no_such(f"There is no measure '{metric}'", str(metric), METRICS)
            + f" Choose one of {', '.join(METRICS)}."
        )
    measure = METRICS[metric]
    sets = measure.check(sets)
    inputs: dict = {"weat": {"weat_options": weat_options}, "sc-weat": {"words": words},
                    "wefat": {"values": values}}.get(metric, {})
    if measure.needs == "values" and values is None:
        raise BiasInputError("WEFAT needs a table of words with a real-world value each.")
    note = None
    if measure.attributes[1] == 1 and len(sets.attributes) > 1:
        note = Note("one_attribute_set", {
            "metric": measure.label, "used": sets.attributes[0].name,
            "unused": [s.name for s in sets.attributes[1:]],
        })
        sets = replace(sets, attributes=sets.attributes[:1])
    check_measure(metric, sets, options, words, embedding.dimensions)
    measured = measure.run(embedding, sets, options=options, **inputs)
    if note:
        measured = replace(measured, notes=(note, *measured.notes))
    supplied = {"metric": metric, **jsonable(sets), "words": words, "values": values}
    ran = {"measure": options, "weat": weat_options}
    return replace(measured, provenance=provenance(embedding, jsonable(supplied), ran))


def _run_weat(embedding: Embedding, sets: NamedSets, options: MeasureOptions,
              weat_options: WeatOptions | None = None) -> MeasureResult:
    """WEAT in the common shape (`weat_options` default: WeatOptions with the seed of
    `options`)."""
    x, y = sets.targets
    a, b = sets.attributes
    wordset = WordSet(sets.id, sets.title, sets.language, x, y, a, b,
                      language_guess=sets.language_guess)
    return from_weat(run_weat(embedding, wordset, weat_options or WeatOptions(seed=options.seed)))
