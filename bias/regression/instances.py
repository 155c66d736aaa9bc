"""Every use (instance) of a target in a stream of documents, with the words around it.

What conText's quick start does before it embeds (tokens → `tokens_select(min_nchar = 3)` →
features seen fewer than 5 times replaced by padding → `kwic(window = 6)`), written here as
steps over plain token lists:

* `Cleaning.kept`: tokens shorter than `min_chars` characters, and stop words when asked, are
  dropped (not padded, as conText's first `tokens_select` does);
* padding: words seen fewer than `min_count` times in the whole corpus become a pad, so two
  words that were not neighbours never become neighbours, and the window still counts the
  pad's position;
* `collect_instances`: each match of the target (a word, a glob such as `immigr*`, or a phrase
  of such words); its context is the `window` positions on each side, pads and the target itself
  left out. Another use of the target inside the window is context, as in conText.

The corpus is read twice, never held: a first pass counts words (padding needs the corpus's
counts) and notes which documents hold a word that can begin the target (`Candidates`), a
second finds the instances in those documents only (the others are not even cut into words).
Only the instances' windows are kept, compactly (`Instances`: 4-byte codes into the words that
occur in some window, not Python strings: about 70 bytes per instance at window 6 where tuples
of strings took about 1 kB); an `Instance` with its words is made when one is looked at.
"""

from __future__ import annotations

import fnmatch
import re
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

import numpy as np
import polars as pl

from bias.corpus.tokens import WordBlock
from bias.errors import BiasInputError

MAX_TARGET_WORDS = 5
"""A target phrase's most words: a longer one is a sentence, which almost never recurs."""
KEEP_BYTES = 256 << 20
"""The most memory the words of the documents flagged by the first pass may take to be kept for
the second (`Candidates`): 256 MB, about 13 million words; a corpus with more is read again."""
PAD = -1
"""The code of a padded (rare) word in an instance's window."""
OUTSIDE = -2
"""The code of a window position beyond the document's first or last word."""

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


@dataclass(frozen=True)
class Cleaning:
    """conText's quick-start pre-processing, as options."""

    min_chars: int
    min_count: int
    stop_words: frozenset[str] = frozenset()

    def kept(self, tokens: Iterable[str]) -> list[str]:
        """Tokens long enough and not stop words (the others are dropped, not padded)."""
        least, stop = self.min_chars, self.stop_words
        if not stop:
            return [t for t in tokens if len(t) >= least]
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


@dataclass(frozen=True, eq=False)
class Instances(Sequence[Instance]):
    """Instances held compactly: per instance its document, position and keyword, and its
    window as codes into `vocabulary` (`PAD`, `OUTSIDE` beyond the document's edges), each side
    `window` wide. Indexing gives an `Instance` with its words."""

    vocabulary: tuple[str, ...]
    """The words that occur in some window (and only those), in order of first use."""
    keyword_forms: tuple[str, ...]
    documents: np.ndarray
    positions: np.ndarray
    keywords: np.ndarray
    """Codes into `keyword_forms`."""
    left: np.ndarray
    """n × window codes, the word nearest the target last."""
    right: np.ndarray
    """n × window codes, the word nearest the target first."""

    def __len__(self) -> int:
        return len(self.documents)

    def __getitem__(self, index: int) -> Instance:  # type: ignore[override]
        words = self.vocabulary

        def shown(codes: np.ndarray) -> tuple[str | None, ...]:
            return tuple(None if c == PAD else words[c] for c in codes.tolist() if c != OUTSIDE)

        return Instance(int(self.documents[index]), int(self.positions[index]),
                        self.keyword_forms[self.keywords[index]], shown(self.left[index]),
                        shown(self.right[index]))

    @property
    def window(self) -> int:
        return int(self.left.shape[1])

    @property
    def contexts(self) -> np.ndarray:
        """n × 2·window codes: each instance's left then right side."""
        return np.hstack([self.left, self.right])

    def take(self, indices: np.ndarray) -> Instances:
        """The instances at `indices`, in that order (the vocabulary shared)."""
        return Instances(self.vocabulary, self.keyword_forms, self.documents[indices],
                         self.positions[indices], self.keywords[indices], self.left[indices],
                         self.right[indices])

    @classmethod
    def of(cls, items: Sequence[Instance]) -> Instances:
        """Instances given one by one (a test's, a benchmark's), held compactly."""
        window = max((max(len(i.left), len(i.right)) for i in items), default=0)
        store = _Store(window)
        for item in items:
            store.add(item.document, item.position, item.keyword,
                      [OUTSIDE] * (window - len(item.left)) + store.codes(item.left),
                      store.codes(item.right) + [OUTSIDE] * (window - len(item.right)))
        return store.instances()


