"""Word sets: four named lists of words (X, Y targets; A, B attributes) plus where they come from.

Bundled sets are JSON files under `wordsets/` (one per test; the format is documented in
`wordsets/README.md` and enforced by `parse_wordset`). The user's own sets live under
`BIASWORDS_HOME/wordsets/` and never replace a bundled one. A plain JSON file
`{"X": [...], "Y": [...], "A": [...], "B": [...]}` (names optional) is accepted wherever a word set
is.
"""

from __future__ import annotations

import functools
import json
import os
import re
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import create_exclusive, home, read_json
from bias.limits import (
    MAX_NAME_CHARS,
    MAX_TITLE_CHARS,
    MAX_WORD_CHARS,
    check_language,
    check_set_words,
    check_text,
    shorten,
)

SET_KEYS = ("X", "Y", "A", "B")
DEFAULT_SET_NAMES = {"X": "Target X", "Y": "Target Y", "A": "Attribute A", "B": "Attribute B"}


def _bundled_dir() -> Path:
    """`wordsets/` of the checkout, or its copy inside an installed package (`pip install .` maps
    the folder to `bias/bundled_wordsets`, see pyproject.toml), so ids work outside the checkout."""
    installed = Path(__file__).resolve().parent / "bundled_wordsets"
    return installed if installed.is_dir() else Path(__file__).resolve().parent.parent / "wordsets"


BUNDLED_DIR = _bundled_dir()
PAPER = "Kurpicz-Briki & Leoni 2021"
"""How the bundled files cite the paper BiasWords implements (Frontiers in Big Data 4:625290)."""
WEATHUB_PREFIX = "weathub-"
"""Id prefix of the sets converted from WEATHub (Mukherjee et al. 2023) by `tools/weathub.py`."""


@dataclass(frozen=True)
class TermSet:
    """One named list of words, in the user's order, without duplicates."""

    name: str
    words: tuple[str, ...]

    def __post_init__(self) -> None:
        """Every set of every measure is made here, from a file, a page or the engine: the
        bounds of `bias.limits` are checked once, before any work."""
        check_text("name of a set", self.name, MAX_NAME_CHARS)
        check_set_words(self.name, len(self.words))
        for word in self.words:
            if len(word) > MAX_WORD_CHARS:
                check_text(f"word '{shorten(word, 30)}' of set '{shorten(self.name, 40)}'",
                           word, MAX_WORD_CHARS)


@dataclass(frozen=True)
class Reported:
    """The values a source published for a test, to show beside ours."""

    p_value: float | None
    p_value_text: str
    effect_size: float | None
    effect_size_is_absolute: bool
    embedding: str
    where: str


