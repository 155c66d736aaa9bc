"""A test over replicates, and across groups, in words (command line, page, reports)."""

from __future__ import annotations

import json

from bias.report.text import format_d, format_p
from bias.report.verdict import SHORT as WEAT_SHORT
from bias.stats.replicates import AcrossGroups, ReplicateResult, State

HEADLINES: dict[State, str] = {
    "holds": "Bias detected in every replicate, with the same sign: it survives retraining",
    "unstable": "Unstable: d changes sign between replicates, so no bias can be claimed",
    "not_every_replicate": "Significant in some replicates only: it does not survive retraining",
    "no_bias": "No bias detected in any replicate",
    "cannot_decide": "Cannot decide: at least one replicate cannot",
}
SHORT: dict[State, str] = {
    "holds": "holds in all", "unstable": "sign flips", "not_every_replicate": "some only",
    "no_bias": "no bias", "cannot_decide": "cannot decide",
}

ONE_MODEL = ("One model, without replicates: its result may not survive retraining with another "
             "seed or sample of the documents; train with replicates to see the spread.")

SEPARATE_SPACES = (
    "Each group's embedding is a separate space: d is computed within each and the d's are "
    "compared; vectors of different groups are not comparable. A change across groups may come "
    "from the texts' topics, sizes or vocabulary as well as from attitudes. Drawn side by side, "
    "two groups' d's are not tested against each other: whether two groups differ is a test of "
    "its own, which deals their documents between them again (docs/corpus.md, \"Comparing "
    "groups\")."
)


def headline(result: ReplicateResult) -> str:
    if result.verdict.replicates == 1:
        return f"{WEAT_SHORT[result.states[0]]} (one model)"  # its own WEAT verdict
    return HEADLINES[result.verdict.state]


def interval_text(result: ReplicateResult) -> str:
    if result.interval is None:
        return "no replicate interval (one model)"
    return (f"{result.interval.level:.0%} of retrained models between "
            f"{format_d(result.interval.low)} and {format_d(result.interval.high)}")


def replicate_text(result: ReplicateResult) -> str:
    verdict = result.verdict
    lines = [f"{result.title} on {result.embedding} ({verdict.replicates} replicate"
             f"{'' if verdict.replicates == 1 else 's'}): {headline(result)}."]
    if verdict.replicates == 1:
        lines.append(ONE_MODEL)
    else:
        lines.append(f"  d: mean {format_d(result.mean)}, standard deviation "
                     f"{format_d(result.spread)}; {interval_text(result)}; "
                     f"{verdict.significant} of {verdict.replicates} significant, "
                     f"{verdict.positive} positive and {verdict.negative} negative.")
    for name, d, p, state in zip(result.members, result.effect_sizes, result.p_values,
                                 result.states, strict=True):
        lines.append(f"  {name}: d = {format_d(d)}, p = {format_p(p)}, {WEAT_SHORT[state]}")
    return "\n".join(lines)


def across_text(across: AcrossGroups) -> str:
    column = across.group_column or "group"
    lines = [f"{across.title} across {column} ({across.family}), in the order of the values:"]
    for group in across.groups:
        lines.append(f"  {group.group}: d = {format_d(group.mean)}"
                     + (f" [{format_d(group.interval.low)}, {format_d(group.interval.high)}]"
                        if group.interval else "")
                     + f", {headline(group)}")
    if all(group.verdict.replicates == 1 for group in across.groups):
        lines.append(ONE_MODEL)
    lines.append(SEPARATE_SPACES)
    return "\n".join(lines)


def group_text(result: ReplicateResult | AcrossGroups) -> str:
    return across_text(result) if isinstance(result, AcrossGroups) else replicate_text(result)


def replicates_json(result: ReplicateResult | AcrossGroups) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False, indent=2)
