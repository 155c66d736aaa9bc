"""The Word Embedding Association Test (Caliskan, Bryson & Narayanan 2017), as used by
Kurpicz-Briki & Leoni (2021).

Conventions (see docs/weat.md for the reasoning):

* association  s(w, A, B) = mean_a cos(w, a) − mean_b cos(w, b), computed once per target word from
  one matrix product.
* statistic    mean_{x∈X} s(x) − mean_{y∈Y} s(y). Caliskan sums instead of averaging; with
  |X| = |Y| = n the sum is n times ours and every p-value is identical. With |X| ≠ |Y| (the paper's
  WEAT5-ita: 10 vs 16 names) the sum would favour the bigger set, so the difference of means is the
  honest statistic, and no word is discarded.
* effect size  d = statistic / std_{w∈X∪Y} s(w), population standard deviation (ddof = 0), as
  Caliskan. |d| ≤ 1/sqrt(p(1−p)) with p = |X|/(|X|+|Y|), i.e. at most 2 for equal sizes: the values
  above 2 in the paper's Table 7 (e.g. WEAT6-swe 3.74) cannot come from this definition.
* p-value      over partitions of X∪Y into sets of sizes |X| and |Y|: one-sided P(stat ≥ observed),
  or two-sided P(|stat| ≥ |observed|) (the null is centred on 0). Exact enumeration when the number
  of partitions is at most `exact_limit`; otherwise a randomization test over uniformly random
  partitions with p = (k+1)/(N+1) and a 95% Clopper–Pearson interval for the exact p.
  Exact vs. randomized and the p-value are decided once, in `bias.stats.permutation`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from bias.bounds import Bound, bounded
from bias.errors import BiasInputError
from bias.notes import Note
from bias.provenance import Provenance, provenance
from bias.serialize import NOT_SERIALISED, jsonable
from bias.stats.bootstrap import EffectSizeInterval, effect_size_interval
from bias.stats.budget import check_weat
from bias.stats.conventions import ConventionalEffectSize, convention_for, effect_size_under
from bias.stats.effect_size import effect_size, max_effect_size
from bias.stats.influence import leave_one_out
from bias.stats.null_histogram import HISTOGRAM_BINS, NullHistogram, null_histogram
from bias.stats.permutation import (
    PermutationOptions,
    PermutationTest,
    permutation_test,
    tie_tolerance,
)
from bias.stats.set_reports import SetReport, set_notes
from bias.stats.verdict import Coverage, Verdict, decide
from bias.vectors.ambiguity import ambiguity_notes
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Embedding, leaves_out_shared
from bias.vectors.encoder import damaged_files, result_block
from bias.wordsets import SET_KEYS, Reported, Selection, WordSet
from bias.wordsets.language_guess import guess_notes

CI_RESAMPLES = Bound("The number of bootstrap resamples", 0, 1_000_000)


@dataclass(frozen=True)
class WeatOptions(PermutationOptions):
    """The permutation test's options (defaults as the paper: 100,000 random draws) plus the
    bootstrap interval for d."""

    ci_resamples: int = bounded(10_000, CI_RESAMPLES)
    """Bootstrap resamples for the interval of d (bias.stats.bootstrap); 0 leaves it out."""
    shared_rows: bool = True
    """Use words that have no vector of their own in a pruned table (a spaCy `*_md` pipeline)
    with the vector they share with a more frequent word; False leaves them out. Either way a
    `shared_rows` note counts them."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.alternative == "less":  # X is the set expected to lean to A (Caliskan)
            raise BiasInputError("The alternative must be 'greater' (one-sided) or 'two-sided'.")
        if not isinstance(self.shared_rows, bool):
            raise BiasInputError("Whether to use shared-row words must be true or false.")


# --- the test on an embedding and a word set ----------------------------------------------------


@dataclass(frozen=True)
class WordRow:
    """One word's part in the result.

    `association` is s(w, A, B) for a target word; for an attribute word it is its mean cosine
    with X minus its mean cosine with Y, so in both cases positive means "leans to X/A".
    `effect_size_without` is d recomputed with this word left out (nan when its set would be
    empty); `influence` is that minus the full d, so large |influence| marks a word that drives the
    result.
    """

    set: str
    word: str
    found_as: str
    match: str
    association: float
    effect_size_without: float
    influence: float


