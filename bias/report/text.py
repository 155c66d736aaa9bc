"""Plain-language text for a WEAT result, for people who never met a permutation test.

Everything the dashboard and the command line say about a result is written here, so it can be
tested and reused. Nothing here computes statistics (the numbers come from `bias.stats.weat`) and
nothing here draws: the charts live in `bias.report.charts`, the only package that imports Plotly.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from bias.stats.effect_size import max_effect_size
from bias.stats.pvalues import ALPHA
from bias.stats.weat import WeatResult
from bias.vectors.embeddings import Match, WordLookup
from bias.wordsets import Reported, WordSet

_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
_CAMEL_CASE = re.compile(r"[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})+")  # not 'McDonald'


def as_words(name: str) -> str:
    """A set's name as words inside a sentence: WEATHub names its English sets in CamelCase
    ('MaleTerms', 'EuropeanAmericanNames'), which reads as 'Male Terms'; any other name as
    written."""
    if not _CAMEL_CASE.fullmatch(name):
        return name
    return " ".join(re.findall(r"[A-Z][a-z]+", name))

# --- numbers as words ---------------------------------------------------------------------------


def format_p(p: float) -> str:
    """A p-value as people read it: 0.018, 0.00023, or < 0.0001 for tiny values."""
    if p is None or math.isnan(p):
        return "–"
    if p < 1e-4:
        return "< 0.0001"
    if p >= 0.01:
        return f"{p:.3f}"
    return f"{p:.2g}" if p < 0.001 else f"{p:.4f}"


def plural(count: int, noun: str) -> str:
    """'1 word', '3 words': a count with its noun (a regular plural)."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def p_phrase(p: float) -> str:
    """'p = 0.018', or 'p < 0.0001' where `format_p` already gives a bound."""
    text = format_p(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def scientific(x: float) -> str:
    """A small number as '1.0 × 10⁻⁵' (two significant digits, a superscript exponent)."""
    mantissa, exponent = f"{x:.1e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(_SUPERSCRIPT)}"


def p_text(result: WeatResult) -> str:
    """The p-value of a result for a number field: '0.018', or '< 1.0 × 10⁻⁵' when no random
    draw was at least as extreme, so all we know is p < 1/draws (`WeatResult.p_value_is_bound`)."""
    if result.p_value_is_bound:
        return f"< {scientific(1 / result.iterations)}"
    return format_p(result.p_value)


def p_statement(result: WeatResult) -> str:
    """'p = 0.018', or 'p < 1.0 × 10⁻⁵, 0 of 100,000 draws' for a bound: the count says why it is
    a bound and how to tighten it (more draws)."""
    if result.p_value_is_bound:
        return f"p {p_text(result)}, 0 of {result.iterations:,} draws"
    return p_phrase(result.p_value)


def other_tail_text(result: WeatResult) -> str:
    """The other tail's p of a one-sided result for a number field: '0.0042', or '< 1.0 × 10⁻⁵'
    when no random draw leaned as far that way (p = 1/(N+1), a bound); '–' when not counted."""
    other = result.test.other_tail_p
    if other is None:
        return "–"
    if result.method == "randomized" and other * (result.iterations + 1) < 1.5:
        return f"< {scientific(1 / result.iterations)}"
    return format_p(other)


def other_tail_phrase(result: WeatResult) -> str:
    """'p = 0.0042 the other way', 'p < 1.0 × 10⁻⁵ the other way' (`other_tail_text`)."""
    if result.test.other_tail_p is None:
        return "no p the other way (a two-sided test counts both)"
    number = other_tail_text(result)
    return f"p {number if number.startswith('<') else '= ' + number} the other way"


def runs_the_other_way(result: WeatResult) -> bool:
    """Whether a one-sided result's words lean against the stated direction (d < 0), so that
    its p, which counts the stated direction only, says nothing about how far they lean."""
    return result.test.other_tail_p is not None and result.effect_size < 0


def effect_size_limit_text(result: WeatResult) -> str:
    """'d can be at most 2 for these set sizes': WEAT's d is capped (`max_effect_size`)."""
    return f"d can be at most {result.effect_size_limit:.3g} for these set sizes"


EFFECT_SIZE_CAVEAT = (
    "WEAT's d grows with the number of attribute words (on GloVe WEAT 3 it averages 0.48 with 3 "
    "attribute words and 0.96 with 25), so no 'small / medium / large' label is given: compare "
    "it only between tests with lists of similar length"
)
"""Why Cohen's labels are not printed (docs/weat.md, "Effect size")."""


def format_d(d: float | None) -> str:
    if d is None or math.isnan(d):
        return "–"
    return f"{d:.2f}"


def percent(share: float) -> str:
    """A percentage with two significant digits, never in scientific notation: 100, 12, 1.2,
    0.012 (`:.2g` writes 100 as "1e+02")."""
    if share <= 0:
        return "0"
    decimals = max(0, 1 - math.floor(math.log10(share)))
    return f"{share:.{decimals}f}"


def explanation(result: WeatResult, alpha: float = ALPHA) -> str:
    """One or two sentences saying what the p-value and effect size of `result` mean."""
    x, y, a, b = set_names(result)
    d = result.effect_size
    if math.isnan(d):
        direction = (
            f"The words of '{x}' and '{y}' relate to '{a}' and '{b}' in exactly the same way."
        )
    else:
        size = f"(effect size {format_d(d)}; {effect_size_limit_text(result)})."
        if d >= 0:
            direction = f"'{x}' words sit closer to '{a}' and '{y}' words closer to '{b}' {size}"
        else:
            direction = (
                f"Against the expected direction, '{x}' words sit closer to '{b}' and '{y}' "
                f"words closer to '{a}' {size}"
            )
    how = "reshufflings" if result.method == "exact" else "random reshufflings"
    if runs_the_other_way(result):
        return (
            f"{direction} If the words of '{x}' and '{y}' were shuffled between the two lists "
            f"at random, {reshuffled_share(result)} of the {how} would lean at least this far "
            f"in the stated direction ({p_statement(result)}, the test asked), and "
            f"{other_tail_share(result)} at least this far the other way "
            f"({other_tail_phrase(result)}); below {alpha:g} we call that a bias."
        )
    if result.p_value_is_bound:
        share_text = f"none of the {result.iterations:,}"
    else:
        share_text = f"{reshuffled_share(result)} of the"
    chance = (
        f"If the words of '{x}' and '{y}' were shuffled between the two lists at random, "
        f"{share_text} {how} {'showed' if result.p_value_is_bound else 'would show'} "
        f"a difference at least this large ({p_statement(result)}); "
        f"below {alpha:g} we call that a bias."
    )
    return f"{direction} {chance}"


def set_names(result: WeatResult) -> tuple[str, str, str, str]:
    """The names of X, Y, A and B as they read in a sentence (`as_words`)."""
    return tuple(as_words(result.sets[key].name) for key in "XYAB")


def reshuffled_share(result: WeatResult) -> str:
    """'0.023%', 'fewer than 0.01%' or 'none': the share of reshufflings the p-value counts."""
    if result.p_value_is_bound:
        return "none"
    share = result.p_value * 100
    return "fewer than 0.01%" if share < 0.01 else f"{percent(share)}%"


def other_tail_share(result: WeatResult) -> str:
    """The share of reshufflings leaning at least as far the other way ('0.42%')."""
    share = (result.test.other_tail_p or 0.0) * 100
    return "fewer than 0.01%" if share < 0.01 else f"{percent(share)}%"


def summary_sentence(result: WeatResult) -> str:
    """The one plain sentence under the verdict, short enough to read aloud: which way the
    words lean and how often reshuffled lists lean as far. The rest (the interval, the words
    found, the published values) is in `details` of the page and in every report."""
    x, y, a, b = set_names(result)
    d = result.effect_size
    if math.isnan(d):
        return f"The words of '{x}' and '{y}' relate to '{a}' and '{b}' in exactly the same way."
    lean = (f"'{x}' words sit closer to '{a}' and '{y}' words closer to '{b}'" if d >= 0 else
            f"Against the expected direction, '{x}' words sit closer to '{b}' and '{y}' to '{a}'")
    if runs_the_other_way(result):
        text = f"{lean}; {other_tail_share(result)} of reshuffled lists lean this far that way."
        if result.verdict.state == "no_bias":
            text += " Neither direction is shown, which is not proof of no association."
        return text
    share = (f"none of the {result.iterations:,}" if result.p_value_is_bound
             else f"{reshuffled_share(result)} of")
    text = f"{lean}; {share} reshuffled lists show a difference this large."
    if result.verdict.state == "no_bias":
        text += " That is not proof of no bias."
    elif result.verdict.state == "these_words" and result.interval is not None:
        text += (" But the interval for d includes zero: other words for the same concepts "
                 "could lose it.")
    return text


def method_text(result: WeatResult) -> str:
    """How the p-value was computed, in one line."""
    sided = "two-sided" if result.alternative == "two-sided" else "one-sided"
    if result.method == "exact":
        return f"Exact permutation test over all {result.iterations:,} reshufflings ({sided})."
    text = f"Randomization test with {result.iterations:,} random reshufflings ({sided}"
    if result.seed is not None:
        text += f", seed {result.seed}"
    text += ")."
    if result.p_value_interval is not None:
        low, high = result.p_value_interval
        text += f" The exact p lies between {format_p(low)} and {format_p(high)} (95%)."
    return text


@dataclass(frozen=True)
class Comparison:
    """Our values beside the ones a paper reported, comparable as printed."""

    reported_p: str
    reported_d: str
    reported_d_value: str
    """The reported effect size alone ('1.06'), for a box whose label says what it is."""
    reported_d_label: str
    """'Reported effect size', or 'Reported |d|' where the source printed the absolute value."""
    ours_p: str
    ours_d: str
    where: str
    note: str


def ours_in_their_form(cmp: Comparison) -> str:
    """Our d written as the source wrote its own ('Ours, written the same way: |d| = 0.87'):
    an absolute value where it printed one."""
    return f"Ours, written the same way: {cmp.ours_d}."


def reported_p_text(rep: Reported) -> str:
    """A reported p as the source printed it: '0.00757', or a bound such as '< 10⁻³'.

    The printed text is kept because it can be a bound ('< 10^-3'), which a number would hide.
    """
    return printed_p(rep.p_value_text or format_p(rep.p_value))


def printed_p(text: str) -> str:
    """A p-value as a source printed it, for a reader: exponents as superscripts, and a p
    printed as zero ('0.000', which WEATHub prints for p below 0.0005) as the bound it means,
    '< 0.0005 (printed 0.000)', since a p of zero cannot be."""
    zeros = re.fullmatch(r"0\.(0+)", text.strip())
    if zeros:
        return f"< 0.{zeros.group(1)}5 (printed {text.strip()})"
    return re.sub(r"\^(-?\d+)", lambda m: m.group(1).translate(_SUPERSCRIPT), text)


def reported_p_short(rep: Reported) -> str:
    """The reported p for a number box, whole in its 200 px: '< 0.0005' for a p printed as
    0.000 (the printed text goes in the box's help), else as `reported_p_text`."""
    return reported_p_text(rep).partition(" (printed")[0]


def reported_d_text(rep: Reported) -> str:
    """'|d| = 0.87' where the source printed the absolute value, else 'd = 1.81'."""
    return ("|d| = " if rep.effect_size_is_absolute else "d = ") + format_d(rep.effect_size)


def comparison(result: WeatResult) -> Comparison | None:
    """Our p and d beside the reported ones; when the source printed |d|, ours is shown as |d|."""
    rep = result.reported
    if rep is None:
        return None
    d = result.effect_size
    absolute = rep.effect_size_is_absolute
    ours_d = format_d(abs(d) if absolute and not math.isnan(d) else d)
    where = ", ".join(part for part in (rep.where, rep.embedding) if part)
    note = "The source reports the absolute effect size |d|. " if absolute else ""
    if rep.embedding and rep.embedding != result.embedding:
        # `where` names the source's embedding already: said once per sentence pair.
        note += (
            f"This run uses {result.embedding}, another embedding, so the numbers can differ "
            "even when both find a bias. "
        )
    limit = max_effect_size(len(result.sets["X"].words), len(result.sets["Y"].words))
    if rep.effect_size is not None and abs(rep.effect_size) > limit:
        note += (
            f"The reported effect size is larger than Caliskan's formula allows for lists of "
            f"these sizes (at most {limit:.2f}), so the source must have computed it another "
            "way; compare the p-values and the direction rather than the size."
        )
    return Comparison(
        reported_p=reported_p_text(rep),
        reported_d=reported_d_text(rep),
        reported_d_value=format_d(rep.effect_size),
        reported_d_label="Reported |d|" if absolute else "Reported effect size",
        ours_p=p_text(result),
        ours_d=("|d| = " if absolute else "d = ") + ours_d,
        where=where,
        note=note.strip(),
    )


def lookup_notice(lookups: Sequence[WordLookup], embedding_name: str,
                  shared_left_out: str | None = None) -> tuple[str, str]:
    """Two short texts about a set's words in an embedding: what is missing, what was found only
    under another spelling. Either is '' when there is nothing to say. `shared_left_out` is the
    language whose words own a pruned table's rows when the lists are in another one (such
    rows are left out: `bias.vectors.embeddings.leaves_out_shared`), or '' when they are left out as
    asked; None when they are used."""
    missing = [item.word for item in lookups if item.match is Match.MISSING]
    phrases = [item.word for item in lookups if item.is_phrase]
    fallbacks = [item for item in lookups if item.is_fallback]
    missing_text = ""
    if missing:
        missing_text = (
            f"Not in {embedding_name}, will be left out: {', '.join(missing)}"
            if len(missing) + len(phrases) < len(lookups)
            else f"None of these words is in {embedding_name}: {', '.join(missing)}"
        )
    if phrases:
        missing_text += (". " if missing_text else "") + (
            f"Phrases of several words, which {embedding_name} does not hold as one word, "
            f"will be left out: {', '.join(phrases)}"
        )
    fallback_text = ""
    spellings = [item for item in fallbacks if item.match is not Match.SHARED_ROW]
    if spellings:
        parts = [
            f"{item.word} → {item.found_as}"
            if item.match is not Match.SYNTHESISED
            else f"{item.word} (built from word pieces)"
            for item in spellings
        ]
        fallback_text = "Found under another spelling: " + ", ".join(parts)
    shared = [item for item in lookups if item.match is Match.SHARED_ROW]
    pairs = ", ".join(f"{item.word} → {item.found_as}" for item in shared)
    if shared and shared_left_out:
        missing_text += (". " if missing_text else "") + (
            f"Left out: no vector of its own, only the row of a {shared_left_out} word in "
            f"{embedding_name}, which says nothing about it: {pairs}"
        )
    elif shared and shared_left_out is not None:
        missing_text += (". " if missing_text else "") + (
            f"Left out, as asked (no vector of its own): {pairs}")
    elif shared:
        fallback_text += (". " if fallback_text else "") + (
            f"No vector of its own, a frequent word's stands in: {pairs}")
    return missing_text, fallback_text


def edited_notice(original: WordSet) -> str:
    """Why an edited test shows no published values, naming the test it was edited from."""
    name = original.title.partition(":")[0]
    text = f"You changed the lists of {name}, so this is now your own test."
    rep = original.reported
    if rep is None:
        return text
    printed = reported_p_text(rep)
    p = f"p {printed}" if printed.startswith("<") else f"p = {printed}"
    where = ", ".join(part for part in (rep.where, rep.embedding) if part)
    return (
        f"{text} The values published for {name} ({reported_d_text(rep)}, {p}"
        f"{f'; {where}' if where else ''}) belong to its original lists, so they are not shown "
        "beside results of yours."
    )


def source_line(source: dict) -> str:
    """'Source: Caliskan et al. 2017, Table 1' from a word set's `source` (citation, table)."""
    parts = [str(source.get(key, "")).strip() for key in ("citation", "table")]
    return "Source: " + ", ".join(part for part in parts if part)


def saved_message(title: str) -> str:
    """The confirmation after saving a word set."""
    return (
        f"Saved as your word set '{title}'. It is now chosen under 'Prepared test' and stays "
        "there after a restart."
    )


WORD_COLUMNS = {
    "set": ("List", "Which of the four lists the word is in (X, Y: targets; A, B: attributes)."),
    "word": ("Word", "The word as written in the list."),
    "found_as": ("Found as", "The entry of the embedding used for it (another spelling, if so)."),
    "match": ("How found", "exact, or the fallback used to find it (lower case, no accents, …)."),
    "association": (
        "Leaning",
        "Target words: mean similarity to A minus to B. Attribute words: mean similarity to X "
        "minus to Y. Positive leans to A (or X).",
    ),
    "effect_size_without": ("d without it", "The effect size with this word left out."),
    "influence": (
        "Change of d",
        "d without the word minus d with it: a change toward zero means the word supports the "
        "result.",
    ),
}
"""Readable headers (and their help) for the per-word table's columns, keyed by field name."""


def effect_size_ci_text(result: WeatResult) -> str | None:
    """The bootstrap interval of d in words, or None when there is none."""
    ci = result.interval
    if ci is None:
        return None
    text = (
        f"{ci.level:.0%} confidence interval for d: {format_d(ci.low)} to {format_d(ci.high)} "
        f"({ci.method} bootstrap, {ci.resamples:,} resamples of the words, seed {ci.seed}): "
        "how large the effect is, allowing for which words happened to be chosen."
    )
    caveat = interval_caveat(result)
    return f"{text} {caveat}" if caveat else text


def interval_caveat(result: WeatResult) -> str | None:
    """The interval's coverage falling short of its level, or `NOT_MEASURED`; or None."""
    ci = result.interval
    if ci is None or ci.measured_coverage >= COVERAGE_SHOWN_BELOW:
        return None
    return NOT_MEASURED if math.isnan(ci.measured_coverage) else (  # never "nan% of the time"
        f"On planted populations with a similar d and spread of the attribute words, such "
        f"intervals covered the true d {ci.measured_coverage:.1%} of the time, not "
        f"{ci.level:.0%}: the true d is more often above the interval (docs/metrics.md)."
    )


NOT_MEASURED = ("How often such intervals hold the true d is not known: it was measured for 95% "
                "intervals with 2 or more words in each attribute list (docs/metrics.md).")
COVERAGE_SHOWN_BELOW = 0.93
"""An interval whose measured coverage (bias.stats.interval_coverage) falls below this says so."""
