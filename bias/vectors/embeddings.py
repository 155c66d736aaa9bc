"""The embedding type and word lookup with reported fallbacks.

An `Embedding` is a vocabulary plus an L2-normalised float32 matrix, so a cosine similarity is a dot
product. The matrix may be an in-memory array or a read-only memory map of a cached `.npy` file: the
code here only indexes rows and multiplies, so both work unchanged.

Lookup never drops a word silently. Each word is tried as written, then lower-cased, then
capitalised, then each of those with ß written as ss; the result says which form was found (GloVe
6B is lower-case, so Caliskan's "Brad" is found as "brad" and shown as such). Embeddings that can
build vectors for unknown words (fastText `.bin` subwords) pass a `synthesise` function; such words
are reported as "synthesised", not as found. A pruned table (spaCy's `*_md` pipelines: 500,000
keys on 20,000 vectors) passes `shared`: the words that have no vector of their own but share the
row of a more frequent word. A word found only there is reported as a "shared row", found as the
word that owns the row, so a test sees it is a neighbour's vector (and counts it once beside its
owner), never a distinct word; a word's own vector under another spelling is preferred. An entry
of several words ("Geometria analitica", "الهندسة الرياضية") that the vocabulary does not hold as
written is reported as a "phrase": a word-vector file holds single words, so it is neither split
into its words nor silently missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from bias.errors import BiasInputError
from bias.vectors.vocabulary import Vocabulary


class Match(StrEnum):
    """How a word was found in an embedding's vocabulary."""

    EXACT = "exact"
    LOWER = "lower-case"
    CAPITALISED = "capitalised"
    SHARP_S = "ß→ss"
    SYNTHESISED = "synthesised"
    SHARED_ROW = "shared row"
    ENCODED = "encoded"
    PHRASE = "phrase"
    MISSING = "missing"


@dataclass(frozen=True)
class WordLookup:
    """One word as the user wrote it, and where (if anywhere) the embedding has it."""

    word: str
    match: Match
    found_as: str | None

    @property
    def found(self) -> bool:
        return self.match not in (Match.MISSING, Match.PHRASE)

    @property
    def is_phrase(self) -> bool:
        """True for an entry of several words that the vocabulary does not hold as written."""
        return self.match is Match.PHRASE

    @property
    def is_fallback(self) -> bool:
        """True when the vector belongs to another spelling or was synthesised."""
        return self.match not in (Match.EXACT, Match.ENCODED, Match.MISSING, Match.PHRASE)


