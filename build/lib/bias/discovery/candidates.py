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

from bias.discovery.neighbours import nearest_neighbours
from bias.discovery.pos import Tagger, compatible, tagger_for
from bias.errors import BiasInputError
from bias.vectors.embeddings import Embedding, Match, WordLookup
from bias.wordsets import SET_KEYS, WordSet

OPPOSED = {"X": "Y", "Y": "X", "A": "B", "B": "A"}
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
                }
            )
        return {
            "embedding": self.embedding,
            "wordset": self.wordset_id,
            "language": self.language,
            "tagger": self.tagger,
            "options": asdict(self.options),
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
        )


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
    seed_pos: str | None,
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
    if tagged and seed_pos is not None:
        if pos is None:
            return "part of speech unknown"
        if not compatible(seed_pos, pos):
            return f"part of speech {pos} does not go with the seed's {seed_pos}"
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
    lookups, missing = {}, {}
    for key, terms in wordset.sets().items():
        lookups[key] = embedding.lookup_all(terms.words)
        missing[key] = tuple(item.word for item in lookups[key] if not item.found)
        for item in lookups[key]:
            for form in (item.word, item.found_as):
                if form:
                    seed_keys.setdefault(_fold(form, sharp_s), key)
        if missing[key]:
            notes.append(
                f"{key} ({terms.name}): {len(missing[key])} seed word(s) are not in "
                f"{embedding.name} and have no neighbours: {', '.join(missing[key])}."
            )

    all_seeds = [item for key in SET_KEYS for item in lookups[key]]
    found_neighbours = nearest_neighbours(embedding, all_seeds, options.neighbours)
    neighbours_of = {id(n.seed): n for n in found_neighbours}

    rows: list[dict] = []
    for key in SET_KEYS:
        for item in lookups[key]:
            hood = neighbours_of.get(id(item))
            if hood is None:
                continue
            seed_pos = tagger.upos(item.word) if tagged else None
            for word, similarity in zip(hood.words, hood.similarities, strict=True):
                candidate = word.strip()  # the embedding's spelling; ß = ss only in _fold
                pos = tagger.upos(_seed_case(word, item)) if tagged and candidate else None
                frequency = zipf(candidate) if zipf is not None and candidate else None
                reason = _verdict(
                    candidate, item.word, pos, seed_pos, frequency, seed_keys, options, sharp_s,
                    tagged,
                )  # fmt: skip
                flag = None
                if tagged and seed_pos is None:
                    flag = "the seed's part of speech is unknown, so it was not compared"
                rows.append(
                    {
                        "set": key,
                        "seed": item.word,
                        "candidate": candidate,
                        "similarity": similarity,
                        "pos": pos,
                        "seed_pos": seed_pos,
                        "kept": reason is None,
                        "reason": reason,
                        "flag": flag,
                    }
                )
    table = pl.DataFrame(rows, schema=TABLE_SCHEMA)
    table = _drop_duplicates(table, sharp_s)
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
    )


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
        flags.append("; ".join(notes) or None)
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
