"""Part-of-speech tags for single words, as Universal POS (UPOS), from whichever tagger is at hand.

BiasWords keeps a neighbour only if its part of speech is compatible with its seed's (the paper's
rule: the same tag, ADJ with ADV, NOUN with PROPN). The words come from a vocabulary, not from
sentences, so they are tagged out of context, one at a time, and each answer is cached.

A tagger is anything with a `name` and an `upos(word)` method (the `Tagger` protocol). Two adapters
exist:

* HanTa (Hanover Tagger), offline and pip-installable, for German and English. Its German model
  uses STTS tags (printed as `ADJ(A)`, `VV(FIN)`, plus `NNA`/`NNI` for nominalised adjectives and
  infinitives); its English model uses the BNC's CLAWS C5 tags (`NN1`, `NP0`, `AJ0`, ...), not
  Penn Treebank tags. Both are mapped to UPOS below, following the Universal Dependencies
  conversion tables.

* spaCy, for every other language with a trained pipeline installed (imported lazily, since
  spaCy is an optional, heavy dependency); its `pos_` is already UPOS, and its morphology gives
  grammatical gender.

Out of context HanTa tags capitalised unknown German names such as "Mehmet" as NE (proper noun) by
itself, from its case and suffix model, so no extra rule is needed for them.

For a language with neither, `tagger_for` returns None and the caller skips the filter and says so;
`tagger_name` tells which tagger a language gets without loading it (the page's hot path).
"""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
from typing import Final, Literal, Protocol, runtime_checkable

UPOS_TAGS = (
    "ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON", "PROPN",
    "PUNCT", "SCONJ", "SYM", "VERB", "X",
)  # fmt: skip

_COMPATIBLE = ({"ADJ", "ADV"}, {"NOUN", "PROPN"})

POS_NAMES = {
    "ADJ": "adjective", "ADP": "preposition", "ADV": "adverb", "AUX": "auxiliary verb",
    "CCONJ": "conjunction", "DET": "determiner", "INTJ": "interjection", "NOUN": "noun",
    "NUM": "number", "PART": "particle", "PRON": "pronoun", "PROPN": "proper noun",
    "PUNCT": "punctuation", "SCONJ": "subordinating conjunction", "SYM": "symbol", "VERB": "verb",
    "X": "other",
}  # fmt: skip
"""Plain names for the UPOS tags (the tag "X" would read as set X)."""


def pos_label(tag: str | None) -> str:
    """A tag with its plain name, "NOUN (noun)", "X (other)"; "unknown" for None."""
    return "unknown" if tag is None else f"{tag} ({POS_NAMES.get(tag, tag.lower())})"


def compatible(seed_pos: str, candidate_pos: str) -> bool:
    """The paper's rule: the same tag, or an adjective with an adverb, or a noun with a name."""
    if seed_pos == candidate_pos:
        return True
    return any({seed_pos, candidate_pos} <= group for group in _COMPATIBLE)


@runtime_checkable
class Tagger(Protocol):
    """Tags one word, out of context, with a UPOS tag (None when it cannot tell)."""

    name: str

    def upos(self, word: str) -> str | None: ...


# STTS (German) base tags, with HanTa's "(FIN)"-style suffixes removed, to UPOS.
STTS_TO_UPOS = {
    "ADJ": "ADJ", "ADJA": "ADJ", "ADJD": "ADJ", "ADV": "ADV",
    "APPO": "ADP", "APPR": "ADP", "APPRART": "ADP", "APZR": "ADP",
    "ART": "DET", "CARD": "NUM", "FM": "X", "ITJ": "INTJ",
    "KOKOM": "CCONJ", "KON": "CCONJ", "KOUI": "SCONJ", "KOUS": "SCONJ",
    "NE": "PROPN", "NN": "NOUN", "NNA": "NOUN", "NNI": "NOUN",
    "PDAT": "DET", "PIAT": "DET", "PIDAT": "DET", "PPOSAT": "DET", "PRELAT": "DET", "PWAT": "DET",
    "PDS": "PRON", "PIS": "PRON", "PPER": "PRON", "PPOSS": "PRON", "PRELS": "PRON", "PRF": "PRON",
    "PWS": "PRON", "PROAV": "ADV", "PAV": "ADV", "PWAV": "ADV",
    "PTKA": "PART", "PTKANT": "PART", "PTKNEG": "PART", "PTKZU": "PART", "PTKVZ": "ADP",
    "TRUNC": "X", "VA": "AUX", "VM": "AUX", "VV": "VERB", "XY": "X",
    "$(": "PUNCT", "$,": "PUNCT", "$.": "PUNCT",
}  # fmt: skip

