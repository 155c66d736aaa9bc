"""Our d under the source's conventions (bias.stats.conventions), in words: the third number
beside ours and the published one, and what it could not reproduce."""

from __future__ import annotations

from bias.stats.conventions import CONVENTIONS, ConventionalEffectSize

APPLIED = {
    "repeats_kept": "repeated words counted twice",
    "phrases_averaged": "phrases averaged over their words",
    "missing_from_subwords": "missing words built from subwords",
}
"""How each applied convention reads in a sentence."""

NOT_REPRODUCED = {
    "missing_words": "words this embedding lacks",
    "phrase_incomplete": "phrases with a word this embedding lacks",
    "phrase_unit_average": "phrases averaged over unit vectors (the source averaged raw ones)",
    "spelling_fallback": "words found only under another spelling",
    "empty_set": "a set left without words",
}
"""How each gap reads in a sentence."""

FIELDS = {
    "ddof": "which standard deviation", "repeats_kept": "repeated words",
    "phrases_averaged": "phrases", "missing_from_subwords": "missing words",
    "exact_spelling": "spelling", "ties": "ties", "p_can_be_zero": "p of 0",
}
"""A convention's fields, as a reader names them."""


def convention_text(conventional: ConventionalEffectSize | None, ours: float) -> str | None:
    """'Computed as WEATHub did (…), our d on these vectors is −0.64: …; not reproduced: …'.
    `ours` is the result's own d, to say whether the conventions change it at all."""
    if conventional is None:
        return None
    convention = CONVENTIONS[conventional.convention]
    d = conventional.effect_size
    spread = "the sample" if convention.ddof == 1 else "the population"
    how = ", ".join([f"{spread} standard deviation",
                     *(APPLIED[code] for code in conventional.applied if code in APPLIED)])
    value = "undefined" if d != d else f"{d:.2f}"
    text = f"Computed as {convention.title} did ({how}), our d on these vectors is {value}: "
    if d == d and ours == ours and round(d, 2) == round(ours, 2):
        text += ("the same as ours, so the difference from the published value is the "
                 "embedding (and what the source did not state).")
    else:
        text += ("the difference from ours is convention, the rest of the difference from the "
                 "published value is the embedding.")
    if conventional.not_reproduced:
        gaps = "; ".join(f"{NOT_REPRODUCED[code]} ({len(words)})"
                         for code, words in conventional.not_reproduced.items())
        text += f" Not reproduced here: {gaps}."
    if conventional.assumed:
        assumed = ", ".join(FIELDS.get(code, code) for code in conventional.assumed)
        text += f" Not stated by the source, so assumed as BiasWords does: {assumed}."
    return text
