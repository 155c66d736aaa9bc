"""Step 1 of BiasWords: the nearest neighbours of the seed words, each with every filter's verdict.

This module builds the neighbour table (one row per set, seed and neighbour, tagged) and runs the
filter steps of `filters` over it; `table` owns the table's shape. Nothing is deleted: every
dropped neighbour stays in the table with the first filter it failed, and words near both sides of
an opposed pair are flagged, not dropped. What a reader must know about the run is returned as
`Note` codes, worded in `bias.report`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace

import polars as pl

from bias.discovery.concept_fit import FIT_COLUMNS, name_notes, neighbours_per_set
from bias.discovery.filters import run_steps
from bias.discovery.lexicons import first_names, lemmatiser, stop_words
from bias.discovery.options import CandidateOptions, Context
from bias.discovery.pos import AUTO, Tagger, TaggerChoice, choose_tagger
from bias.discovery.saved_candidates import saved_ambiguous, saved_note, saved_options
from bias.discovery.seed_profiles import SetProfile, is_cased, profile_sets
from bias.discovery.table import (
    FLAG_SEPARATOR,
    TABLE_SCHEMA,
    curated_pools,
    fold,
    hand_decisions,
    normalise_table,
    split_flags,
    with_decisions,
)
from bias.errors import BiasInputError
from bias.limits import MAX_SEEDS_PER_SET
from bias.notes import Note
from bias.vectors.ambiguity import AmbiguousSeed, find_ambiguous
from bias.vectors.embeddings import Embedding, Match, WordLookup
from bias.vectors.neighbours import nearest_neighbours
from bias.wordsets import SET_KEYS, WordSet

__all__ = [
    "MAX_ROWS", "MAX_SEEDS_PER_SET", "TABLE_SCHEMA", "CandidateOptions", "Candidates",
    "curated_pools", "generate_candidates", "hand_decisions", "normalise_table", "with_decisions",
]  # fmt: skip
"""The table's helpers live in `table`, the options in `options`: named here too, as callers
think of them as part of "the candidates"."""

MAX_ROWS = 200_000
"""Seeds × neighbours at most: the table is read by a person and every row is tagged."""

WORDFREQ_LANGUAGES = ("de", "en", "fr", "it", "sv")
"""Languages whose wordfreq lists ship with the package (no download needed)."""


@dataclass(frozen=True, eq=False)
class Candidates:
    """The neighbour table of one word set in one embedding, with every filter's verdict.

    `table` has the columns of `TABLE_SCHEMA`: one row per (set, seed, neighbour). `reason` is the
    filter's verdict (why it dropped the neighbour, None if it passed) and stays when a person
    overrides it; `kept` is the final decision, by the filter or by hand. `flag` marks kept
    neighbours a person should check.
    """

    embedding: str
    wordset_id: str
    language: str
    table: pl.DataFrame
    missing_seeds: dict[str, tuple[str, ...]]
    tagger: str | None
    notes: tuple[Note, ...]
    """What a reader must know about the run, as codes (`bias.report.note_sentences` words them)."""
    options: CandidateOptions = field(default_factory=CandidateOptions)
    set_pos: dict[str, str | None] = field(default_factory=dict)
    """The part of speech each set's candidates were compared with (majority of its seeds)."""
    ambiguous: dict[str, tuple[AmbiguousSeed, ...]] = field(default_factory=dict)
    reviewed: bool = False
    """Set by a person who checked every kept word ("I have reviewed this table")."""

    def hand_decisions(self) -> int:
        """Rows where the person's Keep differs from the filters' verdict."""
        return hand_decisions(self.table)

    @property
    def curated(self) -> bool:
        """Whether a person curated the pool: changed a decision or marked it reviewed."""
        return self.reviewed or self.hand_decisions() > 0

    def kept_words(self) -> dict[str, list[str]]:
        """The kept candidates per set, duplicates removed, in table order."""
        return curated_pools(self.table)

    def with_table(self, table: pl.DataFrame) -> Candidates:
        """The same candidates with a curated table (toggled `kept`, corrected spellings)."""
        return replace(self, table=normalise_table(table))

    def to_dict(self) -> dict:
        """Per set X/Y/A/B, the rows as {word, seed, similarity, pos, kept, reason, ...}."""
        per_set: dict[str, list[dict]] = {key: [] for key in SET_KEYS}
        for row in self.table.iter_rows(named=True):
            per_set[row["set"]].append(
                {
                    "word": row["candidate"],
                    "seed": row["seed"],
                    "similarity": row["similarity"],
                    "pos": row["pos"],
                    "seed_pos": row["seed_pos"],
                    "kept": row["kept"],
                    "reason": row["reason"],
                    "flag": row["flag"],
                    "flags": split_flags(row["flag"]),
                    **{name: row[name] for name in FIT_COLUMNS},
                }
            )
        return {
            "embedding": self.embedding,
            "wordset": self.wordset_id,
            "language": self.language,
            "tagger": self.tagger,
            "options": asdict(self.options),
            "set_pos": dict(self.set_pos),
            "ambiguous_seeds": [a.to_dict() for group in self.ambiguous.values() for a in group],
            "curated": self.curated,
            "reviewed": self.reviewed,
            "hand_decisions": self.hand_decisions(),
            "missing_seeds": {k: list(v) for k, v in self.missing_seeds.items()},
            "notes": [note.to_dict() for note in self.notes],
            "candidates": per_set,
        }

    @classmethod
    def from_dict(cls, data: Mapping) -> Candidates:
        """Inverse of `to_dict` (used for the saved curation)."""
        rows = [
            {
                "set": key,
                "seed": item["seed"],
                "candidate": item["word"],
                "similarity": item["similarity"],
                "pos": item.get("pos"),
                "seed_pos": item.get("seed_pos"),
                "kept": item["kept"],
                "reason": item.get("reason"),
                "flag": item.get("flag"),
                **{name: item.get(name) for name in FIT_COLUMNS},
            }
            for key in SET_KEYS
            for item in data["candidates"].get(key, [])
        ]
        return cls(
            embedding=str(data["embedding"]),
            wordset_id=str(data["wordset"]),
            language=str(data["language"]),
            table=normalise_table(pl.DataFrame(rows, schema=TABLE_SCHEMA)),
            missing_seeds={k: tuple(v) for k, v in data.get("missing_seeds", {}).items()},
            tagger=data.get("tagger"),
            notes=tuple(saved_note(item) for item in data.get("notes", ())),
            options=saved_options(data.get("options", {})),
            set_pos={k: v for k, v in data.get("set_pos", {}).items() if k in SET_KEYS},
            ambiguous=saved_ambiguous(data.get("ambiguous_seeds", [])),
            reviewed=data.get("reviewed") is True,
        )


