"""What every measure shares: one result type, the word lookup per named set, and a permutation
test over the target words for the measures that have no test of their own.

Each measure (`scweat`, `wefat`, `rnd`, `mac`, `ect`, `ripa`, `rnsb`, and WEAT through
`bias.stats.measures`) returns a `MeasureResult`: one number (`value`), which words drive it
(`per_word`), what became of every word (`sets`, keyed by set name), structured notes (`notes`,
worded by `bias.report.notes`), and a p-value or interval where the measure has one. `to_dict()`
plus the worded notes (`bias.report.measures_text.measure_json`) is the JSON of
`python -m bias measure`.
Formulas and papers: docs/metrics.md.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from bias.errors import BiasInputError
from bias.notes import Note
from bias.stats.weat import EXACT_HARD_LIMIT, SetReport, WeatOptions, partition_count
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, TermSet

ROLE_NAMES = {"target": "Target set", "attribute": "Attribute set", "words": "Words"}
"""How a note names a set's role ("Target set (Male names): 2 of 8 words are not in …")."""

_CHUNK_ELEMENTS = 4_000_000
"""Permutations are evaluated in blocks of about this many numbers, to bound memory."""


@dataclass(frozen=True)
class MeasureOptions:
    """Settings shared by the measures; every default is declared here (or on WeatOptions).

    `test` holds the permutation settings (exact or randomized, draws, exact limit, seed) and
    the seed of everything random; its `alternative` is SC-WEAT's, two-sided by default because
    a word of a list may lean either way (RND and RIPA are always two-sided, ECT one-sided).
    """

    test: WeatOptions = field(
        default_factory=lambda: WeatOptions(ci_resamples=0, alternative="two-sided")
    )
    p_value: bool = False
    """Also compute a permutation p-value over the target words (RND, ECT, RIPA)."""
    rnd_distance: Literal["norm", "cos"] = "norm"
    """RND's distance: Euclidean ('norm', Garg et al. and WEFE's default) or cosine similarity."""
    rnsb_holdout: float = 0.2
    """Share of the attribute words RNSB keeps aside to report its classifier's accuracy."""

    def __post_init__(self) -> None:
        if self.rnd_distance not in ("norm", "cos"):
            raise BiasInputError("RND's distance must be 'norm' or 'cos'.")
        if not 0 < self.rnsb_holdout < 1:
            raise BiasInputError("RNSB's held-out share must be between 0 and 1, e.g. 0.2.")

    @property
    def seed(self) -> int:
        return self.test.seed


@dataclass(frozen=True)
class WordScore:
    """One word's part in a measure: `value` in the measure's own unit (docs/metrics.md says
    which), an optional per-word p-value, and named extra numbers (e.g. WEFAT's real value)."""

    set: str
    word: str
    found_as: str
    value: float
    p_value: float | None = None
    extra: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class MeasureResult:
    """Everything one measure produced; `to_dict` is the JSON of `python -m bias measure`."""

    metric: str
    wordset_id: str
    title: str
    embedding: str
    language: str
    value: float
    per_word: tuple[WordScore, ...]
    sets: dict[str, SetReport]
    roles: dict[str, str]
    """Set name → 'target', 'attribute' or 'words'."""
    notes: tuple[Note, ...]
    p_value: float | None = None
    p_method: str | None = None
    """'exact' or 'randomized' (with `iterations` and `seed`), when there is a p-value."""
    iterations: int | None = None
    seed: int | None = None
    effect_size_ci: tuple[float, float] | None = None
    ci_method: str | None = None
    ci_resamples: int | None = None
    details: dict[str, float | str | list | dict | None] = field(default_factory=dict)
    """Numbers particular to one measure (WEFAT's correlations, RNSB's accuracy, ...)."""

    def to_dict(self) -> dict:
        def clean(value):
            if isinstance(value, float) and not math.isfinite(value):
                return None
            if isinstance(value, (list, tuple)):
                return [clean(v) for v in value]
            if isinstance(value, dict):
                return {k: clean(v) for k, v in value.items()}
            return value

        data = {
            "metric": self.metric,
            "wordset": self.wordset_id,
            "title": self.title,
            "embedding": self.embedding,
            "language": self.language,
            "value": clean(self.value),
            "p_value": self.p_value,
            "p_method": self.p_method,
            "iterations": self.iterations,
            "seed": self.seed,
            "per_word": [
                {
                    "set": row.set,
                    "word": row.word,
                    "found_as": row.found_as,
                    "value": clean(row.value),
                    **({"p_value": row.p_value} if row.p_value is not None else {}),
                    **{k: clean(v) for k, v in row.extra.items()},
                }
                for row in self.per_word
            ],
            "sets": {
                name: {
                    "role": self.roles[name],
                    "used": list(rep.used),
                    "missing": list(rep.missing),
                    "repeated": list(rep.repeated),
                    "found_as": {i.word: i.found_as for i in rep.fallbacks},
                }
                for name, rep in self.sets.items()
            },
            "notes": [note.to_dict() for note in self.notes],
            "details": {k: clean(v) for k, v in self.details.items()},
        }
        if self.effect_size_ci is not None:
            data["effect_size_ci"] = list(self.effect_size_ci)
            data["ci_method"] = self.ci_method
            data["ci_resamples"] = self.ci_resamples
        return data