def normalise_rows(matrix: np.ndarray) -> np.ndarray:
    """Return a C-ordered float32 copy with unit-length rows; all-zero rows stay zero.

    A row whose squares overflow float32 (values near 3e38: its norm is infinite, and it would
    become a row of zeros) or underflow it (values near 1e-30: its norm is 0, and it would stay
    un-normalised) is first divided by its largest value, so it too has length 1. Other rows are
    normalised directly, so their values do not change by a rounding."""
    out = np.array(matrix, dtype=np.float32, order="C", copy=True)
    with np.errstate(over="ignore", invalid="ignore"):
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        extreme = (~np.isfinite(norms) | (norms < 1e-18))[:, 0] & np.isfinite(out).all(axis=1)
    if extreme.any():
        rows = out[extreme]
        largest = np.abs(rows).max(axis=1, keepdims=True)
        largest[largest == 0] = 1.0
        rows /= largest
        out[extreme] = rows
        norms[extreme] = np.linalg.norm(rows, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out /= norms
    return out


def _spellings(word: str) -> Iterable[tuple[str, Match]]:
    """Candidate spellings of `word` in the order they are tried."""
    forms = [
        (word, Match.EXACT),
        (word.lower(), Match.LOWER),
        (word[:1].upper() + word[1:].lower(), Match.CAPITALISED),
    ]
    yield from forms
    if "ß" in word:
        for form, _ in forms:
            yield form.replace("ß", "ss"), Match.SHARP_S


@dataclass(frozen=True, eq=False)
class SharedRows:
    """The words of a pruned table that use another word's vector: `words[i]` uses row `rows[i]`
    of the embedding (whose word owns it). Kept apart from the embedding's own words, so
    neighbours, candidates and word counts only ever see words with a vector of their own."""

    words: Vocabulary
    rows: np.ndarray  # int32, one per word, each a row of the embedding

    def __post_init__(self) -> None:
        if self.rows.ndim != 1 or self.rows.shape[0] != len(self.words):
            raise ValueError(f"{len(self.words)} shared words but {self.rows.shape} rows")

    def __len__(self) -> int:
        return len(self.words)


def leaves_out_shared(shared_rows: bool, words_language: str, embedding_language: str) -> bool:
    """Whether words without a vector of their own are left out: when asked (`shared_rows`
    False), and always for words of another language than the embedding's: a pruned table's
    rows belong to words of its language (in the French table English "he" only shares the
    row of "was", "hers" that of "moulins")."""
    return not shared_rows or words_language != embedding_language


@dataclass(frozen=True, eq=False)
class Embedding:
    """A named vocabulary with unit-length vectors.

    `vectors[i]` is the unit vector of `words[i]`. Build one from raw vectors with
    `Embedding.from_raw`, which normalises; the constructor trusts that rows are already unit length
    (a cache on disk stores them so). When a word occurs twice, the first occurrence wins, as in
    frequency-ordered fastText files. `words` is kept as a `Vocabulary` (one buffer, looked up
    with numpy; any sequence of words given is converted), never as a dict of all words.
    """

    name: str
    language: str
    words: Sequence[str]
    vectors: np.ndarray
    source: str = ""
    synthesise: Callable[[str], np.ndarray | None] | None = None
    identity: Mapping[str, object] = field(default_factory=dict)
    """What is known of where these vectors come from, for a result's provenance: `sha256` (and
    `sha256_of`: the stored matrix, or the file a bundled one is read from), when and how it was
    imported (the cache's meta.json), or the package that ships it. `python -m bias reproduce`
    refuses to compare results across different `sha256`."""
    shared: SharedRows | None = None
    encode: Callable[[Sequence[str]], np.ndarray] | None = None
    """An encoder's vectors for any words, as written (`bias.vectors.encoder`): every word is then
    `encoded` (a phrase too: an encoder reads it), and its unit vector computed, or read from the
    encoder's cache, only when a test uses it (`vectors_for`, `prefetch`), never on lookup."""
    _synthesised: dict[str, np.ndarray] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.vectors.ndim != 2 or self.vectors.shape[0] != len(self.words):
            raise ValueError(
                f"{len(self.words)} words but a vector matrix of shape {self.vectors.shape}"
            )
        if not isinstance(self.words, Vocabulary):
            object.__setattr__(self, "words", Vocabulary.from_words(self.words))
        object.__setattr__(self, "_synthesised", {})

    @classmethod
    def from_raw(
        cls, name: str, language: str, words: Sequence[str], vectors: np.ndarray, source: str = ""
    ) -> Embedding:
        """An embedding from unnormalised vectors (any float dtype, any memory order)."""
        return cls(name, language, list(words), normalise_rows(vectors), source)

    @property
    def dimensions(self) -> int:
        return int(self.vectors.shape[1])

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self.words

    def lookup(self, word: str) -> WordLookup:
        """Find `word`, trying the fallback spellings in order; never raises for a missing word."""
        return self.lookup_all([word])[0]

    def lookup_all(self, words: Iterable[str]) -> list[WordLookup]:
        """`lookup` for many words, with every spelling of every word searched in one batch."""
        words = list(words)
        if self.encode is not None:  # a NUL would end the text the engine reads
            return [WordLookup(word, Match.ENCODED, word) if word.strip() and "\x00" not in word
                    else WordLookup(word, Match.MISSING, None) for word in words]
        rows = self.words.rows(form for word in words for form, _ in _spellings(word))
        shared: dict[str, int] = {}
        if self.shared is not None:
            unfound = (w for w in words if not any(f in rows for f, _ in _spellings(w)))
            shared = self.shared.words.rows(form for w in unfound for form, _ in _spellings(w))
        return [self._resolve(word, rows, shared) for word in words]

    def _resolve(self, word: str, rows: dict[str, int], shared: dict[str, int]) -> WordLookup:
        for form, match in _spellings(word):
            if form in rows:
                return WordLookup(word, match, form)
        for form, _ in _spellings(word):
            if form in shared and self.shared is not None:
                owner = self.words[int(self.shared.rows[shared[form]])]
                return WordLookup(word, Match.SHARED_ROW, owner)
        if any(char.isspace() for char in word):
            return WordLookup(word, Match.PHRASE, None)  # subword vectors of a phrase mean little
        if self.synthesise is not None:
            vector = self._synthesised.get(word)
            if vector is None:
                raw = self.synthesise(word)
                if raw is not None:
                    vector = normalise_rows(np.asarray(raw)[None, :])[0]
                    self._synthesised[word] = vector
            if vector is not None:
                return WordLookup(word, Match.SYNTHESISED, word)
        return WordLookup(word, Match.MISSING, None)

    def row(self, word: str) -> int | None:
        """Row index of a vocabulary word, exactly as spelled, or None."""
        return self.words.row(word)

    def rows(self, words: Iterable[str]) -> dict[str, int]:
        """{word: row} of those of `words` in the vocabulary, exactly as spelled: many words in
        one search, where `row` in a loop would search once a word."""
        return self.words.rows(words)

    def vectors_for(self, lookups: Sequence[WordLookup]) -> np.ndarray:
        """The unit vectors of the found words among `lookups`, in order, as an (n, d) array.

        Raises `BiasInputError` if one of them holds NaN, infinity or only zeros: importers never
        store such rows, so the cache was damaged afterwards, and a statistic computed from them
        would be NaN, which the permutation test would turn into "p = 0" (checking only the rows
        a test uses costs nothing; `store.verify` checks them all).
        """
        found = [item for item in lookups if item.found_as is not None]
        if self.encode is not None:
            return self._checked(found, self.encode([item.word for item in found]))
        index = self.words.rows(item.found_as for item in found)
        rows = [
            self._synthesised[item.word]
            if item.match is Match.SYNTHESISED
            else np.asarray(self.vectors[index[item.found_as]])
            for item in found
        ]
        if not rows:
            return np.empty((0, self.dimensions), dtype=np.float32)
        return self._checked(found, np.vstack(rows).astype(np.float32, copy=False))

    def prefetch(self, lookups: Iterable[WordLookup]) -> None:
        """Compute an encoder's vectors for all of `lookups` in one batch (then `vectors_for`
        reads them from its cache); nothing for a table of vectors."""
        if self.encode is not None:
            self.encode([item.word for item in lookups if item.found_as is not None])

    def _checked(self, found: Sequence[WordLookup], matrix: np.ndarray) -> np.ndarray:
        """`matrix` (the rows of `found`), refused when one of them is damaged."""
        bad = ~np.isfinite(matrix).all(axis=1) | ~matrix.any(axis=1)
        if bad.any():
            words = ", ".join(f"'{item.found_as}'" for item, b in zip(found, bad, strict=True) if b)
            raise BiasInputError(
                f"The vectors of {words} in {self.name} are damaged (NaN, infinite or all zero), "
                f"so no test can use them; check the embedding with `python -m bias embeddings "
                f"--verify {self.name}`, then delete and import it again."
            )
        return matrix
