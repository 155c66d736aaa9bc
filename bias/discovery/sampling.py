"""Step 3 of BiasWords: draw new word sets from the kept candidates and validate each with WEAT.

The paper drew once; one lucky draw proves little. This module draws R times, reproducibly from
one seed, and summarises the share of significant draws and the spread of effect sizes, so the
result says how reliably a random pick from the curated candidates shows the bias.

Randomness: one `numpy.random.SeedSequence(seed)` is spawned into independent streams, one for
picking the words and one per draw for its WEAT (and the same again for the baseline), so the
streams of seed s and seed s + 1 never overlap, as consecutive integer seeds could.

Honesty about the statistics: the draws are not independent evidence (the candidates were chosen
for being near biased words), and the most significant of R draws is a selected one. So the
summary carries the Holm-adjusted p of the best draw beside its raw p, `baseline` runs the same
draws from random words matched in size, frequency band and part of speech, and a saved draw
stores its own result as computed with its provenance, never as a "reported" value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace

import numpy as np
import polars as pl

from bias.bounds import Bound, bounded, check_bounds
from bias.compute import run_tasks
from bias.discovery.candidates import curated_pools, hand_decisions
from bias.errors import BiasInputError
from bias.serialize import jsonable
from bias.stats.budget import draws_work
from bias.stats.permutation import DRAWS, SEED
from bias.stats.pvalues import ALPHA, holm
from bias.stats.tasks import WeatTask, run_draw, workers_for
from bias.stats.weat import WeatOptions
from bias.vectors.embeddings import Embedding
from bias.vectors.reference import reference
from bias.wordsets import SET_KEYS, TermSet, WordSet

SET_DRAWS = Bound("The number of draws", 1, 10_000, unit="draws", reason="100 is usually enough")
"""New word sets drawn from the curated candidates (each validated by its own WEAT)."""
ALPHA_LEVEL = Bound("The significance level", 0, 1, whole=False, exclusive=True)


@dataclass(frozen=True)
class DrawOptions:
    """How many random draws and how each is validated.

    `iterations` is the WEAT randomization budget per draw. Sets of 8 and 8 words have only
    12,870 partitions, so WEAT enumerates them exactly and `iterations` does not matter; it only
    applies to larger sets, where 10,000 (not the paper's 100,000) keeps 100 draws interactive.
    """

    draws: int = bounded(100, SET_DRAWS)
    seed: int = bounded(0, SEED)
    iterations: int = bounded(10_000, DRAWS)
    alpha: float = bounded(ALPHA, ALPHA_LEVEL)
    alternative: str = "greater"
    baseline: bool = True
    """Also draw from random vocabulary words (`baseline`), to compare."""

    def __post_init__(self) -> None:
        check_bounds(self)
        WeatOptions(iterations=self.iterations, alternative=self.alternative)  # the alternative


@dataclass(frozen=True)
class Draw:
    """One random composition of new sets and its WEAT validation."""

    index: int
    sets: dict[str, tuple[str, ...]]
    p_value: float
    effect_size: float
    method: str
    weat_seed: int | None = None
    """The seed of this draw's own WEAT stream (spawned; see the module's docstring)."""

    def to_dict(self) -> dict:
        return jsonable({
            "index": self.index,
            **self.sets,
            "p_value": self.p_value,
            "effect_size": self.effect_size,
            "method": self.method,
            "weat_seed": self.weat_seed,
        })


def draw_strength(draw: Draw, alternative: str = "greater") -> tuple[float, float]:
    """The one ranking rule for "the best draw": smallest p, then the largest effect in the
    direction tested (d for a one-sided test, |d| for a two-sided one); undefined d last."""
    d = draw.effect_size
    if math.isnan(d):
        return (draw.p_value, math.inf)
    return (draw.p_value, -abs(d) if alternative == "two-sided" else -d)


def rank_draws(draws: Sequence[Draw], alternative: str = "greater") -> list[Draw]:
    """The draws from the most to the least significant (`draw_strength`), ties by index."""
    return sorted(draws, key=lambda d: (*draw_strength(d, alternative), d.index))


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
    best: int | None = None
    """Index of the most significant draw (`rank_draws`)."""
    best_p_value: float = math.nan
    best_p_holm: float = math.nan
    """The best draw's p after Holm's correction over all draws: it was picked among many."""

    def to_dict(self) -> dict:
        return jsonable({
            "draws": self.draws,
            "significant": self.significant,
            "share_significant": self.share_significant,
            "alpha": self.alpha,
            "effect_size_mean": self.effect_size_mean,
            "effect_size_quantiles": self.effect_size_quantiles,
            "p_value_median": self.p_value_median,
            "best_draw": self.best,
            "best_p_value": self.best_p_value,
            "best_p_value_holm": self.best_p_holm,
        })


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
    curated: bool = False
    """Whether a person curated the pool; an uncurated run is exploratory, not a validation."""
    hand_decisions: int = 0
    baseline: Baseline | None = None
    provenance: dict = field(default_factory=dict)
    """Seed tests, filters, tagger and the sets' parts of speech, for a saved draw."""

    @property
    def exploratory(self) -> bool:
        return not self.curated

    def effect_sizes(self) -> np.ndarray:
        return np.array([d.effect_size for d in self.draws], dtype=np.float64)

    def draw(self, index: int) -> Draw:
        return next(d for d in self.draws if d.index == index)

    def ranked(self) -> list[Draw]:
        return rank_draws(self.draws, self.options.alternative)

    def to_dict(self) -> dict:
        return {
            "wordset": self.wordset_id,
            "embedding": self.embedding,
            "sizes": self.sizes,
            "pools": self.pools,
            "unavailable": {k: list(v) for k, v in self.unavailable.items() if v},
            "options": asdict(self.options),
            "curated": self.curated,
            "hand_decisions": self.hand_decisions,
            "exploratory": self.exploratory,
            "draws": [draw.to_dict() for draw in self.draws],
            "summary": self.summary.to_dict(),
            "baseline": None if self.baseline is None else self.baseline.to_dict(),
            "provenance": self.provenance,
        }


