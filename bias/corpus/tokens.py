"""Cutting a document into words, per language, with Unicode rules.

A word is a run of letters, digits and combining marks, with inner apostrophes and hyphens kept
("don't", "well-known"). Python's `\\w` alone would cut Hindi "हिन्दी" into single letters (its
vowel signs are combining marks, not letters), so the marks are added to the pattern. Text is
put in Unicode NFC first (an "é" typed as e + accent is the same word as a precomposed one).
Addresses (https://…, www.…, e-mail) are removed, not cut into pieces. Numbers are dropped, kept
or replaced by one word (`ReadOptions.numbers`). Lower-casing follows the language: Turkish and
Azerbaijani dotted and dotless i (I → ı, İ → i). French, Italian and Catalan elided articles
are cut off ("l'homme" → "l'", "homme"), so "homme" gets its vector.

Languages written without spaces (Chinese, Japanese, Thai, …) need a word segmenter, which this
is not: they are refused with a sentence rather than turned into one "word" per sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cache

from bias.corpus.options import SEGMENTED_LANGUAGES, ReadOptions
from bias.errors import BiasInputError

NUMBER_TOKEN = "<num>"
_ADDRESS = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\w+", re.IGNORECASE)
_MAYBE_ADDRESS = re.compile(r"://|www\.|@", re.IGNORECASE)
"""What every `_ADDRESS` match contains: text without it is not searched for addresses, which
doubled the words cut per second (bench/regression_speed.py)."""
_DOTTED_I = {"tr", "az"}
_ELIDING = {"fr", "it", "ca"}
_ELISION = re.compile(r"^(\w{1,2}|\w*qu)['’](?=\w)", re.IGNORECASE)


@cache
def _word_pattern() -> re.Pattern[str]:
    r"""Letters, digits and combining marks (planes 0, 1 and 14 hold every mark), with inner
    apostrophes and hyphens (`\w` also matches '_', which `tokeniser` turns into a space
    first)."""
    marks = []
    for plane in (range(0x300, 0x20000), range(0xE0100, 0xE01F0)):
        start = None
        for code in plane:
            is_mark = unicodedata.category(chr(code)) in ("Mn", "Mc", "Me")
            if is_mark and start is None:
                start = code
            elif not is_mark and start is not None:
                marks.append(f"{chr(start)}-{chr(code - 1)}")
                start = None
    return _words(rf"[\w{''.join(marks)}]")


def _words(letters: str) -> re.Pattern[str]:
    return re.compile(rf"{letters}+(?:['’\-]{letters}+)*")


_ASCII_WORDS = _words(r"\w")
"""For a document in ASCII, which has no combining marks: 2.4 times faster (Python's `re` tests
a class of many ranges one range at a time)."""


Tokeniser = Callable[[str], list[str]]


def tokeniser(language: str, options: ReadOptions) -> Tokeniser:
    """The function that cuts one document of `language` into its words under `options`."""
    if language in SEGMENTED_LANGUAGES:
        raise BiasInputError(
            f"Texts in '{language}' are written without spaces between words and need a word "
            "segmenter, which training here does not have yet."
        )
    words = _word_pattern()  # built once per process (about 50 ms)
    dotted = language in _DOTTED_I
    eliding = language in _ELIDING

    def cut(text: str) -> list[str]:
        text = unicodedata.normalize("NFC", text)
        if _MAYBE_ADDRESS.search(text):
            text = _ADDRESS.sub(" ", text)
        text = text.replace("_", " ")
        if options.lowercase:
            if dotted:
                text = text.replace("I", "ı").replace("İ", "i")
            text = text.lower()
        tokens = (_ASCII_WORDS if text.isascii() else words).findall(text)
        if eliding:
            tokens = _split_elisions(tokens)
        if options.numbers != "keep" and any(map(str.isdigit, tokens)):
            replacement = [] if options.numbers == "drop" else [NUMBER_TOKEN]
            tokens = [t for token in tokens
                      for t in (replacement if token.isdigit() else [token])]
        return tokens

    return cut


def _split_elisions(tokens: list[str]) -> list[str]:
    out: list[str] = []
    for token in tokens:
        match = _ELISION.match(token)
        if match:
            out += [token[: match.end()], token[match.end():]]
        else:
            out.append(token)
    return out


SCRIPTS = {
    "LATIN": "af az ca cs cy da de en eo es et eu fi fr ga gl hr hu id is it ku la lt lv ms mt nb "
             "nl nn no pl pt rm ro sk sl sq sv sw tl tr vi",
    "CYRILLIC": "be bg kk ky mk mn ru tg uk",
    "GREEK": "el", "ARABIC": "ar ckb fa ps sd ug ur", "HEBREW": "he yi",
    "DEVANAGARI": "hi mr ne sa", "BENGALI": "as bn", "GURMUKHI": "pa", "GUJARATI": "gu",
    "TAMIL": "ta", "TELUGU": "te", "KANNADA": "kn", "MALAYALAM": "ml", "HANGUL": "ko",
    "GEORGIAN": "ka", "ARMENIAN": "hy",
}
"""The script each language is written in (as Unicode names a letter's script: 'LATIN SMALL
LETTER A'), for the languages whose script is one and known; others are not checked."""
_SCRIPT_OF = {code: script for script, codes in SCRIPTS.items() for code in codes.split()}
_CHECKED_WORDS = 5_000
"""The most frequent words whose script is looked at: they are most of the corpus's tokens."""


def _script(word: str) -> str | None:
    letter = next((c for c in word if c.isalpha()), None)
    return None if letter is None else unicodedata.name(letter, "?").split(" ")[0]


def script_problem(counts: Iterable[Counter[str]], language: str, where: str) -> str | None:
    """The sentence for a corpus (its groups' word `counts`) most of whose words are not in
    `language`'s script (Chinese text trained as English gives a model of one "word" per
    sentence), or None."""
    expected = _SCRIPT_OF.get(language)
    if expected is None:
        return None
    by_script: Counter[str] = Counter()
    for group in counts:
        for word, count in group.most_common(_CHECKED_WORDS):
            script = _script(word)
            if script is not None:
                by_script[script] += count
    if not by_script or by_script[expected] * 2 >= sum(by_script.values()):
        return None
    found = by_script.most_common(1)[0][0]
    shown = "Chinese characters (CJK)" if found == "CJK" else f"{found.title()} script"
    return (f"Most words of {where} are written in {shown}, but '{language}' is written in "
            f"{expected.title()} script; choose the corpus's own language.")
