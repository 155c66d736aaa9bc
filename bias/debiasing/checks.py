"""WEAT before and after debiasing, on words the method never saw.

Each word set of a check (X, Y, A, B) is split with the seed into fitting and held-out words
before anything is fitted: held-out words are taken out of every input the fit learns from
(definitional and equalise groups, INLP's training words; a protected word stays protected, as
in real use, since no method learns from that list). The headline is the WEAT on the
held-out words; the same WEAT on the fitting words is reported apart and labelled circular,
since a method tuned on those words can make them look unbiased whatever it did to the rest
(WEFE's documented before/after measures only these).

The change in d comes with a paired bootstrap over words: each resample draws the same words
(with replacement, within each set) for the before and the after embedding, so the interval is
that of the change itself, not of two independent ds.

Beside the WEAT, each held-out target word's own lean: its SC-WEAT (`bias.stats.scweat`) towards
the held-out A words over the held-out B words, before and after, with its two-sided permutation
p-value. A WEAT d can fall while single words keep their lean (or the reverse); the per-word
figures show which words moved.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from bias.serialize import jsonable
from bias.stats.measure_result import MeasureOptions
from bias.stats.permutation import PermutationOptions
from bias.stats.scweat import run_scweat
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets import SET_KEYS, TermSet, WordSet
from bias.wordsets.parsing import named_sets_of

PAIRED_RESAMPLES = 10_000
_BLOCK = 2_000
"""Resamples per block of the paired bootstrap (bounded memory for large word sets)."""


def effect_interval(result: WeatResult) -> tuple[float, float] | None:
    """The bootstrap interval of a WEAT result's d (the one place that knows where it lives)."""
    ci = result.interval
    return None if ci is None else (ci.low, ci.high)


def split_wordset(wordset: WordSet, seed: int) -> tuple[WordSet, WordSet]:
    """(fitting, held-out): each set shuffled with `seed` and cut in two, the held-out half
    rounded down (a set of two keeps one word on each side)."""
    rng = np.random.default_rng([seed, *map(ord, wordset.id)])
    fitting, held = {}, {}
    for key in SET_KEYS:
        words = list(getattr(wordset, key).words)
        order = rng.permutation(len(words))
        cut = len(words) // 2
        name = getattr(wordset, key).name
        fitting[key] = TermSet(name, tuple(words[i] for i in sorted(order[cut:])))
        held[key] = TermSet(name, tuple(words[i] for i in sorted(order[:cut])))
    return (
        replace(wordset, id=f"{wordset.id}-fitting", **fitting),
        replace(wordset, id=f"{wordset.id}-held-out", **held),
    )


@dataclass(frozen=True)
class WeatSide:
    """One WEAT's d, interval and p-value."""

    effect_size: float
    interval: tuple[float, float] | None
    p_value: float

    @classmethod
    def of(cls, result: WeatResult) -> WeatSide:
        return cls(float(result.effect_size), effect_interval(result), float(result.test.p_value))

    def to_dict(self) -> dict:
        return jsonable(self)


@dataclass(frozen=True)
class Lean:
    """One word's SC-WEAT: its effect size (lean to A over B) and two-sided p-value."""

    effect_size: float
    p_value: float


@dataclass(frozen=True)
class WordLean:
    """One held-out target word's SC-WEAT before and after debiasing."""

    set: str
    word: str
    before: Lean
    after: Lean


@dataclass(frozen=True)
class ScWeatCheck:
    """SC-WEAT of every held-out target word towards the held-out A words over the held-out B
    words, before and after."""

    attribute_a: str
    attribute_b: str
    words: tuple[WordLean, ...]
    missing: tuple[str, ...]
    """Held-out words (targets or attributes) the embedding lacks: not measured, named."""
    p_method: str
    """'exact' (every partition of A ∪ B) or 'randomized'."""
    alternative: str
    """'two-sided': a held-out word may lean either way, before or after."""

    def mean_effect(self, set_name: str) -> tuple[float, float]:
        """(before, after): the mean SC-WEAT effect size of one target set's held-out words."""
        rows = [w for w in self.words if w.set == set_name]
        if not rows:
            return math.nan, math.nan
        return (float(np.mean([w.before.effect_size for w in rows])),
                float(np.mean([w.after.effect_size for w in rows])))

    def sets(self) -> tuple[str, ...]:
        """The target sets' names, in order."""
        return tuple(dict.fromkeys(w.set for w in self.words))

    def to_dict(self) -> dict:
        return {**jsonable(self), "mean_effect": {
            name: dict(zip(("before", "after"), jsonable(self.mean_effect(name)), strict=True))
            for name in self.sets()
        }}


def held_out_scweat(
    original: Embedding, debiased: Embedding, held: WordSet, options: PermutationOptions
) -> ScWeatCheck:
    """The SC-WEAT of each held-out target word, before and after (same words, same partitions:
    the two embeddings share their vocabulary)."""
    measure = MeasureOptions()  # its test is two-sided by default
    measure = replace(measure, test=replace(options, alternative=measure.test.alternative))
    sets = named_sets_of(held)
    rows, missing, p_method = [], [], "exact"
    for target in (held.X, held.Y):
        before, after = (run_scweat(e, sets, target.words, measure) for e in (original, debiased))
        for b, a in zip(before.per_word, after.per_word, strict=True):
            rows.append(WordLean(target.name, b.word, Lean(b.value, b.p_value),
                                 Lean(a.value, a.p_value)))
        missing += [w for report in before.sets.values() for w in report.missing]
        p_method = before.p_method
    return ScWeatCheck(held.A.name, held.B.name, tuple(rows), tuple(dict.fromkeys(missing)),
                       p_method, measure.test.alternative)