@dataclass(frozen=True)
class WeatResult:
    """Everything one WEAT produced; `to_dict` is what the CLI prints and the dashboard saves."""

    wordset_id: str
    title: str
    embedding: str
    language: str
    statistic_sum: float
    """Caliskan's s(X, Y, A, B) = sum_X s − sum_Y s, for comparing with other tools. `statistic`
    (read from the test) is the difference of MEAN associations (see the module docstring)."""
    effect_size: float
    test: PermutationTest
    """The permutation test: statistic, p-value, method, draws, seed and the null distribution."""
    sets: dict[str, SetReport]
    words: tuple[WordRow, ...]
    notes: tuple[Note, ...]
    """What a reader must know (missing words, repeats, …); `bias.report.note_sentences` words
    them."""
    reported: Reported | None
    verdict: Verdict
    """What the result lets a reader conclude (bias.stats.verdict); `bias.report.verdict` words
    it."""
    interval: EffectSizeInterval | None = None
    """The bootstrap interval for d, with its method, resamples, level and seed (None when d is
    undefined or resamples is 0)."""
    source_convention: ConventionalEffectSize | None = None
    """d recomputed under the conventions of the source of the reported value (ddof, repeats,
    phrases; bias.stats.conventions), with what could not be reproduced: a third number beside
    ours and the source's. None when nothing is reported or its source's conventions are
    unknown."""
    provenance: Provenance | None = None
    """Software, time, the embedding's identity, the lists as supplied and every option
    (bias.provenance): what `python -m bias reproduce` re-runs."""
    encoder: dict | None = None
    """An encoder's model and `method` (`encoder.result_block`); None for a table of vectors."""
    selection: Selection | None = None
    """How the word set was picked among draws on this same embedding (`WordSet.selection`):
    its verdict then shows the p corrected for the picking. None on any other embedding."""
    kept_histogram: NullHistogram | None = field(default=None, repr=False,
                                                 metadata=NOT_SERIALISED)
    """The histogram of a `compact` result, whose null distribution is not kept."""

    # The test's numbers, read through: one source of truth, no copies.
    statistic = property(lambda self: self.test.statistic)
    p_value = property(lambda self: self.test.p_value)
    method = property(lambda self: self.test.method)
    alternative = property(lambda self: self.test.alternative)
    iterations = property(lambda self: self.test.iterations)
    exceed = property(lambda self: self.test.exceed)
    p_value_interval = property(lambda self: self.test.p_value_interval)
    p_value_is_bound = property(lambda self: self.test.p_value_is_bound)
    seed = property(lambda self: self.test.seed)
    null_distribution = property(lambda self: self.test.null_distribution)

    @property
    def coverage(self) -> dict[str, Coverage]:
        """Words listed, found and used per set (X, Y, A, B)."""
        return {key: rep.coverage for key, rep in self.sets.items()}

    @property
    def effect_size_limit(self) -> float:
        """The largest |d| possible for the sizes of X and Y as used (2 for equal sizes)."""
        return max_effect_size(len(self.sets["X"].used), len(self.sets["Y"].used))

    def histogram(self, bins: int = HISTOGRAM_BINS) -> NullHistogram:
        """The null distribution's histogram (kept by a compact result, else computed)."""
        kept = self.kept_histogram
        if kept is not None and (self.null_distribution is None or kept.counts.size == bins):
            return kept
        return null_histogram(self.null_distribution, self.statistic, self.alternative, bins)

    def null_histogram(self, bins: int = HISTOGRAM_BINS) -> tuple[np.ndarray, np.ndarray]:
        """Counts and bin edges of the null distribution, for a chart."""
        histogram = self.histogram(bins)
        return histogram.counts, histogram.edges

    def compact(self) -> WeatResult:
        """This result with its histogram instead of its null distribution (40 MB at 10^7
        draws, 1.5 KB as a histogram): what a cache shared by every visitor keeps."""
        if self.null_distribution is None:
            return self
        return replace(self, test=replace(self.test, null_distribution=None),
                       kept_histogram=self.histogram())

    def to_dict(self) -> dict:
        counts, edges = self.null_histogram()
        test = jsonable(self.test)
        return jsonable({
            "wordset": self.wordset_id,
            "title": self.title,
            "embedding": self.embedding,
            "language": self.language,
            "statistic": test.pop("statistic"),
            "statistic_sum": self.statistic_sum,
            "effect_size": self.effect_size,
            "effect_size_limit": self.effect_size_limit,
            "interval": self.interval,
            "verdict": self.verdict,
            "coverage": self.coverage,
            "p_value": test.pop("p_value"),
            "p_value_is_bound": self.p_value_is_bound,
            **test,
            "sets": {key: rep.to_dict() for key, rep in self.sets.items()},
            "words": self.words,
            "notes": [note.to_dict() for note in self.notes],
            "reported": self.reported,
            "null_histogram": {"counts": counts, "edges": edges},
            "source_convention": self.source_convention,
            "provenance": self.provenance,
            **({"encoder": self.encoder} if self.encoder is not None else {}),
            **({"selection": self.selection} if self.selection is not None else {}),
        })


class EmptySetError(BiasInputError):
    """Every word of a set is missing: the test cannot run. `coverage` still says how many words
    of each set the embedding has, so that a batch reports the refused row's gaps correctly."""

    def __init__(self, message: str, coverage: dict[str, Coverage]) -> None:
        super().__init__(message)
        self.coverage = coverage


