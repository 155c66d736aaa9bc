"""What every measure shares: one result type, the word lookup per named set, and a permutation
test over the target words for the measures that have no test of their own.

Each measure (`scweat`, `wefat`, `rnd`, `mac`, `ect`, `ripa`, `rnsb`, and WEAT through
`bias.stats.measure_catalog`) returns a `MeasureResult`: one number (`value`), which words drive it
(`per_word`), what became of every word (`sets`, keyed by set name), structured notes (`notes`,
worded by `bias.report.note_sentences`), and a p-value or interval where the measure has one.
`to_dict()` plus the worded notes (`bias.report.measures_text.measure_json`) is the JSON of
`python -m bias measure`.
Formulas and papers: docs/metrics.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from bias.bounds import Bound, bounded, check_bounds
from bias.errors import BiasInputError
from bias.notes import Note
from bias.provenance import Provenance
from bias.serialize import jsonable
from bias.stats.bootstrap import EffectSizeInterval
from bias.stats.permutation import PermutationOptions, PermutationTest
from bias.stats.weat import SetReport, WeatResult
from bias.vectors.embeddings import Embedding
from bias.vectors.encoder import block_of
from bias.wordsets import NamedSets, TermSet
from bias.wordsets.language_guess import guess_notes

ROLE_NAMES = {"target": "Target set", "attribute": "Attribute set", "words": "Words"}
"""How a note names a set's role ("Target set (Male names): 2 of 8 words are not in …")."""

RNSB_HOLDOUT = Bound("RNSB's held-out share", 0, 1, whole=False, exclusive=True)


@dataclass(frozen=True)
class MeasureOptions:
    """Settings shared by the measures; every default is declared here (or on
    PermutationOptions).

    `test` holds the permutation settings (exact or randomized, draws, exact limit, seed) and
    the seed of everything random; its `alternative` is SC-WEAT's, two-sided by default because
    a word of a list may lean either way (RND and RIPA are always two-sided, ECT one-sided: each
    measure sets its own).
    """

    test: PermutationOptions = field(
        default_factory=lambda: PermutationOptions(alternative="two-sided")
    )
    p_value: bool = False
    """Also compute a permutation p-value over the target words (RND, ECT, RIPA)."""
    rnd_distance: Literal["norm", "cos"] = "norm"
    """RND's distance: Euclidean ('norm', Garg et al. and WEFE's default) or cosine similarity."""
    rnsb_holdout: float = bounded(0.2, RNSB_HOLDOUT)
    """Share of the attribute words RNSB keeps aside to report its classifier's accuracy."""

    def __post_init__(self) -> None:
        if self.rnd_distance not in ("norm", "cos"):
            raise BiasInputError("RND's distance must be 'norm' or 'cos'.")
        check_bounds(self)

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
    """How `p_value` was made: 'exact' or 'randomized' (then `test` has the draws and seed), or
    an analytic test such as WEFAT's 'pearson'."""
    test: PermutationTest | None = None
    """The permutation test over the target words, where the measure has one."""
    interval: EffectSizeInterval | None = None
    """WEAT's bootstrap interval for d."""
    details: dict[str, float | str | list | dict | None] = field(default_factory=dict)
    """Numbers particular to one measure (WEFAT's correlations, RNSB's accuracy, ...)."""
    provenance: Provenance | None = None
    """Software, time, the embedding's identity, the inputs as supplied and every option
    (bias.provenance), set by `bias.stats.measure_catalog.run_measure`."""
    weat: WeatResult | None = field(default=None, repr=False, compare=False)
    """The WEAT result itself when the measure is WEAT, so its verdict heads the result as on the
    WEAT page (`bias.report.verdict.result_headline`); not in `to_dict`, whose numbers are its."""

    def to_dict(self) -> dict:
        test = self.test
        data = {
            "metric": self.metric,
            "wordset": self.wordset_id,
            "title": self.title,
            "embedding": self.embedding,
            "language": self.language,
            "value": self.value,
            "p_value": self.p_value,
            "p_method": self.p_method,
            "iterations": None if test is None else test.iterations,
            "seed": None if test is None else test.seed,
            "per_word": [
                {
                    "set": row.set,
                    "word": row.word,
                    "found_as": row.found_as,
                    "value": row.value,
                    **({"p_value": row.p_value} if row.p_value is not None else {}),
                    **row.extra,
                }
                for row in self.per_word
            ],
            "sets": {
                name: {
                    "role": self.roles[name],
                    **{k: v for k, v in rep.to_dict().items() if k not in ("name", "phrases")},
                }
                for name, rep in self.sets.items()
            },
            "notes": [note.to_dict() for note in self.notes],
            "details": self.details,
        }
        if self.interval is not None:
            data["interval"] = self.interval
        data["provenance"] = self.provenance
        if self.provenance and (encoder := block_of(self.provenance.embedding.identity)):
            data["encoder"] = encoder  # the model and extraction method of an encoder
        return jsonable(data)


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

    def vectors_of(self, role: str) -> list[np.ndarray]:
        """The vectors of each set of `role`, in the sets' order (a measure unpacks as many as
        its declared count, checked once before it runs)."""
        return [self.vectors[name] for name in self.names(role)]


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
    """A MeasureResult with the common fields filled from the lookup (and the p-value from the
    permutation test, when there is one)."""
    if kw.get("test") is not None:
        kw.update(p_value=kw["test"].p_value, p_method=kw["test"].method)
    return MeasureResult(
        metric=metric,
        wordset_id=sets.id,
        title=sets.title,
        embedding=embedding.name,
        language=embedding.language,
        value=float(value),
        sets=looked.reports,
        roles=looked.roles,
        notes=tuple(guess_notes(sets.language_guess) + looked.notes
                    + list(kw.pop("notes", []))),
        **kw,
    )


def not_testable(metric: str) -> Note:
    """The note for a measure where swapping target words between sets cannot change the value."""
    return Note("no_permutation_test", {"metric": metric})
