"""Re-run the results of a report (or its JSON) and say whether every number matches.

A result's provenance (bias.provenance) holds the lists as supplied, every option and seed, and
the embedding's fingerprint. Re-running is refused, in one sentence, when the embedding is absent
or its sha256 is not the recorded one: the numbers would then differ for a reason the comparison
could not name. Otherwise each compared number must agree to 9 significant digits (more than any
report prints; a different BLAS may change the last bits of a float, never the ninth digit), and
the verdict and the counts exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from pathlib import Path

from bias.analysis.measure import MeasureAnalysisOptions
from bias.analysis.measure import run as run_measure_analysis
from bias.analysis.weat import WeatAnalysisOptions
from bias.analysis.weat import run as run_analysis
from bias.errors import BiasInputError
from bias.limits import MAX_INPUT_FILE_BYTES
from bias.report import reproduce_regression as regression
from bias.report.manifest import edited, is_page, read_manifest
from bias.stats.measure_result import MeasureOptions
from bias.stats.permutation import PermutationOptions
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import load_embedding
from bias.wordsets import NamedSets, TermSet
from bias.wordsets.parsing import parse_wordset

COMPARED = ("effect_size", "p_value", "statistic", "statistic_sum", "exceed", "iterations",
            "method", "alternative", "smallest_p")
"""Fields of a WEAT result's JSON compared one by one (plus the interval and the verdict)."""

MEASURE_COMPARED = ("value", "p_value", "p_method", "iterations", "seed")
"""Fields of a measure's JSON compared (plus each word's value)."""


@dataclass(frozen=True)
class Difference:
    result: str
    field: str
    recorded: object
    now: object


@dataclass(frozen=True)
class Reproduction:
    results: int
    differences: tuple[Difference, ...]
    edited: bool | None = None
    """Whether the report's page was changed since it was written (`manifest.edited`); None for
    a JSON (a page without its digest is refused)."""

    @property
    def matches(self) -> bool:
        return not self.differences and not self.edited


def _same(a: object, b: object) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    return a == b


def _flat(data: dict) -> dict[str, object]:
    if regression.is_regression(data):
        return regression.flat(data)
    if "draws" in data and "candidates" in data:  # a BiasWords run
        out = {f"summary.{k}": (data.get("summary") or {}).get(k)
               for k in ("draws", "significant", "share_significant", "effect_size_mean")}
        for draw in data.get("draws") or []:
            for key in ("p_value", "effect_size"):
                out[f"draw {draw.get('index')}.{key}"] = draw.get(key)
        return out
    if "metric" in data:
        out = {key: data.get(key) for key in MEASURE_COMPARED}
        for row in data.get("per_word") or []:
            out[f"per_word.{row.get('set')}.{row.get('word')}"] = row.get("value")
        return out
    out = {key: data.get(key) for key in COMPARED}
    for key in ("low", "high", "method", "resamples", "seed"):
        out[f"interval.{key}"] = (data.get("interval") or {}).get(key)
    out["verdict"] = (data.get("verdict") or {}).get("state")
    return out


def _options(raw: object, where: str) -> WeatOptions:
    known = {f.name for f in fields(WeatOptions)}
    if not isinstance(raw, dict) or not set(raw) <= known:
        raise BiasInputError(f"{where}: its options are not those of a WEAT run.")
    return WeatOptions(**raw)


def _embedding(record: dict, override: str | None, where: str):
    name = override or str(record.get("name", ""))
    try:
        embedding = load_embedding(name)
    except BiasInputError as exc:
        raise BiasInputError(
            f"{where} was computed on the embedding '{name}', which is not available here. "
            "Import the same vectors under that name (`python -m bias import FILE --name "
            f"{name}`), or name another with --embedding, then run again."
        ) from exc
    recorded = str((record.get("identity") or {}).get("sha256", ""))
    current = str(embedding.identity.get("sha256", ""))
    if recorded and current != recorded:
        raise BiasInputError(
            f"The embedding '{name}' here is not the one {where} was computed on: its sha256 "
            f"is {current[:16] or 'unknown'}…, the recorded one {recorded[:16]}…. Import the "
            "same file to reproduce the numbers."
        )
    return embedding


def _measure_options(raw: object, where: str) -> tuple[MeasureOptions, WeatOptions | None]:
    try:
        measure, weat = dict(raw["measure"]), raw.get("weat")
        test = PermutationOptions(**measure.pop("test"))
        return (MeasureOptions(test=test, **measure),
                None if weat is None else _options(weat, where))
    except (KeyError, TypeError, AttributeError) as exc:
        raise BiasInputError(f"{where}: its options are not those of a measure run.") from exc


