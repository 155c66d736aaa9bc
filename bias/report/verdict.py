"""The verdict of a WEAT (bias.stats.verdict) and the words' coverage, in plain sentences: the
same on the WEAT page, in the CLI text, in Batch's Table 7 and in every export."""

from __future__ import annotations

from bias.report.encoder_text import different_model_text
from bias.report.text import as_words, format_d, other_tail_phrase, p_phrase, set_names
from bias.stats.encoder_methods import MethodSensitivity
from bias.stats.pvalues import ALPHA
from bias.stats.verdict import COMPARABLE_COVERAGE, MIN_SET_WORDS, Coverage, State, Verdict
from bias.stats.weat import WeatResult

HEADLINES: dict[State, str] = {
    "holds": "Bias detected, and it holds when the words are resampled",
    "these_words": "Significant for these exact words only",
    "other_way": "The association runs the other way",
    "no_bias": "No bias detected",
    "cannot_decide": "Cannot decide",
}
"""The verdict's one line, per state; 'at the 5% level' is added where the level matters."""

SHORT: dict[State, str] = {
    "holds": "bias, holds",
    "these_words": "these words only",
    "other_way": "the other way",
    "no_bias": "no bias",
    "cannot_decide": "cannot decide",
}
"""The verdict in a table cell or a chart legend."""

IN_A_SENTENCE: dict[State, str] = {
    **SHORT,
    "holds": "a bias that holds",
    "these_words": "significant for these exact words only",
}
"""The verdict inside a sentence ('with another method (query: significant for these exact words
only)'): a table's 'these words only' read as a list of words there (issue 42 walk, Japanese
WEAT 7 on the encoder)."""


def _level(verdict: Verdict) -> str:
    return f"{verdict.alpha * 100:g}%"


def headline(verdict: Verdict) -> str:
    """'Bias detected at the 5% level, and it holds when the words are resampled', etc."""
    if verdict.state in ("holds", "no_bias"):
        text = HEADLINES[verdict.state]
        first, _, rest = text.partition(",")
        return f"{first} at the {_level(verdict)} level" + (f",{rest}" if rest else "")
    return HEADLINES[verdict.state]


def result_headline(result: WeatResult, sensitivity: MethodSensitivity | None = None) -> str:
    """The headline of one result as every face shows it: `headline`, naming the direction
    and its p when the association runs the other way, and preceded, on the encoder, by what
    changes with the extraction method (`method_caveat`) before any number."""
    text = headline(result.verdict)
    x, y, a, b = set_names(result)
    if result.verdict.state == "other_way":
        text += (f": '{x}' is closer to '{b}' and '{y}' to '{a}' ({other_tail_phrase(result)}, "
                 f"d = {format_d(result.effect_size)})")
    elif result.verdict.state in ("holds", "these_words") and result.effect_size < 0:
        # a two-sided test found it against the stated direction: say which way
        text += (f", the other way round: '{x}' is closer to '{b}' and '{y}' to '{a}' "
                 f"(d = {format_d(result.effect_size)})")
    caveats = [c for c in (selection_caveat(result), method_caveat(sensitivity)) if c]
    return " ".join([*caveats, text])


def selection_caveat(result: WeatResult) -> str | None:
    """'Picked among 100 draws on this embedding: …' for a set chosen among BiasWords' draws
    and tested on the embedding it was drawn on (`WeatResult.selection`), else None. It leads
    the headline: the test re-finds what the picking found."""
    selection = result.selection
    if selection is None:
        return None
    return (f"Picked among {selection.draws:,} draws on this embedding (draw {selection.draw}): "
            f"after {selection.correction.capitalize()}'s correction over the draws "
            f"{p_phrase(selection.p_corrected)}. This test re-finds what the picking found; a "
            "confirmation needs another embedding or corpus.")


def method_caveat(sensitivity: MethodSensitivity | None) -> str | None:
    """'Depends on the extraction method: …' when the sign of d or the verdict changes with
    the encoder's method, else None. It leads the headline: a direction or a verdict that one
    method gives and another does not is not a property of the model alone."""
    if sensitivity is None or not (sensitivity.sign_depends or sensitivity.verdict_depends):
        return None
    changes = " and ".join(part for part, flag in (
        ("the sign of d", sensitivity.sign_depends),
        ("the verdict", sensitivity.verdict_depends)) if flag)
    others = "; ".join(f"{row.method}: {IN_A_SENTENCE[row.verdict]}" for row in sensitivity.rows
                       if row.method != sensitivity.method)
    verb = "change" if " and " in changes else "changes"
    return (f"Depends on the extraction method: {changes} {verb} "
            f"with another method ({others}), so this {sensitivity.method} result is not a "
            "property of the model alone.")


def _p(p: float) -> str:
    return f"{p:.2g}" if p < 0.001 else f"{p:.3f}".rstrip("0").rstrip(".")