@dataclass(frozen=True)
class CheckResult:
    """One check word set: held-out before/after with the paired change, and the circular
    figure on the fitting words."""

    wordset_id: str
    title: str
    held_out: dict[str, tuple[str, ...]]
    fitting: dict[str, tuple[str, ...]]
    before: WeatSide
    after: WeatSide
    change: float
    change_interval: tuple[float, float] | None
    circular_before: WeatSide
    circular_after: WeatSide
    scweat: ScWeatCheck

    def to_dict(self) -> dict:
        return {
            "wordset": self.wordset_id,
            "title": self.title,
            "held_out_words": {k: list(v) for k, v in self.held_out.items()},
            "fitting_words": {k: list(v) for k, v in self.fitting.items()},
            "held_out": {
                "before": self.before.to_dict(),
                "after": self.after.to_dict(),
                "change": jsonable(self.change),
                "change_interval": jsonable(self.change_interval),
                "change_method": f"paired bootstrap over words, {PAIRED_RESAMPLES:,} resamples, "
                                 "95% percentile interval",
                "sc_weat": self.scweat.to_dict(),
            },
            "fitting_circular": {
                "note": "the same WEAT on the words the fit was allowed to see: circular, "
                        "not evidence that bias was removed",
                "before": self.circular_before.to_dict(),
                "after": self.circular_after.to_dict(),
            },
        }


def _cosines(embedding: Embedding, wordset: WordSet) -> tuple[np.ndarray, np.ndarray, int] | None:
    """Cosines of the found target words (X then Y) with the found A and B words."""
    vectors = {}
    for key in SET_KEYS:
        lookups = embedding.lookup_all(getattr(wordset, key).words)
        vectors[key] = embedding.vectors_for(lookups).astype(np.float64)
    if any(len(vectors[k]) < 1 for k in SET_KEYS) or len(vectors["X"]) + len(vectors["Y"]) < 3:
        return None
    targets = np.vstack([vectors["X"], vectors["Y"]])
    return targets @ vectors["A"].T, targets @ vectors["B"].T, len(vectors["X"])


def effect_size_of(cos_a: np.ndarray, cos_b: np.ndarray, nx: int) -> float:
    """Caliskan's d from the cosines, population sd (as `bias.stats.weat`)."""
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    return float((s[:nx].mean() - s[nx:].mean()) / s.std())


def _resampled_d(
    cos_a: np.ndarray, cos_b: np.ndarray, nx: int, picks: dict[str, np.ndarray]
) -> np.ndarray:
    """d of each resample (rows of `picks`: indices into X, Y, A, B)."""
    r = picks["A"].shape[0]
    s = (
        np.stack([cos_a[:, picks["A"][i]].mean(axis=1) for i in range(r)])
        - np.stack([cos_b[:, picks["B"][i]].mean(axis=1) for i in range(r)])
    )  # (r, targets)
    x = np.take_along_axis(s, picks["X"], axis=1)
    y = np.take_along_axis(s, nx + picks["Y"], axis=1)
    both = np.concatenate([x, y], axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (x.mean(axis=1) - y.mean(axis=1)) / both.std(axis=1)


def paired_change(
    before: tuple[np.ndarray, np.ndarray, int],
    after: tuple[np.ndarray, np.ndarray, int],
    seed: int,
    resamples: int = PAIRED_RESAMPLES,
) -> tuple[float, tuple[float, float] | None]:
    """d(after) − d(before) and its 95% percentile interval over paired word resamples."""
    cos_a, cos_b, nx = before
    change = effect_size_of(*after) - effect_size_of(*before)
    sizes = {"X": nx, "Y": cos_a.shape[0] - nx, "A": cos_a.shape[1], "B": cos_b.shape[1]}
    rng = np.random.default_rng(seed)
    changes = []
    for start in range(0, resamples, _BLOCK):
        n = min(_BLOCK, resamples - start)
        picks = {k: rng.integers(0, size, (n, size)) for k, size in sizes.items()}
        changes.append(_resampled_d(*after, picks) - _resampled_d(*before, picks))
    values = np.concatenate(changes)
    values = values[np.isfinite(values)]
    if values.size < resamples // 2:
        return change, None
    low, high = np.percentile(values, [2.5, 97.5])
    return change, (float(low), float(high))


def run_check(
    original: Embedding, debiased: Embedding, wordset: WordSet, seed: int, options: WeatOptions
) -> CheckResult:
    """The WEATs of one check word set, held-out and fitting, before and after."""
    fitting, held = split_wordset(wordset, seed)
    results = {
        (part, when): run_weat(embedding, ws, options)
        for part, ws in (("held", held), ("fit", fitting))
        for when, embedding in (("before", original), ("after", debiased))
    }
    pair = _cosines(original, held), _cosines(debiased, held)
    if pair[0] is None or pair[1] is None:
        change, interval = math.nan, None
    else:
        change, interval = paired_change(pair[0], pair[1], seed)
    return CheckResult(
        wordset_id=wordset.id,
        title=wordset.title,
        held_out={k: getattr(held, k).words for k in SET_KEYS},
        fitting={k: getattr(fitting, k).words for k in SET_KEYS},
        before=WeatSide.of(results["held", "before"]),
        after=WeatSide.of(results["held", "after"]),
        change=change,
        change_interval=interval,
        circular_before=WeatSide.of(results["fit", "before"]),
        circular_after=WeatSide.of(results["fit", "after"]),
        scweat=held_out_scweat(original, debiased, held, options),
    )
