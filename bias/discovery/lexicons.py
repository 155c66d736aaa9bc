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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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


@functools.cache
def first_names(language: str = "") -> dict[str, FirstName] | None:
    """Casefolded first name → its frequencies by gender, everywhere and in the language's
    countries (`COUNTRIES`; none for a language not listed); None when the dictionary is
    missing."""
    path = _name_file()
    if path is None:
        return None
    local = COUNTRIES.get(language, ())
    found: dict[str, list[int]] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line[:1] in "#=" or len(line) < 31:
                continue
            code, name = line[:2].strip(), line[3:29].strip()
            if code not in _GENDER_CODES or not name:
                continue
            columns = [int(c, 16) if c in "123456789ABCD" else 0 for c in line[30:86]]
            frequency = max(columns, default=0) or 1
            here = max((columns[i] for i in local if i < len(columns)), default=0)
            male, female = _GENDER_CODES[code]
            # A "+" inside a name stands for a hyphen, a space or nothing (Jean+Baptiste); a
            # name is found with its accents and without (Benoît, Benoit).
            spellings = {name.replace("+", "-"), name.replace("+", "")}
            for spelling in spellings | {_bare(spelling) for spelling in spellings}:
                entry = found.setdefault(spelling.casefold(), [0, 0, 0, 0])
                for i, value in enumerate((frequency * male, frequency * female,
                                           here * male, here * female)):  # fmt: skip
                    entry[i] = max(entry[i], value)
    return {name: FirstName(*values) for name, values in found.items()}


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
def stop_words(language: str) -> frozenset[str] | None:
    """spaCy's stop words for an ISO 639-1 code, casefolded; None without spaCy or a list."""
    if importlib.util.find_spec("spacy") is None:
        return None
    try:
        module = importlib.import_module(f"spacy.lang.{language}.stop_words")
    except ImportError:
        return None
    return frozenset(word.casefold() for word in module.STOP_WORDS)


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
