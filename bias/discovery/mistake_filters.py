"""Our filters (issue 22), each a verdict on one row: the kinds of mistakes the paper's filters
let through. `filters.STEPS` runs them after the paper's; docs/biaswords.md, "Our filters", says
what each catches and why.
"""

from __future__ import annotations

import unicodedata

import numpy as np
import polars as pl

from bias.discovery.lexicons import MIN_NAME_FREQUENCY, first_name
from bias.discovery.options import Context
from bias.discovery.pos import compatible, pos_label
from bias.discovery.seed_profiles import (
    SetProfile,
    gender_source,
    is_concept,
    meaning_gender,
    meaning_source,
    word_gender,
)
from bias.discovery.table import FLAG_SEPARATOR, OPPOSED, fold


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
        source = gender_source(row["candidate"], profile.kind, context.language)
        return f"{gender}, by {source}, in a {profile.gender} set"
    return None


def off_type_seed(row: dict, context: Context) -> str | None:
    """Ours: a neighbour of a seed whose own word type does not go with its set's.

    A seed tagged as another word type than its set (the adjective "professional" or
    *exécutif* among career nouns, the pronoun *lui* among male nouns) has neighbours of its own
    type, and those the word-type filter lets through are nouns of its other uses (sports near
    "professional") or words the tagger got wrong (*gentiment* tagged a noun), near the seed by
    how it is used, not by what the set means. The seed itself stays a seed. Runs only with a
    tagger and when both tags are known."""
    expected, own = context.set_pos.get(row["set"]), row["seed_pos"]
    if context.tagger is None or expected is None or own is None or compatible(expected, own):
        return None
    return (
        f"a neighbour of the seed '{row['seed']}', which is tagged {pos_label(own)} where its "
        f"set is {pos_label(expected)}: near it by use, not by meaning"
    )


MIN_KEPT = 10
"""`weak_side` and `genderless` never leave a set with fewer kept words than this (issue 22's
floor: a pool the draws can vary); the weakest go first, the others stay kept and flagged."""


def weak_side(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Ours: drop a kept word that leans to its own set less than the set's seeds do.

    A seed's other sense brings its own neighbours: sports near "professional", holidays near
    "wedding", school words near "math", buildings near *maison*. Such a word is near one seed,
    not on the set's side of its pair. Its lean is its mean cosine with its set's seeds minus that
    with the opposed set's (WEAT's own measure); a seed's lean is taken over the other seeds of
    its set. A word whose lean is below the seeds' median is less on its set's side than a typical
    seed and is dropped, the weakest first, as long as the set keeps `MIN_KEPT` words. Not in sets
    of names (all names lie close together; the names dictionary judges them); in a male or
    female set only words whose meaning has no known gender (the gender filters judge them)."""
    doomed = {}
    for key, (own, opposite) in _sides(context).items():
        if context.options.concept_fit and is_concept(context.profiles.get(key, SetProfile())):
            continue  # concept fit judges this set's lean with its own threshold
        floor = float(np.median(_seed_leans(own, opposite)))
        doomed[key] = [
            (i, f"leans to its set {key} less than its seeds do: mean similarity {mine:.2f} with "
                f"them, {theirs:.2f} with set {OPPOSED[key]}'s (a lean of {mine - theirs:.2f}, "
                f"the seeds' median {floor:.2f})")
            for i, mine, theirs in _weakest_first(table, context, key, own, opposite)
            if mine - theirs < floor
        ]  # fmt: skip
    return drop_above_floor(table, doomed)


def genderless(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Ours: in a male or female set, drop a kept word whose meaning has no gender.

    "Person", "child", "parents" or *individu* are not of the other gender, so `other_gender`
    keeps them, but a WEAT of male against female terms needs words that mean a man or a woman:
    a word for anyone measures nothing of the pair. French marks grammatical gender on every noun
    (*individu*, *dictateur* and *animal* are masculine), so there the meaning is read from our
    list (`gendered.py`), not the morphology. The weakest lean goes first and the set keeps
    `MIN_KEPT` words: with too few gendered neighbours the rest stay, flagged for the reader."""
    source = meaning_source(context.language)
    doomed = {
        key: [(i, f"no gender known by {source}, in a {profile.gender} set: a word for anyone?")
              for i, _, _ in _weakest_first(table, context, key, own, opposite)]
        for key, (own, opposite) in _sides(context).items()
        if (profile := context.profiles.get(key, SetProfile())).gender is not None
    }  # fmt: skip
    return drop_above_floor(table, doomed)


