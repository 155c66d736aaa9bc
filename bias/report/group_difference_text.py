"""The test of whether two groups differ, in words (command line, docs): which difference the
test supports, and what it could not show."""

from __future__ import annotations

from bias.report.text import format_d, format_p
from bias.stats.group_difference import GroupDifference


def headline(result: GroupDifference) -> str:
    first, second = result.groups
    if result.supported:
        return (f"The test supports a difference between '{first}' and '{second}': d differs "
                "more than when the same documents are dealt into two groups at random.")
    return (f"No evidence here that '{first}' and '{second}' differ: dealing the same "
            "documents at random moves d as much. This is not evidence that they are the same.")


def difference_text(result: GroupDifference) -> str:
    first, second = result.groups
    lines = [
        f"{result.title}: does '{first}' differ from '{second}' ({result.group_column})?",
        f"  d = {format_d(result.effect_sizes[0])} in '{first}' ({result.documents[0]:,} "
        f"documents, {result.tokens[0]:,} words) and {format_d(result.effect_sizes[1])} in "
        f"'{second}' ({result.documents[1]:,} documents, {result.tokens[1]:,} words); "
        f"difference {format_d(result.difference)}.",
        f"  p = {format_p(result.p_value)} ({result.alternative}): {result.extreme} of "
        f"{result.permutations} random deals of the two groups' documents into groups of the "
        f"same sizes, each trained again, gave a difference at least as large. The smallest p "
        f"{result.permutations} deals can give is {format_p(result.minimum_p)}.",
        "  " + headline(result),
    ]
    if result.minimum_p >= result.alpha:
        lines.append(f"  With {result.permutations} permutations p cannot fall below "
                     f"{result.alpha:g}; use at least {round(1 / result.alpha)} for a test at "
                     f"{result.alpha:g}.")
    if result.absent:
        lines.append("  Absent from one of the two groups, so left out of both d's: "
                     f"{', '.join(result.absent)} (every deal leaves out, in the same way, the "
                     "words a side lacks).")
    if result.lost_words:
        lines.append(f"  In {result.lost_words} of the {result.permutations} deals a side "
                     "lacked a tested word; their d's were computed without it, by the same rule.")
    if result.undefined:
        lines.append(f"  {result.undefined} deal{'s' if result.undefined > 1 else ''} had no d "
                     "(too few words of a list in both sides); counted as at least as large (the "
                     "p-value can only be too high, never too low).")
    if result.left_out:
        lines.append(f"  Not tested (under the minimum count in the two groups together): "
                     f"{', '.join(result.left_out[:12])}"
                     + (f" and {len(result.left_out) - 12} more." if len(result.left_out) > 12
                        else "."))
    if result.equal_groups:
        lines.append("  Both groups were sampled to the same number of documents first.")
    lines.append("  Every model of the test, the two groups' own included, keeps the words at "
                 "the minimum count in the two groups together, so its d's can differ from the "
                 "saved models' (each with its group's own words).")
    lines.append("  Each group's model is its own space; only the two d's are compared. A "
                 "difference can come from topics or vocabulary as well as from attitudes; "
                 f"one model per group and seed {result.seed}.")
    return "\n".join(lines)
