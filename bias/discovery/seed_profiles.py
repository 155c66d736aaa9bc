"""What kind of words a seed set holds: names or common nouns, of which gender, in which case.

Our filters (`filters`: names vs. nouns, gender) compare each candidate with its set's profile,
learnt from the set's own seeds, never from the set's title: a set is a set of names when its
word type is PROPN, male when most of its seeds are male words *and* its opposed set is female.
The second condition keeps grammatical gender from deciding where it means nothing: French
"carrière" and "famille" are both feminine, but career and family are not a female/male pair.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bias.discovery.gendered import GENDERED
from bias.discovery.lexicons import MIN_NAME_FREQUENCY, first_name
from bias.discovery.pos import Tagger
from bias.discovery.table import OPPOSED
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Embedding, WordLookup

GENDER_AGREEMENT = 0.75
"""Share of a set's seeds with a known gender that must agree before the set has a gender."""
NAMES_COVERAGE = 0.85
"""Share of a set of names' seeds the names dictionary must know as first names (frequency 3 or
more) before it judges the set's candidates: 7 of 8 (WEATHub's French male names, whose *Mathis*
the dictionary lists at 1 only). Below that the set's names are of a kind the dictionary does
not cover (WEAT 3's African-American names: Lakisha, Tremayne; 14 of 32 known), and absence from
it would say nothing: it would drop real names."""
CASE_AGREEMENT = 0.9
"""Share of a set's seeds that must share one case (all lower, or capitalised) in a cased
embedding before a candidate in the other case is taken for another kind of word."""
CASED_SAMPLE = 20_000
"""Vocabulary rows looked at to decide whether an embedding keeps capitals."""


@dataclass(frozen=True)
class SetProfile:
    """One set's kind of words, as its seeds show it."""

    kind: str | None = None
    """ "name" (word type PROPN), "noun" (NOUN), or None for any other word type."""
    gender: str | None = None
    """ "male" or "female" when the seeds say so and the opposed set says the other."""
    case: str | None = None
    """ "lower" or "capitalised" when (nearly) all seeds are written so in a cased embedding."""
    names_known: bool = False
    """The names dictionary knows (nearly) all the seeds as first names, so it can judge the
    set's candidates (`NAMES_COVERAGE`)."""


def is_concept(profile: SetProfile) -> bool:
    """A set of words for a concept (career, maths): not names (by word type or the names
    dictionary) and not a male or female set. Concept fit judges these (`concept_fit`)."""
    return profile.kind != "name" and profile.gender is None and not profile.names_known


def is_cased(embedding: Embedding) -> bool:
    """Whether the embedding keeps capitals (GloVe 6B does not; fastText and spaCy do)."""
    return any(word != word.lower() for word in embedding.words[:CASED_SAMPLE])


def word_gender(word: str, kind: str | None, language: str, tagger: Tagger | None) -> str | None:
    """A word's gender, meaning first: from the names dictionary for names; for nouns from our
    list of gendered words, else the tagger's morphology (spaCy's `Gender`, grammatical: a
    masculine *animal* is still of the other gender among female terms); None when unknown. A
    name the dictionary does not know has none: grammar says nothing of whom a name is given to."""
    gender = meaning_gender(word, kind, language, tagger)
    if gender is not None or kind == "name" or language not in GENDERED:
        return gender  # without a list, meaning_gender already read the morphology
    return _morphology(word, tagger)


def meaning_gender(word: str, kind: str | None, language: str, tagger: Tagger | None) -> str | None:
    """Whether the word *means* a male or female person: the names dictionary for names, our
    list where the language has one (so *individu*, masculine, has none), else the morphology,
    the best a language without a list has."""
    if kind == "name":
        entry = first_name(word, language)
        return entry.gender if entry else None
    if language in GENDERED:
        return GENDERED[language].get(word.casefold())
    return _morphology(word, tagger)


def gender_source(word: str, kind: str | None, language: str) -> str:
    """Where `word_gender` read a word's gender, for the reason shown beside it."""
    if kind == "name":
        return "the names dictionary"
    if word.casefold() in GENDERED.get(language, {}):
        return meaning_source(language)
    return MORPHOLOGY


def meaning_source(language: str) -> str:
    """Where `meaning_gender` reads a noun's gender in this language."""
    if language in GENDERED:
        return f"our list of gendered {language_name(language)} words"
    return MORPHOLOGY


MORPHOLOGY = "the tagger's morphology"


def _morphology(word: str, tagger: Tagger | None) -> str | None:
    morphology = getattr(tagger, "gender", None)
    return morphology(word) if morphology else None


def profile_sets(
    lookups: Mapping[str, Sequence[WordLookup]],
    set_pos: Mapping[str, str | None],
    language: str,
    tagger: Tagger | None,
    cased: bool,
) -> dict[str, SetProfile]:
    """Every set's profile from its found seeds (see the module's docstring)."""
    kinds = {key: {"PROPN": "name", "NOUN": "noun"}.get(pos or "") for key, pos in set_pos.items()}
    leaning = {
        key: _majority_gender(
            [word_gender(item.word, kinds[key], language, tagger) for item in lookups[key]]
        )
        for key in lookups
    }
    profiles = {}
    for key, items in lookups.items():
        rival = leaning.get(OPPOSED[key])
        gender = leaning[key] if leaning[key] and rival and rival != leaning[key] else None
        known = sum(_is_first_name(item.word) for item in items)
        profiles[key] = SetProfile(
            kind=kinds[key],
            gender=gender,
            case=_seed_case([str(item.found_as) for item in items]) if cased else None,
            names_known=bool(items) and known >= NAMES_COVERAGE * len(items),
        )
    return profiles


def _is_first_name(word: str) -> bool:
    entry = first_name(word)
    return entry is not None and entry.frequency >= MIN_NAME_FREQUENCY


def _majority_gender(genders: Sequence[str | None]) -> str | None:
    """The gender most seeds share, if at least half have one and 3 in 4 of those agree."""
    known = [g for g in genders if g is not None]
    if 2 * len(known) < len(genders):
        return None
    for gender in ("male", "female"):
        if known and known.count(gender) >= GENDER_AGREEMENT * len(known):
            return gender
    return None


def _seed_case(words: Sequence[str]) -> str | None:
    if not words:
        return None
    lower = sum(w[:1].islower() for w in words)
    upper = sum(w[:1].isupper() for w in words)
    if lower >= CASE_AGREEMENT * len(words):
        return "lower"
    if upper >= CASE_AGREEMENT * len(words):
        return "capitalised"
    return None