class _Store:
    """Instances as they are found, in typed arrays (4 or 8 bytes per number)."""

    def __init__(self, window: int) -> None:
        self.window = window
        self.vocabulary: list[str] = []
        self.code: dict[str | None, int] = {None: PAD}
        self.forms: dict[str, int] = {}
        self.documents, self.positions = array("q"), array("q")
        self.keywords, self.left, self.right = array("i"), array("i"), array("i")

    def codes(self, words: Iterable[str | None]) -> list[int]:
        out = []
        for word in words:
            code = self.code.get(word)
            if code is None:
                code = self.code[word] = len(self.vocabulary)
                self.vocabulary.append(word)  # type: ignore[arg-type]
            out.append(code)
        return out

    def add(self, document: int, position: int, keyword: str, left: list[int],
            right: list[int]) -> None:
        self.documents.append(document)
        self.positions.append(position)
        self.keywords.append(self.forms.setdefault(keyword, len(self.forms)))
        self.left.extend(left)
        self.right.extend(right)

    def instances(self) -> Instances:
        def table(codes: array) -> np.ndarray:
            return np.frombuffer(codes, dtype=np.int32).reshape(len(self.documents), self.window)

        return Instances(tuple(self.vocabulary), tuple(self.forms),
                         np.frombuffer(self.documents, dtype=np.int64),
                         np.frombuffer(self.positions, dtype=np.int64),
                         np.frombuffer(self.keywords, dtype=np.int32),
                         table(self.left), table(self.right))


class Candidates:
    """Which documents hold a word that can begin the target, noted during the first pass, so
    the second cuts only those into words. A superset of the documents with an instance (the
    word may turn out too rare, too short, or not followed by the rest of a phrase): the second
    pass decides, so nothing is missed.

    With `keep` bytes, the kept words (`cleaning.kept`) of those documents, cut into words in
    blocks by the first pass (`note_block`), are held while they take no more than that, so the
    second pass reads them from here instead of reading and cutting the corpus again. They are
    held as Python lists, whose memory is known (`_WORD_BYTES`); polars' lists of a few
    documents' words held the memory of their whole block (their buffers are shared)."""

    def __init__(self, target: Target, keep: int = 0,
                 cleaning: Cleaning | None = None) -> None:
        self.pattern = target.matcher().patterns[0]
        self.starting: set[str] = set()
        self.flags = bytearray()
        self.keep = keep
        self.cleaning = cleaning or Cleaning(1, 1)
        self.kept: list[tuple[int, list[str]]] | None = [] if keep else None
        self.kept_bytes = 0

    def note(self, words: list[str], counts: Counter[str], new: int) -> None:
        """One document's words, after `counts` took them; its `new` words (the last keys of
        `counts`, a dict keeping their order) are tested, each once in the corpus."""
        if new:
            self.starting.update(w for w in islice(reversed(counts), new)
                                 if self.pattern.match(w))
        self.flags.append(not self.starting.isdisjoint(words))
        self.kept = None

    def note_block(self, block: WordBlock, counts: Counter[str], new: int) -> None:
        """`note` for a block of documents cut at once, whose flagged documents' kept words are
        held while `keep` allows."""
        if new:
            self.starting.update(w for w in islice(reversed(counts), new)
                                 if self.pattern.match(w))
        hit, lists = block.holding(self.starting)
        if self.kept is not None and hit.any():
            if lists is None:
                self.kept = None  # text polars could not hold: the second pass reads again
            else:
                self._hold(len(self.flags) + np.flatnonzero(hit), lists, block)
        self.flags += hit.tobytes()

    def _hold(self, where: np.ndarray, lists: pl.Series, block: WordBlock) -> None:
        if block.only_drops:  # what is left out, left out by polars (in Rust) first
            lists = self._dropped(lists, block)
        words = lists.explode().drop_nulls()
        self.kept_bytes += (int(words.str.len_bytes().sum() or 0) + _WORD_BYTES * len(words)
                            + _LIST_BYTES * len(lists))
        if self.kept_bytes > self.keep:
            self.kept = None
            return
        assert self.kept is not None
        for index, matches in zip(where.tolist(), lists.to_list(), strict=True):
            if not block.only_drops:  # a match may give other words
                matches = self.cleaning.kept(block.finish(matches))
            self.kept.append((index, matches))

    def _dropped(self, lists: pl.Series, block: WordBlock) -> pl.Series:
        """The matches without the short ones, the stop words and the numbers `finish` drops
        (the block's `changed` ones: a number as `str.isdigit` says, not Rust's `\\d`)."""
        word, dropped = pl.element(), [*self.cleaning.stop_words, *block.changed]
        keep = word.str.len_chars() >= self.cleaning.min_chars
        if dropped:
            keep &= ~word.is_in(pl.Series(dropped, dtype=pl.String).implode())
        return lists.list.eval(word.filter(keep))

    def kept_words(self) -> Iterator[tuple[int, list[str]]] | None:
        """The number and kept words of each flagged document, as the first pass held them;
        None if it could not hold them all."""
        return None if self.kept is None else iter(self.kept)


_WORD_BYTES = 57
"""A word's memory in a Python list beyond its characters: a `str` of ASCII takes 49 bytes
more than its length, and its place in the list 8."""
_LIST_BYTES = 56
"""An empty Python list's memory."""


