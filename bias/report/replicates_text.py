"""A test over replicates, and across groups, in words (command line, page, reports).

The wording keeps apart "no evidence here" and "evidence against": replicates that are not all
significant say how many were, that this is too little to call it stable, and that it is not
evidence of no bias; an association significant against the lists' stated direction is named
("the association runs the other way") with its p-value.
"""

from __future__ import annotations

import json

from bias.report.text import format_d, format_p, p_phrase
from bias.report.verdict import SHORT as WEAT_SHORT
from bias.stats.pvalues import ALPHA
from bias.stats.replicates import (
    MIN_INTERVAL_REPLICATES,
    AcrossGroups,
    ReplicateResult,
    ReplicateVerdict,
    State,
)
from bias.stats.verdict import MIN_SET_WORDS

SHORT: dict[State, str] = {
    "holds": "holds in all", "unstable": "sign flips", "not_every_replicate": "some only",
    "other_way": "the other way", "no_bias": "no evidence", "cannot_decide": "cannot decide",
}

ONE_MODEL = ("One model, without replicates: its result may not survive retraining with another "
             "seed or sample of the documents; train with replicates to see the spread.")

POWER_LIMITS = (
    "Replicates of a modest corpus often miss a real association: read this as no evidence "
    "either way, not as evidence that there is none (docs/corpus.md, 'How often the verdicts "
    "are right', gives the power measured on generated corpora)."
)

POINT_ESTIMATE = ("models on bootstrap samples, whose d runs nearer zero than a model's on the "
                  "whole corpus: docs/corpus.md")

SEPARATE_SPACES = (
    "Each group's embedding is a separate space: d is computed within each and the d's are "
    "compared; vectors of different groups are not comparable. A change across groups may come "
    "from the texts' topics, sizes or vocabulary as well as from attitudes. Drawn side by side, "
    "two groups' d's are not tested against each other: whether two groups differ is a test of "
    "its own, which deals their documents between them again (docs/corpus.md, \"Comparing "
    "groups\")."
)

REASONS = {
    "p_floor": f"p cannot fall below {ALPHA:g} with these set sizes",
    "few_words": f"a list has fewer than {MIN_SET_WORDS} words with a vector",
    "no_effect_size": "d is undefined (every association equal)",
}
"""Why a replicate cannot decide (`bias.stats.verdict.Verdict.reasons`), in a few words."""


def _of(count: int, verdict: ReplicateVerdict) -> str:
    return f"{count} of {verdict.replicates} replicates"


def _why(result: ReplicateResult, stuck: list[int]) -> str:
    """The reasons the models `stuck` cannot decide, each once."""
    reasons = dict.fromkeys(REASONS[code] for i in stuck if i < len(result.results)
                            for code in result.results[i].verdict.reasons if code in REASONS)
    return "; ".join(reasons) or "each one's own verdict below says why"


def _cannot_decide(result: ReplicateResult) -> str:
    """'Cannot decide: 2 of 5 replicates cannot (a list has fewer than 4 words with a vector)'."""
    stuck = [i for i, state in enumerate(result.states) if state == "cannot_decide"]
    if not stuck:
        return "Cannot decide: d is undefined in at least one replicate"
    return f"Cannot decide: {_of(len(stuck), result.verdict)} cannot ({_why(result, stuck)})"


