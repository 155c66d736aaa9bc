"""A debiasing run in words: the command line's report and the page's sentences.

Held-out figures come first and the circular ones are labelled as such; the verdict on
recoverability is the last line, since it is the one a reader should remember.
"""

from __future__ import annotations

import math

from bias.debiasing.checks import CheckResult, WeatSide
from bias.debiasing.protocol import DebiasResult


def side_text(side: WeatSide) -> str:
    """'d = 1.61 [0.10, 1.89], p = 0.014'."""
    if math.isnan(side.effect_size):
        return "d undefined (no spread)"
    interval = "" if side.interval is None else f" [{side.interval[0]:.2f}, {side.interval[1]:.2f}]"
    return f"d = {side.effect_size:.2f}{interval}, p = {side.p_value:.3g}"


def change_text(check: CheckResult) -> str:
    """'change −1.20 [−2.99, −0.29]' or why there is none."""
    if math.isnan(check.change):
        return "change not computable"
    if check.change_interval is None:
        return f"change {check.change:+.2f}"
    low, high = check.change_interval
    return f"change {check.change:+.2f} [{low:+.2f}, {high:+.2f}]"


def change_sentence(check: CheckResult) -> str:
    """What the paired interval allows a reader to say about the held-out words."""
    if check.change_interval is None:
        return "Too few held-out words to say how d changed."
    low, high = check.change_interval
    if high < 0:
        return "d fell on the held-out words (the whole 95% interval of the change is below 0)."
    if low > 0:
        return "d rose on the held-out words (the whole 95% interval of the change is above 0)."
    return ("The change in d on the held-out words is within what resampling the words gives; "
            "it may be no change at all.")


def scweat_summary(check: CheckResult) -> str:
    """The held-out target sets' mean lean, before → after, in one sentence."""
    sc = check.scweat
    means = "; ".join(
        f"{name} {before:+.2f} → {after:+.2f}"
        for name in sc.sets() for before, after in [sc.mean_effect(name)]
    )
    return (f"SC-WEAT of each held-out target word (its lean to {sc.attribute_a} over "
            f"{sc.attribute_b}; mean effect size, before → after): {means}.")


SCWEAT_COLUMNS = ("Set", "Word", "Lean before", "p before", "Lean after", "p after")
"""The columns of `scweat_rows`, the page's table of held-out words."""


def scweat_rows(check: CheckResult) -> list[dict[str, str | float]]:
    """One row per held-out target word: its SC-WEAT effect size and two-sided p, before and
    after."""
    return [
        dict(zip(SCWEAT_COLUMNS, (w.set, w.word, w.before.effect_size, w.before.p_value,
                                  w.after.effect_size, w.after.p_value), strict=True))
        for w in check.scweat.words
    ]


def _scweat_lines(check: CheckResult) -> list[str]:
    """The CLI's SC-WEAT lines: the summary, then each set's words, before → after."""
    sc = check.scweat
    lines = [f"  {scweat_summary(check)}"]
    for name in sc.sets():
        lines.append(f"    {name}: " + ", ".join(
            f"{w.word} {w.before.effect_size:+.2f} → {w.after.effect_size:+.2f}"
            for w in sc.words if w.set == name))
    lines.append(f"    ({sc.alternative} {sc.p_method} p-values per word: --json)")
    if sc.missing:
        lines.append(f"    held-out words not in the embedding: {', '.join(sc.missing)}")
    return lines


def debias_report(result: DebiasResult) -> str:
    """The command line's report."""
    rec, use = result.recoverability, result.usefulness
    lines = [
        f"{result.method} debias of {result.parent} with {result.inputs.id} (seed {result.seed})",
        f"Saved as: {result.saved.name}" if result.saved else "Not saved (no --name given).",
    ]
    if result.missing:
        lines.append(f"Input words not in the embedding ({len(result.missing)}): "
                     + ", ".join(result.missing))
    for check in result.checks:
        lines += [
            "",
            f"{check.title}",
            f"  held-out words, before: {side_text(check.before)}",
            f"  held-out words, after:  {side_text(check.after)}  ({change_text(check)})",
            f"  {change_sentence(check)}",
            *_scweat_lines(check),
            f"  fitting words (circular, not evidence): before {side_text(check.circular_before)}; "
            f"after {side_text(check.circular_after)}",
        ]
    lines += [
        "",
        f"Recoverability ({2 * rec.words_per_side:,} most biased words, chance 50%):",
        f"  k-means alignment: before {rec.kmeans_before[0]:.1%}, after "
        f"{rec.kmeans_after[0]:.1%} ± {rec.kmeans_after[1]:.1%} (20 seeds)",
        f"  linear SVM: {rec.linear.value:.1%} [{rec.linear.low:.1%}, {rec.linear.high:.1%}]; "
        f"RBF SVM: {rec.rbf.value:.1%} [{rec.rbf.low:.1%}, {rec.rbf.high:.1%}]",
        f"  neighbour-bias correlation: before {rec.neighbour_correlation_before:.2f}, after "
        f"{rec.neighbour_correlation_after:.2f}",
    ]
    if result.held_back is not None:
        back = result.held_back
        lines.append(
            f"  INLP's own setting ({2 * back.words_per_side:,} held-back words like its "
            f"training words): linear {back.linear.value:.1%} [{back.linear.low:.1%}, "
            f"{back.linear.high:.1%}]; RBF {back.rbf.value:.1%} [{back.rbf.low:.1%}, "
            f"{back.rbf.high:.1%}]"
        )
    lines += [
        f"Usefulness: 10 nearest neighbours kept {use.neighbour_overlap:.0%} "
        f"({use.neighbour_queries:,} words); vectors changed {use.share_changed:.2%}; "
        + (f"protected words unchanged {use.protected_unchanged}/{use.protected_checked}"
           if use.protected_checked else "no protected words to check"),
        *(f"  {c.benchmark} (Spearman, {c.pairs_used} of {c.pairs_total} pairs): "
          f"{c.before:.3f} before, {c.after:.3f} after" for c in use.similarity),
        "",
        rec.verdict(),
    ]
    return "\n".join(lines)
