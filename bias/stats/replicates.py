"""A WEAT over a group of replicates, and across the groups of a trained family.

An embedding trained on a modest corpus changes with the seed and with which documents happen
to be in it, so a WEAT on one model can be noise (Antoniak & Mimno 2018). Replicates are models
trained on bootstrap samples of the documents, every one with the same vocabulary
(`bias.corpus.train_model`); the test runs on each, and the verdict accounts for their spread:

* `holds`                every replicate's own verdict holds, all with d of one sign;
* `unstable`             d changes sign between replicates and at least one is significant
                         (either way): the "bias" is a property of the training run, not of the
                         texts;
* `not_every_replicate`  significant in some replicates only: too little evidence to call it
                         stable, which is not evidence that there is no association;
* `other_way`            no replicate significant in the stated direction, every d against it,
                         and at least one replicate whose association would be significant the
                         other way (`PermutationTest.other_tail_p`);
* `no_bias`              no replicate is significant either way (and each could have been): no
                         evidence here, not evidence of no association;
* `cannot_decide`        some replicate cannot decide (too few words, p cannot fall below α).

How often these verdicts are right on generated corpora (false positives, power) is measured by
bench/replicate_verdicts.py and stated in docs/corpus.md.

The interval is a t prediction interval (mean ± t(n−1, 0.975) · s · √(1 + 1/n), s the
replicates' standard deviation): where the d of another training run on a bootstrap sample of
this corpus would fall, if the replicates' d are roughly normal. It is not an interval for the
corpus's "true" d, and it leaves out the choice of words (each replicate's own word bootstrap is
kept in its result). Its coverage is measured in bench/replicate_interval_coverage.py. With fewer
than `MIN_INTERVAL_REPLICATES` replicates there is none: the standard deviation of two values is
too unsteady (the interval would be ±15.6 of them).

Across groups (a decade, a party), each group value is its own set of replicates; the values
come in the corpus's order of first appearance, an order given at training, or as numbers
(`bias.corpus.family`, `bias.corpus.group_values`). Vectors of different groups live in
separate spaces and are never compared; each group's d is computed within its own space, and
the d's are what is compared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from scipy import stats

from bias.corpus.family import Family, Slice, resolve
from bias.jobs import steps
from bias.serialize import NOT_SERIALISED, jsonable
from bias.stats.batch import BatchRow
from bias.stats.pvalues import ALPHA
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.catalog import load_embedding
from bias.wordsets import WordSet

State = Literal["holds", "unstable", "not_every_replicate", "other_way", "no_bias",
                "cannot_decide"]
SIGNIFICANT = ("holds", "these_words")
LEVEL = 0.95
MIN_INTERVAL_REPLICATES = 3
"""Fewest replicates for an interval (module docstring)."""
INTERVAL_METHOD = ("t prediction interval from the replicates' mean and standard deviation: "
                   "where the d of another training run on a bootstrap sample of this corpus "
                   "would fall (the choice of words left out)")


@dataclass(frozen=True)
class ReplicateInterval:
    low: float
    high: float
    level: float = LEVEL
    method: str = INTERVAL_METHOD


@dataclass(frozen=True)
class ReplicateVerdict:
    state: State
    replicates: int
    significant: int
    """Replicates whose own verdict is `holds` or `these_words`."""
    holds: int
    positive: int
    negative: int
    against: int = 0
    """Replicates whose association would be significant against the stated direction
    (the test's `other_tail_p` < α; a one-sided test only)."""


def decide_replicates(effect_sizes: Sequence[float], states: Sequence[str],
                      opposite: Sequence[float | None] = ()) -> ReplicateVerdict:
    """The verdict over replicates from each one's d, own verdict state and the p of the other
    direction where known (module docstring)."""
    d = np.asarray(effect_sizes, dtype=float)
    positive, negative = int((d > 0).sum()), int((d < 0).sum())
    significant = sum(state in SIGNIFICANT for state in states)
    holds = sum(state == "holds" for state in states)
    against = sum(p is not None and p < ALPHA
                  for p, state in zip(opposite, states, strict=False) if state != "cannot_decide")
    if any(state == "cannot_decide" for state in states) or np.isnan(d).any():
        state: State = "cannot_decide"
    elif positive and negative and (significant or against):
        state = "unstable"
    elif holds == len(states):
        state = "holds"
    elif significant:
        state = "not_every_replicate"
    elif against:
        state = "other_way"  # every d against the stated direction: a sign flip is caught above
    else:
        state = "no_bias"
    return ReplicateVerdict(state, len(states), significant, holds, positive, negative, against)


def replicate_interval(effect_sizes: Sequence[float],
                       limit: float | None = None) -> ReplicateInterval | None:
    """Where the d of another training run would fall (module docstring), cut to ±`limit`, the
    largest |d| the sets allow (`WeatResult.effect_size_limit`: 2 for equal sets), which a few
    widely spread replicates' interval would otherwise overrun (no d lies beyond it, so the cut
    loses no coverage); None for fewer than `MIN_INTERVAL_REPLICATES` replicates or an
    undefined d."""
    d = np.asarray(effect_sizes, dtype=float)
    if d.size < MIN_INTERVAL_REPLICATES or np.isnan(d).any():
        return None
    n = d.size
    half = stats.t.ppf(0.5 + LEVEL / 2, n - 1) * d.std(ddof=1) * np.sqrt(1 + 1 / n)
    low, high = d.mean() - half, d.mean() + half
    if limit is not None:
        low, high = max(low, -limit), min(high, limit)
    return ReplicateInterval(float(low), float(high))


@dataclass(frozen=True)
class ReplicateResult:
    """One test on one replicate group (or on one model: then no interval, and its verdict
    says only what that model shows)."""

    wordset_id: str
    title: str
    embedding: str
    """The group's name (NAME, or NAME-<value>)."""
    group: str | None
    """The group value, for a family across groups."""
    members: tuple[str, ...]
    effect_sizes: tuple[float, ...]
    states: tuple[str, ...]
    """Each replicate's own verdict state (`bias.stats.verdict`)."""
    p_values: tuple[float, ...]
    verdict: ReplicateVerdict
    interval: ReplicateInterval | None
    results: tuple[WeatResult, ...] = field(default=(), repr=False, compare=False,
                                            metadata=NOT_SERIALISED)
    opposite_p_values: tuple[float | None, ...] = ()
    """Each replicate's p for the direction against the stated one (its test's `other_tail_p`:
    counted as the test counts its own tail, not 1 − p); None where not defined."""

    @property
    def mean(self) -> float:
        return float(np.mean(self.effect_sizes))

    @property
    def spread(self) -> float:
        """The standard deviation of the replicates' d (ddof 1; nan for one model)."""
        return float(np.std(self.effect_sizes, ddof=1)) if len(self.effect_sizes) > 1 else np.nan

    def to_dict(self) -> dict:
        return jsonable({
            "wordset": self.wordset_id, "title": self.title, "embedding": self.embedding,
            "group": self.group, "effect_size": self.mean, "verdict": self.verdict,
            "replicates": {"members": self.members, "effect_sizes": self.effect_sizes,
                           "p_values": self.p_values,
                           "opposite_p_values": self.opposite_p_values, "verdicts": self.states,
                           "mean": self.mean, "spread": self.spread, "interval": self.interval},
            "results": [result.to_dict() for result in self.results],
        })


def replicate_result(wordset: WordSet, embedding: str, group: str | None,
                     members: Sequence[str], effect_sizes: Sequence[float],
                     states: Sequence[str], p_values: Sequence[float],
                     results: Sequence[WeatResult] = ()) -> ReplicateResult:
    """The result over replicates from each one's numbers (a WEAT's, or a Batch's rows); the
    other direction's p from `results`, when every replicate's is given."""
    opposite = (tuple(r.test.other_tail_p for r in results) if len(results) == len(members)
                else (None,) * len(members))
    limit = max((r.effect_size_limit for r in results), default=None)
    return ReplicateResult(
        wordset.id, wordset.title, embedding, group, tuple(members),
        tuple(float(d) for d in effect_sizes), tuple(states), tuple(float(p) for p in p_values),
        decide_replicates(effect_sizes, states, opposite),
        replicate_interval(effect_sizes, limit), tuple(results), opposite,
    )


Runner = Callable[[str, WordSet, WeatOptions], WeatResult]


def _run(name: str, wordset: WordSet, options: WeatOptions) -> WeatResult:
    return run_weat(load_embedding(name), wordset, options)


def run_replicates(group: Slice, wordset: WordSet, options: WeatOptions | None = None,
                   runner: Runner = _run) -> ReplicateResult:
    """The test on every replicate of `group`, with the same options (seeds included)."""
    options = options or WeatOptions()
    results = [runner(name, wordset, options) for name in steps(group.members,
                                                               len(group.members))]
    return replicate_result(
        wordset, group.name, group.value, group.members, [r.effect_size for r in results],
        [r.verdict.state for r in results], [r.p_value for r in results], results,
    )


@dataclass(frozen=True)
class AcrossGroups:
    """One test on each group of a family, in the order of the group values."""

    family: str
    group_column: str | None
    wordset_id: str
    title: str
    groups: tuple[ReplicateResult, ...]

    def points(self) -> list[dict]:
        """The chart's data: per group value its d (the replicates' mean), interval, verdict."""
        return [{"value": g.group, "embedding": g.embedding, "effect_size": g.mean,
                 "effect_sizes": list(g.effect_sizes),
                 "interval": None if g.interval is None else [g.interval.low, g.interval.high],
                 "verdict": g.verdict.state} for g in self.groups]

    def to_dict(self) -> dict:
        return jsonable({"family": self.family, "group_column": self.group_column,
                         "wordset": self.wordset_id, "title": self.title,
                         "across_groups": self.points(),
                         "groups": [g.to_dict() for g in self.groups]})


def run_across_groups(family: Family, wordset: WordSet, options: WeatOptions | None = None,
                      runner: Runner = _run) -> AcrossGroups:
    """The test on every group of `family` (each over its replicates)."""
    groups = tuple(run_replicates(item, wordset, options, runner)
                   for item in steps(family.slices, len(family.slices)))
    return AcrossGroups(family.name, family.group_column, wordset.id, wordset.title, groups)


def _from_rows(rows: Sequence[BatchRow], group: Slice, wordset: WordSet) -> ReplicateResult | None:
    mine = {row.embedding: row for row in rows
            if row.wordset == wordset.id and row.embedding in group.members and row.ran}
    if len(mine) < len(group.members):
        return None  # a replicate did not run: its row says why
    ordered = [mine[name] for name in group.members]
    return replicate_result(
        wordset, group.name, group.value, group.members, [r.effect_size for r in ordered],
        [r.verdict or "cannot_decide" for r in ordered], [r.p_value for r in ordered],
        [r.result for r in ordered if r.result is not None],
    )


def from_batch(rows: Sequence[BatchRow], groups: Sequence[Family | Slice],
               wordsets: Sequence[WordSet]) -> list[ReplicateResult | AcrossGroups]:
    """A Batch's rows of each replicate group (`Slice`) or family summarised per test, as
    `run_replicates` and `run_across_groups` would give (the rows ran every member)."""
    out: list[ReplicateResult | AcrossGroups] = []
    for wordset in wordsets:
        for group in groups:
            if isinstance(group, Slice):
                found = _from_rows(rows, group, wordset)
                if found is not None:
                    out.append(found)
                continue
            slices = [_from_rows(rows, item, wordset) for item in group.slices]
            if all(item is not None for item in slices):
                out.append(AcrossGroups(group.name, group.group_column, wordset.id,
                                        wordset.title, tuple(slices)))
    return out


def members(group: Family | Slice) -> list[str]:
    """Every embedding a group stands for, in order."""
    if isinstance(group, Slice):
        return list(group.members)
    return [name for item in group.slices for name in item.members]


def run_trained(name: str, wordset: WordSet, options: WeatOptions | None = None
                ) -> ReplicateResult | AcrossGroups:
    """The test on whatever `name` stands for (`bias.corpus.family.resolve`): a family across
    groups, a replicate group, or one model (a group of one)."""
    group = resolve(name)
    if isinstance(group, Family):
        return run_across_groups(group, wordset, options)
    if group is None:
        language = load_embedding(name).language
        group = Slice(name, None, (name,), language)
    return run_replicates(group, wordset, options)
