"""Reading word sets: a file, or a dict from JSON, into a checked `WordSet` or `NamedSets`;
every kind of bad input becomes one sentence (`BiasInputError`).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import read_json
from bias.wordsets import (
    DEFAULT_SET_NAMES,
    SET_KEYS,
    NamedSets,
    Reported,
    Selection,
    TermSet,
    WordSet,
)
from bias.wordsets.language_guess import language_of

_WORD_SEPARATORS = re.compile(r"[,;\t]")
"""What separates words on one line of a pasted list, besides the line break: the comma, the
semicolon (French and German Excel export lists with it) and the tab (a spreadsheet row pastes
with tabs). Spaces do not: a word may be a phrase ("New York")."""


def parse_words(text: str) -> list[str]:
    """Words from free text: one per line, or separated by commas, semicolons or tabs; blanks
    removed.

    Repeats are kept: the WEAT counts each vector once and says which words it merged.
    """
    parts = (part.strip() for line in text.splitlines() for part in _WORD_SEPARATORS.split(line))
    return [part for part in parts if part]


def _term_set(key: str, raw: object, where: str) -> TermSet:
    if isinstance(raw, list):
        raw = {"words": raw}
    if not isinstance(raw, dict) or not isinstance(raw.get("words"), list):
        raise BiasInputError(f"{where}: set {key} must be a list of words.")
    words = raw["words"]
    if not all(isinstance(w, str) for w in words):
        raise BiasInputError(f"{where}: set {key} may contain only words (text), not numbers.")
    cleaned = [word.strip() for word in words if word.strip()]
    if not cleaned:
        raise BiasInputError(f"{where}: set {key} is empty; every set needs at least one word.")
    name = raw.get("name") or DEFAULT_SET_NAMES[key]
    if not isinstance(name, str):
        raise BiasInputError(f"{where}: the name of set {key} must be text.")
    return TermSet(name.strip(), tuple(cleaned))


def _reported(raw: object, where: str) -> Reported | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise BiasInputError(f"{where}: 'reported' must be an object or null.")
    try:
        reported = Reported(
            p_value=None if raw.get("p_value") is None else float(raw["p_value"]),
            p_value_text=str(raw.get("p_value_text") or raw.get("p_value") or ""),
            effect_size=None if raw.get("effect_size") is None else float(raw["effect_size"]),
            effect_size_is_absolute=bool(raw.get("effect_size_is_absolute", False)),
            embedding=str(raw.get("embedding", "")),
            where=str(raw.get("where", "")),
        )
    except (TypeError, ValueError, OverflowError) as exc:
        raise BiasInputError(f"{where}: reported p-value and effect size must be numbers.") from exc
    for label, value in (("p-value", reported.p_value), ("effect size", reported.effect_size)):
        if value is not None and not math.isfinite(value):
            raise BiasInputError(f"{where}: the reported {label} is {value}, not a number a "
                                 "source printed; give the printed value or null.")
    if reported.p_value is not None and not 0 <= reported.p_value <= 1:
        raise BiasInputError(f"{where}: the reported p-value is {reported.p_value:g}; a p-value "
                             "lies between 0 and 1.")
    return reported


def _selection(raw: object, where: str) -> Selection | None:
    """A set's `selection` (how it was picked among draws), checked field by field."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise BiasInputError(f"{where}: 'selection' must be an object or null.")
    try:
        selection = Selection(
            embedding=str(raw["embedding"]), draw=int(raw["draw"]), draws=int(raw["draws"]),
            p_value=float(raw["p_value"]), p_corrected=float(raw["p_corrected"]),
            correction=str(raw.get("correction", "holm")))
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        raise BiasInputError(
            f"{where}: 'selection' needs embedding, draw, draws, p_value and p_corrected "
            "(numbers where they are counts or p-values).") from exc
    ps = (selection.p_value, selection.p_corrected)
    if not all(0 <= p <= 1 for p in ps) or not 1 <= selection.draw <= selection.draws:
        raise BiasInputError(f"{where}: 'selection' has a p-value outside 0 to 1 or a draw "
                             "outside 1 to its number of draws.")
    return selection


