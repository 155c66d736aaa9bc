"""The WEAT result as a short report for a terminal (the command line's `weat` without `--json`)."""

from __future__ import annotations

from bias.report.notes import notes_text
from bias.report.text import (
    effect_size_limit_text,
    explanation,
    format_d,
    format_p,
    p_statement,
    verdict,
)
from bias.stats.weat import WeatResult
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Match
from bias.wordsets import SET_KEYS


def weat_report(result: WeatResult) -> str:
    """Title, d and p with how p was computed, the verdict, the source's values, words per set."""
    how = (
        f"exact, all {result.iterations:,} reshufflings"
        if result.method == "exact"
        else f"randomized, {result.iterations:,} random reshufflings, seed {result.seed}"
    )
    sided = "one-sided" if result.alternative == "greater" else "two-sided"
    p = p_statement(result) if result.p_value_is_bound else f"p = {result.p_value:.6g}"
    lines = [
        f"{result.title}  [{result.wordset_id}]",
        f"Embedding: {result.embedding} ({language_name(result.language)})",
        "",
        f"  effect size d = {result.effect_size:.4f}   {p} ({sided}; {how})",
        f"  ({effect_size_limit_text(result)}; Caliskan's sum s(X,Y,A,B) = "
        f"{result.statistic_sum:.4f})",
    ]
    if result.p_value_interval:
        low, high = result.p_value_interval
        lines.append(f"  95% Monte-Carlo interval for p: {low:.3g} – {high:.3g}")
    if result.effect_size_ci:
        low, high = result.effect_size_ci
        lines.append(
            f"  95% interval for d: {low:.4f} – {high:.4f} "
            f"({result.ci_method} bootstrap, {result.ci_resamples:,} resamples)"
        )
    lines += [f"  {verdict(result.p_value)}.", f"  {explanation(result)}"]
    if result.reported is not None:
        rep = result.reported
        lines.append(
            f"  Source reported: d = {format_d(rep.effect_size)}"
            f"{' (absolute value)' if rep.effect_size_is_absolute else ''}, "
            f"p = {rep.p_value_text or format_p(rep.p_value)}"
            f"{f' on {rep.embedding}' if rep.embedding else ''}"
        )
    lines.append("")
    for key in SET_KEYS:
        rep = result.sets[key]
        line = f"  {key} {rep.name}: {len(rep.used)} of {len(rep.words)} words used"
        spellings = [i for i in rep.fallbacks if i.match is not Match.SHARED_ROW]
        if spellings:
            line += "; found as " + ", ".join(
                f"{i.word}→{i.found_as}" if i.word != i.found_as else f"{i.word} ({i.match})"
                for i in spellings
            )
        if shared := [i for i in rep.fallbacks if i.match is Match.SHARED_ROW]:
            line += "; a frequent word's vector stands in for " + ", ".join(
                f"{i.word}→{i.found_as}" for i in shared
            )
        lines.append(line)
    lines += [f"  Note: {warning}" for warning in notes_text(result.notes)]
    return "\n".join(lines)


def weat_json(result: WeatResult) -> dict:
    """`result.to_dict()` plus `warnings`: the notes as sentences, for people reading the JSON."""
    return {**result.to_dict(), "warnings": notes_text(result.notes)}