# CLAWS C5 (the BNC tag set HanTa's English model uses) to UPOS; a few HanTa-only tags at the end.
C5_TO_UPOS = {
    "AJ0": "ADJ", "AJC": "ADJ", "AJS": "ADJ", "AT0": "DET",
    "AV0": "ADV", "AVP": "ADV", "AVQ": "ADV",
    "CJC": "CCONJ", "CJS": "SCONJ", "CJT": "SCONJ", "CRD": "NUM",
    "DPS": "DET", "DT0": "DET", "DTQ": "DET", "EX0": "PRON", "ITJ": "INTJ",
    "NN0": "NOUN", "NN1": "NOUN", "NN2": "NOUN", "NP0": "PROPN", "ORD": "ADJ",
    "PNI": "PRON", "PNP": "PRON", "PNQ": "PRON", "PNX": "PRON", "POS": "PART",
    "PRF": "ADP", "PRP": "ADP", "PUL": "PUNCT", "PUN": "PUNCT", "PUQ": "PUNCT", "PUR": "PUNCT",
    "TO0": "PART", "UNC": "X", "XX0": "PART", "ZZ0": "X",
    "VM0": "AUX",
    "NN": "NOUN", "IN": "ADP", "!!!": "X",
}  # fmt: skip
for _verb, _upos in (("VB", "AUX"), ("VD", "AUX"), ("VH", "AUX"), ("VV", "VERB")):
    for _form in "BDGINZ":
        C5_TO_UPOS[_verb + _form] = _upos


def stts_to_upos(tag: str) -> str | None:
    """UPOS for an STTS tag as HanTa prints it (`ADJ(D)`, `VV(FIN)`, `NE`); None if unknown."""
    return STTS_TO_UPOS.get(tag.split("(", 1)[0])


def c5_to_upos(tag: str) -> str | None:
    """UPOS for a CLAWS C5 tag (`NN1`, `NP0`, `AJ0`); None if unknown."""
    return C5_TO_UPOS.get(tag)


_HANTA_MODELS = {
    "de": ("morphmodel_ger.pgz", stts_to_upos),
    "en": ("morphmodel_en.pgz", c5_to_upos),
}


@functools.cache
def _hanta_model(filename: str):
    """Load a HanTa model once per process (about 0.3 s each)."""
    from HanTa import HanoverTagger as ht

    return ht.HanoverTagger(filename)


class HanTaTagger:
    """HanTa's most probable tag for a word on its own, mapped to UPOS and cached per word."""

    def __init__(self, language: str) -> None:
        filename, mapping = _HANTA_MODELS[language]
        self.name = _hanta_name(language)
        self._model = _hanta_model(filename)
        self._mapping = mapping
        self._cache: dict[str, str | None] = {}

    def native(self, word: str) -> str | None:
        """HanTa's own tag (STTS or C5) for the word, or None when it has no guess."""
        tags = self._model.tag_word(word)
        if not tags or tags[0][0] == "UNKNOWN":
            return None
        return str(tags[0][0])

    def upos(self, word: str) -> str | None:
        if word not in self._cache:
            tag = self.native(word) if word.strip() else None
            self._cache[word] = None if tag is None else self._mapping(tag)
        return self._cache[word]


_SPACY_GENDERS = {"Masc": "male", "Fem": "female"}


class SpacyTagger:
    """A spaCy pipeline's UPOS and grammatical gender for a one-word document, cached per word.

    Gender comes from the pipeline's morphologizer (`Gender=Masc|Fem`); BiasWords' gender filter
    reads it for languages with grammatical gender (`seed_profiles.word_gender`).

    A word alone is often tagged wrongly (French *gentiment* a noun, *pères* an adjective,
    *jazz* a name). Where the pipeline ships its rule lemmatiser's lexicon (the lemmas it knows
    per open word class, `lemma_index`, and its form → lemma table, `lemma_lookup`), a
    lower-case word whose tag is an open class the lexicon does not know for it, while the
    lexicon knows it (or its lemma) in exactly one open class, takes that class, except that an
    adjective or verb entry does not overrule a noun tag (`_NOMINALISED`); and a lower-case word
    tagged a name that the lexicon knows as a noun is a noun: on 160
    hand-checked French words this changes 7 tags and breaks none (146 → 152 right,
    tests/discovery/tagging/fr.json). Capitalised words are left alone (the noun *pierre* is
    also the name *Pierre*), and so are closed classes (pronouns, determiners), which the lexicon
    does not list. `lexicon=False` gives the pipeline's tags alone.
    """

    def __init__(self, model: str, lexicon: bool = True) -> None:
        spacy = importlib.import_module("spacy")
        self.name = _spacy_name(model)
        self._nlp = spacy.load(model, disable=["parser", "ner", "lemmatizer"])
        self._lexicon = _open_classes(self._nlp) if lexicon else None
        self._cache: dict[str, tuple[str | None, str | None]] = {}

    def _analyse(self, word: str) -> tuple[str | None, str | None]:
        if word not in self._cache:
            doc = self._nlp(word)
            if len(doc) == 1 and doc[0].pos_:
                genders = doc[0].morph.get("Gender")
                gender = _SPACY_GENDERS.get(genders[0]) if len(genders) == 1 else None
                self._cache[word] = (self._checked(word, doc[0].pos_), gender)
            else:
                self._cache[word] = (None, None)
        return self._cache[word]

    def _checked(self, word: str, tag: str) -> str:
        """The tag, or the lexicon's only open class for the word when the tag is another
        open class (see the class's docstring)."""
        if self._lexicon is None or not word[:1].islower() or tag not in _OPEN_CLASSES:
            return tag
        lemmas, classes = self._lexicon
        forms = {word, *(lemmas.get(word) or ())}
        known = {upos for upos, words in classes.items() if forms & words}
        own = "NOUN" if tag == "PROPN" else tag  # a lower-case word the lexicon knows is no name
        if own in known or len(known) != 1:
            return own if own in known else tag
        (only,) = known
        if own == "NOUN" and only in _NOMINALISED:
            return tag
        return only

    def upos(self, word: str) -> str | None:
        return self._analyse(word)[0]

    def gender(self, word: str) -> str | None:
        """ "male" or "female" for a masculine or feminine word, None otherwise."""
        return self._analyse(word)[1]


