"""Every measure by name, for the command line (`python -m bias measure METRIC`) and the dashboard.

`run_measure` dispatches to the measure's module and returns the common `MeasureResult`; WEAT keeps
its own richer `WeatResult` (bias.stats.weat) and is converted here, so all eight measures share
one JSON shape. `METRICS` says, per measure, what it answers and which sets it takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bias.errors import BiasInputError
from bias.notes import Note
from bias.stats.measure import MeasureOptions, MeasureResult, WordScore, require
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, WordSet


@dataclass(frozen=True)
class Metric:
    """A measure's name, its paper, and the sets it takes (None: any number, at least one)."""

    name: str
    label: str
    paper: str
    targets: int | None
    attributes: int | None
    needs: str
    """'sets', 'words' (SC-WEAT: a list of words) or 'values' (WEFAT: a table)."""


METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("weat", "WEAT", "Caliskan, Bryson & Narayanan 2017", 2, 2, "sets"),
        Metric("sc-weat", "SC-WEAT", "Caliskan et al. 2017 (supplement); Toney-Wails & "
               "Caliskan 2021", None, 2, "words"),
        Metric("wefat", "WEFAT", "Caliskan, Bryson & Narayanan 2017", None, 2, "values"),
        Metric("rnd", "RND", "Garg, Schiebinger, Jurafsky & Zou 2018", 2, 1, "sets"),
        Metric("mac", "MAC", "Manzini, Lim, Tsvetkov & Black 2019", None, None, "sets"),
        Metric("ect", "ECT", "Dev & Phillips 2019", 2, 1, "sets"),
        Metric("ripa", "RIPA", "Ethayarajh, Duvenaud & Hirst 2019", 2, 1, "sets"),
        Metric("rnsb", "RNSB", "Sweeney & Najafian 2019", None, 2, "sets"),
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
            f"There is no measure '{metric}'. Choose one of {', '.join(METRICS)}."
        )
    if metric == "weat":
        require(sets, 2, 2, "WEAT")
        x, y = sets.targets
        a, b = sets.attributes
        wordset = WordSet(sets.id, sets.title, sets.language, x, y, a, b)
        weat = weat_options or WeatOptions(seed=options.seed)
        return from_weat(run_weat(embedding, wordset, weat))
    if metric == "sc-weat":
        from bias.stats.scweat import run_scweat

        return run_scweat(embedding, sets, words, options)
    if metric == "wefat":
        from bias.stats.wefat import run_wefat

        if values is None:
            raise BiasInputError("WEFAT needs a table of words with a real-world value each.")
        return run_wefat(embedding, sets, values, options)
    note = None
    if metric in ("rnd", "ect", "ripa") and len(sets.attributes) > 1:
        note = Note("one_attribute_set", {
            "metric": METRICS[metric].label, "used": sets.attributes[0].name,
            "unused": [s.name for s in sets.attributes[1:]],
        })
        sets = replace(sets, attributes=sets.attributes[:1])
    measured = _runners()[metric](embedding, sets, options)
    if note:
        measured = replace(measured, notes=(note, *measured.notes))
    return measured


def _runners():
    from bias.stats.ect import run_ect
    from bias.stats.mac import run_mac
    from bias.stats.ripa import run_ripa
    from bias.stats.rnd import run_rnd
    from bias.stats.rnsb import run_rnsb

    return {"rnd": run_rnd, "mac": run_mac, "ect": run_ect, "ripa": run_ripa, "rnsb": run_rnsb}
