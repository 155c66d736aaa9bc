"""One test run on several embeddings, pooled: a random-effects estimate of d (DerSimonian &
Laird 1986) with its 95% interval, τ² and I².

Each d is weighted by the inverse of its variance, the squared standard error of its bootstrap
replicates (bias.stats.bootstrap), plus τ², the variance between embeddings that the estimate
allows for. What the pooled figure means, and what it does not (docs/metrics.md, "Pooling"): the
embeddings are not independent samples of one population (fastText vectors of several languages
share their method and much of their corpus' kind), and the bootstrap variance counts only the
choice of words, so the pooled interval is a summary of these embeddings, narrower than a
finding about languages in general would be.

Tests are pooled by family: the same WEATHub test in several languages (`weathub-de-weat7` and
`weathub-fr-weat7` are both `weathub-weat7`), or one test on several embeddings.

A family is not pooled when one of its embeddings is derived from another of them (a debiased
copy and its parent, or two copies of one parent): those are one embedding measured twice, not
two results, and pooling them as independent would narrow the interval for nothing.
`unpooled` says which families were left out and why (`Note` "pooled_with_parent", the data
of a `Related`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from statistics import NormalDist

from bias.notes import Note
from bias.stats.batch import BatchRow
from bias.vectors.catalog import available_embeddings

_WEATHUB = re.compile(r"^weathub-[a-z]{2,3}-(.+)$")


@dataclass(frozen=True)
class PooledEffect:
    """The random-effects pool of one test family over `k` results."""

    family: str
    rows: tuple[str, ...]
    """'wordset · embedding' of each pooled result, in batch order."""
    k: int
    estimate: float
    standard_error: float
    low: float
    high: float
    level: float
    tau2: float
    """Between-embedding variance of d (DerSimonian–Laird, truncated at 0)."""
    i2: float
    """Share of the spread of the d's beyond what their own variances explain (0 to 1)."""
    q: float
    """Cochran's Q."""


def family(wordset_id: str) -> str:
    """The family a test is pooled in: a WEATHub test without its language, else the id."""
    match = _WEATHUB.match(wordset_id)
    return f"weathub-{match.group(1)}" if match else wordset_id


def random_effects(d: Sequence[float], variance: Sequence[float], level: float = 0.95
                   ) -> tuple[float, float, float, float, float]:
    """(estimate, standard error, τ², I², Q) of DerSimonian & Laird's random-effects model."""
    weights = [1 / v for v in variance]
    fixed = sum(w * x for w, x in zip(weights, d, strict=True)) / sum(weights)
    q = sum(w * (x - fixed) ** 2 for w, x in zip(weights, d, strict=True))
    df = len(d) - 1
    scale = sum(weights) - sum(w * w for w in weights) / sum(weights)
    tau2 = max(0.0, (q - df) / scale) if scale > 0 else 0.0
    star = [1 / (v + tau2) for v in variance]
    estimate = sum(w * x for w, x in zip(star, d, strict=True)) / sum(star)
    i2 = max(0.0, (q - df) / q) if q > 0 else 0.0
    return estimate, math.sqrt(1 / sum(star)), tau2, i2, q


def parents() -> dict[str, str]:
    """Each derived (debiased) embedding of the catalog and the embedding it was made from."""
    return {info.name: str(info.derived_from["parent"]) for info in available_embeddings()
            if info.derived_from and info.derived_from.get("parent")}


def _line(name: str, lineage: Mapping[str, str]) -> list[str]:
    """`name`, its parent, its parent's parent, … up to the original embedding."""
    line = [name]
    while (parent := lineage.get(line[-1])) is not None and parent not in line:
        line.append(parent)
    return line


@dataclass(frozen=True)
class Related:
    """Two chosen embeddings that are one embedding at heart: `derived` is made from `other`
    (`direct`), or both are made from `origin`."""

    derived: str
    other: str
    origin: str
    direct: bool


def related(names: Sequence[str], lineage: Mapping[str, str] | None = None) -> list[Related]:
    """Each of `names` that comes from the same original embedding as another one before it
    (`lineage`: derived name to parent; default the catalog's `parents`)."""
    lineage = parents() if lineage is None else lineage
    first: dict[str, str] = {}
    found = []
    for name in dict.fromkeys(names):
        line = _line(name, lineage)
        other = first.setdefault(line[-1], name)
        if other == name:
            continue
        if name in _line(other, lineage):  # the ancestor came second
            name, other = other, name
        found.append(Related(name, other, line[-1], other in _line(name, lineage)))
    return found


def _groups(rows: Sequence[BatchRow]) -> dict[str, list[BatchRow]]:
    groups: dict[str, list[BatchRow]] = {}
    for row in rows:
        if row.ran and row.interval is not None and row.interval.standard_error > 0 \
                and math.isfinite(row.effect_size):
            groups.setdefault(family(row.wordset), []).append(row)
    return {name: members for name, members in groups.items() if len(members) >= 2}


def unpooled(rows: Sequence[BatchRow], lineage: Mapping[str, str] | None = None) -> list[Note]:
    """A note for each family `pool` leaves out because an embedding in it is derived from
    another one in it."""
    lineage = parents() if lineage is None else lineage
    notes = []
    for name, members in _groups(rows).items():
        found = related([str(r.embedding) for r in members], lineage)
        if found:
            notes.append(Note("pooled_with_parent", {"family": name, **asdict(found[0])}))
    return notes


def pool(rows: Sequence[BatchRow], level: float = 0.95,
         lineage: Mapping[str, str] | None = None) -> list[PooledEffect]:
    """A pooled effect for every test family with at least two results that have a d and a
    bootstrap standard error, none of whose embeddings is derived from another (`unpooled`
    says which were left out); families in batch order."""
    lineage = parents() if lineage is None else lineage
    z = NormalDist().inv_cdf((1 + level) / 2)
    pooled = []
    for name, members in _groups(rows).items():
        if related([str(r.embedding) for r in members], lineage):
            continue
        estimate, se, tau2, i2, q = random_effects(
            [r.effect_size for r in members], [r.interval.standard_error ** 2 for r in members])
        pooled.append(PooledEffect(name, tuple(f"{r.wordset} · {r.embedding}" for r in members),
                                   len(members), estimate, se, estimate - z * se,
                                   estimate + z * se, level, tau2, i2, q))
    return pooled