@dataclass(frozen=True)
class Baseline:
    """The same draws from random vocabulary words: how often an unrelated set is significant.

    Each set's pool is random words from the same frequency band as its kept candidates
    (vocabulary rows between their 5th and 95th percentile: most embeddings list words by
    frequency), of a part of speech compatible with the set's, as many as the candidate pool
    holds, never a seed or candidate word. `shortfall` names sets whose band held fewer such
    words than wanted (their pool is then smaller).
    """

    pools: dict[str, int]
    bands: dict[str, tuple[int, int]]
    set_pos: dict[str, str | None]
    draws: tuple[Draw, ...]
    summary: DrawSummary
    shortfall: tuple[str, ...] = ()

    def effect_sizes(self) -> np.ndarray:
        return np.array([d.effect_size for d in self.draws], dtype=np.float64)

    def to_dict(self) -> dict:
        summary = self.summary.to_dict()
        return {
            "share_significant": summary["share_significant"],
            "significant": summary["significant"],
            "draws": summary["draws"],
            "effect_size_quantiles": summary["effect_size_quantiles"],
            "effect_size_mean": summary["effect_size_mean"],
            "pools": self.pools,
            "frequency_bands": {k: list(v) for k, v in self.bands.items()},
            "set_pos": self.set_pos,
            "shortfall": list(self.shortfall),
            "effect_sizes": jsonable([d.effect_size for d in self.draws]),
        }


def summarise(
    draws: Sequence[Draw], alpha: float = ALPHA, alternative: str = "greater"
) -> DrawSummary:
    """Share of significant draws, the distribution of their effect sizes (nan ignored), and the
    best draw with its raw and Holm-adjusted p."""
    p = np.array([d.p_value for d in draws], dtype=np.float64)
    d = np.array([d.effect_size for d in draws], dtype=np.float64)
    finite = d[~np.isnan(d)]
    significant = int(np.count_nonzero(p < alpha))
    quantiles = (
        np.quantile(finite, EFFECT_QUANTILES) if finite.size else [math.nan] * len(EFFECT_QUANTILES)
    )
    best, best_p, best_holm = None, math.nan, math.nan
    if draws:
        top = rank_draws(draws, alternative)[0]
        position = next(i for i, d in enumerate(draws) if d is top)
        best, best_p, best_holm = top.index, top.p_value, float(holm(p)[position])
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
        best=best,
        best_p_value=best_p,
        best_p_holm=best_holm,
    )


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


def streams(seed: int) -> dict[str, np.random.SeedSequence]:
    """Independent random streams spawned from one seed, by purpose."""
    names = ("words", "weat", "baseline_pool", "baseline_words", "baseline_weat")
    return dict(zip(names, np.random.SeedSequence(seed).spawn(len(names)), strict=True))


def weat_seeds(sequence: np.random.SeedSequence, count: int) -> list[int]:
    """One WEAT seed per draw, each from its own spawned child stream."""
    return [int(child.generate_state(1, dtype=np.uint64)[0]) for child in sequence.spawn(count)]


