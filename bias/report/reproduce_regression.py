"""`reproduce` of an embedding regression's JSON (bias.analysis.regress): run again on the same
corpus, embedding and recorded options (seed included), and compare every coefficient's numbers.

A regression's JSON records the corpus by its file name only (a path would tell a reader where
someone's files live): the corpus is the one named with --corpus, else the file of that name
beside the JSON. Nothing records the corpus's content, so a different file of the same name shows
as differing numbers, not as a refusal; the sentence of a difference says to check the corpus.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from bias.errors import BiasInputError

COMPARED = ("squared_norm", "squared_norm_corrected", "p_value", "instances", "units")
"""Fields of each coefficient compared (plus its interval)."""


def is_regression(recorded: dict) -> bool:
    return recorded.get("kind") == "regress"


def flat(data: dict) -> dict[str, object]:
    """The compared numbers of a regression's JSON, named by coefficient."""
    out: dict[str, object] = {"corpus.instances": (data.get("corpus") or {}).get("instances")}
    for coefficient in data.get("coefficients") or []:
        name = coefficient.get("name")
        out |= {f"{name}.{key}": coefficient.get(key) for key in COMPARED}
        out |= {f"{name}.interval.{key}": (coefficient.get("interval") or {}).get(key)
                for key in ("low", "high")}
    return out


RETIRED = frozenset({"bootstraps"})
"""Options of older results that no longer exist: the neighbours' intervals stopped resampling
on 2026-12-05 (docs/regression.md), so those results' intervals differ when re-run."""


def _options(raw: object, label: str):
    from bias.analysis.regress_options import RegressOptions

    known = {f.name for f in fields(RegressOptions)}
    if isinstance(raw, dict):  # an option that no longer changes anything is read and ignored
        raw = {key: value for key, value in raw.items() if key not in RETIRED}
    if not isinstance(raw, dict) or not set(raw) <= known:
        raise BiasInputError(f"{label}: its options are not those of an embedding regression.")
    given = {key: tuple(tuple(v) if isinstance(v, list) else v for v in value)
             if isinstance(value, list) else value for key, value in raw.items()}
    try:
        return RegressOptions(**given)
    except TypeError as exc:
        raise BiasInputError(f"{label}: its options cannot be read ({exc}).") from None


def corpus_of(recorded: dict, label: str, corpus: Path | None, folder: Path | None) -> Path:
    """The corpus to run on: the one given, else the recorded file name beside the JSON."""
    name = str((recorded.get("corpus") or {}).get("file", ""))
    path = corpus if corpus is not None else (folder or Path(".")) / name
    if not name or not path.is_file():
        raise BiasInputError(
            f"{label} was computed on the corpus '{name}', which is not at {path}: name it with "
            "--corpus FILE (the very file: the JSON records only its name).")
    return path


def rerun(recorded: dict, embedding, label: str, corpus: Path) -> dict:
    """The regression's JSON today, on `corpus` with the recorded options."""
    from bias.analysis import regress

    return regress.run(corpus, _options(recorded.get("options"), label), embedding).to_dict()
