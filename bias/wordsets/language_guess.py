"""A word set's language when its file does not give one: guessed from its words, and said.

Reading such a set as English whatever its words (as before) printed "The word set is in
English" for German lists on a German model and read German words' frequencies from English.
Two cheap signals decide instead:

* the script of the words' letters (Unicode character names): Hangul is Korean, kana Japanese,
  Greek Greek, and so on for every script that only one language of the catalog writes;
* for a script several languages share (Latin, Arabic), the mean wordfreq Zipf frequency of
  the words in each candidate language (unknown words count 0): German lists score about 4.8
  in German and at most 2.1 in any other Latin-script language.

The guess is kept on the word set (`LanguageGuess`) so that every result says it was a guess;
a file's own "language" is never overridden.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from bias.notes import Note

FALLBACK = "en"
"""What a set is read as when its words tell nothing (said in the result's notes)."""

SCRIPT_LANGUAGES: dict[str, tuple[str, ...]] = {
    "LATIN": ("en", "de", "fr", "es", "it", "da", "sv", "tr", "vi", "tl"),
    "ARABIC": ("ar", "fa", "ur"),
    "DEVANAGARI": ("hi", "mr"),
    "CYRILLIC": ("ru",),
    "GREEK": ("el",),
    "HANGUL": ("ko",),
    "HIRAGANA": ("ja",),
    "KATAKANA": ("ja",),
    "CJK": ("zh",),
    "BENGALI": ("bn",),
    "GURMUKHI": ("pa",),
    "TELUGU": ("te",),
    "THAI": ("th",),
}
"""The catalog's languages per script, most likely first. Kurmanji, Romansh (Latin) and Central
Kurdish (Arabic) have no wordfreq list, so no frequency can point to them: a file in one of
them must say its language. Han characters without kana are read as Chinese (a Japanese list
written in kanji alone looks the same; the note says so)."""

WORDFREQ_CODES = {"tl": "fil"}
"""Catalog codes wordfreq knows under another code."""

MIN_ZIPF = 1.0
"""Below this mean Zipf frequency in every candidate the words are not known words of any: the
set is read as FALLBACK, and the note says the words did not tell."""

MIN_MARGIN = 0.3
"""The best candidate must lead the next by this much mean Zipf to count as decided."""

SAMPLE_WORDS = 200
"""At most this many words are looked up (the first ones, in order): bounds the cost."""


@dataclass(frozen=True)
class LanguageGuess:
    """How a set's language was guessed: `language` is what it is read as; `decided` whether the
    words told it (False: the closest, or the fallback, and the note asks for a "language");
    `script` the words' main script, `candidates` the catalog's languages written in it, and
    `scores` the mean Zipf per candidate that wordfreq has a list for."""

    language: str
    decided: bool
    script: str
    candidates: tuple[str, ...]
    scores: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


def _script(char: str) -> str | None:
    try:
        name = unicodedata.name(char)
    except ValueError:
        return None
    first = name.split()[0]
    return first if first in SCRIPT_LANGUAGES else None


def main_script(words: Sequence[str]) -> str | None:
    """The script most of the words' letters are written in (kana over Han: Japanese mixes
    both, Chinese has no kana)."""
    counts = Counter(s for word in words for char in word if char.isalpha()
                     if (s := _script(char)) is not None)
    if not counts:
        return None
    kana = counts["HIRAGANA"] + counts["KATAKANA"]
    if kana:
        return "HIRAGANA"
    return counts.most_common(1)[0][0]


def _mean_zipf(words: Sequence[str], language: str) -> float | None:
    """The words' mean Zipf frequency in `language`, None where wordfreq has no list for it."""
    import wordfreq  # a second of start-up that only a set without a language pays

    code = WORDFREQ_CODES.get(language, language)
    if code not in wordfreq.available_languages():
        return None
    try:
        return sum(wordfreq.zipf_frequency(w, code) for w in words) / len(words)
    except (ImportError, LookupError):  # a tokenizer wordfreq needs is not installed
        return 0.0


def guess_language(words: Sequence[str]) -> LanguageGuess:
    """The language the words look like (module docstring)."""
    sample = [w for w in words if w.strip()][:SAMPLE_WORDS]
    script = main_script(sample)
    if script is None:
        return LanguageGuess(FALLBACK, False, "", ())
    candidates = SCRIPT_LANGUAGES[script]
    if len(candidates) == 1:  # Han alone may be Japanese in kanji: not decided
        return LanguageGuess(candidates[0], script != "CJK", script, candidates)
    measured = {lang: _mean_zipf(sample, lang) for lang in candidates}
    scores = {lang: round(z, 2) for lang, z in measured.items() if z is not None}
    unmeasured = len(scores) < len(candidates)  # a candidate no frequency can rule out
    ranked = sorted(candidates, key=lambda lang: -scores.get(lang, 0.0))
    best, second = ranked[0], ranked[1]
    if scores.get(best, 0.0) < MIN_ZIPF:
        language = FALLBACK if script == "LATIN" else candidates[0]
        return LanguageGuess(language, False, script, candidates, scores)
    decided = not unmeasured and scores[best] - scores.get(second, 0.0) >= MIN_MARGIN
    return LanguageGuess(best, decided, script, candidates, scores)


def language_of(data: dict, words: Sequence[str]) -> tuple[str, LanguageGuess | None]:
    """A decoded word-set file's language: its own "language", or the guess from `words`."""
    given = data.get("language")
    if given:
        return str(given), None
    guess = guess_language(words)
    return guess.language, guess


def guess_notes(guess: LanguageGuess | None) -> list[Note]:
    """The note every result of a set with a guessed language carries (worded by
    `bias.report.note_sentences`), or none when the file gave its language."""
    return [] if guess is None else [Note("wordset_language_guessed", guess.to_dict())]