def usable_pools(
    embedding: Embedding, table: pl.DataFrame
) -> tuple[dict[str, list[str]], dict[str, tuple[str, ...]]]:
    """Kept candidates per set that the embedding knows, and those it does not."""
    pools = curated_pools(table)
    unavailable = {}
    for key in SET_KEYS:
        missing = tuple(w for w in pools[key] if not embedding.lookup(w).found)
        unavailable[key] = missing
        pools[key] = [w for w in pools[key] if w not in missing]
    return pools, unavailable


def draw_sizes(wordset: WordSet, sizes: Mapping[str, int] | None = None) -> dict[str, int]:
    wanted = {key: len(terms.words) for key, terms in wordset.sets().items()}
    wanted.update(sizes or {})
    for key in SET_KEYS:
        if wanted[key] < 1:
            raise BiasInputError(f"Set {key} must get at least one word per draw.")
    return wanted


def pick_sets(
    pools: Mapping[str, Sequence[str]],
    wanted: Mapping[str, int],
    draws: int,
    words_stream: np.random.SeedSequence,
) -> list[dict[str, tuple[str, ...]]]:
    """`draws` compositions of disjoint sets from the pools, one after the other from one
    stream (cheap; the WEATs are the work)."""
    rng = np.random.default_rng(words_stream)
    picked_sets = []
    for _ in range(draws):
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
        picked_sets.append(sets)
    return picked_sets


def draw_from_pools(
    embedding: Embedding,
    wordset: WordSet,
    pools: Mapping[str, Sequence[str]],
    wanted: Mapping[str, int],
    options: DrawOptions,
    words_stream: np.random.SeedSequence,
    weat_stream: np.random.SeedSequence,
    scheduler: str | None = None,
) -> list[Draw]:
    """R draws of disjoint sets from the pools, each validated by WEAT on its own stream: the
    WEATs are tasks (`bias.compute.run_tasks`), here or on the cluster at `scheduler`."""
    seeds = weat_seeds(weat_stream, options.draws)
    compositions = pick_sets(pools, wanted, options.draws, words_stream)
    ref = reference(embedding)
    tasks = [
        WeatTask(ref, draw_wordset(wordset, sets, i + 1), WeatOptions(
            iterations=options.iterations,
            seed=seeds[i],
            alternative=options.alternative,  # type: ignore[arg-type]
            ci_resamples=0,  # a draw reports p and d; its interval would cost 5× the test
        ))
        for i, sets in enumerate(compositions)
    ]  # fmt: skip
    work = draws_work(wanted, replace(options, baseline=False))
    results = run_tasks(run_draw, tasks, scheduler=scheduler, workers=workers_for(tasks, work))
    return [
        Draw(i + 1, sets, p, d, method, seeds[i])
        for i, (sets, (p, d, method)) in enumerate(zip(compositions, results, strict=True))
    ]


def draw_sets(
    embedding: Embedding,
    wordset: WordSet,
    table: pl.DataFrame,
    options: DrawOptions = DrawOptions(),
    sizes: Mapping[str, int] | None = None,
    scheduler: str | None = None,
) -> Sampling:
    """Draw new sets of the original sizes from the kept candidates and validate each with WEAT
    (each WEAT a task: on the cluster at `scheduler`, if given).

    Within a draw the sets are disjoint (X first, then Y, A, B, each without the words already
    drawn), so a flagged word kept on both sides never counts twice. The words and each draw's
    WEAT come from independent streams spawned from `options.seed` (`streams`), so the same table
    and options give the same draws. No baseline here: `validate` adds it.
    """
    pools, unavailable = usable_pools(embedding, table)
    wanted = draw_sizes(wordset, sizes)
    for key in SET_KEYS:
        if len(pools[key]) < wanted[key]:
            raise BiasInputError(
                f"Set {key} has {len(pools[key])} usable kept candidate(s) but each draw needs "
                f"{wanted[key]}; keep more candidates or generate more neighbours."
            )
    seq = streams(options.seed)
    draws = draw_from_pools(embedding, wordset, pools, wanted, options, seq["words"], seq["weat"],
                            scheduler)
    decisions = hand_decisions(table)
    return Sampling(
        wordset_id=wordset.id,
        embedding=embedding.name,
        sizes=wanted,
        pools={key: len(pool) for key, pool in pools.items()},
        unavailable=unavailable,
        options=options,
        draws=tuple(draws),
        summary=summarise(draws, options.alpha, options.alternative),
        curated=decisions > 0,
        hand_decisions=decisions,
    )
