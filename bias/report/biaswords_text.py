"""Every sentence BiasWords shows people about its draws: the labels, the summary, the baseline.

The numbers come from `bias.discovery`; this module only words them, once, for both the page and
the command line, so the two never say different things.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import polars as pl

from bias.discovery.sampling import Draw, Sampling
from bias.report.note_sentences import notes_text
from bias.report.text import format_d, format_p, p_phrase
from bias.wordsets import SET_KEYS, WordSet

EXPLORATORY = (
    "Exploratory: nobody has curated these candidates by hand, so the draws show what the "
    "filters alone produce. Check the kept words before you call any drawn set validated."
)

NOT_INDEPENDENT = (
    "The draws are not independent evidence: the candidates were chosen for lying near words "
    "that already show the bias, so a high share of significant draws is expected. Compare it "
    "with the baseline (random words of the same kind), and test a set you keep on another "
    "embedding before you report it."
)


POOL_QUALITY = (
    "Nor does a high share say the pool is good: neighbours inherit the seeds' geometry whatever "
    "they mean, so draws come out significant even when many kept words are off-category. "
    "Whether the kept words belong to their category is your curation."
)


def curation_label(sampling: Sampling) -> str:
    """Whether the pool was curated, in one line."""
    if sampling.curated:
        decisions = sampling.hand_decisions
        if decisions == 0:
            return "Curated by hand: checked by a person, who agreed with every filter."
        return (
            f"Curated by hand: {decisions} decision{'s' if decisions != 1 else ''} "
            f"{'differ' if decisions != 1 else 'differs'} from the filters'."
        )
    return EXPLORATORY


def share_line(sampling: Sampling) -> str:
    summary = sampling.summary
    q = summary.effect_size_quantiles
    return (
        f"{summary.draws} draws: {summary.significant} significant at p < {summary.alpha:g} "
        f"({summary.share_significant:.0%}); effect size median {_num(q[0.5])} "
        f"(5–95%: {_num(q[0.05])} to {_num(q[0.95])})"
    )


def baseline_line(sampling: Sampling) -> str | None:
    """The baseline in one sentence, or None when it was not run."""
    base = sampling.baseline
    if base is None:
        return None
    q = base.summary.effect_size_quantiles
    matched = "frequency band and word type" if any(base.set_pos.values()) else "frequency band"
    text = (
        f"Baseline, {base.summary.draws} draws of random words of the same sizes and {matched}: "
        f"{base.summary.significant} significant "
        f"({base.summary.share_significant:.0%}); effect size median {_num(q[0.5])} "
        f"(5–95%: {_num(q[0.05])} to {_num(q[0.95])})"
    )
    if base.shortfall:
        text += (
            f". Too few matching random words for set {', '.join(base.shortfall)}: its random "
            "pool is smaller"
        )
    return text + "."


HIGH_BASELINE = 0.2
"""A baseline this often significant (one random set in five, four times the 5% that p < 0.05
allows by chance) means the embedding finds the pattern almost anywhere."""


def baseline_meaning(sampling: Sampling) -> str | None:
    """What the baseline means for the candidates' share, in one plain sentence (issue 36): on
    GloVe's WEAT 6, 100% of the draws are significant against 44% of random words."""
    base = sampling.baseline
    if base is None:
        return None
    ours, chance = sampling.summary.share_significant, base.summary.share_significant
    if chance >= HIGH_BASELINE:
        return (
            f"Random words of the same kind are significant in {chance:.0%} of draws here, so "
            f"this embedding shows the pattern in many sets of any words: your {ours:.0%} says "
            "the kept candidates show it more reliably than chance does, not that they form a "
            "new biased set, which only a test on another embedding or corpus can show."
        )
    return (
        f"Random words of the same kind are significant in only {chance:.0%} of draws here, so "
        f"your {ours:.0%} says the kept candidates carry the pattern far more than chance does; "
        "it still does not make them a new biased set until they are tested on another "
        "embedding or corpus."
    )


def best_draw_line(sampling: Sampling) -> str:
    """The most significant draw, its raw p and the p corrected for having picked it."""
    summary = sampling.summary
    best = sampling.draw(summary.best)
    return (
        f"Most significant draw #{best.index}: {p_phrase(best.p_value)} as computed, "
        f"{format_p(summary.best_p_holm)} after Holm's correction over the {summary.draws} draws "
        f"(it was picked among them); d = {_num(best.effect_size)}"
    )


def draws_table(wordset: WordSet, draws: Sequence[Draw]) -> pl.DataFrame:
    """Draws laid out like the paper's Table 9: one column per draw, a row per set (named as in
    the seed test), then p and d written as every other line writes them (`format_p`,
    `format_d`), so the table never says another p than the picker above it."""
    sets = wordset.sets()
    columns = {"": [*(sets[key].name for key in SET_KEYS), "p-value", "Effect size d"]}
    for draw in draws:
        columns[f"Draw {draw.index}"] = [*(", ".join(draw.sets[key]) for key in SET_KEYS),
                                         format_p(draw.p_value), format_d(draw.effect_size)]
    return pl.DataFrame(columns)


def format_run(run) -> str:
    """A plain-text report: kept candidates per set, then the draws, baseline and best draw."""
    cand, sampling = run.candidates, run.sampling
    table = cand.table
    lines = [f"BiasWords: {cand.wordset_id} in {cand.embedding}", curation_label(sampling)]
    lines += [f"  note: {note}" for note in notes_text(cand.notes)]
    for group in cand.ambiguous.values():
        lines += [f"  check: {seed.describe()}." for seed in group]
    for key, words in cand.kept_words().items():
        dropped = table.filter((pl.col("set") == key) & ~pl.col("kept")).height
        expected = cand.set_pos.get(key)
        kind = f" [word type {expected}]" if expected else ""
        lines.append(f"{key}{kind}: {len(words)} kept, {dropped} dropped. Kept: {', '.join(words)}")
    lines.append(share_line(sampling))
    base = baseline_line(sampling)
    if base:
        lines.append(base)
    lines.append(best_draw_line(sampling))
    best = sampling.draw(sampling.summary.best)
    lines += [f"  {key}: {', '.join(words)}" for key, words in best.sets.items()]
    lines.append(NOT_INDEPENDENT + " " + POOL_QUALITY)
    return "\n".join(lines)


def run_json(run) -> dict:
    """`run.to_dict()` plus `warnings`: the notes as sentences, for people reading the JSON."""
    return {**run.to_dict(), "warnings": notes_text(run.candidates.notes)}


def _num(value: float) -> str:
    return "n/a" if value is None or math.isnan(value) else f"{value:.2f}"
