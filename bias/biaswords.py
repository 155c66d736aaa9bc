"""BiasWords (Kurpicz-Briki & Leoni 2021, section 2.4): find new biased word sets near known ones.

The method, in three steps:

1. Candidates. For every word of a word set that shows bias (the seeds), take its k nearest
   neighbours in the embedding and filter them: compatible part of speech, at least `min_edit`
   letters different from the seed, clean-up (not words, duplicates, ß→ss for German), not already
   a seed. Nothing is deleted: every dropped neighbour stays in the table with the reason, so a
   person can restore it, and words near both sides of an opposed pair (X/Y, A/B) are flagged, not
   dropped, because the paper left that judgement to a person ("Ehemann" near male and female).
2. Curation. The user toggles `kept` and may correct a spelling; the table is saved as JSON so the
   work survives a reload. `draw_sets` accepts any such table.
3. Draws. New sets of the original sizes are drawn at random from the kept candidates and each is
   validated with WEAT. The paper drew once; one lucky draw proves little, so we draw R times
   (default 100) and report the share of significant draws and the spread of effect sizes.

Everything here is plain numpy/polars; the dashboard page only calls these functions.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

import numpy as np
import polars as pl
from rapidfuzz.distance import Levenshtein

from bias.embeddings import Embedding, Match, WordLookup
from bias.errors import BiasInputError
from bias.files import home, write_text_atomic
from bias.neighbours import nearest_neighbours
from bias.pos import Tagger, compatible, tagger_for
from bias.weat import WeatOptions, run_weat
from bias.wordsets import SET_KEYS, Reported, TermSet, WordSet, safe_id

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
    """Write ß as ss; None means "for German only", as the paper did."""
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

    `table` has the columns of `TABLE_SCHEMA`: one row per (set, seed, neighbour), `kept` False
    with a `reason` for each dropped neighbour, and a `flag` for kept ones a person should check.
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


# --- candidates ---------------------------------------------------------------------------------


def _fold(word: str, sharp_s: bool) -> str:
    """The comparison key: case-insensitive, and ß = ss when ß is being replaced."""
    folded = word.casefold()
    return folded.replace("ß", "ss") if sharp_s else folded


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

    `tagger=True` picks the best tagger for the embedding's language (`bias.pos.tagger_for`);
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
                candidate = word.strip()
                if sharp_s:
                    candidate = candidate.replace("ß", "ss")
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

    Only `set`, `candidate` and `kept` are required; spellings are stripped. A restored word
    (kept again) loses its drop reason, so the table never says "kept" and "dropped" at once.
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
    return table.with_columns(
        pl.when(pl.col("kept")).then(None).otherwise(pl.col("reason")).alias("reason")
    )


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


# --- curation on disk ---------------------------------------------------------------------------


def curation_path(embedding: str, wordset_id: str) -> Path:
    """Where the curated candidates of one word set in one embedding are kept."""
    return home() / "curation" / f"{safe_id(embedding)}__{safe_id(wordset_id)}.json"


def save_curation(candidates: Candidates) -> Path:
    """Save the (curated) candidates atomically; a later `load_curation` returns them."""
    path = curation_path(candidates.embedding, candidates.wordset_id)
    write_text_atomic(path, json.dumps(candidates.to_dict(), ensure_ascii=False, indent=1) + "\n")
    return path


def load_curation(embedding: str, wordset_id: str) -> Candidates | None:
    """The saved candidates for this embedding and word set, or None if there are none."""
    path = curation_path(embedding, wordset_id)
    if not path.exists():
        return None
    try:
        return Candidates.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise BiasInputError(
            f"The saved curation {path} is damaged; delete it to start again."
        ) from exc


# --- draws --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawOptions:
    """How many random draws and how each is validated.

    `iterations` is the WEAT randomization budget per draw. Sets of 8 and 8 words have only
    12,870 partitions, so WEAT enumerates them exactly and `iterations` does not matter; it only
    applies to larger sets, where 10,000 (not the paper's 100,000) keeps 100 draws interactive.
    """

    draws: int = 100
    seed: int = 0
    iterations: int = 10_000
    alpha: float = 0.05
    alternative: str = "greater"

    def __post_init__(self) -> None:
        if isinstance(self.draws, bool) or not isinstance(self.draws, int) or self.draws < 1:
            raise BiasInputError("The number of draws must be a whole number of at least 1.")
        if self.draws > 10_000:
            raise BiasInputError("At most 10,000 draws are allowed; 100 is usually enough.")
        if not 0 < self.alpha < 1:
            raise BiasInputError("The significance level must be between 0 and 1, e.g. 0.05.")
        WeatOptions(iterations=self.iterations, alternative=self.alternative)  # validates


@dataclass(frozen=True)
class Draw:
    """One random composition of new sets and its WEAT validation."""

    index: int
    sets: dict[str, tuple[str, ...]]
    p_value: float
    effect_size: float
    method: str

    def to_dict(self) -> dict:
        return {
            "index": self.index,
            **{key: list(words) for key, words in self.sets.items()},
            "p_value": self.p_value,
            "effect_size": None if math.isnan(self.effect_size) else self.effect_size,
            "method": self.method,
        }


EFFECT_QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


@dataclass(frozen=True)
class DrawSummary:
    """How the draws went as a whole.

    `share_significant` is the fraction of draws with p < alpha: how reliably a random pick from
    the curated candidates shows the bias, not a p-value itself.
    """

    draws: int
    significant: int
    share_significant: float
    alpha: float
    effect_size_mean: float
    effect_size_quantiles: dict[float, float]
    p_value_median: float

    def to_dict(self) -> dict:
        def clean(value: float) -> float | None:
            return None if math.isnan(value) else value

        return {
            "draws": self.draws,
            "significant": self.significant,
            "share_significant": self.share_significant,
            "alpha": self.alpha,
            "effect_size_mean": clean(self.effect_size_mean),
            "effect_size_quantiles": {
                str(q): clean(v) for q, v in self.effect_size_quantiles.items()
            },
            "p_value_median": self.p_value_median,
        }


@dataclass(frozen=True)
class Sampling:
    """All draws from one curated table, their summary, and what could not be used."""

    wordset_id: str
    embedding: str
    sizes: dict[str, int]
    pools: dict[str, int]
    unavailable: dict[str, tuple[str, ...]]
    """Kept candidates the embedding does not know under that spelling (left out of the pool)."""
    options: DrawOptions
    draws: tuple[Draw, ...]
    summary: DrawSummary

    def effect_sizes(self) -> np.ndarray:
        return np.array([d.effect_size for d in self.draws], dtype=np.float64)

    def to_dict(self) -> dict:
        return {
            "wordset": self.wordset_id,
            "embedding": self.embedding,
            "sizes": self.sizes,
            "pools": self.pools,
            "unavailable": {k: list(v) for k, v in self.unavailable.items() if v},
            "options": asdict(self.options),
            "draws": [draw.to_dict() for draw in self.draws],
            "summary": self.summary.to_dict(),
        }


def summarise(draws: Sequence[Draw], alpha: float = 0.05) -> DrawSummary:
    """Share of significant draws and the distribution of their effect sizes (nan ignored)."""
    p = np.array([d.p_value for d in draws], dtype=np.float64)
    d = np.array([d.effect_size for d in draws], dtype=np.float64)
    finite = d[~np.isnan(d)]
    significant = int(np.count_nonzero(p < alpha))
    quantiles = (
        np.quantile(finite, EFFECT_QUANTILES) if finite.size else [math.nan] * len(EFFECT_QUANTILES)
    )
    return DrawSummary(
        draws=len(draws),
        significant=significant,
        share_significant=significant / len(draws) if draws else math.nan,
        alpha=alpha,
        effect_size_mean=float(finite.mean()) if finite.size else math.nan,
        effect_size_quantiles={
            q: float(v) for q, v in zip(EFFECT_QUANTILES, quantiles, strict=True)
        },
        p_value_median=float(np.median(p)) if p.size else math.nan,
    )


def draws_table(wordset: WordSet, draws: Sequence[Draw]) -> pl.DataFrame:
    """The draws laid out like the paper's Table 9: one column per draw, rows for the four sets
    (named as in the seed test), then p and d."""
    names = {key: terms.name for key, terms in wordset.sets().items()}
    columns: dict[str, list[str]] = {
        "": [*(names[k] for k in SET_KEYS), "p-value", "Effect size d"]
    }
    for draw in draws:
        d = "n/a" if math.isnan(draw.effect_size) else f"{draw.effect_size:.3f}"
        columns[f"Draw {draw.index}"] = [
            *(", ".join(draw.sets[key]) for key in SET_KEYS),
            f"{draw.p_value:.5f}",
            d,
        ]
    return pl.DataFrame(columns)


def draw_wordset(wordset: WordSet, sets: Mapping[str, Sequence[str]], index: int) -> WordSet:
    """A WordSet for one draw: the original set names, the drawn words, provenance in `source`."""
    originals = wordset.sets()
    return WordSet(
        id=f"{wordset.id}-biaswords-{index}",
        title=f"BiasWords from {wordset.id}, draw {index}",
        language=wordset.language,
        **{key: TermSet(originals[key].name, tuple(sets[key])) for key in SET_KEYS},
        source={"method": "BiasWords (Kurpicz-Briki & Leoni 2021)", "seeds": wordset.id},
        variant_of=wordset.id,
        origin="user",
    )


def draw_sets(
    embedding: Embedding,
    wordset: WordSet,
    table: pl.DataFrame,
    options: DrawOptions = DrawOptions(),
    sizes: Mapping[str, int] | None = None,
) -> Sampling:
    """Draw new sets of the original sizes from the kept candidates and validate each with WEAT.

    Within a draw the sets are disjoint (X first, then Y, A, B, each without the words already
    drawn), so a flagged word kept on both sides never counts twice. Draw i uses WEAT seed
    `options.seed + i`, and one numpy Generator seeded with `options.seed` picks the words, so the
    same table and options give the same draws.
    """
    pools = curated_pools(table)
    unavailable = {}
    for key in SET_KEYS:
        missing = tuple(w for w in pools[key] if not embedding.lookup(w).found)
        unavailable[key] = missing
        pools[key] = [w for w in pools[key] if w not in missing]
    wanted = {key: len(terms.words) for key, terms in wordset.sets().items()}
    wanted.update(sizes or {})
    for key in SET_KEYS:
        if wanted[key] < 1:
            raise BiasInputError(f"Set {key} must get at least one word per draw.")
        if len(pools[key]) < wanted[key]:
            raise BiasInputError(
                f"Set {key} has {len(pools[key])} usable kept candidate(s) but each draw needs "
                f"{wanted[key]}; keep more candidates or generate more neighbours."
            )
    rng = np.random.default_rng(options.seed)
    draws = []
    for i in range(options.draws):
        used: set[str] = set()
        sets: dict[str, tuple[str, ...]] = {}
        for key in SET_KEYS:
            pool = [w for w in pools[key] if w.casefold() not in used]
            if len(pool) < wanted[key]:
                raise BiasInputError(
                    f"Set {key} shares too many kept words with the other sets to draw "
                    f"{wanted[key]} distinct words; resolve the flagged words first."
                )
            picked = rng.choice(len(pool), size=wanted[key], replace=False)
            sets[key] = tuple(pool[j] for j in picked)
            used.update(w.casefold() for w in sets[key])
        result = run_weat(
            embedding,
            draw_wordset(wordset, sets, i + 1),
            WeatOptions(
                iterations=options.iterations,
                seed=options.seed + i,
                alternative=options.alternative,  # type: ignore[arg-type]
            ),
        )
        draws.append(Draw(i + 1, sets, result.p_value, float(result.effect_size), result.method))
    return Sampling(
        wordset_id=wordset.id,
        embedding=embedding.name,
        sizes=wanted,
        pools={key: len(pool) for key, pool in pools.items()},
        unavailable=unavailable,
        options=options,
        draws=tuple(draws),
        summary=summarise(draws, options.alpha),
    )


def save_draw(
    wordset: WordSet, draw: Draw, title: str | None = None, embedding: str = ""
) -> WordSet:
    """Save one draw as a user word set (it then appears with the others on the WEAT page)."""
    from bias.wordsets import save_user_wordset

    base = draw_wordset(wordset, draw.sets, draw.index)
    effect = None if math.isnan(draw.effect_size) else draw.effect_size
    chosen = replace(
        base,
        id=title or base.id,
        title=title or base.title,
        reported=Reported(
            p_value=draw.p_value,
            p_value_text=f"{draw.p_value:.3g}",
            effect_size=effect,
            effect_size_is_absolute=False,
            embedding=embedding,
            where=f"BiasWords draw {draw.index}",
        ),
        notes=(
            f"Drawn at random from the curated nearest neighbours of {wordset.id}"
            + (f" in {embedding}" if embedding else "")
            + "; the reported p and d are from that draw's validation.",
        ),
    )
    return save_user_wordset(chosen)


# --- one call for the command line --------------------------------------------------------------


@dataclass(frozen=True)
class BiasWordsRun:
    """Candidates and draws of one command-line run."""

    candidates: Candidates
    sampling: Sampling

    def to_dict(self) -> dict:
        sampled = self.sampling.to_dict()
        return {
            **self.candidates.to_dict(),
            "draws": sampled.pop("draws"),
            "summary": sampled.pop("summary"),
            "sampling": sampled,
        }


def run_biaswords(
    embedding: Embedding,
    wordset: WordSet,
    candidate_options: CandidateOptions = CandidateOptions(),
    draw_options: DrawOptions = DrawOptions(),
) -> BiasWordsRun:
    """Candidates with the default filters and no manual curation, then the draws."""
    candidates = generate_candidates(embedding, wordset, candidate_options)
    return BiasWordsRun(candidates, draw_sets(embedding, wordset, candidates.table, draw_options))


def biaswords_cli(
    embedding: str,
    wordset: str,
    neighbours: int = 20,
    min_edit: int = 3,
    draws: int = 100,
    seed: int = 0,
    as_json: bool = False,
) -> str:
    """The text `python -m bias biaswords` prints: JSON, or a short human summary.

    Raises BiasInputError for anything the user can get wrong (unknown embedding or word set,
    too few candidates for the original sizes).
    """
    from bias.catalog import load_embedding
    from bias.wordsets import get_wordset

    run = run_biaswords(
        load_embedding(embedding),
        get_wordset(wordset),
        CandidateOptions(neighbours=neighbours, min_edit=min_edit),
        DrawOptions(draws=draws, seed=seed),
    )
    if as_json:
        return json.dumps(run.to_dict(), ensure_ascii=False, indent=2)
    return format_run(run)


def format_run(run: BiasWordsRun) -> str:
    """A plain-text report: kept candidates per set, then the draws' summary and the best draw."""
    cand, sampling, summary = run.candidates, run.sampling, run.sampling.summary
    table = cand.table
    lines = [f"BiasWords: {cand.wordset_id} in {cand.embedding}"]
    lines += [f"  note: {note}" for note in cand.notes]
    for key, words in cand.kept_words().items():
        dropped = table.filter((pl.col("set") == key) & ~pl.col("kept")).height
        lines.append(f"{key}: {len(words)} kept, {dropped} dropped: {', '.join(words)}")
    q = summary.effect_size_quantiles
    lines.append(
        f"{summary.draws} draws: {summary.significant} significant at p < {summary.alpha:g} "
        f"({summary.share_significant:.0%}); effect size median {q[0.5]:.2f} "
        f"(5–95%: {q[0.05]:.2f} to {q[0.95]:.2f})"
    )
    best = min(sampling.draws, key=lambda d: (d.p_value, -abs(d.effect_size)))
    lines.append(
        f"Most significant draw #{best.index}: p = {best.p_value:.3g}, d = {best.effect_size:.2f}"
    )
    lines += [f"  {key}: {', '.join(words)}" for key, words in best.sets.items()]
    return "\n".join(lines)
