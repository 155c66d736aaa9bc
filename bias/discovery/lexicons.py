"""Word lists our filters consult: stop words, lemmas, first names with their gender.

Each comes from a maintained, offline package, is loaded once per process, and is optional: a
missing package (or a language it does not cover) gives None, and the filter that needs it is
skipped with a note instead of guessing.

* Stop words: spaCy's per-language lists (`spacy.lang.<code>.stop_words`, no pipeline needed).
* Lemmas: `simplemma` (Barbaresi; dictionaries for 50+ languages, no model download).
* First names: the name dictionary of Jörg Michael's `gender` program (about 37,000 first names
  from 50+ countries, each with its gender and its frequency per country), as shipped in the
  `gender-guesser` package. We read the data file ourselves (GNU FDL 1.2, see its header) and do
  not import that package's code.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bias.corpus.stop_words import stop_words as stop_words  # read by the corpus layer too

MIN_NAME_FREQUENCY = 3
"""A word counts as a first name when some country lists it at 3 or more on the dictionary's
scale of 1 (rare) to 13 (very common), each step about a factor of two: "Wilson" and "Murphy"
(1–2, surnames used as first names by a few) are not, "Todd" (6) and "Tyler" (5) are."""


@dataclass(frozen=True)
class FirstName:
    """A first name's highest frequency per gender (0: never that gender) on the 1–13 scale, in
    any country, and in the countries of the run's language (`COUNTRIES`; 0 when not listed
    there)."""

    male: int
    female: int
    local_male: int = 0
    local_female: int = 0

    @property
    def frequency(self) -> int:
        return max(self.male, self.female)

    @property
    def gender(self) -> str | None:
        """ "male" or "female" when one gender is more frequent, None for unisex names; read in
        the language's countries when the name is listed there, else in all of them."""
        male, female = (self.local_male, self.local_female) if (
            self.local_male or self.local_female) else (self.male, self.female)  # fmt: skip
        if male == female:
            return None
        return "male" if male > female else "female"


COUNTRIES: dict[str, tuple[int, ...]] = {
    "en": (0, 1, 2),  # Great Britain, Ireland, U.S.A.
    "it": (3,),  # Italy
    "pt": (5,),  # Portugal
    "es": (6,),  # Spain
    "fr": (7, 8, 9, 14),  # France, Belgium, Luxembourg, Switzerland
    "nl": (8, 10),  # Belgium, the Netherlands
    "de": (11, 12, 13, 14),  # East Frisia, Germany, Austria, Switzerland
    "is": (15,), "da": (16,), "no": (17,), "nb": (17,), "sv": (18,), "fi": (19,),
    "et": (20,), "lv": (21,), "lt": (22,), "pl": (23,), "cs": (24,), "sk": (25,),
    "hu": (26,), "ro": (27,),
}  # fmt: skip
"""The dictionary's country columns (0 = Great Britain … 54, in its header's order) where a
language is spoken. A name's gender is the other countries' business only when the name is not
listed here: *Auguste* is male in France, Belgium and Luxembourg (4, 3, 4) but female in Germany
and Austria (1, 6), *Andrea* male in Italy and female in the U.S.A."""


_GENDER_CODES = {"M": (1, 0), "1M": (1, 0), "?M": (1, 0), "F": (0, 1), "1F": (0, 1), "?F": (0, 1),
                 "?": (1, 1)}  # fmt: skip
"""The dictionary's gender column: male, mostly male, female, mostly female, unisex ("?")."""


def _name_file() -> Path | None:
    spec = importlib.util.find_spec("gender_guesser")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "nam_dict.txt"
    return path if path.is_file() else None


_COLUMNS = 56
"""Country columns of a dictionary line: its characters 30 to 85."""

_SCALE = np.zeros(256, dtype=np.int64)
_SCALE[np.frombuffer(b"123456789ABCD", dtype=np.uint8)] = np.arange(1, 14)
"""A column's character → its frequency on the 1–13 scale (hexadecimal digits); 0: not listed."""


@dataclass(frozen=True)
class _NameLines:
    """The dictionary's usable lines, read once for every language: the distinct casefolded
    spellings; each (line, spelling) pair; each line's (male, female) and country columns."""

    spellings: dict[str, int]  # spelling → its index
    pair_line: np.ndarray
    pair_spelling: np.ndarray
    genders: np.ndarray  # (lines, 2)
    columns: np.ndarray  # (lines, _COLUMNS), 0-13