def _seed_case(word: str, seed: WordLookup, cased: bool) -> str:
    """The neighbour in the seed's case, when the seed was only found in another case of a
    lower-case vocabulary.

    Taggers lean on capitals: HanTa tags "Jennifer" a proper noun but "jennifer" an adjective.
    In a lower-case vocabulary (GloVe) the seed "Amy" is found as "amy"; its neighbours are then
    tagged capitalised, the way the user wrote the seed, so that like is compared with like. An
    embedding that keeps capitals spells each neighbour as it is written (ours: WEATHub's French
    "Nombres" is found as "nombres", and "Géométriques" would be tagged a noun where the
    adjective "géométriques" is one), so there a neighbour is tagged as spelled.
    """
    if cased:
        return word
    if seed.match in (Match.LOWER, Match.CAPITALISED) and seed.word[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _zipf(language: str):
    from wordfreq import zipf_frequency

    return lambda word: zipf_frequency(word, language)


def generate_candidates(
    embedding: Embedding,
    wordset: WordSet,
    options: CandidateOptions = CandidateOptions(),
    tagger: TaggerChoice = AUTO,
) -> Candidates:
    """Neighbours of every seed word, filtered, each dropped one with its reason.

    `tagger` is `AUTO` (the best tagger for the embedding's language, `pos.tagger_for`), a
    `Tagger`, or None to run without one (the word-type filter is then skipped and a note says
    so).
    """
    language = embedding.language
    sharp_s = options.uses_sharp_s(language)
    chosen = choose_tagger(tagger, language) if options.pos_filter else None
    notes = _option_notes(options, language, sharp_s, chosen)
    lookups, missing = _seed_lookups(embedding, wordset, notes)
    notes += [
        Note("seeds_missing", {"set": key, "name": wordset.sets()[key].name,
                               "words": list(words), "embedding": embedding.name})
        for key, words in missing.items() if words
    ]  # fmt: skip
    _check_size(lookups, options)
    seed_pos, set_pos = _word_types(lookups, chosen, options)
    ambiguous = find_ambiguous(embedding, lookups)
    cased = is_cased(embedding)
    ours = _our_lexicons(options, language, lookups, notes)
    profiles = profile_sets(lookups, set_pos, language, chosen, cased)
    notes += _unchecked_names(profiles, wordset) if options.names_vs_nouns else []
    notes += name_notes(options, language, lookups, profiles)
    context = Context(
        embedding=embedding,
        options=options,
        sharp_s=sharp_s,
        lookups=lookups,
        seed_keys=_seed_keys(lookups, sharp_s),
        folded_seeds={k: tuple(fold(i.word, sharp_s) for i in v) for k, v in lookups.items()},
        tagger=chosen,
        set_pos=set_pos,
        zipf=_zipf(language) if options.min_zipf is not None and language in WORDFREQ_LANGUAGES
        else None,
        ambiguous={(a.set, a.word): a for group in ambiguous.values() for a in group},
        language=language,
        cased=cased,
        profiles=profiles, set_names={key: s.name for key, s in wordset.sets().items()},
        **ours,
    )  # fmt: skip
    table = run_steps(_neighbour_table(context, seed_pos), context)
    return Candidates(
        embedding=embedding.name,
        wordset_id=wordset.id,
        language=language,
        table=table,
        missing_seeds={k: v for k, v in missing.items() if v},
        tagger=chosen.name if chosen else None,
        notes=tuple(notes),
        options=options,
        set_pos=set_pos,
        ambiguous={k: tuple(v) for k, v in ambiguous.items()},
    )


def _option_notes(
    options: CandidateOptions, language: str, sharp_s: bool, tagger: Tagger | None
) -> list[Note]:
    """What the options mean for this language: a filter skipped for want of a tagger or a word
    list, and how edit distances are counted."""
    notes = []
    if options.pos_filter and tagger is None:
        notes.append(Note("no_tagger", {"language": language}))
    if options.min_zipf is not None and language not in WORDFREQ_LANGUAGES:
        notes.append(Note("no_frequency_list", {"language": language}))
    if options.edit_filter:
        notes.append(Note("edit_distance", {"min_edit": options.min_edit, "sharp_s": sharp_s}))
    return notes


def _unchecked_names(profiles: Mapping[str, SetProfile], wordset: WordSet) -> list[Note]:
    """A note for each set of names the first-names dictionary does not cover (`seed_profiles`)."""
    return [
        Note("names_unchecked", {"set": key, "name": wordset.sets()[key].name})
        for key, profile in profiles.items()
        if profile.kind == "name" and not profile.names_known
    ]


def _check_size(lookups: Mapping[str, list[WordLookup]], options: CandidateOptions) -> None:
    """Refuse a table too large for a person to read (`MAX_ROWS`), in one sentence; counted at
    the widest search a set gets (`concept_neighbours` while concept fit is on)."""
    neighbours = max(options.neighbours, options.concept_neighbours if options.concept_fit else 0)
    seeds = sum(len(items) for items in lookups.values())
    if seeds * neighbours > MAX_ROWS:
        raise BiasInputError(
            f"{seeds:,} seed words × {neighbours} neighbours would make "
            f"{seeds * neighbours:,} rows to check; at most {MAX_ROWS:,} are "
            "allowed. Ask for fewer neighbours or start from a smaller word set."
        )


def _word_types(
    lookups: Mapping[str, list[WordLookup]], tagger: Tagger | None, options: CandidateOptions
) -> tuple[dict[str, dict[str, str | None]], dict[str, str | None]]:
    """Each seed's own tag, and each set's word type: the majority of its seeds' tags, or the
    one the options choose (None everywhere without a tagger)."""
    seed_pos = {
        key: {item.word: tagger.upos(item.word) for item in lookups[key]} if tagger else {}
        for key in SET_KEYS
    }
    set_pos = {key: _majority(seed_pos[key].values()) if tagger else None for key in SET_KEYS}
    set_pos.update(options.set_pos or {})
    return seed_pos, set_pos


def _our_lexicons(
    options: CandidateOptions,
    language: str,
    lookups: Mapping[str, list[WordLookup]],
    notes: list[Note],
) -> dict:
    """The stop words and the lemmatiser our filters need, each with a note when it is missing
    for the language (the filter is then skipped)."""
    found: dict = {}
    if options.drop_function_words:
        found["stop_words"] = stop_words(language)
        if found["stop_words"] is None:
            notes.append(Note("no_stop_words", {"language": language}))
    if options.drop_seed_forms:
        lemma = found["lemma"] = lemmatiser(language)
        if lemma is None:
            notes.append(Note("no_lemmatiser", {"language": language}))
        else:
            found["seed_lemmas"] = {
                lemma(form): item.word
                for items in lookups.values()
                for item in items
                for form in (item.word, item.found_as)
                if form
            }
    if options.names_vs_nouns and first_names() is None:
        notes.append(Note("no_names_dictionary", {}))
    return found


def _seed_keys(lookups: Mapping[str, list[WordLookup]], sharp_s: bool) -> dict[str, str]:
    """Folded spelling of every seed, as written and as found, → the first set it is in."""
    keys: dict[str, str] = {}
    for key, items in lookups.items():
        for item in items:
            for form in (item.word, item.found_as):
                if form:
                    keys.setdefault(fold(form, sharp_s), key)
    return keys


def _neighbour_table(context: Context, seed_pos: Mapping[str, Mapping[str, str | None]]):
    """Every seed's neighbours as rows, all kept, tagged, with the flags that concern the seed."""
    tagger = context.tagger
    neighbours_of = {}
    for k, keys in neighbours_per_set(context).items():
        seeds = [item for key in keys for item in context.lookups[key]]
        neighbours_of |= {id(n.seed): n for n in nearest_neighbours(context.embedding, seeds, k)}
    rows: list[dict] = []
    for key in SET_KEYS:
        expected = context.set_pos[key]
        for item in context.lookups[key]:
            hood = neighbours_of.get(id(item))
            if hood is None:
                continue
            own_pos = seed_pos[key].get(item.word)
            flags = []
            odd = context.ambiguous.get((key, item.word))
            if odd is not None:
                flags.append(odd.describe())
            if tagger and expected is not None and own_pos != expected:
                flags.append(
                    f"the seed '{item.word}' is tagged {own_pos or 'unknown'} on its own, its "
                    f"set {expected}; its neighbours are compared with {expected}"
                )
            if tagger and expected is None:
                flags.append("the set's part of speech is unknown, so it was not compared")
            flag = FLAG_SEPARATOR.join(flags) or None
            for word, similarity in zip(hood.words, hood.similarities, strict=True):
                candidate = word.strip()  # the embedding's spelling; ß = ss only in `fold`
                rows.append(
                    {
                        "set": key,
                        "seed": item.word,
                        "candidate": candidate,
                        "similarity": similarity,
                        "pos": tagger.upos(_seed_case(word, item, context.cased))
                        if tagger and candidate else None,
                        "seed_pos": own_pos,
                        "kept": True,
                        "reason": None,
                        "flag": flag,
                    }
                )  # fmt: skip
    return pl.DataFrame(rows, schema=TABLE_SCHEMA)


def _seed_lookups(
    embedding: Embedding, wordset: WordSet, notes: list[Note]
) -> tuple[dict[str, list[WordLookup]], dict[str, tuple[str, ...]]]:
    """Each set's seeds looked up, each vector once, at most `MAX_SEEDS_PER_SET` per set.

    A seed written twice, or "Man" beside "man" in a lower-case vocabulary, would only repeat the
    same neighbours (and 3,000 copies of "the" would cost gigabytes), so each vector is used once
    and a note says which words were merged.
    """
    lookups: dict[str, list[WordLookup]] = {}
    missing: dict[str, tuple[str, ...]] = {}
    for key, terms in wordset.sets().items():
        distinct = list(dict.fromkeys(terms.words))
        if len(distinct) > MAX_SEEDS_PER_SET:
            raise BiasInputError(
                f"Set {key} ({terms.name}) has {len(distinct):,} different seed words; BiasWords "
                f"takes at most {MAX_SEEDS_PER_SET} per set. Start from a smaller word set."
            )
        used: dict[str, WordLookup] = {}
        merged = []
        missing_here = []
        for item in embedding.lookup_all(distinct):
            if not item.found:
                missing_here.append(item.word)
            elif item.found_as in used:
                merged.append(item.word)
            else:
                used[str(item.found_as)] = item
        if len(terms.words) > len(distinct) or merged:
            repeats = len(terms.words) - len(distinct) + len(merged)
            notes.append(Note("repeated_seeds", {"set": key, "name": terms.name, "count": repeats}))
        lookups[key] = list(used.values())
        missing[key] = tuple(missing_here)
    return lookups, missing


def _majority(tags) -> str | None:
    """The most common known tag, the first seen winning a tie; None if no tag is known."""
    counts: dict[str, int] = {}
    for tag in tags:
        if tag is not None:
            counts[tag] = counts.get(tag, 0) + 1
    return max(counts, key=counts.get) if counts else None