@dataclass(frozen=True)
class WordSet:
    """A complete WEAT test: two target sets, two attribute sets, and their provenance."""

    id: str
    title: str
    language: str
    X: TermSet
    Y: TermSet
    A: TermSet
    B: TermSet
    source: dict = field(default_factory=dict)
    reported: Reported | None = None
    notes: tuple[str, ...] = ()
    variant_of: str | None = None
    origin: str = "bundled"  # "bundled", "user" or "file"
    edited_from: str | None = None
    """Id of the test whose lists the user changed on screen (see `edited`); not stored in files:
    a saved edit is the user's own set, a variant of the original."""

    def __post_init__(self) -> None:
        check_text("title", self.title, MAX_TITLE_CHARS)
        check_language(self.language)

    @property
    def from_paper(self) -> bool:
        """Whether this test is one of the paper's (Kurpicz-Briki & Leoni 2021)."""
        return PAPER in str(self.source.get("citation", ""))

    @property
    def from_weathub(self) -> bool:
        """Whether this is one of the bundled WEATHub sets (Mukherjee et al. 2023, CC BY 4.0)."""
        return self.origin == "bundled" and self.id.startswith(WEATHUB_PREFIX)

    @property
    def licence(self) -> str:
        """The licence the words are under, where the source names one ('' otherwise)."""
        return str(self.source.get("licence", ""))

    def sets(self) -> dict[str, TermSet]:
        return {key: getattr(self, key) for key in SET_KEYS}

    def to_dict(self) -> dict:
        """The on-disk JSON form (without `origin`, which is where the file was found)."""
        reported = None
        if self.reported is not None:
            reported = asdict(self.reported)
        return {
            "id": self.id,
            "title": self.title,
            "language": self.language,
            "sets": {k: {"name": s.name, "words": list(s.words)} for k, s in self.sets().items()},
            "source": self.source,
            "reported": reported,
            "notes": list(self.notes),
            "variant_of": self.variant_of,
        }


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
        return Reported(
            p_value=None if raw.get("p_value") is None else float(raw["p_value"]),
            p_value_text=str(raw.get("p_value_text") or raw.get("p_value") or ""),
            effect_size=None if raw.get("effect_size") is None else float(raw["effect_size"]),
            effect_size_is_absolute=bool(raw.get("effect_size_is_absolute", False)),
            embedding=str(raw.get("embedding", "")),
            where=str(raw.get("where", "")),
        )
    except (TypeError, ValueError, OverflowError) as exc:
        raise BiasInputError(f"{where}: reported p-value and effect size must be numbers.") from exc


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
    return WordSet(
        id=str(data.get("id") or default_id),
        title=str(data.get("title") or data.get("id") or default_id),
        language=str(data.get("language") or "en"),
        **{key: _term_set(key, sets[key], where) for key in SET_KEYS},
        source=source,
        reported=_reported(data.get("reported"), where),
        notes=tuple(notes),
        variant_of=data.get("variant_of"),
        origin=origin,
    )


def read_wordset(path: Path, origin: str = "file") -> WordSet:
    """Read and validate one word-set file, turning every kind of bad file into one sentence."""
    data = read_json(path, "word-set file")
    return parse_wordset(data, where=path.name, default_id=path.stem, origin=origin)


def user_dir() -> Path:
    return home() / "wordsets"


def _signature(directory: Path) -> tuple[tuple[str, int, int, int], ...]:
    """Name, inode, modification time and size of every `*.json` file in `directory`.

    It changes whenever a file is added, removed, replaced (an atomic save is a new inode) or
    rewritten in place, so a cache keyed by it never serves a stale set; a few hundred `stat`
    calls cost about a millisecond, against 40-90 ms to read and check the files again.
    """
    try:
        entries = list(os.scandir(directory))
    except (FileNotFoundError, NotADirectoryError):
        return ()
    signature = []
    for entry in entries:
        if entry.name.endswith(".json"):
            try:
                info = entry.stat()
            except OSError:  # a dangling link, or deleted since the listing: reading says which
                signature.append((entry.name, 0, 0, 0))
                continue
            signature.append((entry.name, info.st_ino, info.st_mtime_ns, info.st_size))
    return tuple(sorted(signature))


@functools.lru_cache(maxsize=16)
def _read_dir(
    directory: Path, origin: str, signature: tuple
) -> tuple[dict[str, WordSet], dict[str, str]]:
    """The word sets of `directory` by id, and its unreadable files (file name → why).

    Cached per directory and `_signature`: the key holds the directory itself, so two users'
    folders (two BIASWORDS_HOMEs) never share an entry. A bundled file that cannot be read is a
    bug of ours and raises; a user's is listed as damaged and the others still load.
    """
    found: dict[str, WordSet] = {}
    damaged: dict[str, str] = {}
    for name, *_ in signature:
        path = directory / name
        try:
            wordset = read_wordset(path, origin)
        except BiasInputError as exc:
            if origin == "bundled":
                raise
            damaged[name] = str(exc)
            continue
        found[wordset.id] = wordset
    return found, damaged


def _scan(directory: Path, origin: str) -> tuple[dict[str, WordSet], dict[str, str]]:
    found, damaged = _read_dir(directory, origin, _signature(directory))
    return dict(found), dict(damaged)  # copies: a caller's change never reaches the cache


