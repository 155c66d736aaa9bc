"""Our filters (issue 22), each a verdict on one row: the kinds of mistakes the paper's filters
let through. `filters.STEPS` runs them after the paper's; docs/biaswords.md, "Our filters", says
what each catches and why.
"""

from __future__ import annotations

import unicodedata

import polars as pl

from bias.discovery.kinds import SetProfile, word_gender
from bias.discovery.lexicons import MIN_NAME_FREQUENCY, first_name
from bias.discovery.options import Context
from bias.discovery.table import FLAG_SEPARATOR, fold


def normal_form(row: dict, context: Context) -> str | None:
    """Ours: NFKC first (ligatures, full-width letters), then all-capital variants."""
    word = row["candidate"]
    normal = unicodedata.normalize("NFKC", word)
    if normal != word:
        return f"not in Unicode normal form (NFKC writes it '{normal}')"
    if context.cased and len(word) > 1 and word.isupper():
        for variant in (word[:1] + word[1:].lower(), word.lower()):
            if context.embedding.row(variant) is not None:
                return f"all capitals: a variant of '{variant}', which the embedding also holds"
    return None


def function_word(row: dict, context: Context) -> str | None:
    """Ours: a stop word of the language (spaCy's list) is no content word of a set. Sets of
    names are left alone: in a lower-case vocabulary the names May and Will are "may", "will"."""
    if context.profiles.get(row["set"], SetProfile()).kind == "name":
        return None
    if context.stop_words is not None and row["candidate"].casefold() in context.stop_words:
        return f"a function word (in spaCy's stop words for '{context.language}')"
    return None


def seed_form(row: dict, context: Context) -> str | None:
    """Ours: a form of a seed (same lemma), however many letters differ."""
    if context.lemma is None or not row["candidate"]:
        return None
    lemma = context.lemma(row["candidate"])
    seed = context.seed_lemmas.get(lemma)
    if seed is not None and fold(seed, context.sharp_s) != fold(row["candidate"], context.sharp_s):
        return f"a form of the seed '{seed}' (both have the lemma '{lemma}')"
    return None


ENDING_LETTERS = 4
"""A shared ending this long (or longer), with different first letters, makes a neighbour by
spelling: -tion, -ment, -ique."""


def ending_neighbour(row: dict, context: Context) -> str | None:
    """Ours: near its seed by a shared ending only (word pieces), not by meaning.

    Left alone: names; a compound of a seed of its set (*beau-frère*, *Biopsychologie*); and a
    shared ending that holds a word of the embedding, the head of two compounds
    (*Veterinärmedizin*, *Kleintiermedizin*: "Medizin")."""
    if context.profiles.get(row["set"], SetProfile()).kind == "name":
        return None
    word, seed = fold(row["candidate"], context.sharp_s), fold(row["seed"], context.sharp_s)
    if word[:3] == seed[:3] or seed.endswith(word):
        return None
    seeds = context.folded_seeds.get(row["set"], ())
    if any(word.endswith(s) for s in seeds if len(s) >= ENDING_LETTERS):
        return None
    shared = 0
    while shared < min(len(word), len(seed)) and word[-1 - shared] == seed[-1 - shared]:
        shared += 1
    if shared < ENDING_LETTERS or _holds_a_word(word[-shared:], context):
        return None
    return (
        f"shares only its ending '-{word[-shared:]}' with the seed '{row['seed']}': near it "
        "by spelling (vectors built from word pieces), not by meaning"
    )


HEAD_LETTERS = 5
"""A compound's head is a word of at least 5 letters ("Medizin", "wesen"); shorter endings that
are words too ("ions", "ique") are suffixes here."""
HEAD_RANK = 100_000
"""...and one of the embedding's 100,000 most frequent words (not a fragment such as "ation")."""


def _holds_a_word(ending: str, context: Context) -> bool:
    """Whether an ending of `ending`, at least `HEAD_LETTERS` long, is a frequent word of the
    embedding (lower case or capitalised): the shared head of two compounds."""
    for start in range(len(ending) - HEAD_LETTERS + 1):
        part = ending[start:]
        rows = [context.embedding.row(s) for s in (part, part.capitalize())]
        if any(row is not None and row < HEAD_RANK for row in rows):
            return True
    return False


def name_or_noun(row: dict, context: Context) -> str | None:
    """Ours: a set of names keeps first names only; a set of common nouns keeps no names."""
    profile, word = context.profiles.get(row["set"], SetProfile()), row["candidate"]
    if profile.kind == "name":
        if profile.case == "capitalised" and word[:1].islower():
            return "written in lower case: a common word, not a name"
        entry = first_name(word)
        if profile.names_known and (entry is None or entry.frequency < MIN_NAME_FREQUENCY):
            return "not a first name in the names dictionary (a surname or a common word)"
    elif profile.kind == "noun":
        if profile.case == "lower" and word[:1].isupper():
            return "capitalised: a name or a variant, not a common noun"
        if row["pos"] == "PROPN":
            return "a name (tagged PROPN), not a common noun"
    return None


def other_gender(row: dict, context: Context) -> str | None:
    """Ours: in a male or female set, a candidate of the other gender."""
    profile = context.profiles.get(row["set"], SetProfile())
    if profile.gender is None or not row["candidate"]:
        return None
    gender = word_gender(row["candidate"], profile.kind, context.language, context.tagger)
    if gender is not None and gender != profile.gender:
        source = "the names dictionary" if profile.kind == "name" else (
            "our list of gendered English words" if context.language == "en"
            else "the tagger's morphology"
        )  # fmt: skip
        return f"{gender}, by {source}, in a {profile.gender} set"
    return None


def flag_genderless(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Ours: in a male or female set, flag (not drop) a kept word whose gender is unknown.

    "person", "child" or *ami* among male terms are not of the other gender, so the gender
    filter keeps them, but a reader checking the pool should look at them first."""
    flags = table["flag"].to_list()
    for i, row in enumerate(table.iter_rows(named=True)):
        profile = context.profiles.get(row["set"], SetProfile())
        if not row["kept"] or profile.gender is None or not row["candidate"]:
            continue
        if word_gender(row["candidate"], profile.kind, context.language, context.tagger) is None:
            note = f"no gender known, in a {profile.gender} set: a word for anyone?"
            flags[i] = FLAG_SEPARATOR.join(f for f in (flags[i], note) if f)
    return table.with_columns(pl.Series("flag", flags, dtype=pl.String))