def _redraw(recorded: dict, supplied: dict, embedding, label: str) -> dict:
    """A BiasWords run drawn again from its recorded (curated) table, with its options."""
    from bias.analysis import biaswords
    from bias.discovery.candidates import Candidates
    from bias.discovery.sampling import DrawOptions

    wordset = parse_wordset(supplied, where=label, default_id="reproduced", origin="file")
    try:
        sampled = recorded["sampling"]
        options = biaswords.BiasWordsOptions(draws=DrawOptions(**sampled["options"]))
        candidates = Candidates.from_dict(recorded)
    except (KeyError, TypeError, ValueError) as exc:
        raise BiasInputError(f"{label}: its draws' options or table cannot be read.") from exc
    return biaswords.draw(options, embedding, wordset, candidates,
                          sizes=sampled.get("sizes")).to_dict()


def _rerun(record: dict, embedding, label: str, recorded: dict) -> dict:
    """The JSON of the same run today (a WEAT, any measure, or a BiasWords run)."""
    supplied = record.get("wordset")
    if "draws" in recorded and "candidates" in recorded:
        return _redraw(recorded, supplied, embedding, label)
    if isinstance(supplied, dict) and "metric" in supplied:
        sets = NamedSets(
            str(supplied.get("id", "reproduced")), str(supplied.get("title", "")),
            str(supplied.get("language", "en")),
            *(tuple(TermSet(t["name"], tuple(t["words"])) for t in supplied.get(role) or ())
              for role in ("targets", "attributes")))
        options, weat = _measure_options(record.get("options"), label)
        values = supplied.get("values")
        analysis = MeasureAnalysisOptions(supplied["metric"], options, weat)
        return run_measure_analysis(
            analysis, embedding, sets, words=supplied.get("words"),
            values=None if values is None else [tuple(v) for v in values]).result.to_dict()
    wordset = parse_wordset(supplied, where=label, default_id="reproduced", origin="file")
    # The test alone: its confound checks and method sensitivity are not among the compared.
    options = WeatAnalysisOptions(_options(record.get("options"), label), confounds=False,
                                  encoder_methods=False)
    return run_analysis(options, embedding, wordset).result.to_dict()


def reproduce_upload(data: bytes, where: str) -> Reproduction:
    """`reproduce` of a report or JSON that came as bytes (the dashboard's upload), bounded as
    every input file is, and one sentence for what is not a readable report."""
    if len(data) > MAX_INPUT_FILE_BYTES:
        raise BiasInputError(
            f"{where} is larger than {MAX_INPUT_FILE_BYTES // 1_000_000} MB; a report is smaller.")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BiasInputError(f"{where} is not UTF-8 text, so not a BiasWords report.") from exc
    return reproduce_text(text, where)


def reproduce_text(text: str, where: str, embedding: str | None = None,
                   corpus: Path | None = None, folder: Path | None = None) -> Reproduction:
    """`reproduce` of a report's (or a JSON's) text, and whether the page was edited after it
    was written (its content digest, `bias.report.manifest.edited`). A regression runs on
    `corpus`, else on the recorded file name in `folder` (the JSON's)."""
    manifest = read_manifest(text, where)
    changed = edited(text, manifest)
    if changed is None and is_page(text):  # its digest deleted: an edit could not be seen
        raise BiasInputError(
            f"{where} is a report whose page records no digest of what it shows, so an edit "
            "to its numbers could not be noticed; write the report again, or reproduce its "
            "JSON."
        )
    outcome = reproduce(manifest, where, embedding, corpus, folder)
    return replace(outcome, edited=changed)


def outcome_lines(outcome: Reproduction, where: str) -> list[str]:
    """What a check found, in sentences: the first line says it, one line per difference."""
    if outcome.matches:
        return [f"{where}: all {outcome.results} result(s) reproduce: every number matches."]
    lines = [f"{where}: {len(outcome.differences)} number(s) differ:",
             *(f"{d.result}: {d.field} was {d.recorded}, now {d.now}"
               for d in outcome.differences)]
    if not outcome.edited:
        return lines
    numbers = (lines[1:] if outcome.differences
               else [f"The {outcome.results} result(s) in its data reproduce, but what the page "
                     "shows may not be what they say."])
    return [f"{where}: this report was edited after it was written (what it shows is not the "
            "page BiasWords wrote with its results).", *numbers]


def reproduce(manifest: dict, where: str, embedding: str | None = None,
              corpus: Path | None = None, folder: Path | None = None) -> Reproduction:
    """Re-run every result of `manifest` (from `bias.report.manifest.read_manifest`)."""
    differences = []
    for index, recorded in enumerate(manifest["results"]):
        label = f"{where}, result {index + 1}"
        record = recorded.get("provenance") if isinstance(recorded, dict) else None
        if not isinstance(record, dict):
            raise BiasInputError(f"{label} has no provenance, so it cannot be re-run.")
        vectors = _embedding(record.get("embedding") or {}, embedding, label)
        if regression.is_regression(recorded):
            now = _flat(regression.rerun(
                recorded, vectors, label,
                regression.corpus_of(recorded, label, corpus, folder)))
        else:
            now = _flat(_rerun(record, vectors, label, recorded))
        then = _flat(recorded)
        differences += [Difference(recorded.get("title", label), key, then[key], now[key])
                        for key in now if not _same(then[key], now[key])]
    return Reproduction(len(manifest["results"]), tuple(differences))