def bundled_wordsets() -> dict[str, WordSet]:
    """The word sets shipped in `wordsets/`, by id.

    Read once per process (400-odd files take 40-90 ms; a dashboard page lists them on every
    rerun) and again only when a file changes (`tools/weathub.py` rewrote them); WordSets are
    frozen, so sharing them is safe.
    """
    return _scan(BUNDLED_DIR, "bundled")[0]


def user_wordsets() -> dict[str, WordSet]:
    """The user's saved word sets, by id; a broken file is left out here rather than hiding the
    rest, and listed by `damaged_user_wordsets` so it never vanishes without a word.

    Read again only when a file in the folder changes, so a set saved a moment ago (by this
    process or another) is listed on the next call.
    """
    return _scan(user_dir(), "user")[0]


def damaged_user_wordsets() -> dict[str, str]:
    """The user's saved word-set files that cannot be read: file name → the sentence why."""
    return _scan(user_dir(), "user")[1]


def all_wordsets(language: str | None = None) -> list[WordSet]:
    """Bundled then user sets, optionally only those of one language."""
    bundled = bundled_wordsets()
    merged = bundled | {k: v for k, v in user_wordsets().items() if k not in bundled}
    return [ws for ws in merged.values() if language is None or ws.language == language]


def listing_order(ws: WordSet) -> tuple:
    """Where a test goes in a list of tests: the paper's (and the other hand-checked bundled sets:
    Caliskan's, GER-1/2) first, their variants after them, then WEATHub's, then the user's own;
    by test number inside each group."""
    group = 2 if ws.origin != "bundled" else 1 if ws.from_weathub else 0
    digits = "".join(c if c.isdigit() else " " for c in ws.id.removeprefix(WEATHUB_PREFIX))
    numbers = digits.split()
    number = int(numbers[0]) if numbers else 999
    return (group, not ws.from_paper, ws.variant_of is not None, number, ws.id)


USUAL_WEATHUB_TESTS = ("weat6", "weat7", "weat8")
"""WEATHub's translations of the gender tests the paper studies (career/family, math and science
vs. arts): what a language without the paper's own tests starts from."""


def usual_tests(language: str) -> list[WordSet]:
    """The tests to start from in a language: the paper's (without variants), else WEATHub's
    WEAT 6–8, else the first three in listing order."""
    mine = sorted(all_wordsets(language), key=listing_order)
    paper = [ws for ws in mine if ws.from_paper and ws.variant_of is None]
    hub = [ws for ws in mine if ws.from_weathub and ws.id.endswith(USUAL_WEATHUB_TESTS)]
    return paper or hub or mine[:3]


def numbered_test(
    language: str, number: int, fits: Callable[[WordSet], bool] = lambda ws: True
) -> WordSet | None:
    """A language's own version of Caliskan's WEAT `number` that has reported values (Caliskan's
    own in English, else the paper's, else WEATHub's) and `fits`, or None."""
    found = [
        ws for ws in all_wordsets(language)
        if listing_order(ws)[3] == number and ws.reported is not None and ws.variant_of is None
        and fits(ws)
    ]
    if not found:
        return None
    return min(found, key=lambda ws: (ws.id != f"weat{number}", listing_order(ws)))


def first_test(language: str) -> WordSet | None:
    """The test a language opens with: its WEAT 7 (`numbered_test`), else its first usual test."""
    seven = numbered_test(language, 7)
    if seven is not None:
        return seven
    usual = usual_tests(language)
    return usual[0] if usual else None


GENDER_TESTS = (6, 7, 8)
"""Caliskan's gender tests: names and career/family, math vs. arts, science vs. arts."""


def sets_men_and_women(ws: WordSet) -> bool:
    """Whether one pair of sets is named male against female (WEAT 6's names, WEAT 7's terms),
    as the paper's, Caliskan's and WEATHub's names say; WEAT 6's origin versions compare women
    with women, or men with men, and are not."""
    def side(name: str) -> str:
        name = name.lower()
        return "female" if "female" in name else "male" if "male" in name else ""

    return any(
        {side(first.name), side(second.name)} == {"male", "female"}
        for first, second in ((ws.X, ws.Y), (ws.A, ws.B))
    )