def drop_above_floor(
    table: pl.DataFrame, doomed: dict[str, list[tuple[int, str]]]
) -> pl.DataFrame:
    """Drop each set's doomed rows (row, reason), in order, while the set keeps `MIN_KEPT`
    words; the ones the floor saves stay kept, with the reason as a flag."""
    kept, reasons, flags = (table[c].to_list() for c in ("kept", "reason", "flag"))
    sets = table["set"].to_list()
    for key, rows in doomed.items():
        room = sum(k and s == key for k, s in zip(kept, sets, strict=True)) - MIN_KEPT
        for i, why in rows:
            if room > 0:
                kept[i], reasons[i], room = False, why, room - 1
            else:
                note = f"{why}, kept so that the set keeps {MIN_KEPT} words"
                flags[i] = FLAG_SEPARATOR.join(f for f in (flags[i], note) if f)
    return table.with_columns(
        pl.Series("kept", kept, dtype=pl.Boolean), pl.Series("reason", reasons, dtype=pl.String),
        pl.Series("flag", flags, dtype=pl.String),
    )  # fmt: skip


def _weakest_first(
    table: pl.DataFrame, context: Context, key: str, own: np.ndarray, opposite: np.ndarray
) -> list[tuple[int, float, float]]:
    """`_leans` of the set's kept words, the least on the set's side first."""
    return sorted(_leans(table, context, key, own, opposite, table["kept"].to_list()),
                  key=lambda w: w[1] - w[2])  # fmt: skip


def _leans(
    table: pl.DataFrame, context: Context, key: str, own, opposite, kept: list
) -> list[tuple[int, float, float]]:
    """(row, mean cosine with the set's seeds, with the opposed set's) for the set's kept words
    the lean judges: in a male or female set, those whose meaning has no known gender."""
    profile = context.profiles.get(key, SetProfile())
    judged = []
    for i, row in enumerate(table.iter_rows(named=True)):
        if not kept[i] or row["set"] != key or not row["candidate"]:
            continue
        if profile.gender is not None and meaning_gender(
            row["candidate"], profile.kind, context.language, context.tagger
        ) is not None:  # fmt: skip
            continue
        judged.append((i, row["candidate"]))
    found = context.embedding.rows(word for _, word in judged)
    picked = [(i, found[word]) for i, word in judged if word in found]
    if not picked:
        return []
    vectors = np.asarray(context.embedding.vectors[[r for _, r in picked]], np.float64)
    mine, theirs = vectors @ own.mean(axis=0), vectors @ opposite.mean(axis=0)
    return [(i, float(mine[n]), float(theirs[n])) for n, (i, _) in enumerate(picked)]


def _sides(context: Context) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each set the lean is judged in (not names) → its seeds' vectors and the opposed set's."""
    sides = {}
    for key, items in context.lookups.items():
        profile = context.profiles.get(key, SetProfile())
        opposite = context.lookups.get(OPPOSED[key], [])
        if profile.kind == "name" or len(items) < 2 or not opposite:
            continue
        vectors = context.embedding.vectors_for
        sides[key] = tuple(np.asarray(vectors(x), np.float64) for x in (items, opposite))
    return sides


def _seed_leans(own: np.ndarray, opposite: np.ndarray) -> np.ndarray:
    """Each seed's lean: mean cosine with the set's other seeds minus with the opposed set's
    (from sums of vectors, without a seeds × seeds matrix)."""
    others = (own @ own.sum(axis=0) - (own * own).sum(axis=1)) / (len(own) - 1)
    return others - own @ opposite.mean(axis=0)
