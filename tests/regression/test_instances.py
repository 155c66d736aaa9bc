"""Instances by hand: dropping, padding, windows, globs, phrases, and bad targets."""

from __future__ import annotations

from collections import Counter

import pytest

from bias.errors import BiasInputError
from bias.regression.instances import (
    Cleaning,
    Target,
    collect_instances,
    count_words,
    find_instances,
    forms_in,
)


def test_short_words_and_stop_words_are_dropped_and_rare_ones_padded() -> None:
    cleaning = Cleaning(min_chars=3, min_count=2, stop_words=frozenset({"and"}))
    documents = [["we", "like", "dogs", "and", "cats"], ["dogs", "like", "zebras"]]
    counts, tokens = count_words(documents, cleaning)
    assert tokens == 8
    assert counts == Counter({"like": 2, "dogs": 2, "cats": 1, "zebras": 1})
    assert cleaning.padded(cleaning.kept(documents[0]), counts) == ["like", "dogs", None]


def test_the_window_counts_pads_and_leaves_out_the_target() -> None:
    matcher = Target("dog").matcher()
    tokens = ["a", None, "b", "dog", "c", None, "d", "e"]
    (instance,) = find_instances(4, tokens, matcher, window=2)
    assert (instance.document, instance.position, instance.keyword) == (4, 3, "dog")
    assert instance.left == (None, "b") and instance.right == ("c", None)
    assert instance.context == ["b", "c"]


def test_another_use_of_the_target_in_the_window_is_context() -> None:
    found = find_instances(0, ["dog", "x", "dog"], Target("dog").matcher(), window=6)
    assert [i.context for i in found] == [["x", "dog"], ["dog", "x"]]


def test_globs_phrases_and_case() -> None:
    tokens = ["Immigration", "reform", "now", "immigrants", "reform"]
    assert [i.keyword for i in find_instances(0, tokens, Target("immigr*").matcher(), 1)] == [
        "Immigration", "immigrants"]
    assert [i.keyword for i in find_instances(0, tokens, Target("immigr* reform").matcher(),
                                              1)] == ["Immigration reform", "immigrants reform"]
    phrase = find_instances(0, tokens, Target("immigration REFORM").matcher(), 1)
    assert [(i.left, i.right) for i in phrase] == [((), ("now",))]
    assert find_instances(0, tokens, Target("immigration", case_sensitive=True).matcher(), 1) == []
    assert len(find_instances(0, ["imm?gration"], Target("imm?gration").matcher(), 1)) == 1


def test_a_pad_never_matches_and_a_phrase_never_spans_one() -> None:
    tokens = ["big", None, "dog"]
    assert find_instances(0, tokens, Target("big dog").matcher(), 2) == []
    assert find_instances(0, [None], Target("*a").matcher(), 2) == []


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
