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
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np
import polars as pl

from bias.corpus.options import SEGMENTED_LANGUAGES, ReadOptions
from bias.errors import BiasInputError

NUMBER_TOKEN = "<num>"
_ADDRESS = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+\.\w+", re.IGNORECASE)
"""Searched for only in a text holding '@', '://' or 'www.' in any case, as every match does
(`in` is 9 times faster than a search: bench/regression_speed.py)."""
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
    return re.compile(_words_source(letters))


def _words_source(letters: str) -> str:
    return rf"{letters}+(?:['’\-]{letters}+)*"


@cache
def _rust_words() -> str:
    r"""`_word_pattern` for polars' regular expressions (Rust's `regex`, whose `\w` is not
    Python's in rare characters: '²' is a word in Python, not in Rust): its class written out as
    the ranges of code points that Python's class matches, so both engines find the same words.
    Rust's engine, like Python's, takes the leftmost match and is greedy, so the matches are
    the same too (tests/corpus/test_token_blocks.py checks every code point)."""
    letters = _word_pattern().pattern[: _word_pattern().pattern.index("]") + 1]
    every = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    ranges = [(run[0], run[-1]) for run in re.findall(f"{letters}+", every)]
    return _words_source("[" + "".join(rf"\x{{{ord(a):X}}}-\x{{{ord(b):X}}}"
                                       for a, b in ranges) + "]")


_ASCII_WORDS = _words(r"\w")
"""For a document in ASCII, which has no combining marks: 2.4 times faster (Python's `re` tests
a class of many ranges one range at a time)."""


Tokeniser = Callable[[str], list[str]]


@dataclass(frozen=True)
class _Rules:
    """A language's rules, in the two steps both ways of cutting share: the text prepared
    whole (`prepared`), then the word pattern's matches finished (`finished`, token by token:
    elisions cut off, numbers dropped or replaced), so a word is the same whichever engine found
    the matches."""

    dotted: bool
    eliding: bool
    lowercase: bool
    numbers: str

    def prepared(self, text: str) -> str:
        text = unicodedata.normalize("NFC", text)
        lowered = text.lower()
        if "@" in text or "://" in text or "www." in lowered:  # in every address
            text = _ADDRESS.sub(" ", text)
            lowered = text.lower()
        if not self.lowercase:
            return text.replace("_", " ")
        if self.dotted:
            return text.replace("_", " ").replace("I", "ı").replace("İ", "i").lower()
        return lowered.replace("_", " ")  # lower-casing neither makes nor takes a '_'

    def finished(self, tokens: list[str]) -> list[str]:
        if self.eliding:
            tokens = _split_elisions(tokens)
        if self.numbers != "keep" and any(map(str.isdigit, tokens)):
            if self.numbers == "drop":
                return [token for token in tokens if not token.isdigit()]
            return [NUMBER_TOKEN if token.isdigit() else token for token in tokens]
        return tokens

    def changed(self, matches: Collection[str]) -> dict[str, list[str]]:
        """The words of each of `matches` that is not one word as it is (`finished([match])` is
        not `[match]`): a number dropped or replaced, an elision cut off."""
        found: list[str] = []
        if self.numbers != "keep":
            found += filter(str.isdigit, matches)
        if self.eliding:
            found += (m for m in matches if ("'" in m or "’" in m) and _ELISION.match(m))
        return {match: self.finished([match]) for match in found}


def _rules(language: str, options: ReadOptions) -> _Rules:
    if language in SEGMENTED_LANGUAGES:
        raise BiasInputError(
            f"Texts in '{language}' are written without spaces between words and need a word "
            "segmenter, which training here does not have yet."
        )
    return _Rules(language in _DOTTED_I, language in _ELIDING, options.lowercase,
                  options.numbers)


def tokeniser(language: str, options: ReadOptions) -> Tokeniser:
    """The function that cuts one document of `language` into its words under `options`."""
    rules = _rules(language, options)
    words = _word_pattern()  # built once per process (about 50 ms)

    def cut(text: str) -> list[str]:
        text = rules.prepared(text)
        return rules.finished((_ASCII_WORDS if text.isascii() else words).findall(text))

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