def headline(result: ReplicateResult) -> str:
    """The verdict over replicates in one line, with its counts (module docstring)."""
    verdict = result.verdict
    if verdict.replicates == 1:
        if verdict.state == "other_way":
            return (f"the association runs the other way (one model, "
                    f"{p_phrase(result.opposite_p_values[0])} the other way)")
        if result.states[0] == "cannot_decide":  # across groups, each group says why
            return f"cannot decide (one model: {_why(result, [0])})"
        if result.states[0] == "no_bias":  # no evidence here, not evidence of none
            return "not significant: no evidence of bias here (one model)"
        return f"{WEAT_SHORT[result.states[0]]} (one model)"  # its own WEAT verdict
    n = verdict.replicates
    match verdict.state:
        case "holds":
            text = "Bias detected in every replicate, with the same sign: it survives retraining"
            if verdict.negative == n:  # a two-sided test: significant, against the lists' order
                text += " (d negative: the association runs the other way)"
            return text
        case "unstable":
            return (f"Unstable: d changes sign between replicates ({verdict.positive} positive, "
                    f"{verdict.negative} negative), so no bias can be claimed either way")
        case "not_every_replicate":
            return (f"Significant in {_of(verdict.significant, verdict)}: too little evidence "
                    "to call it stable; this is not evidence of no bias")
        case "other_way":
            if verdict.against == n:
                largest = max(p for p in result.opposite_p_values if p is not None)
                return ("The association runs the other way: significant against the stated "
                        f"direction in all {n} replicates (each p ≤ {format_p(largest)})")
            return ("The association runs the other way in every replicate, significant that "
                    f"way in {_of(verdict.against, verdict)}: too little evidence to call it "
                    "stable")
        case "no_bias":
            return ("No replicate significant: no evidence of bias here; this is not evidence "
                    "of no bias")
    return _cannot_decide(result)


def interval_text(result: ReplicateResult) -> str:
    n = result.verdict.replicates
    if result.interval is None:
        if n == 1:
            return "no replicate interval (one model)"
        if n < MIN_INTERVAL_REPLICATES:
            return (f"no interval: {n} replicates are too few (a standard deviation of {n} d's "
                    f"is too unsteady; {MIN_INTERVAL_REPLICATES} or more give one)")
        return "no interval (d is undefined in a replicate)"
    return (f"another training run's d would fall between {format_d(result.interval.low)} and "
            f"{format_d(result.interval.high)} ({result.interval.level:.0%} prediction interval; "
            "it leaves out the choice of words)")


def _needs_power_note(verdict: ReplicateVerdict) -> bool:
    return verdict.state in ("not_every_replicate", "no_bias") or (
        verdict.state == "other_way" and verdict.against < verdict.replicates)


def _replicate_line(result: ReplicateResult, i: int) -> str:
    opposite = result.opposite_p_values[i] if result.opposite_p_values else None
    state = WEAT_SHORT[result.states[i]]
    other = ""
    if opposite is not None and result.effect_sizes[i] < 0:
        other = f", the other way {p_phrase(opposite)}"
        if opposite < ALPHA and result.states[i] == "no_bias":
            state = "runs the other way"
    return (f"  {result.members[i]}: d = {format_d(result.effect_sizes[i])}, "
            f"{p_phrase(result.p_values[i])}{other}, {state}")


def replicate_text(result: ReplicateResult) -> str:
    verdict = result.verdict
    lines = [f"{result.title} on {result.embedding} ({verdict.replicates} replicate"
             f"{'' if verdict.replicates == 1 else 's'}): {headline(result)}."]
    if verdict.replicates == 1:
        lines.append(ONE_MODEL)
    else:
        against = (f", {verdict.against} significant the other way" if verdict.against else "")
        lines.append(f"  d: mean of the replicates {format_d(result.mean)} ({POINT_ESTIMATE}), "
                     f"standard deviation {format_d(result.spread)}; {interval_text(result)}; "
                     f"{verdict.significant} of {verdict.replicates} significant{against}, "
                     f"{verdict.positive} positive and {verdict.negative} negative.")
        if _needs_power_note(verdict):
            lines.append(f"  {POWER_LIMITS}")
    lines.extend(_replicate_line(result, i) for i in range(len(result.members)))
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
    elif any(_needs_power_note(group.verdict) for group in across.groups):
        lines.append(POWER_LIMITS)
    lines.append(SEPARATE_SPACES)
    return "\n".join(lines)


def group_text(result: ReplicateResult | AcrossGroups) -> str:
    return across_text(result) if isinstance(result, AcrossGroups) else replicate_text(result)


def replicates_json(result: ReplicateResult | AcrossGroups) -> str:
    return json.dumps(result.to_dict(), ensure_ascii=False, indent=2)
