"""Step 1 of BiasWords: the nearest neighbours of the seed words, each with every filter's verdict.

This module exists because the filters are where the method makes judgements, and a person has to
be able to check them: nothing is deleted, every dropped neighbour stays in the table with the
first filter it failed, and words near both sides of an opposed pair are flagged, not dropped. It
also owns the table itself (`TABLE_SCHEMA`, `normalise_table`, `curated_pools`), which the curation
store and the draws both read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace

import numpy as np
import polars as pl
from rapidfuzz.distance import Levenshtein

from bias.discovery.pos import UPOS_TAGS, Tagger, compatible, pos_label, tagger_for
from bias.errors import BiasInputError
from bias.limits import MAX_SEEDS_PER_SET
from bias.vectors.ambiguity import AmbiguousSeed, find_ambiguous
from bias.vectors.embeddings import Embedding, Match, WordLookup
from bias.vectors.neighbours import nearest_neighbours
from bias.wordsets import SET_KEYS, WordSet

OPPOSED = {"X": "Y", "Y": "X", "A": "B", "B": "A"}
MAX_ROWS = 200_000
"""Seeds × neighbours at most: the table is read by a person and every row is tagged."""
"""The pairs a WEAT contrasts; a word near both sides of a pair is ambiguous."""

WORDFREQ_LANGUAGES = ("de", "en", "fr", "it", "sv")
"""Languages whose wordfreq lists ship with the package (no download needed)."""

TABLE_SCHEMA = {
    "set": pl.String,
    "seed": pl.String,
    "candidate": pl.String,
    "similarity": pl.Float64,
    "pos": pl.String,
    "seed_pos": pl.String,
    "kept": pl.Boolean,
    "reason": pl.String,
    "flag": pl.String,
}

FLAG_SEPARATOR = "; "
"""Joins a row's flags in the table's `flag` text; `flags` in JSON is the list."""

# A word: letters, optionally joined by one hyphen or apostrophe ("Hip-Hop-Tanz", "o'neill").
# Digits, other punctuation, e-mail and web addresses do not match.
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


@dataclass(frozen=True)
class CandidateOptions:
    """Which filters run and how strict they are; the defaults follow the paper."""

    neighbours: int = 20
    min_edit: int = 3
    pos_filter: bool = True
    edit_filter: bool = True
    clean: bool = True
    sharp_s: bool | None = None
    """Compare ß as ss (duplicates, seed words, edit distance); None means "for German only",
    as the paper did. The table keeps the embedding's own spelling either way, so it can be
    drawn."""
    drop_seed_words: bool = True
    flag_opposed: bool = True
    min_zipf: float | None = None
    """Frequency floor on wordfreq's Zipf scale (3 ≈ once per million words); None = off."""
    keep_ambiguous: bool = False
    """Keep the neighbours of seeds flagged as ambiguous (`ambiguity`); by default they are
    dropped, since "bill" near "Bill" gives legislation, not names."""
    drop_opposite: bool = True
    """Drop a neighbour that is closer (mean cosine) to the opposite set's seeds than to its own
    set's: the paper removed such words (a wife among male words) by hand."""
    drop_attribute_like: bool = True
    """Drop a candidate for X or Y that is closer to the seeds of A or B than to its own set's
    ("husband" among female names, nearer the family words)."""
    group_forms: bool = True
    """Keep one word of each group of forms (director/directors, colour/color) per set."""
    set_pos: dict[str, str] | None = None
    """The expected part of speech per set (e.g. {"B": "NOUN"}); a set not named here gets the
    majority tag of its seeds."""

    def __post_init__(self) -> None:
        if isinstance(self.neighbours, bool) or not isinstance(self.neighbours, int):
            raise BiasInputError("The number of neighbours must be a whole number, such as 20.")
        if not 1 <= self.neighbours <= 1000:
            raise BiasInputError("The number of neighbours must be between 1 and 1000.")
        if isinstance(self.min_edit, bool) or not isinstance(self.min_edit, int):
            raise BiasInputError("The minimum edit distance must be a whole number, such as 3.")
        if self.min_edit < 0:
            raise BiasInputError("The minimum edit distance cannot be negative.")
        if self.min_zipf is not None and not 0 <= self.min_zipf <= 8:
            raise BiasInputError("The frequency floor is a Zipf value between 0 and 8, e.g. 2.5.")
        for key, tag in (self.set_pos or {}).items():
            if key not in SET_KEYS or tag not in UPOS_TAGS:
                raise BiasInputError(
                    f"The word type of a set must be one of {', '.join(UPOS_TAGS)} for X, Y, A "
                    f"or B; '{key}': '{tag}' is not."
                )

    def uses_sharp_s(self, language: str) -> bool:
        return language == "de" if self.sharp_s is None else self.sharp_s


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
    notes: tuple[str, ...]
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
            "notes": list(self.notes),
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
            notes=tuple(data.get("notes", ())),
            options=CandidateOptions(**data.get("options", {})),
            set_pos={k: v for k, v in data.get("set_pos", {}).items() if k in SET_KEYS},
            ambiguous=_ambiguous_from(data.get("ambiguous_seeds", [])),
            reviewed=data.get("reviewed") is True,
        )