def meaning(result: WeatResult) -> str:
    """One or two plain sentences on what the verdict does and does not show."""
    verdict, interval = result.verdict, result.interval
    if verdict.state == "holds":
        return (
            f"The {interval.level:.0%} interval for d ({interval.low:.2f} to {interval.high:.2f}),"
            " which resamples the words of all four lists, stays on one side of zero: other "
            "words for the same concepts would most likely show the same direction."
        )
    if verdict.state == "these_words":
        if "no_interval" in verdict.reasons:
            return (
                "No interval for d was computed (0 bootstrap resamples), so nothing says whether "
                "other words for the same concepts would show it: read it as a finding about "
                "these lists, not about the concepts."
            )
        return (
            f"p < {verdict.alpha:g} treats these words as fixed. The {interval.level:.0%} "
            f"interval for d, which resamples them, runs from {interval.low:.2f} to "
            f"{interval.high:.2f} and includes zero: with other words for the same concepts the "
            "effect could vanish. Read it as a finding about these lists, not about the concepts."
        )
    if verdict.state == "other_way":
        return other_way_meaning(result)
    if verdict.state == "no_bias":
        return (
            f"The test could have detected a bias (its smallest possible p is "
            f"{_p(verdict.smallest_p)}), but these words do not show one. That is not proof that "
            "the embedding has none."
        )
    return cannot_decide_reason(result)


def other_way_meaning(result: WeatResult) -> str:
    """What an association against the stated direction shows, and what it does not: the test
    asked one direction, so the other one is a finding to confirm, not a tested hypothesis."""
    x, _, a, _ = set_names(result)
    interval = result.interval
    text = (
        f"The test asks, one-sided as published, whether '{x}' leans to '{a}'; these words "
        f"do not, they lean the other way, as rarely seen by chance as {other_tail_phrase(result)}"
        ". That direction was not the one tested: had both been tested, p would be about twice "
        "as large, and the finding needs confirming on other words or another embedding."
    )
    if interval is None:
        return text
    if interval.high < 0:
        return text + (f" The {interval.level:.0%} interval for d ({interval.low:.2f} to "
                       f"{interval.high:.2f}), which resamples the words, stays below zero.")
    return text + (f" The {interval.level:.0%} interval for d ({interval.low:.2f} to "
                   f"{interval.high:.2f}), which resamples the words, includes zero: other words "
                   "for the same concepts could lose it.")


def cannot_decide_reason(result: WeatResult) -> str:
    """Why a test cannot decide, and what would make it decidable."""
    verdict = result.verdict
    parts = []
    if "p_floor" in verdict.reasons:
        parts.append(
            f"with these set sizes and {result.iterations:,} "
            f"{'reshufflings' if result.method == 'exact' else 'random draws'} the smallest "
            f"possible p is {_p(verdict.smallest_p)}, which is not below {verdict.alpha:g}, so "
            "no words could have shown a bias"
        )
    if "few_words" in verdict.reasons:
        short = ", ".join(
            f"{key} ({as_words(result.sets[key].name)}) has {result.coverage[key].own_used}"
            for key in verdict.words_needed
        )
        parts.append(f"a verdict needs at least {MIN_SET_WORDS} words with a vector of their "
                     f"own in each set, and {short}")
    if "no_effect_size" in verdict.reasons:
        parts.append("every association is equal, so there is no effect size")
    text = "This test cannot decide: " + "; ".join(parts) + "."
    if verdict.words_needed:
        adds = ", ".join(f"{n} to {key}" for key, n in verdict.words_needed.items())
        text += f" Add words the embedding knows ({adds}) to make it decidable."
    elif "p_floor" in verdict.reasons and result.method == "randomized":
        text += " More random draws would make it decidable."
    return text


def many_tests_text(tests: int, alpha: float = ALPHA) -> str:
    """The line shown once a visitor has run more than one test in a tab."""
    return (
        f"You have run {tests} different tests in this tab. Over many tries some p-values fall "
        f"below {alpha:g} by chance alone: to report several, run them together on the Batch "
        "page, which corrects for their number (Holm, Benjamini–Hochberg)."
    )


def coverage_text(coverage: dict[str, Coverage]) -> str:
    """'56 of 64 words found (X 30 of 32, Y 26 of 32, …)'."""
    listed = sum(c.listed for c in coverage.values())
    found = sum(c.found for c in coverage.values())
    shared = sum(c.shared for c in coverage.values())
    per_set = ", ".join(f"{key} {c.found} of {c.listed}" for key, c in coverage.items())
    text = f"{found} of {listed} words found in the embedding ({per_set})"
    if shared == 1:
        text += "; 1 more has no vector of its own and only shares a frequent word's"
    elif shared:
        text += (f"; {shared} more have no vector of their own and only share a frequent "
                 "word's")
    used = sum(c.used for c in coverage.values())
    if used != found + shared:  # repeats merged: the count the test and its notes go by
        text += (f"; the test uses {used} distinct vectors ("
                 + ", ".join(f"{key} {c.used}" for key, c in coverage.items())
                 + "): a vector listed twice counts once, and a word left out not at all")
    return text


def why_not_comparable(result: WeatResult) -> str:
    """Why the published value is not set beside `result`'s: another kind of model (an
    encoder), or too few of the source's words."""
    if result.encoder is not None:
        return different_model_text(result)
    return not_comparable_text(result.coverage)


def not_comparable_text(coverage: dict[str, Coverage]) -> str:
    """Why a published value is not set beside ours."""
    low = ", ".join(f"{key} {c.share:.0%}" for key, c in coverage.items()
                    if c.share < COMPARABLE_COVERAGE)
    return (
        f"Not comparable with the published value: the embedding has less than "
        f"{COMPARABLE_COVERAGE:.0%} of the words of some lists ({low}), so this test measures "
        "other lists than the source did."
    )
