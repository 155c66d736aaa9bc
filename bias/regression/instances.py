"""Every use (instance) of a target in a stream of documents, with the words around it.

What conText's quick start does before it embeds (tokens → `tokens_select(min_nchar = 3)` →
features seen fewer than 5 times replaced by padding → `kwic(window = 6)`), written here as
steps over plain token lists:

* `Cleaning.kept`: tokens shorter than `min_chars` characters, and stop words when asked, are
  dropped (not padded, as conText's first `tokens_select` does);
* `padded`: words seen fewer than `min_count` times in the whole corpus become a pad (None), so
  two words that were not neighbours never become neighbours, and the window still counts the
  pad's position;
* `find_instances`: each match of the target (a word, a glob such as `immigr*`, or a phrase of
  such words); its context is the `window` positions on each side, pads and the target itself
  left out. Another use of the target inside the window is context, as in conText.

The corpus is read twice, never held: a first pass counts words (padding needs the corpus's
counts), a second finds the instances. Only the instances' windows are kept.
"""

from __future__ import annotations

import fnmatch
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from bias.errors import BiasInputError

MAX_TARGET_WORDS = 5
"""A target phrase's most words: a longer one is a sentence, which almost never recurs."""

_TARGET_WORD = re.compile(r"[\w'’\-*?]+")

Padded = list[str | None]


@dataclass(frozen=True)
class Target:
    """A word, a glob (`immigr*`, `?` one character) or a phrase of up to five of them."""

    text: str
    case_sensitive: bool = False

    def __post_init__(self) -> None:
        words = self.text.split()
        if not words:
            raise BiasInputError("Give a target word (for example immigration, or immigr*).")
        if len(words) > MAX_TARGET_WORDS:
            raise BiasInputError(
                f"A target phrase has at most {MAX_TARGET_WORDS} words; '{self.text[:80]}' has "
                f"{len(words)}."
            )
        bad = [word for word in words if not _TARGET_WORD.fullmatch(word) or set(word) <= {"*"}]
        if bad:
            raise BiasInputError(
                f"'{bad[0][:40]}' cannot be part of a target: use letters, digits, ' or -, "
                "with * for any ending (immigr*) or ? for one character."
            )

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.text.split() if self.case_sensitive else self.text.lower().split())

    def matcher(self) -> Matcher:
        return Matcher(self)


class Matcher:
    """Tests tokens against a target's words, remembering each distinct token's answer (a
    corpus has far fewer distinct words than tokens, so the glob runs once per word)."""

    def __init__(self, target: Target) -> None:
        flags = 0 if target.case_sensitive else re.IGNORECASE
        self.patterns = [re.compile(fnmatch.translate(word), flags) for word in target.words]
        self.memo: list[dict[str, bool]] = [{} for _ in self.patterns]

    def matches(self, part: int, token: str | None) -> bool:
        if token is None:
            return False
        known = self.memo[part].get(token)
        if known is None:
            known = self.memo[part][token] = bool(self.patterns[part].match(token))
        return known

    def starts(self, tokens: Padded) -> Iterator[int]:
        """The positions where the whole target begins."""
        length = len(self.patterns)
        for at, token in enumerate(tokens):
            if self.matches(0, token) and at + length <= len(tokens) and all(
                    self.matches(k, tokens[at + k]) for k in range(1, length)):
                yield at


@dataclass(frozen=True)
class Cleaning:
    """conText's quick-start pre-processing, as options."""

    min_chars: int
    min_count: int
    stop_words: frozenset[str] = frozenset()

    def kept(self, tokens: Iterable[str]) -> list[str]:
        """Tokens long enough and not stop words (the others are dropped, not padded)."""
        least, stop = self.min_chars, self.stop_words
        return [t for t in tokens if len(t) >= least and t not in stop]

    def padded(self, kept: list[str], counts: Counter[str]) -> Padded:
        """`kept` with the words seen fewer than `min_count` times replaced by None (a pad)."""
        least = self.min_count
        if least <= 1:
            return list(kept)
        return [t if counts[t] >= least else None for t in kept]


@dataclass(frozen=True)
class Instance:
    """One use of the target: its document (0-based, in the corpus's order), where it starts
    among the document's kept tokens, the words that matched, and its window on each side (pads
    as None, so a keyword-in-context line can show where words were left out)."""

    document: int
    position: int
    keyword: str
    left: tuple[str | None, ...]
    right: tuple[str | None, ...]

    @property
    def context(self) -> list[str]:
        """The context words, pads left out: what the instance's embedding averages."""
        return [t for t in (*self.left, *self.right) if t is not None]


def find_instances(
    document: int, tokens: Padded, matcher: Matcher, window: int
) -> list[Instance]:
    """Every instance of the target in one padded document."""
    length = len(matcher.patterns)
    found = []
    for at in matcher.starts(tokens):
        end = at + length
        found.append(Instance(
            document, at, " ".join(t for t in tokens[at:end] if t is not None),
            tuple(tokens[max(0, at - window):at]), tuple(tokens[end:end + window]),
        ))
    return found


def count_words(documents: Iterable[list[str]], cleaning: Cleaning) -> tuple[Counter[str], int]:
    """Each kept word's count in the corpus, and the number of tokens read (first pass). Whether
    a token is kept depends on the token alone, so every token is counted (Counter's C loop)
    and the words not kept are removed once at the end."""
    counts: Counter[str] = Counter()
    tokens = 0
    for words in documents:
        tokens += len(words)
        counts.update(words)
    kept = set(cleaning.kept(counts))
    return Counter({word: count for word, count in counts.items() if word in kept}), tokens


@dataclass(frozen=True)
class Found:
    """The instances of a target in a corpus, and what the second pass saw."""

    instances: tuple[Instance, ...]
    forms: dict[str, int]
    """How often each matched form occurs ({'immigrant': 125, 'immigrants': 288, …})."""


def collect_instances(
    documents: Iterable[list[str]],
    counts: Counter[str],
    cleaning: Cleaning,
    target: Target,
    window: int,
    each: Callable[[Padded], None] | None = None,
) -> Found:
    """The second pass: every instance in every document (`each` also sees each padded document:
    the transform's co-occurrence sums are gathered in the same pass)."""
    matcher = target.matcher()
    starts = frozenset(forms_in(counts, target, cleaning))
    instances: list[Instance] = []
    for index, words in enumerate(documents):
        if each is None and starts.isdisjoint(words):
            continue  # no word that can begin the target: most documents, for a rare word
        padded = cleaning.padded(cleaning.kept(words), counts)
        instances += find_instances(index, padded, matcher, window)
        if each is not None:
            each(padded)
    forms = Counter(instance.keyword for instance in instances)
    return Found(tuple(instances), dict(sorted(forms.items())))


def forms_in(counts: Counter[str], target: Target, cleaning: Cleaning) -> dict[str, int]:
    """The corpus words that match the target's first word and survive the padding, with their
    counts: an empty answer after the first pass means the target never occurs, said before the
    second pass and any embedding."""
    matcher = target.matcher()
    return {word: count for word, count in counts.items()
            if count >= cleaning.min_count and matcher.matches(0, word)}
