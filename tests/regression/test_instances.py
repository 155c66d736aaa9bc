"""Instances by hand: dropping, padding, windows, globs, phrases, and bad targets."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.regression.instances import (
    OUTSIDE,
    Cleaning,
    Instances,
    Target,
    collect_instances,
    count_words,
    forms_in,
)


def test_short_words_and_stop_words_are_dropped_and_rare_ones_padded() -> None:
    cleaning = Cleaning(min_chars=3, min_count=2, stop_words=frozenset({"and"}))
    documents = [["we", "like", "dogs", "and", "cats"], ["dogs", "like", "zebras"]]
    counts, tokens = count_words(documents, cleaning)
    assert tokens == 8
    assert counts == Counter({"like": 2, "dogs": 2, "cats": 1, "zebras": 1})
    assert cleaning.padded(cleaning.kept(documents[0]), counts) == ["like", "dogs", None]


def found(documents: list[list[str]], target: Target, window: int, min_count: int = 1):
    cleaning = Cleaning(min_chars=1, min_count=min_count)
    counts, _ = count_words(documents, cleaning)
    return collect_instances(documents, counts, cleaning, target, window)


def test_the_window_counts_pads_and_leaves_out_the_target() -> None:
    documents = [["a", "rare", "b", "dog", "c", "odd", "a", "b"], ["c", "dog"]]
    instance = found(documents, Target("dog"), window=2, min_count=2).instances[0]
    assert (instance.document, instance.position, instance.keyword) == (0, 3, "dog")
    assert instance.left == (None, "b") and instance.right == ("c", None)
    assert instance.context == ["b", "c"]
    last = found(documents, Target("dog"), window=2, min_count=2).instances[1]
    assert (last.document, last.left, last.right) == (1, ("c",), ())


def test_another_use_of_the_target_in_the_window_is_context() -> None:
    instances = found([["dog", "x", "dog"]], Target("dog"), window=6).instances
    assert [i.context for i in instances] == [["x", "dog"], ["dog", "x"]]


def test_globs_phrases_and_case() -> None:
    tokens = [["Immigration", "reform", "now", "immigrants", "reform", "imm?gration"]]
    assert [i.keyword for i in found(tokens, Target("immigr*"), 1).instances] == [
        "Immigration", "immigrants"]
    assert [i.keyword for i in found(tokens, Target("immigr* reform"), 1).instances] == [
        "Immigration reform", "immigrants reform"]
    phrase = found(tokens, Target("immigration REFORM"), 1).instances
    assert [(i.left, i.right) for i in phrase] == [((), ("now",))]
    assert len(found(tokens, Target("immigration", case_sensitive=True), 1).instances) == 0
    assert len(found(tokens, Target("imm?gration"), 1).instances) == 2  # "?" is any letter


def test_a_pad_never_matches_and_a_phrase_never_spans_one() -> None:
    documents = [["big", "rare", "dog"], ["big", "dog", "dog"], ["alone"]]
    assert [i.position for i in found(documents, Target("big dog"), 2, 2).instances] == [0]
    assert len(found(documents, Target("*e"), 2, 2).instances) == 0  # "rare", "alone": pads


def test_instances_are_held_as_codes_and_given_back_as_words() -> None:
    instances = found([["x", "dog", "y", "dog"], ["dog"]], Target("dog"), window=2).instances
    assert instances.vocabulary == ("x", "y", "dog")
    assert instances.left.tolist() == [[OUTSIDE, 0], [2, 1], [OUTSIDE, OUTSIDE]]
    assert instances.right.tolist() == [[1, 2], [OUTSIDE, OUTSIDE], [OUTSIDE, OUTSIDE]]
    assert instances.left.dtype == np.int32 and instances.documents.tolist() == [0, 0, 1]
    assert list(instances.take(np.array([2, 0]))) == [instances[2], instances[0]]
    assert list(Instances.of(list(instances))) == list(instances)


def test_collect_counts_each_form_and_forms_in_sees_the_padding() -> None:
    cleaning = Cleaning(min_chars=1, min_count=2)
    documents = [["immigrant", "law", "immigration"], ["immigration", "law", "immigrants"]]
    counts, _ = count_words(documents, cleaning)
    found = collect_instances(documents, counts, cleaning, Target("immigr*"), window=6)
    assert found.forms == {"immigration": 2}  # the two forms seen once are pads
    assert [i.context for i in found.instances] == [["law"], ["law"]]
    assert forms_in(counts, Target("immigr*"), cleaning) == {"immigration": 2}
    assert forms_in(counts, Target("refugee"), cleaning) == {}


@pytest.mark.parametrize("text", ["", "   ", "a b c d e f", "*", "immigr%"])
def test_bad_targets_are_one_sentence(text: str) -> None:
    with pytest.raises(BiasInputError):
        Target(text)
