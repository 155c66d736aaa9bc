"""The analysis's two passes over blocks of texts (`count_blocks`, the flagged documents' words
kept by `Candidates`) against the straightforward finder (tests/regression/slow_instances.py)
on every document cut by the tokeniser: the same counts in the same order, the same flags, the
same instances; and a corpus whose flagged words exceed the memory allowed is read again."""

from __future__ import annotations

import numpy as np
import pytest

from bias.corpus import tokens
from bias.corpus.options import ReadOptions
from bias.corpus.tokens import tokeniser, word_blocks
from bias.regression.instances import (
    Candidates,
    Cleaning,
    Target,
    collect_kept,
    count_blocks,
    count_words,
)
from tests.regression.slow_instances import slow_instances
from tests.regression.test_instances_fast import TARGETS, TEXTS

MORE = ["Immigration 2024, l'immigration en 1990 : 12 immigrés", "a b immigration c d e f g",
        "https://immigration.org immigration_reform me@immigration.org immigration"]


def corpus(seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    pieces = " ".join(TEXTS + MORE).split()
    return [*TEXTS, *MORE, *(" ".join(pieces[i] for i in rng.integers(len(pieces), size=k))
                             for k in rng.integers(0, 30, size=50))]


@pytest.mark.parametrize(("language", "options"), [
    ("en", ReadOptions()), ("en", ReadOptions(numbers="keep")),
    ("fr", ReadOptions(numbers="token")), ("fr", ReadOptions(lowercase=False, numbers="keep"))])
@pytest.mark.parametrize("cleaning", [Cleaning(1, 1), Cleaning(3, 2), Cleaning(6, 1),
                                      Cleaning(3, 2, frozenset({"the", "reform", "l'"}))])
def test_blocks_find_the_straightforward_instances(language, options, cleaning, monkeypatch):
    monkeypatch.setattr(tokens, "BLOCK_CHARACTERS", 400)  # several blocks
    texts = corpus(seed=cleaning.min_chars + cleaning.min_count)
    cut = tokeniser(language, options)
    documents = [cut(text) for text in texts]
    compared = 0
    for text in TARGETS:
        target = Target(text, case_sensitive=not options.lowercase)
        before = Candidates(target)
        counts, total = count_words(documents, cleaning, before)
        candidates = Candidates(target, keep=1 << 20, cleaning=cleaning)
        fast_counts, fast_total = count_blocks(word_blocks(texts, language, options), cleaning,
                                               candidates)
        assert list(fast_counts.items()) == list(counts.items()) and fast_total == total
        assert candidates.flags == before.flags
        kept = candidates.kept_words()
        assert kept is not None
        found = collect_kept(kept, counts, cleaning, target, 6)
        slow, forms = slow_instances(documents, counts, cleaning, target, 6)
        assert list(found.instances) == slow and found.forms == forms, text
        compared += len(slow)
    assert compared > 100


def test_words_beyond_the_memory_allowed_are_not_kept():
    texts = corpus(seed=0) * 3
    cleaning, target = Cleaning(3, 2), Target("immigr*")
    small = Candidates(target, keep=2_000, cleaning=cleaning)
    count_blocks(word_blocks(texts, "en", ReadOptions()), cleaning, small)
    assert small.kept_words() is None and sum(small.flags) > 10
    assert small.kept_bytes > 2_000
    nothing = Candidates(target)  # no memory allowed: the second pass reads again
    count_blocks(word_blocks(texts, "en", ReadOptions()), cleaning, nothing)
    assert nothing.kept_words() is None and nothing.flags == small.flags