# --- words and vectors ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Looked:
    """The named sets looked up: reports by set name, unit vectors of the used words, notes."""

    reports: dict[str, SetReport]
    vectors: dict[str, np.ndarray]
    roles: dict[str, str]
    notes: list[Note]

    def names(self, role: str) -> list[str]:
        return [name for name, r in self.roles.items() if r == role]


def look_up(
    embedding: Embedding,
    groups: Sequence[tuple[str, Sequence[TermSet]]],
    language: str,
) -> Looked:
    """Look up every set of every role ('target', 'attribute', 'words'); a set with no word in
    the embedding is one sentence, and every missing or merged word becomes a note."""
    reports: dict[str, SetReport] = {}
    roles: dict[str, str] = {}
    notes: list[Note] = []
    if language != embedding.language:
        notes.append(Note("language_mismatch", {
            "wordset_language": language, "embedding": embedding.name,
            "embedding_language": embedding.language,
        }))
    for role, sets in groups:
        for terms in sets:
            name = terms.name if terms.name not in reports else f"{terms.name} ({role})"
            report = SetReport(name, name, terms.words, tuple(embedding.lookup_all(terms.words)))
            if not report.used:
                raise BiasInputError(
                    f"Every word of the {role} set '{name}' is missing from {embedding.name}: "
                    f"{', '.join(report.missing)}. Each set needs at least one word it knows."
                )
            where = {"set": ROLE_NAMES[role], "name": name}
            if report.missing:
                notes.append(Note("missing_words", {
                    **where, "words": list(report.missing), "total": len(report.words),
                    "embedding": embedding.name,
                }))
            if report.repeated:
                notes.append(Note("repeated_words", {**where, "words": list(report.repeated)}))
            reports[name], roles[name] = report, role
    vectors = {
        name: embedding.vectors_for(rep.used_lookups).astype(np.float64)
        for name, rep in reports.items()
    }
    return Looked(reports, vectors, roles, notes)


def look_up_sets(embedding: Embedding, sets: NamedSets) -> Looked:
    """`look_up` of a word set's target and attribute sets, the case of every measure but the
    per-word ones (SC-WEAT, WEFAT)."""
    return look_up(embedding, [("target", sets.targets), ("attribute", sets.attributes)],
                   sets.language)


def require(sets: NamedSets, targets: int | None, attributes: int | None, metric: str) -> None:
    """One sentence when a measure gets the wrong number of target or attribute sets."""
    for role, wanted, have in (
        ("target", targets, len(sets.targets)),
        ("attribute", attributes, len(sets.attributes)),
    ):
        if wanted is not None and have != wanted:
            raise BiasInputError(
                f"{metric} needs exactly {wanted} {role} set{'s' if wanted > 1 else ''}; "
                f"this word set has {have}."
            )
        if wanted is None and have < 1:
            raise BiasInputError(f"{metric} needs at least one {role} set.")


def scores(looked: Looked, name: str, values: Sequence[float], **extra) -> list[WordScore]:
    """WordScores for the used words of one set, in order; `extra` maps names to sequences."""
    rows = []
    for i, item in enumerate(looked.reports[name].used_lookups):
        rows.append(
            WordScore(
                name,
                item.word,
                str(item.found_as),
                float(values[i]),
                extra={k: float(v[i]) for k, v in extra.items()},
            )
        )
    return rows


def result(
    metric: str, sets: NamedSets, embedding: Embedding, looked: Looked, value: float, **kw
) -> MeasureResult:
    """A MeasureResult with the common fields filled from the lookup."""
    return MeasureResult(
        metric=metric,
        wordset_id=sets.id,
        title=sets.title,
        embedding=embedding.name,
        language=embedding.language,
        value=float(value),
        sets=looked.reports,
        roles=looked.roles,
        notes=tuple(looked.notes + list(kw.pop("notes", []))),
        **kw,
    )


# --- permutation test over the target words ------------------------------------------------------

Extreme = Literal["greater", "less", "two-sided"]


@dataclass(frozen=True)
class PermutationP:
    p_value: float
    method: Literal["exact", "randomized"]
    iterations: int
    seed: int | None