def first_gender_test(language: str) -> WordSet | None:
    """The first of a language's versions of WEAT 6, 7 and 8 (the seed a page opens with)."""
    return next(
        (
            ws for number in GENDER_TESTS
            if (ws := numbered_test(language, number, sets_men_and_women)) is not None
        ),
        None,
    )


_BUNDLED_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
"""What a bundled set's id looks like; each is stored as `<id>.json` (a test checks both)."""


def get_wordset(id_or_path: str) -> WordSet:
    """A word set by bundled/user id, or from a JSON file path.

    A bundled id is read from its own file: `python -m bias weat --wordset weat7` then reads one
    file, not all 400-odd (90 ms of a one-second command). A name the file system cannot even
    look up (a 100,000-character id, a NUL byte) is no word set either.
    """
    unknown = BiasInputError(
        f"There is no word set '{shorten(id_or_path, 60)}'. Use `python -m bias wordsets` to list "
        "them, or give the path of a JSON file."
    )
    try:
        if _BUNDLED_ID.fullmatch(id_or_path) and (BUNDLED_DIR / f"{id_or_path}.json").is_file():
            wordset = read_wordset(BUNDLED_DIR / f"{id_or_path}.json", "bundled")
            if wordset.id == id_or_path:
                return wordset
        for collection in (bundled_wordsets(), user_wordsets()):
            if id_or_path in collection:
                return collection[id_or_path]
        path = Path(id_or_path).expanduser()
        if path.suffix == ".json" or path.exists() or "/" in id_or_path:
            return read_wordset(path)
    except (OSError, ValueError) as exc:
        if isinstance(exc, BiasInputError):
            raise
        raise unknown from exc
    raise unknown


def safe_id(title: str) -> str:
    """A file-name-safe id from any title: ASCII lower case, digits and dashes."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:60] or "my-word-set"


def edited(preset: WordSet | None, sets: dict[str, TermSet], language: str) -> WordSet:
    """The test a person has in front of them after choosing `preset` and maybe changing lists.

    While the four lists equal the preset's, that is the preset itself, with its source and the
    values its source reported. Once any list differs it is a different test: it keeps the
    preset's name marked "(edited)" (e.g. "WEAT 7 (edited): math vs. arts, …"), gets its own id
    (so exports are not named like the published test), and drops the reported values, which
    belong to the published lists only. Without a preset, it is "My word set" in `language`.
    """
    if preset is None:
        return WordSet("my-word-set", "My word set", language, **sets, origin="user")
    if preset.sets() == sets:
        return preset
    if preset.edited_from is not None:  # already an edit: stays one
        return replace(preset, **sets)
    head, colon, rest = preset.title.partition(":")
    return WordSet(
        id=f"{preset.id}-edited",
        title=shorten(f"{head} (edited){colon}{rest}", MAX_TITLE_CHARS),
        language=preset.language,
        **sets,
        variant_of=preset.id,
        origin="user",
        edited_from=preset.id,
    )


def titled(wordset: WordSet, title: str) -> WordSet:
    """`wordset` as the person saves it: a typed title names it (and gives its id); without one
    it keeps its name. A saved edit is the person's own set, a variant of the original."""
    title = title.strip()
    if not title or title == wordset.title:
        return replace(wordset, edited_from=None)
    return replace(wordset, id=safe_id(title), title=title, edited_from=None)


def short_titles(wordsets: list[WordSet]) -> dict[str, str]:
    """A short name per word-set id for tight places (chips, table rows): the title up to its
    colon ('WEAT 7'), or the whole title where several sets share that short name."""
    short = {ws.id: ws.title.partition(":")[0].strip() or ws.title for ws in wordsets}
    counts: dict[str, int] = {}
    for name in short.values():
        counts[name] = counts.get(name, 0) + 1
    return {ws.id: short[ws.id] if counts[short[ws.id]] == 1 else ws.title for ws in wordsets}


