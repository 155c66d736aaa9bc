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
    """A first name's highest frequency per gender (0: never that gender) on the 1–13 scale."""

    male: int
    female: int

    @property
    def frequency(self) -> int:
        return max(self.male, self.female)

    @property
    def gender(self) -> str | None:
        """ "male" or "female" when one gender is more frequent, None for unisex names."""
        if self.male == self.female:
            return None
        return "male" if self.male > self.female else "female"


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
def first_names() -> dict[str, FirstName] | None:
    """Casefolded first name → its frequencies by gender; None when the dictionary is missing."""
    path = _name_file()
    if path is None:
        return None
    found: dict[str, list[int]] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line[:1] in "#=" or len(line) < 31:
                continue
            code, name = line[:2].strip(), line[3:29].strip()
            if code not in _GENDER_CODES or not name:
                continue
            digits = [int(c, 16) for c in line[30:86] if c in "123456789ABCD"]
            frequency = max(digits, default=1)
            male, female = _GENDER_CODES[code]
            # A "+" inside a name stands for a hyphen, a space or nothing (Jean+Baptiste).
            for spelling in {name.replace("+", "-"), name.replace("+", "")}:
                entry = found.setdefault(spelling.casefold(), [0, 0])
                entry[0] = max(entry[0], frequency * male)
                entry[1] = max(entry[1], frequency * female)
    return {name: FirstName(m, f) for name, (m, f) in found.items()}


def first_name(word: str) -> FirstName | None:
    """The dictionary's entry for a word, also without its accents (the dictionary writes
    French names as "Etienne", "Emilie"); None when it is no first name or there is no
    dictionary."""
    names = first_names()
    if names is None:
        return None
    key = word.casefold()
    if key in names:
        return names[key]
    bare = "".join(c for c in unicodedata.normalize("NFD", key) if not unicodedata.combining(c))
    return names.get(bare)


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