def parse_wordset(data: object, *, where: str, default_id: str, origin: str) -> WordSet:
    """Validate a decoded JSON object (full format, or just the four sets) into a WordSet."""
    if not isinstance(data, dict):
        raise BiasInputError(f"{where}: a word set must be a JSON object with sets X, Y, A and B.")
    sets = data.get("sets", data)
    if not isinstance(sets, dict):
        raise BiasInputError(f"{where}: 'sets' must be an object with X, Y, A and B.")
    absent = [key for key in SET_KEYS if key not in sets]
    if absent:
        missing = ", ".join(absent)
        raise BiasInputError(f"{where}: set {missing} is missing; a WEAT needs X, Y, A and B.")
    notes = data.get("notes") or []
    if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
        raise BiasInputError(f"{where}: 'notes' must be a list of sentences.")
    source = data.get("source") or {}
    if not isinstance(source, dict):
        raise BiasInputError(f"{where}: 'source' must be an object.")
    for key, value in source.items():
        if not isinstance(value, str):
            raise BiasInputError(f"{where}: source field '{key}' must be text.")
    term_sets = {key: _term_set(key, sets[key], where) for key in SET_KEYS}
    language, guess = language_of(data, [w for t in term_sets.values() for w in t.words])
    return WordSet(
        id=str(data.get("id") or default_id),
        title=str(data.get("title") or data.get("id") or default_id),
        language=language,
        **term_sets,
        source=source,
        reported=_reported(data.get("reported"), where),
        notes=tuple(notes),
        variant_of=data.get("variant_of"),
        origin=origin,
        language_guess=guess,
        selection=_selection(data.get("selection"), where),
    )


def read_wordset(path: Path, origin: str = "file") -> WordSet:
    """Read and validate one word-set file, turning every kind of bad file into one sentence."""
    data = read_json(path, "word-set file")
    return parse_wordset(data, where=path.name, default_id=path.stem, origin=origin)


def named_sets_of(wordset: WordSet) -> NamedSets:
    """The four-set form as named sets: targets X, Y and attributes A, B."""
    return NamedSets(
        wordset.id, wordset.title, wordset.language, (wordset.X, wordset.Y), (wordset.A, wordset.B),
        language_guess=wordset.language_guess,
    )


def _named_group(raw: object, role: str, where: str) -> tuple[TermSet, ...]:
    if raw is None:  # a measure that needs no sets of this role (SC-WEAT: no targets)
        return ()
    if not isinstance(raw, dict) or not raw:
        raise BiasInputError(f"{where}: '{role}' must be an object of named word lists.")
    sets = []
    for name, words in raw.items():
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise BiasInputError(f"{where}: {role} set '{name}' must be a list of words (text).")
        cleaned = [w.strip() for w in words if w.strip()]
        if not cleaned or not str(name).strip():
            raise BiasInputError(
                f"{where}: {role} set '{name}' needs a name and at least one word."
            )
        sets.append(TermSet(str(name).strip(), tuple(cleaned)))
    return tuple(sets)


def parse_named_sets(data: object, *, where: str, default_id: str) -> NamedSets:
    """Validate either form (named `targets`/`attributes`, or X/Y/A/B) into NamedSets.

    A file holds only the sets its measure needs: `{"attributes": {...}}` or `{"A": [...],
    "B": [...]}` for SC-WEAT and WEFAT, targets and one attribute set for RND, ECT and RIPA;
    whether they suffice is the measure's to say (`bias.stats.measure_catalog.run_measure`)."""
    if isinstance(data, dict) and ("targets" in data or "attributes" in data):
        groups = {role: _named_group(data.get(role), role, where)
                  for role in ("targets", "attributes")}
    elif isinstance(data, dict) and any(key in data.get("sets", data) for key in SET_KEYS):
        if all(key in data.get("sets", data) for key in SET_KEYS):
            return named_sets_of(
                parse_wordset(data, where=where, default_id=default_id, origin="file"))
        sets = data.get("sets", data)
        given = {key: _term_set(key, sets[key], where) for key in SET_KEYS if key in sets}
        groups = {"targets": tuple(given[k] for k in "XY" if k in given),
                  "attributes": tuple(given[k] for k in "AB" if k in given)}
    else:
        raise BiasInputError(
            f"{where}: a word-set file needs named 'targets' and/or 'attributes', or sets "
            "X, Y, A, B (only those the measure uses)."
        )
    language, guess = language_of(
        data, [w for group in groups.values() for terms in group for w in terms.words])
    return NamedSets(
        id=str(data.get("id") or default_id),
        title=str(data.get("title") or data.get("id") or default_id),
        language=language,
        **groups,
        language_guess=guess,
    )