def split_flags(flag: str | None) -> list[str]:
    """The table's `flag` text as the list of its flags."""
    return [] if not flag else flag.split(FLAG_SEPARATOR)


def hand_decisions(table: pl.DataFrame) -> int:
    """Rows whose Keep differs from the filters' verdict (restored or dropped by a person)."""
    table = normalise_table(table)
    return int((table["kept"] != table["reason"].is_null()).sum())


def _ambiguous_from(items) -> dict[str, tuple[AmbiguousSeed, ...]]:
    found: dict[str, list[AmbiguousSeed]] = {}
    for item in items:
        seed = AmbiguousSeed(
            str(item["set"]), str(item["word"]), str(item["found_as"]), str(item["match"]),
            float(item["cohesion"]), float(item["set_median"]), tuple(item["neighbours"]),
        )  # fmt: skip
        found.setdefault(seed.set, []).append(seed)
    return {k: tuple(v) for k, v in found.items()}


def _fold(word: str, sharp_s: bool) -> str:
    """The comparison key: case-insensitive, and ß = ss only when `sharp_s` (German).

    Only keys are folded; the table keeps the embedding's spelling. `str.casefold` alone would
    already turn ß into ss, so without `sharp_s` the ß is protected from it.
    """
    if sharp_s:
        return word.casefold().replace("ß", "ss")
    return "ß".join(part.casefold() for part in word.replace("ẞ", "ß").split("ß"))


