"""The confound controls (bias.stats.confounds) in plain sentences, shown beside the test they
qualify: the same words on the WEAT page, in the CLI text and in the JSON's `text` fields."""

from __future__ import annotations

from bias.report.text import p_phrase
from bias.stats.confounds import WeatConfounds
from bias.stats.confounds_frequency import FREQUENCY_GAP, FrequencyCheck
from bias.stats.confounds_gender import CONTROL_MIN_FOUND, CONTROL_SHARE, GrammaticalGenderControl
from bias.stats.confounds_measures import MeasureAgreement, PairsCheck
from bias.stats.measure_catalog import METRICS
from bias.vectors.catalog import language_name

ROLE = {"targets": "target", "attributes": "attribute"}


def _lists(control: GrammaticalGenderControl) -> str:
    first, second = control.genders or ("", "")
    return f"{first} and {second} inanimate nouns"


def gender_control_text(control: GrammaticalGenderControl) -> str | None:
    """One or two sentences on the grammatical-gender control; None where the test has no male
    and female lists (nothing to control)."""
    language = language_name(control.language)
    state = control.state
    if state == "not_gender_test":
        return None
    if state == "no_grammatical_gender":
        return (f"{language} nouns have no grammatical gender, so this gender test needs no "
                "grammatical-gender control.")
    if state == "no_control_list":
        return (f"{language} nouns have a grammatical gender, which can make male and female "
                "terms look associated with words of the same gender; BiasWords has no control "
                f"list of {language} nouns yet, so that part of the effect is not checked.")
    if state == "language_mismatch":
        return (f"The grammatical-gender control was not run: its nouns are {language} and the "
                "embedding is in another language.")
    if state == "control_missing":
        found = ", ".join(f"{rep.name} {len(rep.used)} of {len(rep.words)}"
                          for rep in (control.sets or {}).values())
        return (f"The grammatical-gender control needs at least {CONTROL_MIN_FOUND} nouns of "
                f"each list in the embedding and it has fewer ({found}), so it was not run.")
    if state == "no_effect_size":
        return "The test has no effect size, so there is nothing for the control to compare."
    role = ROLE[control.pair.role] if control.pair else "target"
    numbers = (
        f"with {_lists(control)} in place of the male and female {role} lists, d is "
        f"{control.effect_size:+.2f} (90% of {control.draws} draws of the nouns: "
        f"{control.effect_size_low:+.2f} to {control.effect_size_high:+.2f}), beside the test's "
        f"{control.test_effect_size:+.2f}"
    )
    if state == "unaligned":
        return (f"Grammatical-gender control: {numbers}. In {language} male and female terms "
                f"share one grammatical gender ({control.genders[0]}), so grammatical gender "
                "cannot by itself produce this male/female effect; the control only shows "
                "whether the other lists split by grammatical gender.")
    if state == "warning":
        return (f"Grammatical gender may explain much of this result: {numbers}. Nouns that "
                f"differ only in grammatical gender give at least {CONTROL_SHARE:.0%} of the "
                "test's effect in the same direction, so the test measures grammatical gender as "
                "well as the bias it is named after.")
    if control.share < 0:
        return (f"Grammatical-gender control: {numbers}; it points the other way, so grammatical "
                "gender works against this result rather than producing it.")
    return (f"Grammatical-gender control: {numbers}; it is less than {CONTROL_SHARE:.0%} of the "
            "test's, so grammatical gender alone does not account for most of this result.")