_OPEN_CLASSES = frozenset({"NOUN", "PROPN", "ADJ", "ADV", "VERB"})
"""Tags the lexicon check may correct (a PROPN tag counts as NOUN for a lower-case word)."""
_NOMINALISED = frozenset({"ADJ", "VERB"})
"""Classes whose words serve as nouns too (French *salarié*, *marié*, *copine*, which the
lexicon lists as an adjective or a verb form only): they do not overrule a noun tag; an adverb
(*gentiment*) does."""


def _open_classes(nlp):
    """(form → its lemmas, UPOS → the lemmas the lexicon lists in that class) from the
    pipeline's rule lemmatiser, or None when it has no such lexicon."""
    if "lemmatizer" not in nlp.component_names:
        return None
    tables = nlp.get_pipe("lemmatizer").lookups
    if not (tables.has_table("lemma_index") and tables.has_table("lemma_lookup")):
        return None
    index, strings = tables.get_table("lemma_index"), nlp.vocab.strings
    classes = {strings[key].upper(): frozenset(index[key]) for key in index}
    classes = {tag: words for tag, words in classes.items() if tag in _OPEN_CLASSES}
    return (tables.get_table("lemma_lookup"), classes) if classes else None


def _hanta_name(language: str) -> str:
    return f"HanTa ({_HANTA_MODELS[language][0]})"


def _spacy_name(model: str) -> str:
    return f"spaCy ({model})"


@functools.cache
def spacy_pipelines(language: str) -> tuple[str, ...]:
    """The installed spaCy pipelines for `language`, from the entry points spaCy registers them
    under (`spacy_models`), so neither spaCy nor a pipeline is imported to find them."""
    found = importlib.metadata.entry_points(group="spacy_models")
    return tuple(sorted(e.name for e in found if e.name.startswith(f"{language}_")))


def _choice(language: str) -> tuple[str, str] | None:
    """("hanta", language) or ("spacy", pipeline): which tagger serves the language.

    HanTa for German and English (it is installed with the package, and no spaCy pipeline for
    either is); a spaCy pipeline for any other language that has one installed."""
    if language in _HANTA_MODELS and importlib.util.find_spec("HanTa") is not None:
        return ("hanta", language)
    pipelines = spacy_pipelines(language)
    if pipelines and importlib.util.find_spec("spacy") is not None:
        return ("spacy", pipelines[0])
    return None


def tagger_name(language: str) -> str | None:
    """The name of the tagger `tagger_for` would load, without loading it (for the page)."""
    choice = _choice(language)
    if choice is None:
        return None
    kind, what = choice
    return _hanta_name(what) if kind == "hanta" else _spacy_name(what)


@functools.cache
def tagger_for(language: str) -> Tagger | None:
    """The tagger for an ISO 639-1 language code (loaded once per process), or None."""
    choice = _choice(language)
    if choice is None:
        return None
    kind, what = choice
    return HanTaTagger(what) if kind == "hanta" else SpacyTagger(what)


AUTO: Final = "auto"
"""Ask for the best tagger for the embedding's language (`tagger_for`)."""

TaggerChoice = Tagger | Literal["auto"] | None
"""A tagger to use, `AUTO` for the language's best one, or None for none (no word types)."""


def choose_tagger(choice: TaggerChoice, language: str) -> Tagger | None:
    """The tagger a choice means for this language (None: there is none, or none was wanted)."""
    return tagger_for(language) if choice == AUTO else choice
