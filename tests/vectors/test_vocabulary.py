"""The numpy vocabulary finds exactly what a dict of all words would (first row of a word wins)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bias.vectors.embeddings import Embedding, Match
from bias.vectors.vocabulary import _LONGEST, Vocabulary


def random_words(count: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    alphabet = "abcxyzéßÄ中文 -'\r\t" + "\u00a0"
    return [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9))) for _ in range(count)
    ]


def test_rows_equal_a_dict_of_first_occurrences():
    words = random_words(20_000)
    first: dict[str, int] = {}
    for i, word in enumerate(words):
        first.setdefault(word, i)
    vocab = Vocabulary.from_words(words)
    queries = [*words[::7], "", "not there", "a\nb", "abcxyzéß" * 3, "\udc80"]
    assert vocab.rows(queries) == {q: first[q] for q in queries if q in first}
    assert len(set(words)) < len(words)  # duplicates were tested
    again = vocab.rows(queries)  # the memo gives the same answer
    assert again == {q: first[q] for q in queries if q in first}


def test_words_of_the_longest_bucket_and_single_lookups_find_their_first_row():
    """Words from `_LONGEST` bytes up share the length index's last bucket; each is still found
    at its first row, one lookup at a time as in a batch."""
    long = "é" * (_LONGEST // 2)  # exactly _LONGEST bytes
    words = ["b", long + "x", "a" * 3000, long, "b", "a" * 3000, "a" * 2999, long + "x"]
    vocab = Vocabulary.from_words(words)
    first = {word: words.index(word) for word in words}
    queries = [*first, "a" * 3001, long[:-1], "c"]
    assert {q: vocab.row(q) for q in queries} == {q: first.get(q) for q in queries}
    assert Vocabulary.from_words(words).rows(queries) == first


def test_sequence_behaviour():
    words = ["the", "Haus", "straße", "", "中文", "the"]
    vocab = Vocabulary.from_words(words)
    assert len(vocab) == 6 and list(vocab) == words
    assert vocab[2] == "straße" and vocab[-1] == "the" and vocab[np.int64(4)] == "中文"
    assert vocab[1:3] == ["Haus", "straße"]
    assert vocab.row("the") == 0 and vocab.row("") is None and vocab.row("haus") is None
    assert "Haus" in vocab and "haus" not in vocab and 5 not in vocab
    with pytest.raises(IndexError):
        vocab[6]
    with pytest.raises(ValueError, match="line break"):
        Vocabulary.from_words(["a\nb"])


def test_words_file_bytes_as_written_by_the_cache():
    vocab = Vocabulary(b"eins\nzwei\r\ndrei")
    assert list(vocab) == ["eins", "zwei\r", "drei"]
    assert vocab.row("zwei\r") == 1 and vocab.row("zwei") is None


def test_embedding_lookup_uses_the_vocabulary_with_fallbacks():
    words = ["brad", "Straße", "strasse", "Ulm", "brad"]
    embedding = Embedding.from_raw("t", "de", words, np.eye(5, 3) + 0.1)
    assert isinstance(embedding.words, Vocabulary)
    found = embedding.lookup_all(["Brad", "STRASSE", "ulm", "nope", "Straße"])
    assert [(f.match, f.found_as) for f in found] == [
        (Match.LOWER, "brad"),
        (Match.LOWER, "strasse"),
        (Match.CAPITALISED, "Ulm"),
        (Match.MISSING, None),
        (Match.EXACT, "Straße"),
    ]
    assert embedding.row("brad") == 0 and "Ulm" in embedding
    vectors = embedding.vectors_for(found)
    assert np.allclose(vectors, embedding.vectors[[0, 2, 3, 1]])