def frequency_lines(check: FrequencyCheck) -> list[str]:
    """One line per list ('X (Male names): median Zipf 4.6, 1 of 8 words unknown: …') and the
    warning sentence, or why there are no frequencies."""
    language = language_name(check.language)
    if check.state == "no_frequency_data":
        why = ("wordfreq has no frequency list for it" if check.reason == "language_not_covered"
               else "wordfreq needs a word splitter for it (MeCab or jieba) that is not installed")
        return [f"Word frequencies cannot be shown for {language}: {why}."]
    lines = []
    for key, s in check.sets.items():
        unknown = (f", {len(s.unknown)} of {len(s.words)} words unknown to wordfreq: "
                   f"{', '.join(s.unknown)}" if s.unknown else "")
        median = "no known word" if s.unknown_share == 1 else f"median Zipf {s.median:.1f}"
        lines.append(f"{key} ({s.name}): {median}{unknown}.")
    warning = frequency_warning(check)
    return [*lines, warning] if warning else lines


def frequency_warning(check: FrequencyCheck) -> str | None:
    """The warning when two lists differ by FREQUENCY_GAP or more in median Zipf, else None."""
    flagged = [g for g in check.gaps if g.warning]
    if not flagged:
        return None
    parts = [
        f"{g.first} is {10 ** abs(g.difference):.0f} times "
        f"{'more' if g.difference > 0 else 'less'} frequent than {g.second} (median Zipf "
        f"{abs(g.difference):.1f} apart)" for g in flagged
    ]
    return (f"Frequency may explain part of this association: {'; '.join(parts)}. Embeddings "
            "place frequent and rare words in different regions, which WEAT reads as an "
            f"association, so lists {FREQUENCY_GAP:g} Zipf unit or more apart in median (a factor "
            f"of {10 ** FREQUENCY_GAP:.0f} in frequency) can look associated for their frequency "
            "alone.")


def _label(metric: str) -> str:
    return METRICS[metric].label if metric in METRICS else metric


def agreement_text(agreement: MeasureAgreement) -> str | None:
    """One sentence when the measures point different ways; None when they agree or fewer than
    two have a direction."""
    if agreement.state != "disagree":
        return None
    against = ", ".join(_label(m) for m in agreement.disagreeing)
    significant = [d for d in agreement.directions
                   if d.metric in agreement.disagreeing and d.significant]
    strength = (" (" + ", ".join(f"{_label(d.metric)} significant" for d in significant) + ")"
                if significant else "")
    verb = "points" if len(agreement.disagreeing) == 1 else "point"
    return (f"The measures disagree on the direction: {against} {verb} the other way from "
            f"{_label(agreement.reference)}{strength}. RND and RIPA look at the first attribute "
            "list only, WEAT at the first against the second, so a disagreement can mean that "
            "the second list drives WEAT's result; either way the direction depends on the "
            "measure, and no single number settles it.")


def pairs_text(check: PairsCheck) -> str | None:
    """Why RIPA's pairs are not natural pairs, or None when they are."""
    if check.state == "natural":
        return None
    if check.state == "unequal_lengths":
        return "RIPA needs pairs of words, and the two target lists differ in length."
    if check.state == "too_few_pairs":
        return (f"RIPA's pairs cannot be checked: only {len(check.pairs)} pairs have both words "
                "in the embedding.")
    return (
        "RIPA reads the i-th words of the two target lists as pairs (like man/woman), but these "
        f"are not natural pairs: the given pairs are no more alike (mean cosine "
        f"{check.matched:.2f}) than words paired at random ({check.shuffled:.2f}; "
        f"{p_phrase(check.p_value)}). Its value then depends on the order of the lists."
    )


def confound_lines(confounds: WeatConfounds) -> list[str]:
    """The sentences to show beside a WEAT result: the warnings first, then the control's numbers
    and each list's frequencies (for a details section)."""
    gender = gender_control_text(confounds.grammatical_gender)
    frequency = frequency_lines(confounds.frequency)
    return [line for line in (gender, *frequency) if line]


def confound_warnings(confounds: WeatConfounds) -> list[str]:
    """Only the warnings (for the headline, next to the verdict); empty when there are none."""
    lines = []
    if confounds.grammatical_gender.warning:
        lines.append(gender_control_text(confounds.grammatical_gender))
    warning = frequency_warning(confounds.frequency)
    if warning:
        lines.append(warning)
    return lines
