"""The fast instance finder against the straightforward one (tests/regression/slow_instances.py)
on tricky text cut by the product's own tokeniser: punctuation, apostrophes, hyphens, Unicode
letters, French accents and elisions, targets at documents' edges, phrases, globs and case; the
second pass reading only the documents the first pass flagged."""

from __future__ import annotations

import numpy as np
import pytest

from bias.corpus.options import ReadOptions
from bias.corpus.tokens import tokeniser
from bias.regression.instances import (
    Candidates,
    Cleaning,
    Target,
    collect_instances,
    count_words,
)
from tests.regression.slow_instances import slow_instances

TEXTS = [
    "Immigration! immigration, IMMIGRATION; immigration's reform: the immigrant-led reform",
    "immigration",
    "Reform immigration now. Don't stop; well-known immigrants' rights - immigration reform",
    "L'immigration, c'est l'affaire de l'État : immigré, immigrée, immigrés et Immigration",
    "Ça ira — l'été à Zürich, naïve façon ; œuvre d’immigrés… immigration réforme",
    "Straße ΣΟΦΊΑ σοφία ſtate state İstanbul immigration-reform immigration_reform 2024 1990s",
    "a an to of immigration reform of the immigration law reform reform",
    "",
    "immigration reform",
    "x y z immigration",
]


def corpus(language: str, seed: int) -> list[list[str]]:
    """The texts, then documents drawn from their words, so words recur (and some are rare)."""
    cut = tokeniser(language, ReadOptions())
    documents = [cut(text) for text in TEXTS]
    words = [w for d in documents for w in d]
    rng = np.random.default_rng(seed)
    documents += [[words[i] for i in rng.integers(len(words), size=rng.integers(0, 30))]
                  for _ in range(40)]
    return [*documents, cut("Immigration qwzx, the last document's rare word")]


TARGETS = ["immigration", "immigr*", "IMMIGRATION reform", "immigr* réforme", "imm?gré*",
           "l'", "state", "*e", "reform reform", "the immigration law", "immigration qwzx"]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("cleaning", [Cleaning(1, 1), Cleaning(3, 2), Cleaning(2, 5),
                                      Cleaning(3, 2, frozenset({"the", "reform", "l'"}))])
def test_the_fast_finder_gives_the_straightforward_instances(language: str,
                                                             cleaning: Cleaning) -> None:
    documents = corpus(language, seed=len(language) + cleaning.min_count)
    counts, _ = count_words(documents, cleaning)
    compared = 0
    for text in TARGETS:
        for target in (Target(text), Target(text, case_sensitive=True)):
            for window in (1, 3, 6):
                fast = collect_instances(documents, counts, cleaning, target, window)
                slow, forms = slow_instances(documents, counts, cleaning, target, window)
                assert list(fast.instances) == slow, (text, window)
                assert fast.forms == forms
                compared += len(slow)
    assert compared > 200  # the targets do occur


def test_only_the_flagged_documents_are_needed_in_the_second_pass() -> None:
    cut = tokeniser("fr", ReadOptions(lowercase=False))
    documents = [cut(text) for text in TEXTS] * 3
    cleaning = Cleaning(2, 2)
    for text in ("immigr*", "Immigration", "imm?gré* et", "xyz"):
        target = Target(text, case_sensitive=True)
        candidates = Candidates(target)
        counts, _ = count_words(documents, cleaning, candidates)
        assert len(candidates.flags) == len(documents)
        read = [words if flag else [] for words, flag in zip(documents, candidates.flags,
                                                              strict=True)]
        fast = collect_instances(read, counts, cleaning, target, 6)
        assert list(fast.instances) == slow_instances(documents, counts, cleaning, target, 6)[0]
    skipped = Candidates(Target("immigr*"))
    count_words([["immigration", "x"], ["x"], ["Immigrant"], []], cleaning, skipped)
    assert list(skipped.flags) == [1, 0, 1, 0]  # a glob ignores case unless asked