def _set_reports(
    embedding: Embedding, wordset: WordSet, leave_out_shared: bool = False
) -> dict[str, SetReport]:
    reports = {
        key: SetReport(key, terms.name, terms.words, tuple(embedding.lookup_all(terms.words)),
                       leave_out_shared)
        for key, terms in wordset.sets().items()
    }
    for key, report in reports.items():
        terms, missing = wordset.sets()[key], report.missing + report.phrases
        if leave_out_shared:
            missing += tuple(item.word for item in report.shared_rows)
        if not report.used:
            hint = ""
            if wordset.language != embedding.language:
                wanted = language_name(wordset.language)
                hint = (
                    f" The word set is in {wanted} but {embedding.name} is "
                    f"{language_name(embedding.language)}. Add an embedding in {wanted} on the "
                    "Embeddings page (or `python -m bias import --fasttext "
                    f"{wordset.language}`), then choose it as the active embedding in the sidebar "
                    "(or pass `--embedding NAME`)."
                )
            raise EmptySetError(
                f"Every word of set {key} ({terms.name}) is missing from {embedding.name}: "
                f"{', '.join(missing)}. Each set needs at least one word the embedding knows."
                + hint,
                {k: r.coverage for k, r in reports.items()},
            )
    return reports


def _word_rows(reports: dict[str, SetReport], s: np.ndarray, cos_a: np.ndarray,
               cos_b: np.ndarray, nx: int, d: float) -> tuple[WordRow, ...]:
    """Each used word's association and influence (d without it, minus d), X, Y, A, B in order."""
    association = {
        "X": s[:nx], "Y": s[nx:],
        "A": cos_a[:nx].mean(axis=0) - cos_a[nx:].mean(axis=0),
        "B": cos_b[:nx].mean(axis=0) - cos_b[nx:].mean(axis=0),
    }
    without = leave_one_out(s, cos_a, cos_b, nx, tie_tolerance)
    return tuple(
        WordRow(key, item.word, str(item.found_as), str(item.match), float(assoc), float(d_wo),
                float(d_wo - d))
        for key in SET_KEYS
        for item, assoc, d_wo in zip(reports[key].used_lookups, association[key], without[key],
                                     strict=True)
    )


def run_weat(
    embedding: Embedding, wordset: WordSet, options: WeatOptions = WeatOptions()
) -> WeatResult:
    """Run WEAT for one word set on one embedding, reporting every word's fate."""
    leave_out = leaves_out_shared(options.shared_rows, wordset.language, embedding.language)
    reports = _set_reports(embedding, wordset, leave_out_shared=leave_out)
    check_weat({k: len(r.used_lookups) for k, r in reports.items()}, options, options.ci_resamples)
    embedding.prefetch(item for r in reports.values() for item in r.used_lookups)
    vectors = {key: embedding.vectors_for(rep.used_lookups) for key, rep in reports.items()}
    targets = np.vstack([vectors["X"], vectors["Y"]])
    cos_a = (targets @ vectors["A"].T).astype(np.float64)
    cos_b = (targets @ vectors["B"].T).astype(np.float64)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    if not np.isfinite(s).all():  # a NaN statistic would still yield "p = 0, bias detected"
        raise BiasInputError(
            f"The associations of {wordset.id} on {embedding.name} are not finite numbers, so "
            "no verdict can be given; the embedding's vectors are damaged."
        )
    nx = vectors["X"].shape[0]
    d = effect_size(s, nx)
    test = permutation_test(s, nx, options)
    interval = effect_size_interval(
        cos_a, cos_b, nx, resamples=options.ci_resamples, seed=options.seed
    )
    notes = guess_notes(wordset.language_guess) + set_notes(reports, embedding, wordset)
    # Words that mean something else under a lookup fallback ("Bill" found as "bill").
    notes += ambiguity_notes(embedding, {k: r.used_lookups for k, r in reports.items()})
    if math.isnan(d):
        notes.append(Note("no_effect_size"))
    if (encoder := result_block(embedding)) and not encoder["trained_on_language"]:
        notes.append(Note("encoder_untrained_language", {"language": embedding.language}))
    if encoder and (damaged := damaged_files(embedding.language, encoder["method"])):
        notes.append(Note("encoder_cache_damaged", {"files": damaged}))
    verdict = decide(test, d, interval, {k: r.coverage for k, r in reports.items()})
    convention = None if encoder else convention_for(wordset)

    return WeatResult(
        wordset_id=wordset.id,
        title=wordset.title,
        embedding=embedding.name,
        language=embedding.language,
        statistic_sum=float(s[:nx].sum() - s[nx:].sum()),
        effect_size=d,
        test=test,
        sets=reports,
        words=_word_rows(reports, s, cos_a, cos_b, nx, d),
        notes=tuple(notes),
        reported=wordset.reported,
        verdict=verdict if encoder is None else replace(verdict, comparable=False),
        interval=interval,
        source_convention=convention and effect_size_under(convention, embedding, wordset),
        provenance=provenance(embedding, wordset, options),
        encoder=encoder,
        selection=wordset.selection if wordset.selection is not None
        and wordset.selection.embedding == embedding.name else None,
    )