@functools.cache
def _name_lines() -> _NameLines | None:
    path = _name_file()
    if path is None:
        return None
    index: dict[str, int] = {}
    pair_line, pair_spelling, genders, columns = [], [], [], []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line[:1] in "#=" or len(line) < 31:
                continue
            code, name = line[:2].strip(), line[3:29].strip()
            if code not in _GENDER_CODES or not name:
                continue
            # A "+" inside a name stands for a hyphen, a space or nothing (Jean+Baptiste); a
            # name is found with its accents and without (Benoît, Benoit).
            spellings = {name.replace("+", "-"), name.replace("+", "")}
            for spelling in {s.casefold() for s in spellings | {_bare(s) for s in spellings}}:
                pair_line.append(len(genders))
                pair_spelling.append(index.setdefault(spelling, len(index)))
            genders.append(_GENDER_CODES[code])
            columns.append(line[30 : 30 + _COLUMNS].rstrip("\n").ljust(_COLUMNS))
    # One character a column (any other than the scale's reads 0, as "not listed"): the
    # 37,000 lines' 2 million columns are read at once instead of one by one.
    text = "".join(columns).encode("latin-1", errors="replace")
    scale = _SCALE[np.frombuffer(text, dtype=np.uint8)].reshape(len(columns), _COLUMNS)
    return _NameLines(index, np.array(pair_line, dtype=np.int64),
                      np.array(pair_spelling, dtype=np.int64),
                      np.array(genders, dtype=np.int64).reshape(-1, 2), scale)  # fmt: skip


class _FirstNames(Mapping[str, FirstName]):
    """Casefolded spelling → `FirstName`, each made when it is looked up: made up front, the
    56,000 would cost 0.2 s of CPU a language, for the few hundred words a run asks about."""

    def __init__(self, index: dict[str, int], values: list[list[int]]) -> None:
        self._index, self._values = index, values

    def __getitem__(self, spelling: str) -> FirstName:
        return FirstName(*self._values[self._index[spelling]])

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


@functools.cache
def first_names(language: str = "") -> Mapping[str, FirstName] | None:
    """Casefolded first name → its frequencies by gender, everywhere and in the language's
    countries (`COUNTRIES`; none for a language not listed); None when the dictionary is
    missing. A spelling on several lines keeps each value's highest."""
    lines = _name_lines()
    if lines is None:
        return None
    frequency = lines.columns.max(axis=1)
    frequency[frequency == 0] = 1  # listed in no country: the scale's lowest
    local = list(COUNTRIES.get(language, ()))
    here = lines.columns[:, local].max(axis=1) if local else np.zeros_like(frequency)
    male, female = lines.genders[:, 0], lines.genders[:, 1]
    per_line = np.column_stack([frequency * male, frequency * female, here * male, here * female])
    best = np.zeros((len(lines.spellings), 4), dtype=np.int64)
    np.maximum.at(best, lines.pair_spelling, per_line[lines.pair_line])
    return _FirstNames(lines.spellings, best.tolist())


def first_name(word: str, language: str = "") -> FirstName | None:
    """The dictionary's entry for a word, also without its accents (the dictionary writes
    French names as "Etienne", "Emilie"); None when it is no first name or there is no
    dictionary. `language` picks the countries its gender is read in first.

    A hyphenated name the dictionary does not list is a first name when each part is one
    (*Jean-Baptiste*, *Jean-Philippe*), as common as its rarest part and of the gender they
    share."""
    names = first_names(language)
    if names is None:
        return None
    key = word.casefold()
    entry = names.get(key) or names.get(_bare(key))
    if entry is not None or "-" not in key.strip("-"):
        return entry
    parts = [names.get(_bare(part)) for part in key.split("-")]
    if not all(parts):
        return None
    return FirstName(*(min(getattr(p, f) for p in parts) for f in FirstName.__dataclass_fields__))


def _bare(word: str) -> str:
    """The word without its accents."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


@functools.cache
def lemmatiser(language: str) -> Callable[[str], str] | None:
    """simplemma's lemmatiser for the language, casefolded; None without the package or the
    language."""
    if importlib.util.find_spec("simplemma") is None:
        return None
    simplemma = importlib.import_module("simplemma")
    try:
        simplemma.lemmatize("test", lang=language)
    except (ValueError, KeyError):
        return None
    cache: dict[str, str] = {}

    def lemma(word: str) -> str:
        if word not in cache:
            cache[word] = simplemma.lemmatize(word, lang=language).casefold()
        return cache[word]

    return lemma