def save_user_wordset(wordset: WordSet) -> WordSet:
    """Save a user word set and return it as saved (with its final id).

    The id is sanitised into a file name; an id that a bundled set uses gets a `user-` prefix, so
    a bundled set is never shadowed or overwritten. A different user set already saved under that
    id is never replaced either: the new one gets `-2`, `-3`, … (saving the very same set again
    changes nothing). Each id is taken with an exclusive create, so two visitors (or two server
    processes) saving different sets under one title at the same moment both keep theirs. The
    caller shows the final id.
    """
    base = safe_id(wordset.id or wordset.title)
    if base in bundled_wordsets():
        base = f"user-{base}"
    number = 1
    while True:
        new_id = base if number == 1 else f"{base}-{number}"
        saved = replace(wordset, id=new_id, origin="user")
        path = user_dir() / f"{new_id}.json"
        text = json.dumps(saved.to_dict(), ensure_ascii=False, indent=2) + "\n"
        if create_exclusive(path, text) or _same_set(path, saved):
            return saved
        number += 1


def _same_set(path: Path, wordset: WordSet) -> bool:
    """Whether the user set saved at `path` is `wordset` (a damaged file never is)."""
    try:
        existing = read_wordset(path, origin="user")
    except BiasInputError:
        return False
    return replace(existing, id="", origin="") == replace(wordset, id="", origin="")


def delete_user_wordset(wordset_id: str) -> None:
    """Delete the user set saved as `wordset_id` (views/operator.py asks who may). Bundled sets
    are not files of the user's folder, and an id is only ever a saved file's own name."""
    if safe_id(wordset_id) != wordset_id or wordset_id not in user_wordsets():
        raise BiasInputError(f"There is no saved set '{wordset_id[:60]}' to delete.")
    try:
        (user_dir() / f"{wordset_id}.json").unlink()
    except FileNotFoundError:
        pass  # another visitor deleted it a moment ago: it is gone either way
    except OSError as exc:
        raise BiasInputError(
            f"The saved set '{wordset_id}' could not be deleted ({exc.strerror})."
        ) from None


# --- any number of named sets, for the measures beyond WEAT (docs/metrics.md) ------------------


@dataclass(frozen=True)
class NamedSets:
    """Named target and attribute sets in any number, as RND, MAC, ECT, RIPA and RNSB take them.

    Read from a file `{"targets": {name: [words]}, "attributes": {name: [words]}}`, or from any
    four-set word set (targets X, Y; attributes A, B), so every WEAT test is also a measure input.
    """

    id: str
    title: str
    language: str
    targets: tuple[TermSet, ...]
    attributes: tuple[TermSet, ...]

    def __post_init__(self) -> None:
        check_text("title", self.title, MAX_TITLE_CHARS)
        check_language(self.language)


def named_sets_of(wordset: WordSet) -> NamedSets:
    """The four-set form as named sets: targets X, Y and attributes A, B."""
    return NamedSets(
        wordset.id, wordset.title, wordset.language, (wordset.X, wordset.Y), (wordset.A, wordset.B)
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
    whether they suffice is the measure's to say (`bias.stats.measures.run_measure`)."""
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
    return NamedSets(
        id=str(data.get("id") or default_id),
        title=str(data.get("title") or data.get("id") or default_id),
        language=str(data.get("language") or "en"),
        **groups,
    )


def get_named_sets(id_or_path: str) -> NamedSets:
    """Named sets by word-set id (the four-set form), or from a JSON file in either form."""
    path = Path(id_or_path).expanduser()
    try:
        is_file = path.suffix == ".json" and path.is_file()
    except (OSError, ValueError):  # a name too long to look up is no file; get_wordset says so
        is_file = False
    if is_file:
        data = read_json(path, "word-set file")
        return parse_named_sets(data, where=path.name, default_id=path.stem)
    return named_sets_of(get_wordset(id_or_path))