BLOCK_CHARACTERS = 1 << 22
"""Text cut in one call to polars (4 M characters, about 700,000 words): large enough that a
call's fixed cost and a block's distinct words (counted in Python) are small beside its words,
small enough that a block's pieces take tens of MB."""
BLOCK_DOCUMENTS = 20_000
"""Most documents in a block, so a corpus of very short documents is not held whole first."""


@dataclass(frozen=True)
class WordBlock:
    """A block of documents cut into words at once (`word_blocks`): each word's count, in order
    of first use, the same as cutting each document with `tokeniser` and counting its words."""

    counts: dict[str, int]
    tokens: int
    texts: pl.Series | list[str]
    """The documents prepared for the word pattern (a list where polars could not hold them)."""
    lists: list[list[str]] | None
    """Each document's matches of the word pattern, where polars could not hold the texts."""
    distinct: dict[str, int]
    """The distinct matches, with their counts; each match is a word, but for those in
    `changed`."""
    changed: dict[str, list[str]]
    """The distinct matches that are not one word as they are (a number, an elision), with the
    words each gives."""
    finish: Callable[[list[str]], list[str]]
    """A document's words from its matches (`tokeniser`'s last step)."""
    only_drops: bool
    """Whether `finish` only leaves matches out (numbers dropped or kept, no elision cut off),
    so a match can be left out before it as well as after."""
    drops_numbers: bool
    """Whether `finish` leaves out the matches that are numbers (`str.isdigit`)."""

    def holding(self, words: set[str] | frozenset[str]) -> tuple[np.ndarray, pl.Series | None]:
        """Which documents (True or False each) hold one of `words`, and those documents'
        matches (None where polars could not hold the texts, or no document holds one)."""
        found = [m for m in words.intersection(self.distinct) if m not in self.changed]
        found += [m for m, gives in self.changed.items() if not words.isdisjoint(gives)]
        if self.lists is not None:
            chosen = set(found)
            return np.array([not chosen.isdisjoint(d) for d in self.lists], dtype=bool), None
        assert isinstance(self.texts, pl.Series)
        hit = np.zeros(len(self.texts), dtype=bool)
        if not found:
            return hit, None
        # a match is a piece of its text: only the texts holding one as a piece are cut
        maybe = np.flatnonzero(self.texts.str.contains_any(found).to_numpy())
        lists = self.texts.gather(maybe).str.extract_all(_rust_words())
        owner = np.repeat(np.arange(len(maybe)), lists.list.len().to_numpy())
        inside = np.zeros(len(maybe), dtype=bool)
        inside[owner[lists.explode().drop_nulls().is_in(found).to_numpy()]] = True
        hit[maybe[inside]] = True
        return hit, lists.filter(pl.Series(inside))


def word_blocks(texts: Iterable[str], language: str, options: ReadOptions
                ) -> Iterator[WordBlock]:
    """The documents' words counted block by block: the words of `tokeniser`, every one, at
    about twice its speed (bench/regression_speed.py). The text is prepared by the same code;
    polars cuts it at spaces (no word holds one, so a text's matches are its pieces' matches),
    counts the pieces, and finds the word pattern's matches (in Rust) in each distinct piece
    once; each distinct match is finished by the same code. No Python string is made for a
    word, only for a block's distinct words; the order of first use is kept at each step."""
    rules = _rules(language, options)

    def block(texts: pl.Series | list[str]) -> WordBlock:
        lists = None
        if isinstance(texts, list):
            lists = [_word_pattern().findall(text) for text in texts]
            raw: dict[str, int] = Counter(m for words in lists for m in words)
        else:
            # one lazy query: 17% faster than the same steps eagerly (bench/regression_speed.py)
            table = (texts.to_frame("text").lazy()
                     .select(pl.col("text").str.split(" ").explode().alias("piece"))
                     .group_by("piece", maintain_order=True).len()
                     .with_columns(pl.col("piece").str.extract_all(_rust_words()).alias("m"))
                     .explode("m").drop_nulls("m")
                     .group_by("m", maintain_order=True).agg(pl.col("len").sum())
                     .collect())
            raw = dict(zip(table["m"].to_list(), table["len"].to_list(), strict=True))
        changed = rules.changed(raw)
        counts, tokens = raw, sum(raw.values())
        if changed and not any(changed.values()):  # numbers dropped, no other change
            counts = dict(raw)  # `raw` stays whole for `holding`
            for match in changed:
                tokens -= counts.pop(match)
        elif changed:
            counts, tokens = {}, 0
            for match, count in raw.items():
                words = changed.get(match, [match])
                tokens += count * len(words)
                for word in words:
                    counts[word] = counts.get(word, 0) + count
        return WordBlock(counts, tokens, texts, lists, raw, changed, rules.finished,
                         not rules.eliding and rules.numbers != "token", rules.numbers == "drop")

    return map(block, _blocks(texts, rules))