def count_words(documents: Iterable[list[str]], cleaning: Cleaning,
                candidates: Candidates | None = None) -> tuple[Counter[str], int]:
    """Each kept word's count in the corpus, and the number of tokens read (first pass). Whether
    a token is kept depends on the token alone, so every token is counted (Counter's C loop)
    and the words not kept are removed once at the end."""
    counts: Counter[str] = Counter()
    tokens = 0
    for words in documents:
        tokens += len(words)
        before = len(counts)
        counts.update(words)
        if candidates is not None:
            candidates.note(words, counts, len(counts) - before)
    return _kept(counts, cleaning), tokens


def count_blocks(blocks: Iterable[WordBlock], cleaning: Cleaning,
                 candidates: Candidates | None = None) -> tuple[Counter[str], int]:
    """`count_words` for documents cut block by block (`bias.corpus.tokens.word_blocks`, the
    analysis's first pass): the same counts, in the same order."""
    counts: Counter[str] = Counter()
    tokens = 0
    for block in blocks:
        tokens += block.tokens
        before = len(counts)
        counts.update(block.counts)
        if candidates is not None:
            candidates.note_block(block, counts, len(counts) - before)
    return _kept(counts, cleaning), tokens


def _kept(counts: Counter[str], cleaning: Cleaning) -> Counter[str]:
    """The counts of the words `cleaning` keeps (a word is kept or not whatever its place)."""
    kept = set(cleaning.kept(counts))
    return Counter({word: count for word, count in counts.items() if word in kept})


@dataclass(frozen=True)
class Found:
    """The instances of a target in a corpus, and what the second pass saw."""

    instances: Instances
    forms: dict[str, int]
    """How often each matched form occurs ({'immigrant': 125, 'immigrants': 288, …})."""


def collect_instances(
    documents: Iterable[list[str]],
    counts: Counter[str],
    cleaning: Cleaning,
    target: Target,
    window: int,
) -> Found:
    """The second pass: every instance in every document. Only a document holding a form of
    the target's first word is looked at, and in it only the target's positions (found by
    `list.index`, in C) and the words of their windows."""
    return _collect(((index, cleaning.kept(words)) for index, words in enumerate(documents)),
                    counts, cleaning, target, window)


def collect_kept(kept: Iterable[tuple[int, list[str]]], counts: Counter[str],
                 cleaning: Cleaning, target: Target, window: int) -> Found:
    """`collect_instances` given, for the documents it must read, each one's number and kept
    words (`Candidates.kept_words`): the documents not given have none."""
    return _collect(kept, counts, cleaning, target, window)


def _collect(kept: Iterable[tuple[int, list[str]]], counts: Counter[str], cleaning: Cleaning,
             target: Target, window: int) -> Found:
    matcher = target.matcher()
    starts = frozenset(forms_in(counts, target, cleaning))
    store = _Store(window)
    rare = cleaning.min_count if cleaning.min_count > 1 else 0

    def code(word: str) -> int:
        known = store.code.get(word)
        if known is None:
            if counts[word] < rare:
                known = store.code[word] = PAD
            else:
                known = store.codes((word,))[0]
        return known

    for index, words in kept:
        if starts.isdisjoint(words):
            continue  # no word that can begin the target: most documents, for a rare word
        for at, end in _matches(words, starts.intersection(words), matcher, counts, rare):
            left = [OUTSIDE] * (window - at) + [code(w) for w in words[max(0, at - window):at]]
            right = [code(w) for w in words[end:end + window]]
            store.add(index, at, " ".join(words[at:end]),
                      left, right + [OUTSIDE] * (window - len(right)))
    instances = store.instances()
    frequency = np.bincount(instances.keywords, minlength=len(instances.keyword_forms))
    forms = {form: int(frequency[code]) for code, form in enumerate(instances.keyword_forms)}
    return Found(instances, dict(sorted(forms.items())))


def _matches(kept: list[str], forms: set[str], matcher: Matcher, counts: Counter[str],
             rare: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each use of the target among a document's kept tokens, in order: a
    position holding one of `forms` (the first word's forms that are not pads), followed by
    the phrase's other words, none of them a pad."""
    length = len(matcher.patterns)
    positions = []
    for form in forms:
        at = kept.index(form)
        while True:
            positions.append(at)
            try:
                at = kept.index(form, at + 1)
            except ValueError:
                break
    for at in sorted(positions):
        end = at + length
        if end <= len(kept) and all(counts[kept[at + k]] >= rare and
                                    matcher.matches(k, kept[at + k]) for k in range(1, length)):
            yield at, end


def forms_in(counts: Counter[str], target: Target, cleaning: Cleaning) -> dict[str, int]:
    """The corpus words that match the target's first word and survive the padding, with their
    counts: an empty answer after the first pass means the target never occurs, said before the
    second pass and any embedding."""
    first = target.matcher().patterns[0].match  # each word is tested once: nothing to remember
    return {word: count for word, count in counts.items()
            if count >= cleaning.min_count and first(word)}