def is_extreme(null: np.ndarray, observed: float, extreme: Extreme) -> np.ndarray:
    tolerance = 1e-12 + 1e-9 * abs(observed)
    if extreme == "greater":
        return null >= observed - tolerance
    if extreme == "less":
        return null <= observed + tolerance
    return np.abs(null) >= abs(observed) - tolerance


def _exact_or_not(count: int, options: WeatOptions) -> bool:
    exact = options.method == "exact" or (options.method == "auto" and count <= options.exact_limit)
    if exact and count > EXACT_HARD_LIMIT:
        raise BiasInputError(
            f"These sets have {count:.3g} arrangements, too many to enumerate; "
            "use the randomization test instead."
        )
    return exact


def _p(exceed: int, draws: int, exact: bool, options: WeatOptions) -> PermutationP:
    if exact:
        return PermutationP(exceed / draws, "exact", draws, None)
    return PermutationP((exceed + 1) / (draws + 1), "randomized", draws, options.seed)


def partition_masks(
    n: int, n_first: int, options: WeatOptions, rows_per_partition: int = 1
) -> tuple[Iterator[np.ndarray], bool]:
    """Blocks of 0/1 matrices (P, n), each row marking the first set of one partition of n words
    into `n_first` and the rest, and whether they are all partitions (exact) or random ones.

    Exact enumeration up to `options.exact_limit` partitions (as WEAT), otherwise
    `options.iterations` uniformly random partitions (the first `n_first` of a random order),
    seeded; `first @ values` sums the first set of every partition in one matrix product.
    `rows_per_partition` is how many numbers the caller computes per partition (SC-WEAT: one per
    word), so that a block stays near `_CHUNK_ELEMENTS` numbers either way.
    """
    exact = _exact_or_not(partition_count(n_first, n - n_first), options)
    block = max(1, _CHUNK_ELEMENTS // max(n, rows_per_partition))

    def chosen() -> Iterator[np.ndarray]:
        if exact:
            combos = itertools.combinations(range(n), n_first)
            while chunk := list(itertools.islice(combos, block)):
                yield np.array(chunk, dtype=np.intp).reshape(-1, n_first)
            return
        rng = np.random.default_rng(options.seed)
        done = 0
        while done < options.iterations:
            size = min(block, options.iterations - done)
            yield np.argpartition(rng.random((size, n)), n_first - 1, axis=1)[:, :n_first]
            done += size

    def masks() -> Iterator[np.ndarray]:
        for rows in chosen():
            first = np.zeros((rows.shape[0], n))
            np.put_along_axis(first, rows, 1.0, axis=1)
            yield first

    return masks(), exact


def partition_p(
    statistic: Callable[[np.ndarray], np.ndarray],
    n: int,
    n_first: int,
    observed: float,
    options: WeatOptions,
    extreme: Extreme,
) -> PermutationP:
    """p over the partitions of n target words into a first set of `n_first` and the rest.

    `statistic(first)` gets a block from `partition_masks` and returns one value per row;
    p as in WEAT: k/N when exact, (k+1)/(N+1) when randomized.
    """
    blocks, exact = partition_masks(n, n_first, options)
    exceed = draws = 0
    for first in blocks:
        null = statistic(first)
        exceed += int(np.count_nonzero(is_extreme(null, observed, extreme)))
        draws += null.size
    return _p(exceed, draws, exact, options)


def sign_flip_p(
    values: np.ndarray, options: WeatOptions, extreme: Extreme = "two-sided"
) -> PermutationP:
    """p of the mean of paired differences under random sign flips (each pair swapped or not):
    exact over all 2^n sign patterns up to the exact limit, otherwise random, seeded."""
    values = np.asarray(values, dtype=np.float64)
    n = values.size
    observed = float(values.mean())
    exact = _exact_or_not(2**n, options)
    block = max(1, _CHUNK_ELEMENTS // max(1, n))
    exceed = draws = 0
    if exact:
        patterns = itertools.product((1.0, -1.0), repeat=n)
        while chunk := list(itertools.islice(patterns, block)):
            null = np.array(chunk).reshape(-1, n) @ values / n
            exceed += int(np.count_nonzero(is_extreme(null, observed, extreme)))
            draws += null.size
    else:
        rng = np.random.default_rng(options.seed)
        while draws < options.iterations:
            size = min(block, options.iterations - draws)
            signs = rng.choice((1.0, -1.0), size=(size, n))
            null = signs @ values / n
            exceed += int(np.count_nonzero(is_extreme(null, observed, extreme)))
            draws += size
    return _p(exceed, draws, exact, options)


def not_testable(metric: str) -> Note:
    """The note for a measure where swapping target words between sets cannot change the value."""
    return Note("no_permutation_test", {"metric": metric})
