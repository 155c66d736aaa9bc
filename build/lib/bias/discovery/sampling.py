"""Step 3 of BiasWords: draw new word sets from the kept candidates and validate each with WEAT.

The paper drew once; one lucky draw proves little. This module draws R times, reproducibly from
one seed, and summarises the share of significant draws and the spread of effect sizes, so the
result says how reliably a random pick from the curated candidates shows the bias.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace

import numpy as np
import polars as pl

from bias.discovery.candidates import curated_pools
from bias.errors import BiasInputError
from bias.stats.pvalues import ALPHA
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets import SET_KEYS, Reported, TermSet, WordSet


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
    alpha: float = ALPHA
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


def summarise(draws: Sequence[Draw], alpha: float = ALPHA) -> DrawSummary:
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