def word_lists(texts: Iterable[str], language: str, options: ReadOptions
               ) -> Iterator[list[str]]:
    """Each document's words, the same as `tokeniser`'s, found a block of documents at a time
    by polars (`word_blocks`)."""
    rules = _rules(language, options)
    for prepared in _blocks(texts, rules):
        lists = (prepared.str.extract_all(_rust_words()).to_list()
                 if isinstance(prepared, pl.Series)
                 else [_word_pattern().findall(text) for text in prepared])
        for words in lists:
            yield rules.finished(words)


def _blocks(texts: Iterable[str], rules: _Rules) -> Iterator[pl.Series | list[str]]:
    """The texts prepared, in blocks of up to `BLOCK_CHARACTERS` (or `BLOCK_DOCUMENTS`)."""
    block: list[str] = []
    size = 0
    for text in texts:
        block.append(text)
        size += len(text)
        if size >= BLOCK_CHARACTERS or len(block) >= BLOCK_DOCUMENTS:
            yield _prepared(block, rules)
            block, size = [], 0
    if block:
        yield _prepared(block, rules)


PLAIN = ((0x0, 0x24F), (0x2002, 0x206F))
"""The characters, as ranges of code points, of Latin (ASCII, Latin-1, Latin Extended A and B)
and general punctuation (but the two spaces that NFC changes): a text of those characters only
is in NFC form and is lower-cased by polars as by Python (tests/corpus/test_token_blocks.py
checks each)."""


def _plain(text: str) -> bool:
    """Whether `text` holds `PLAIN` characters only, read as numpy's 16-bit numbers: 4 times
    faster than a search by polars' regular expression on real English (a character beyond
    16 bits becomes two surrogates, which are not plain, as it is not)."""
    if text.isascii():  # known without reading the text
        return True
    codes = np.frombuffer(text.encode("utf-16-le", "surrogatepass"), dtype=np.uint16)
    (_, latin), (first, last) = PLAIN
    return not ((codes > latin) & ((codes < first) | (codes > last))).any()


def _prepared(texts: list[str], rules: _Rules) -> pl.Series | list[str]:
    """`rules.prepared` on each text: by polars at once for a text without an address and
    of `PLAIN` characters only, by Python for others (a list for a block holding a lone
    surrogate, \\ud800, which polars cannot hold)."""
    try:
        series = pl.Series(texts, dtype=pl.String)
    except UnicodeEncodeError:
        return [rules.prepared(text) for text in texts]
    lowered = series.str.to_lowercase()
    address = (lowered.str.contains("@", literal=True) | lowered.str.contains("://", literal=True)
               | lowered.str.contains("www.", literal=True)).to_numpy()
    unusual = ~np.fromiter(map(_plain, texts), dtype=bool, count=len(texts))
    others = np.flatnonzero(unusual | address) if not rules.dotted else np.arange(len(texts))
    series = (lowered if rules.lowercase else series).str.replace_all("_", " ", literal=True)
    if len(others):
        series = series.scatter(others, [rules.prepared(texts[i]) for i in others.tolist()])
    return series
