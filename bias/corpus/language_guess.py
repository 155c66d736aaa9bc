"""The language a corpus looks to be in, from its own most frequent words, so that a German
corpus chosen as English is said before any training (issue 41: it was trained without a word).

A text's most frequent words are its function words ("der", "und", "ist"; "the", "and",
"is"), and these differ between languages far more than its content words do. So the guess reads
the `TOP_WORDS` most frequent words of the scan and, for each language with a stop-word list
(spaCy's, as `bias.corpus.stop_words` reads them), the share of their occurrences
that are that language's stop words: in running text of a language, about half; in another
language's, a few hundredths to a third (French text is 33% Spanish stop words: "de", "la", "en").
The largest share is the guess when it reaches `MIN_SHARE`; a corpus of names and topic words
only (as the tests' generated corpora) has no guess. Where the chosen language has no stop-word
list, nothing is said: there is no share to weigh the guess against.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bias.corpus.stop_words import stop_words
from bias.vectors.catalog import LANGUAGES

TOP_WORDS = 200
"""The most frequent words read: function words fill the top of any text's frequency list."""

MIN_SHARE = 0.2
"""A guess needs this share of the frequent words' occurrences to be its stop words (running
text of a language gives about half, the tests' generated corpora none)."""

MARGIN = 2.0
"""The guess is said to differ from the chosen language when its share is more than this many
times the chosen language's: close languages (Danish and Swedish, Spanish and French) share
many function words, and a corpus in one of them is not called the other."""


@dataclass(frozen=True)
class LanguageGuess:
    """The language whose stop words cover most of the corpus's frequent words, and the chosen
    one's share beside it."""

    language: str
    share: float
    chosen: str
    chosen_share: float | None
    """None when the chosen language has no stop-word list to measure."""

    @property
    def differs(self) -> bool:
        return (self.language != self.chosen and self.chosen_share is not None
                and self.share > MARGIN * self.chosen_share)


def frequent_words(counts: Iterable[Mapping[str, int]]) -> Counter[str]:
    """The `TOP_WORDS` most frequent words over all groups' counts (the top of each group's
    list is enough: a word frequent in the whole corpus is frequent in some group)."""
    merged: Counter[str] = Counter()
    for group in counts:
        top = group.most_common(TOP_WORDS) if isinstance(group, Counter) else sorted(
            group.items(), key=lambda item: -item[1])[:TOP_WORDS]
        merged.update(dict(top))
    return Counter(dict(merged.most_common(TOP_WORDS)))


def guess_language(counts: Iterable[Mapping[str, int]], chosen: str) -> LanguageGuess | None:
    """The guess from each group's word counts (`GroupScan.counts`), or None without one."""
    frequent = frequent_words(counts)
    total = sum(frequent.values())
    if not total:
        return None
    shares = {}
    for code in LANGUAGES:
        listed = stop_words(code)
        if listed:
            shares[code] = sum(n for word, n in frequent.items() if word.casefold() in listed)
    if not shares:
        return None
    best = max(shares, key=lambda code: shares[code])
    if shares[best] < MIN_SHARE * total:
        return None
    chosen_share = shares[chosen] / total if chosen in shares else None
    return LanguageGuess(best, shares[best] / total, chosen, chosen_share)
