"""Word sets: four named lists of words (X, Y targets; A, B attributes) plus where they come from.

Bundled sets are JSON files under `wordsets/` (one per test; the format is documented in
`wordsets/README.md` and enforced by `parse_wordset`). The user's own sets live under
`BIASWORDS_HOME/wordsets/` and never replace a bundled one. A plain JSON file
`{"X": [...], "Y": [...], "A": [...], "B": [...]}` (names optional) is accepted wherever a word set
is.

This package's modules: `parsing` (a file or dict into a checked WordSet or NamedSets;
`language_guess` for a file that does not say its language), `library`
(the bundled and the user's sets, read and cached, and lookup by id), `ordering` (which test goes
first, which ones a language starts from) and `editing` (a person's edits, titles and saving).
Here: the model itself.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from bias.limits import (
    MAX_NAME_CHARS,
    MAX_TITLE_CHARS,
    MAX_WORD_CHARS,
    check_language,
    check_set_words,
    check_text,
    shorten,
)

if TYPE_CHECKING:
    from bias.wordsets.language_guess import LanguageGuess

SET_KEYS = ("X", "Y", "A", "B")
DEFAULT_SET_NAMES = {"X": "Target X", "Y": "Target Y", "A": "Attribute A", "B": "Attribute B"}


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
class Selection:
    """How a set was chosen among BiasWords' draws: the `draw` picked of `draws` drawn on
    `embedding`, its p as drawn and after Holm's correction over the draws (`p_corrected`).
    A test on that embedding re-finds what the picking found, so its verdict shows the
    corrected p and says that a confirmation needs another embedding or corpus."""

    embedding: str
    draw: int
    draws: int
    p_value: float
    p_corrected: float
    correction: str = "holm"

    def to_dict(self) -> dict:
        return asdict(self)


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
    language_guess: LanguageGuess | None = None
    """How `language` was guessed from the words, for a file that gave none (every result
    says so); None when the file gave it. Saved files state the language."""
    selection: Selection | None = None
    """How the set was picked among draws (BiasWords), kept in its file; None otherwise."""

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
            **({"selection": self.selection.to_dict()} if self.selection else {}),
        }




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
    language_guess: LanguageGuess | None = None
    """As `WordSet.language_guess`."""

    def __post_init__(self) -> None:
        check_text("title", self.title, MAX_TITLE_CHARS)
        check_language(self.language)