def _seed_case(word: str, seed: WordLookup) -> str:
    """The neighbour in the seed's case, when the seed was only found in another case.

    Taggers lean on capitals: HanTa tags "Jennifer" a proper noun but "jennifer" an adjective.
    In a lower-case vocabulary (GloVe) the seed "Amy" is found as "amy"; its neighbours are then
    tagged capitalised, the way the user wrote the seed, so that like is compared with like.
    """
    if seed.match in (Match.LOWER, Match.CAPITALISED) and seed.word[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _zipf(language: str):
    from wordfreq import zipf_frequency

    return lambda word: zipf_frequency(word, language)


def _verdict(
    candidate: str,
    seed: str,
    pos: str | None,
    set_pos: str | None,
    zipf: float | None,
    seed_keys: Mapping[str, str],
    options: CandidateOptions,
    sharp_s: bool,
    tagged: bool,
) -> str | None:
    """Why a neighbour is dropped (the first filter it fails), or None if it is kept."""
    if options.clean:
        if not candidate:
            return "empty after removing spaces"
        if not _WORD.fullmatch(candidate):
            return "not a word (digits, punctuation or a web address)"
    key = _fold(candidate, sharp_s)
    if options.drop_seed_words and key in seed_keys:
        return f"already a seed word (in set {seed_keys[key]})"
    if options.edit_filter:
        edits = Levenshtein.distance(key, _fold(seed, sharp_s))
        if edits < options.min_edit:
            return (
                f"only {edits} letter(s) different from the seed '{seed}' "
                f"(at least {options.min_edit} needed, case ignored)"
            )
    if tagged and set_pos is not None:
        if pos is None:
            return "word type unknown"
        if not compatible(set_pos, pos):
            return f"word type {pos_label(pos)} does not go with the set's {pos_label(set_pos)}"
    if zipf is not None and options.min_zipf is not None and zipf < options.min_zipf:
        return f"rare: Zipf frequency {zipf:.1f} is below {options.min_zipf:g}"
    return None


def generate_candidates(
    embedding: Embedding,
    wordset: WordSet,
    options: CandidateOptions = CandidateOptions(),
    tagger: Tagger | bool | None = True,
) -> Candidates:
    """Neighbours of every seed word, filtered, each dropped one with its reason.

    `tagger=True` picks the best tagger for the embedding's language (`pos.tagger_for`);
    pass a `Tagger` to use another, or None/False to run without one (the filter is then skipped
    and a note says so).
    """
    language = embedding.language
    sharp_s = options.uses_sharp_s(language)
    notes: list[str] = []
    if tagger is True:
        tagger = tagger_for(language) if options.pos_filter else None
    tagger = tagger or None
    tagged = options.pos_filter and tagger is not None
    if options.pos_filter and tagger is None:
        notes.append(
            f"No part-of-speech tagger is available for '{language}', so the part-of-speech "
            "filter was skipped; check the candidates by eye."
        )
    zipf = None
    if options.min_zipf is not None:
        if language in WORDFREQ_LANGUAGES:
            zipf = _zipf(language)
        else:
            notes.append(
                f"There is no offline word-frequency list for '{language}', so the frequency "
                "floor was skipped."
            )
    if options.edit_filter:
        notes.append(
            f"Edit distances are counted case-insensitively{' and with ß as ss' if sharp_s else ''}"
            f"; a neighbour needs at least {options.min_edit} edits from its seed."
        )

    seed_keys: dict[str, str] = {}
    lookups, missing = _seed_lookups(embedding, wordset, notes)
    for key, items in lookups.items():
        missing_here = missing[key]
        for item in items:
            for form in (item.word, item.found_as):
                if form:
                    seed_keys.setdefault(_fold(form, sharp_s), key)
        if missing_here:
            notes.append(
                f"{key} ({wordset.sets()[key].name}): {len(missing_here)} seed word(s) are not "
                f"in {embedding.name} and have no neighbours: {', '.join(missing_here)}."
            )

    all_seeds = [item for key in SET_KEYS for item in lookups[key]]
    if len(all_seeds) * options.neighbours > MAX_ROWS:
        raise BiasInputError(
            f"{len(all_seeds):,} seed words × {options.neighbours} neighbours would make "
            f"{len(all_seeds) * options.neighbours:,} rows to check; at most {MAX_ROWS:,} are "
            "allowed. Ask for fewer neighbours or start from a smaller word set."
        )
    found_neighbours = nearest_neighbours(embedding, all_seeds, options.neighbours)
    neighbours_of = {id(n.seed): n for n in found_neighbours}
    ambiguous = find_ambiguous(embedding, lookups)
    ambiguous_words = {(a.set, a.word): a for group in ambiguous.values() for a in group}

    seed_pos = {
        key: {item.word: tagger.upos(item.word) for item in lookups[key]} if tagged else {}
        for key in SET_KEYS
    }
    set_pos = {key: _majority(seed_pos[key].values()) if tagged else None for key in SET_KEYS}
    for key, tag in (options.set_pos or {}).items():
        set_pos[key] = tag

    rows: list[dict] = []
    for key in SET_KEYS:
        expected = set_pos[key]
        for item in lookups[key]:
            hood = neighbours_of.get(id(item))
            if hood is None:
                continue
            own_pos = seed_pos[key].get(item.word)
            seed_flags = []
            odd = ambiguous_words.get((key, item.word))
            if odd is not None:
                seed_flags.append(odd.describe())
            if tagged and expected is not None and own_pos != expected:
                seed_flags.append(
                    f"the seed '{item.word}' is tagged {own_pos or 'unknown'} on its own, its "
                    f"set {expected}; its neighbours are compared with {expected}"
                )
            for word, similarity in zip(hood.words, hood.similarities, strict=True):
                candidate = word.strip()  # the embedding's spelling; ß = ss only in _fold
                pos = tagger.upos(_seed_case(word, item)) if tagged and candidate else None
                frequency = zipf(candidate) if zipf is not None and candidate else None
                reason = _verdict(
                    candidate, item.word, pos, expected, frequency, seed_keys, options, sharp_s,
                    tagged,
                )  # fmt: skip
                if reason is None and odd is not None and not options.keep_ambiguous:
                    reason = f"near an ambiguous seed ('{item.word}' found as '{odd.found_as}')"
                flags = list(seed_flags)
                if tagged and expected is None:
                    flags.append("the set's part of speech is unknown, so it was not compared")
                rows.append(
                    {
                        "set": key,
                        "seed": item.word,
                        "candidate": candidate,
                        "similarity": similarity,
                        "pos": pos,
                        "seed_pos": own_pos,
                        "kept": reason is None,
                        "reason": reason,
                        "flag": FLAG_SEPARATOR.join(flags) or None,
                    }
                )
    table = pl.DataFrame(rows, schema=TABLE_SCHEMA)
    table = _drop_duplicates(table, sharp_s)
    if options.drop_opposite or options.drop_attribute_like:
        table = _drop_closer_elsewhere(embedding, table, lookups, options)
    if options.group_forms:
        table = _group_forms(table, sharp_s)
    if options.flag_opposed:
        table = flag_overlaps(table, sharp_s)
    return Candidates(
        embedding=embedding.name,
        wordset_id=wordset.id,
        language=language,
        table=table,
        missing_seeds={k: v for k, v in missing.items() if v},
        tagger=tagger.name if tagged else None,
        notes=tuple(notes),
        options=options,
        set_pos=set_pos,
        ambiguous={k: tuple(v) for k, v in ambiguous.items()},
    )


def _seed_lookups(
    embedding: Embedding, wordset: WordSet, notes: list[str]
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
            notes.append(
                f"{key} ({terms.name}): {repeats} seed word(s) repeat another one (as written or "
                "as found); each vector is used once."
            )
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


def _drop_duplicates(table: pl.DataFrame, sharp_s: bool) -> pl.DataFrame:
    """Within a set, keep the most similar occurrence of each kept word; drop the rest with why."""
    first: dict[tuple[str, str], str] = {}
    kept, reasons = table["kept"].to_list(), table["reason"].to_list()
    sets, seeds, words = (
        table["set"].to_list(),
        table["seed"].to_list(),
        table["candidate"].to_list(),
    )
    for i in np.argsort(-table["similarity"].to_numpy(), kind="stable"):
        if not kept[i]:
            continue
        key = (sets[i], _fold(words[i], sharp_s))
        if key in first:
            kept[i] = False
            reasons[i] = f"duplicate: already a candidate near '{first[key]}'"
        else:
            first[key] = seeds[i]
    return table.with_columns(
        pl.Series("kept", kept, dtype=pl.Boolean), pl.Series("reason", reasons, dtype=pl.String)
    )


def _drop_closer_elsewhere(
    embedding: Embedding,
    table: pl.DataFrame,
    lookups: Mapping[str, list[WordLookup]],
    options: CandidateOptions,
) -> pl.DataFrame:
    """Drop kept words closer, on average, to another set's seeds than to their own set's.

    Two rules, each its own option. `drop_opposite`: a neighbour of "Amy" that lies nearer the
    male names than the female ones belongs to neither side (the paper removed such words by
    hand). `drop_attribute_like`: a candidate for a *target* set (X, Y) that lies nearer an
    attribute set's seeds (A, B) than its own, e.g. "husband", "mother" or "widow" near the female
    names but nearer the family words, is an attribute word, not a new target word. Closeness is
    the mean cosine with the set's found seeds, as WEAT itself uses. A person can restore any.
    """
    seeds = {key: embedding.vectors_for(items) for key, items in lookups.items() if items}
    rivals = {key: [OPPOSED[key]] if options.drop_opposite else [] for key in SET_KEYS}
    if options.drop_attribute_like:
        for key in ("X", "Y"):
            rivals[key] += ["A", "B"]
    kept, reasons = table["kept"].to_list(), table["reason"].to_list()
    sets, words = table["set"].to_list(), table["candidate"].to_list()
    todo = [i for i in range(table.height) if kept[i] and sets[i] in seeds and rivals[sets[i]]]
    rows = {i: embedding.row(words[i]) for i in todo}
    todo = [i for i in todo if rows[i] is not None]
    if not todo:
        return table
    vectors = np.asarray(embedding.vectors[[rows[i] for i in todo]], dtype=np.float64)
    for key in SET_KEYS:
        picked = [j for j, i in enumerate(todo) if sets[i] == key]
        others = [other for other in rivals[key] if other in seeds]
        if not picked or not others:
            continue
        closeness = {
            k: (vectors[picked] @ seeds[k].T.astype(np.float64)).mean(axis=1)
            for k in (key, *others)
        }
        for n, j in enumerate(picked):
            mine = closeness[key][n]
            rival = max(others, key=lambda k: closeness[k][n])
            theirs = closeness[rival][n]
            if theirs > mine:
                kind = "the opposite set" if rival == OPPOSED[key] else "the attribute set"
                i = todo[j]
                kept[i] = False
                reasons[i] = (
                    f"closer to {kind} {rival} (mean similarity {theirs:.2f}) than to its own "
                    f"set {key} ({mine:.2f})"
                )
    return table.with_columns(
        pl.Series("kept", kept, dtype=pl.Boolean), pl.Series("reason", reasons, dtype=pl.String)
    )


_FORM_SUFFIXES = ("s", "es", "'s", "’s")


def _forms_of(key: str) -> set[str]:
    """Spellings that count as another form of `key`: plural/possessive endings, y → ies, and
    (for words of 5+ letters) one letter more or less (colour/color, traveller/traveler)."""
    forms = {key + suffix for suffix in _FORM_SUFFIXES}
    forms |= {key[: -len(suffix)] for suffix in _FORM_SUFFIXES if key.endswith(suffix)}
    if key.endswith("y"):
        forms.add(key[:-1] + "ies")
    if key.endswith("ies"):
        forms.add(key[:-3] + "y")
    if len(key) >= 6:
        forms |= {key[:i] + key[i + 1 :] for i in range(len(key))}
    forms.discard(key)
    return forms


def _group_forms(table: pl.DataFrame, sharp_s: bool) -> pl.DataFrame:
    """Within a set, keep only the most similar word of each group of forms; mark the others.

    Drawing director and directors into one set counts one meaning twice. Only the closest form
    stays kept; the others say which word they are a form of, so a person can swap them.
    """
    kept, reasons = table["kept"].to_list(), table["reason"].to_list()
    sets, words = table["set"].to_list(), table["candidate"].to_list()
    leaders: dict[tuple[str, str], str] = {}  # (set, folded form) -> the kept word of the group
    deletions: dict[tuple[str, str], str] = {}  # (set, word minus one letter) -> kept word
    for i in np.argsort(-table["similarity"].to_numpy(), kind="stable"):
        if not kept[i]:
            continue
        key = _fold(words[i], sharp_s)
        leader = next(
            (leaders[(sets[i], f)] for f in _forms_of(key) if (sets[i], f) in leaders), None
        )
        if leader is None and len(key) >= 5:
            leader = deletions.get((sets[i], key))
        if leader is not None:
            kept[i] = False
            reasons[i] = f"another form of '{leader}' (kept): one word per group is drawn"
            continue
        leaders[(sets[i], key)] = words[i]
        if len(key) >= 6:
            for j in range(len(key)):
                deletions.setdefault((sets[i], key[:j] + key[j + 1 :]), words[i])
    return table.with_columns(
        pl.Series("kept", kept, dtype=pl.Boolean), pl.Series("reason", reasons, dtype=pl.String)
    )


def flag_overlaps(table: pl.DataFrame, sharp_s: bool = False) -> pl.DataFrame:
    """Flag kept words that are also kept in another set, naming the opposed side first.

    A word near both "male" and "female" seeds (a husband near brother and sister) may belong to
    neither side; a person decides. Draws never put one word into two sets either way.
    """
    sets_of: dict[str, set[str]] = {}
    for row in table.filter(pl.col("kept")).iter_rows(named=True):
        sets_of.setdefault(_fold(row["candidate"], sharp_s), set()).add(row["set"])
    flags = []
    for row in table.iter_rows(named=True):
        notes = [] if row["flag"] is None else [row["flag"]]
        others = sets_of.get(_fold(row["candidate"], sharp_s), set()) - {row["set"]}
        if row["kept"] and others:
            if OPPOSED[row["set"]] in others:
                notes.append(
                    f"also near the seeds of the opposite set {OPPOSED[row['set']]}: "
                    "decide which side it belongs to"
                )
            rest = sorted(others - {OPPOSED[row["set"]]})
            if rest:
                notes.append(f"also a candidate for set {', '.join(rest)}")
        flags.append(FLAG_SEPARATOR.join(notes) or None)
    return table.with_columns(pl.Series("flag", flags, dtype=pl.String))


def normalise_table(table: pl.DataFrame) -> pl.DataFrame:
    """Check a (possibly edited) candidates table and bring it to `TABLE_SCHEMA`.

    Only `set`, `candidate` and `kept` are required; spellings are stripped. `reason` is left as
    it is: it is the filter's verdict, so a word a person restored still says why the filter
    dropped it, and dropping it again shows that reason again. `kept` alone decides.
    """
    if not isinstance(table, pl.DataFrame):
        raise BiasInputError("The curated candidates must be a table.")
    absent = [c for c in ("set", "candidate", "kept") if c not in table.columns]
    if absent:
        raise BiasInputError(
            f"The curated candidates lack the column(s) {', '.join(absent)}; "
            "they need at least set, candidate and kept."
        )
    for column, dtype in TABLE_SCHEMA.items():
        if column not in table.columns:
            table = table.with_columns(pl.lit(None, dtype=dtype).alias(column))
    try:
        table = table.select(
            [pl.col(c).cast(dtype) for c, dtype in TABLE_SCHEMA.items()]
        ).with_columns(
            pl.col("candidate").fill_null("").str.strip_chars(),
            pl.col("kept").fill_null(False),
        )
    except pl.exceptions.PolarsError as exc:
        raise BiasInputError(
            "The curated candidates have a column of the wrong kind (kept must be true/false, "
            "similarity a number)."
        ) from exc
    bad = sorted(set(table["set"].drop_nulls()) - set(SET_KEYS)) + (
        ["(empty)"] if table["set"].null_count() else []
    )
    if bad:
        raise BiasInputError(
            f"The curated candidates name unknown set(s) {', '.join(bad)}; use X, Y, A or B."
        )
    return table


def with_decisions(table: pl.DataFrame) -> pl.DataFrame:
    """The table plus two read-only columns for people: `verdict` and `check`.

    `verdict` spells out the filter's reason and the person's decision together ("dropped by the
    filter: …, kept by you"; "dropped by you"), because `reason` alone next to a ticked Keep box
    would read as "dropped". `check` is `flag`. Both are "" where there is nothing to say (a
    table would show a missing value as "None"). `normalise_table` drops both again.
    """
    reason, kept = pl.col("reason"), pl.col("kept")
    verdict = (
        pl.when(reason.is_null() & kept)
        .then(pl.lit(""))
        .when(reason.is_null())
        .then(pl.lit("dropped by you"))
        .when(kept)
        .then(pl.lit("dropped by the filter: ") + reason + pl.lit(", kept by you"))
        .otherwise(reason)
    )
    return table.with_columns(verdict.alias("verdict"), pl.col("flag").fill_null("").alias("check"))


def curated_pools(table: pl.DataFrame) -> dict[str, list[str]]:
    """The kept, non-empty candidate spellings per set, each once, in table order."""
    table = normalise_table(table)
    pools: dict[str, list[str]] = {key: [] for key in SET_KEYS}
    seen: dict[str, set[str]] = {key: set() for key in SET_KEYS}
    for key, word in table.filter(pl.col("kept")).select("set", "candidate").iter_rows():
        if word and word not in seen[key]:
            seen[key].add(word)
            pools[key].append(word)
    return pools
