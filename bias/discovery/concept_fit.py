"""Ours (issue 36): how well a candidate of a concept set fits the concept, in three signals.

A concept set (career, family, maths: not names, not male or female terms) is a concept written
as a few seed words, and a neighbour of one seed is often a neighbour of that seed's other sense
(*fees* near *salary*, *facturation* near *calcul*). Three signals judge the candidate against the
whole set instead of its one seed; each is a column of the table (`fit_rank`, `fit_lean`,
`fit_seeds`) with a threshold on `CandidateOptions`:

* **concept rank** (`fit_rank`, at most `max_fit_rank`): how many of the vocabulary's most
  frequent words (`FIT_WITHIN`) lie nearer the candidate than its set's centre (the mean of the
  seeds' unit vectors). A word whose own nearest words are about something else (*facturation*:
  billing) has the concept far down its list; a word of the concept has its centre among its
  nearest. It corrects for hubs: generic words (services, state) are near every centre.
* **lean** (`fit_lean`, at least `min_fit_lean` × the seeds' median lean): similarity with the
  set's centre minus with the opposed set's (WEAT's contrast), each seed's taken without itself.
* **seeds near** (`fit_seeds`, at least `min_fit_seeds`): how many of the set's seeds are as
  similar to the candidate as the seeds are to each other (their median): a word near only one
  seed is near that seed's other sense.

A word that fails a threshold is dropped with the signal and threshold in its reason, the
weakest first (`weakest_first`), as long as the set keeps `MIN_KEPT` words (the rest stay,
flagged). Names and male or female sets are left alone: the names dictionary and the gender
filters judge those.

A fourth signal is a second opinion from another kind of model, the bundled multilingual
encoder (`bias.vectors.encoder`), read against the set's **name** as the user wrote it in the
word set ("Career", "Family", "Math": a gloss of the concept, data, not a list of ours):

* **name lean** (`fit_name`): the encoder's similarity of the candidate (encoded as a passage)
  with a search for a word of its set (`NAME_QUERY`, "Career word", encoded as a query: e5's
  own use) minus with the same for the opposed set. Static vectors put *fees* and *department* as
  near the career seeds as *job*; the encoder, asked for a career word rather than "salary",
  mostly does not.

When the encoder can be used (`name_reading_off` says why not), a concept set keeps only its
best `concept_keep` words on name lean (each other one dropped with its place and value in the
reason): the three static signals stay in the table, read but not dropping, because on the
judged pools they removed as many right words as wrong ones once the encoder had ranked them
(docs/biaswords.md, "How it was chosen"). Without the encoder the static thresholds decide,
as before, and a note says so.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import polars as pl

from bias.discovery.mistake_filters import drop_above_floor
from bias.discovery.options import CandidateOptions, Context
from bias.discovery.seed_profiles import SetProfile, is_concept
from bias.discovery.table import OPPOSED
from bias.notes import Note
from bias.vectors import encoder
from bias.wordsets import SET_KEYS

FIT_WITHIN = 100_000
"""The concept rank counts among the vocabulary's first (most frequent) rows, where the everyday
meaning of words lives (as the ambiguity check does); it also bounds the cost."""
BLOCK = 256
"""Candidates whose similarities with the vocabulary are computed at once (256 × 100,000)."""
FIT_COLUMNS = ("fit_rank", "fit_lean", "fit_seeds", "fit_name")
NAME_METHODS = ("passage", "query")
"""The encoder's methods for (the candidates, the set names): words as passages, and the names
as queries, the way e5 was trained to match a search with what it finds."""
NAME_QUERY = "{name} word"
"""The search the encoder reads a set's name in (`query: Career word`): asked for the bare name
(`query: Career`) e5 reads a topic, and business, finance and accounting words match it about as
well as jobs; asked for a word of the concept, it ranks the marked pools better in five concept
sets of six by the area under the ROC curve (within 0.03 in the sixth), at no extra encoding
(docs/biaswords.md, "How it was chosen", third round: every phrasing measured, and how this one
was picked)."""
CONCEPT_ROWS = 20_000
"""At most this many rows from the concept sets' wider search: every row is tagged, so 4 × 500
seeds at 100 neighbours (200,000 rows) took minutes; WEAT-sized sets (16 concept seeds, 1,600
rows) are far below it."""


def neighbours_per_set(context: Context) -> dict[int, list[str]]:
    """Neighbours per seed → the sets searched that wide: `neighbours` (the paper's), and
    `concept_neighbours` for the concept sets while concept fit judges them (its strict
    thresholds need a wider search to leave words to draw), as long as their rows stay within
    `CONCEPT_ROWS`; beyond, the wider search narrows (never below `neighbours`)."""
    options, wide = context.options, set()
    if options.concept_fit:
        wide = {key for key in SET_KEYS
                if is_concept(context.profiles.get(key, SetProfile()))}  # fmt: skip
    seeds = sum(len(context.lookups[key]) for key in wide)
    concept_k = max(options.neighbours,
                    min(options.concept_neighbours, CONCEPT_ROWS // max(seeds, 1)))  # fmt: skip
    widths: dict[int, list[str]] = {}
    for key in SET_KEYS:
        k = concept_k if key in wide else options.neighbours
        widths.setdefault(k, []).append(key)
    return widths


def concept_sets(context: Context) -> list[str]:
    """The sets concept fit judges: concept sets with at least two seeds and an opposed set."""
    return judged_sets(context.lookups, context.profiles)


def judged_sets(lookups: Mapping[str, list], profiles: Mapping[str, SetProfile]) -> list[str]:
    """`concept_sets` from the seeds found per set and the sets' profiles."""
    return [
        key for key, items in lookups.items()
        if is_concept(profiles.get(key, SetProfile())) and len(items) >= 2
        and lookups.get(OPPOSED[key])
    ]  # fmt: skip


def _unit(vector: np.ndarray) -> np.ndarray:
    norm = np.linalg.norm(vector)
    return vector / norm if norm else vector


def seed_scale(own: np.ndarray, opposite: np.ndarray) -> tuple[float, float]:
    """(the seeds' median lean, each taken without itself; the seeds' median similarity with
    each other): the scale the lean and the seeds-near thresholds are read on."""
    centre_opposite = _unit(opposite.mean(axis=0))
    leans = [
        own[i] @ _unit(np.delete(own, i, axis=0).mean(axis=0)) - own[i] @ centre_opposite
        for i in range(len(own))
    ]
    mutual = own @ own.T
    return float(np.median(leans)), float(np.median(mutual[~np.eye(len(own), dtype=bool)]))


def signals(
    vectors: np.ndarray, rows: np.ndarray, own: np.ndarray, opposite: np.ndarray,
    vocabulary: np.ndarray, near: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(concept rank, lean, seeds near) of unit `vectors` (vocabulary `rows`) for a set with
    seed vectors `own` against `opposite`; `vocabulary` is the first rows, where the rank
    counts, `near` the similarity a seed must reach to count as near."""
    centre, centre_opposite = _unit(own.mean(axis=0)), _unit(opposite.mean(axis=0))
    to_centre = vectors @ centre
    rank = np.empty(len(vectors), dtype=np.int64)
    for start in range(0, len(vectors), BLOCK):
        block = vectors[start : start + BLOCK]
        above = to_centre[start : start + BLOCK, None] + 1e-6
        rank[start : start + BLOCK] = (block @ vocabulary.T > above).sum(axis=1)
    rank -= rows < len(vocabulary)  # a word's own row (similarity 1) is not "nearer"
    lean = to_centre - vectors @ centre_opposite
    seeds_near = (vectors @ own.T >= near).sum(axis=1)
    return rank, lean, seeds_near


def name_reading_off(options: CandidateOptions, language: str) -> str | None:
    """Why the encoder's name lean cannot judge this run (a sentence), or None when it can or
    is not asked for (`concept_keep` None, or concept fit off)."""
    if not options.concept_fit or options.concept_keep is None:
        return None
    if (reason := encoder.unavailable()) is not None:
        return reason
    if language not in encoder.OFFERED_LANGUAGES:
        return f"The encoder is not offered for the language '{language or 'unknown'}'."
    return None


def name_notes(options: CandidateOptions, language: str, lookups: Mapping[str, list],
               profiles: Mapping[str, SetProfile]) -> list[Note]:  # fmt: skip
    """A note when a concept set is judged without the encoder's name lean though it was asked."""
    reason = name_reading_off(options, language)
    if reason is None or not judged_sets(lookups, profiles):
        return []
    return [Note("concept_name_off", {"reason": reason, "keep": options.concept_keep})]


def name_lean(vectors: np.ndarray, name: np.ndarray, opposed: np.ndarray) -> np.ndarray:
    """Name lean of unit `vectors`: cosine with the unit vector of the set's `name` minus with
    the opposed set's name's."""
    return vectors @ name - vectors @ opposed


def outside_best(values: np.ndarray, keep: int) -> list[int]:
    """Indices of the `values` that are not among the `keep` highest, the lowest first (ties
    broken by index: the earlier stays)."""
    order = np.argsort(-values, kind="stable")
    return [int(n) for n in order[keep:][::-1]]


def name_queries(key: str, context: Context) -> tuple[str, str]:
    """The encoder's searches for set `key` and its opposed set: each set's name as the word
    set writes it (the set's key when it has none), in `NAME_QUERY`."""
    def query(k: str) -> str:
        return NAME_QUERY.format(name=context.set_names.get(k) or k)

    return query(key), query(OPPOSED[key])


def _name_reading(words: list[str], key: str, context: Context) -> np.ndarray:
    """The name lean of `words` in set `key`, read from the encoder (its disk cache first)."""
    passage, query = NAME_METHODS
    vectors = encoder.encode(context.language, passage, words)
    name, opposed = encoder.encode(context.language, query, list(name_queries(key, context)))
    return name_lean(vectors, name, opposed)


def concept_fit(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Ours: the signals of every kept word of a concept set, and the words dropped, the
    weakest first, while the set keeps `MIN_KEPT` words: those outside the best `concept_keep`
    on name lean when the encoder reads them, else those that fail a static threshold."""
    options, embedding = context.options, context.embedding
    kept, sets, words = (table[c].to_list() for c in ("kept", "set", "candidate"))
    columns: dict[str, list] = {name: table[name].to_list() for name in FIT_COLUMNS}
    vocabulary = np.asarray(embedding.vectors[:FIT_WITHIN], dtype=np.float32)
    by_name = (options.concept_fit and options.concept_keep is not None
               and name_reading_off(options, context.language) is None)  # fmt: skip
    doomed = {}
    for key in concept_sets(context):
        own, opposite = (np.asarray(embedding.vectors_for(context.lookups[k]), np.float64)
                         for k in (key, OPPOSED[key]))  # fmt: skip
        median_lean, near = seed_scale(own, opposite)
        mine = [i for i in range(table.height) if kept[i] and sets[i] == key and words[i]]
        found = embedding.rows(words[i] for i in mine)
        picked = [(i, found[words[i]]) for i in mine if words[i] in found]
        if not picked:
            continue
        rows, where = np.unique(np.array([row for _, row in picked]), return_inverse=True)
        vectors = np.asarray(embedding.vectors[rows], dtype=np.float32)
        rank, lean, seeds_near = (  # once per word, then spread over its rows (duplicates)
            values[where] for values in signals(vectors, rows, own.astype(np.float32),
                                                opposite.astype(np.float32), vocabulary, near)
        )  # fmt: skip
        reasons = {}
        for n, (i, _) in enumerate(picked):
            columns["fit_rank"][i] = int(rank[n])
            columns["fit_lean"][i] = float(lean[n])
            columns["fit_seeds"][i] = int(seeds_near[n])
            failed = _failed(int(rank[n]), float(lean[n]), int(seeds_near[n]), len(own), key,
                             median_lean, near, options)  # fmt: skip
            if failed:
                reasons[n] = failed
        if by_name:
            doomed[key] = _by_name(picked, [words[i] for i, _ in picked], key, context, columns)
            continue
        order = weakest_first(rank, lean, {n: len(f) for n, f in reasons.items()})
        doomed[key] = [(picked[n][0], reasons[n][0]) for n in order if n in reasons]
    table = table.with_columns(
        pl.Series("fit_rank", columns["fit_rank"], dtype=pl.Int64),
        pl.Series("fit_lean", columns["fit_lean"], dtype=pl.Float64),
        pl.Series("fit_seeds", columns["fit_seeds"], dtype=pl.Int64),
        pl.Series("fit_name", columns["fit_name"], dtype=pl.Float64),
    )
    return drop_above_floor(table, doomed)


def _by_name(picked: list[tuple[int, int]], picked_words: list[str], key: str,
             context: Context, columns: dict[str, list]) -> list[tuple[int, str]]:  # fmt: skip
    """Fill in the name lean of the set's picked rows; (row, reason) of those outside the best
    `concept_keep` words on it, the lowest first (a word's rows share its place)."""
    distinct = list(dict.fromkeys(picked_words))
    values = _name_reading(distinct, key, context)
    keep = context.options.concept_keep
    places = {distinct[n]: p for p, n in enumerate(np.argsort(-values, kind="stable"), 1)}
    value_of = dict(zip(distinct, values.tolist(), strict=True))
    for (i, _), word in zip(picked, picked_words, strict=True):
        columns["fit_name"][i] = value_of[word]
    name, opposed = name_queries(key, context)
    outside = {distinct[n] for n in outside_best(values, keep)}
    rows = [(i, word) for (i, _), word in zip(picked, picked_words, strict=True) if word in outside]
    rows.sort(key=lambda item: -places[item[1]])
    return [
        (i, f"off its set's name: in place {places[word]} of set {key} on the encoder's lean "
            f"to its name ({value_of[word]:.3f}: similarity with '{name}' minus with "
            f"'{opposed}'; the set keeps its best {keep})")
        for i, word in rows
    ]  # fmt: skip


def weakest_first(rank: np.ndarray, lean: np.ndarray, failures: dict[int, int]) -> list[int]:
    """The judged words' indices, the weakest first: those failing more thresholds first, then
    the lowest on concept rank and lean together (the sum of their places in the set on each,
    so that neither scale outweighs the other)."""
    places = np.argsort(np.argsort(rank, kind="stable"), kind="stable") + np.argsort(
        np.argsort(-lean, kind="stable"), kind="stable"
    )
    return sorted(range(len(rank)), key=lambda n: (-failures.get(n, 0), -int(places[n]), n))


def _failed(rank: int, lean: float, seeds_near: int, seeds: int, key: str, median_lean: float,
            near: float, options) -> list[str]:  # fmt: skip
    """The thresholds a word fails, each as the reason shown beside it (the first is shown)."""
    failed = []
    if options.max_fit_rank is not None and rank > options.max_fit_rank:
        failed.append(f"off its set's concept: {rank:,} frequent words are nearer to it than the "
                      f"centre of set {key} (at most {options.max_fit_rank:,})")
    if options.min_fit_seeds and seeds_near < options.min_fit_seeds:
        failed.append(f"near only {seeds_near} of the {seeds} seeds of set {key} (similarity "
                      f"{near:.2f} or more, the seeds' median with each other; at least "
                      f"{options.min_fit_seeds})")
    if options.min_fit_lean is not None and lean < options.min_fit_lean * median_lean:
        failed.append(f"leans to set {key} by {lean:.2f} only (similarity with its centre minus "
                      f"with the opposed set's; at least {options.min_fit_lean:g} × the seeds' "
                      f"median {median_lean:.2f})")
    return failed
