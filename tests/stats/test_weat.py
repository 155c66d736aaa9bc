"""WEAT statistics against hand-computed cases and a slow reference implementation."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.report.note_sentences import notes_text
from bias.stats.effect_size import effect_size, max_effect_size
from bias.stats.permutation import partition_count, permutation_test
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets import TermSet, WordSet
from tests import reference
from tests.synthetic import planted, raw_sets

EXACT = WeatOptions(method="exact")


def tiny():
    """Four 2-D targets, one attribute word each; every number below is worked out by hand.

    A = (1,0), B = (0,1). s(x1)=1, s(x2)=0, s(y1)=-1, s(y2)=0.
    statistic = mean(1,0) - mean(-1,0) = 1; population sd of (1,0,-1,0) = sqrt(1/2); d = sqrt(2).
    The 6 partitions give X-side means {1,0}->1, {1,-1}->0, {1,0}->1, {0,-1}->-1, {0,0}->0,
    {-1,0}->-1, so P(stat >= 1) = 2/6 and P(|stat| >= 1) = 4/6.
    """
    vectors = {"x1": [1, 0], "x2": [1, 1], "y1": [0, 1], "y2": [2, 2], "a": [3, 0], "b": [0, 5]}
    words = list(vectors)
    embedding = Embedding.from_raw("tiny", "en", words, np.array([vectors[w] for w in words]))
    wordset = WordSet(
        "tiny", "tiny", "en",
        TermSet("X", ("x1", "x2")), TermSet("Y", ("y1", "y2")),
        TermSet("A", ("a",)), TermSet("B", ("b",)),
    )
    return embedding, wordset


def test_tiny_case_by_hand():
    result = run_weat(*tiny(), EXACT)
    assert result.statistic == pytest.approx(1.0)
    assert result.effect_size == pytest.approx(math.sqrt(2))
    assert result.p_value == pytest.approx(2 / 6)
    assert result.iterations == 6
    assert sorted(np.round(result.null_distribution, 6)) == [-1, -1, 0, 0, 1, 1]
    two = run_weat(*tiny(), WeatOptions(method="exact", alternative="two-sided"))
    assert two.p_value == pytest.approx(4 / 6)


def test_tiny_case_associations_and_leave_one_out_by_hand():
    result = run_weat(*tiny(), EXACT)
    by_word = {row.word: row for row in result.words}
    assert [by_word[w].association for w in ("x1", "x2", "y1", "y2")] == pytest.approx(
        [1, 0, -1, 0]
    )
    # Without x1: s = (0 | -1, 0): statistic 0.5, sd of (0,-1,0) = sqrt(2)/3 -> d = 1.5/sqrt(2).
    assert by_word["x1"].effect_size_without == pytest.approx(1.5 / math.sqrt(2))
    # A and B have one word each: leaving it out leaves nothing to compare.
    assert math.isnan(by_word["a"].effect_size_without)
    # Attribute association: mean cos(a, X) - mean cos(a, Y) = (1+0.7071)/2 - (0+0.7071)/2 = 0.5.
    assert by_word["a"].association == pytest.approx(0.5)


@pytest.mark.parametrize("sizes", [(8, 8, 8, 8), (5, 7, 4, 6), (3, 9, 8, 2)])
def test_matches_reference_on_planted_bias(sizes):
    embedding, wordset, raw = planted(strength=0.4, sizes=sizes)
    X, Y, A, B = raw_sets(wordset, raw)
    result = run_weat(embedding, wordset, EXACT)
    assert result.effect_size == pytest.approx(reference.effect_size(X, Y, A, B), abs=1e-6)
    assert result.statistic == pytest.approx(reference.statistic(X, Y, A, B), abs=1e-6)
    assert result.p_value == pytest.approx(reference.exact_p(X, Y, A, B), abs=1e-12)
    two = run_weat(embedding, wordset, dataclasses.replace(EXACT, alternative="two-sided"))
    assert two.p_value == pytest.approx(reference.exact_p(X, Y, A, B, two_sided=True), abs=1e-12)


def test_planted_bias_is_detected_and_absent_bias_is_not():
    strong = run_weat(*planted(strength=1.0)[:2])
    assert strong.effect_size > 1.5
    assert strong.p_value < 0.001
    none = run_weat(*planted(strength=0.0, seed=3)[:2])
    assert abs(none.effect_size) < 1.0
    assert none.p_value > 0.05


def test_randomized_p_within_three_monte_carlo_errors_of_exact():
    embedding, wordset, _ = planted(strength=0.15, seed=3)
    exact = run_weat(embedding, wordset, EXACT)
    assert 0.01 < exact.p_value < 0.5  # a p-value worth estimating
    draws = 20_000
    sampled = run_weat(embedding, wordset, WeatOptions(method="randomized", iterations=draws))
    assert sampled.method == "randomized" and sampled.iterations == draws
    se = math.sqrt(exact.p_value * (1 - exact.p_value) / draws)
    assert abs(sampled.p_value - exact.p_value) < 3 * se
    low, high = sampled.p_value_interval
    assert low < exact.p_value < high


def test_randomized_is_seeded_and_p_is_never_zero():
    embedding, wordset, _ = planted(strength=2.0)
    options = WeatOptions(method="randomized", iterations=1000, seed=7)
    first, second = run_weat(embedding, wordset, options), run_weat(embedding, wordset, options)
    assert first.p_value == second.p_value
    np.testing.assert_array_equal(first.null_distribution, second.null_distribution)
    assert first.exceed == 0 and first.p_value == pytest.approx(1 / 1001)
    other = run_weat(embedding, wordset, dataclasses.replace(options, seed=8))
    assert not np.array_equal(first.null_distribution, other.null_distribution)


def test_auto_switches_to_randomization_above_the_exact_limit():
    embedding, wordset, _ = planted(sizes=(8, 8, 8, 8))
    assert partition_count(8, 8) == 12870
    assert run_weat(embedding, wordset).method == "exact"
    options = WeatOptions(exact_limit=12869, iterations=500)
    result = run_weat(embedding, wordset, options)
    assert (result.method, result.iterations) == ("randomized", 500)


def test_chunked_enumeration_covers_every_partition(monkeypatch):
    monkeypatch.setattr("bias.stats.permutation.CHUNK_ELEMENTS", 50)  # force many small blocks
    s = np.random.default_rng(0).normal(size=12)
    test = permutation_test(s, 5, EXACT)
    assert test.iterations == partition_count(5, 7) == 792
    randomized = permutation_test(s, 5, WeatOptions(method="randomized", iterations=1234))
    assert randomized.null_distribution.size == 1234


def test_swapping_targets_negates_d_and_mirrors_p():
    embedding, wordset, _ = planted(strength=0.2, seed=5)
    swapped = dataclasses.replace(wordset, X=wordset.Y, Y=wordset.X)
    one, other = run_weat(embedding, wordset, EXACT), run_weat(embedding, swapped, EXACT)
    assert other.effect_size == pytest.approx(-one.effect_size)
    ties = np.count_nonzero(np.isclose(one.null_distribution, one.statistic, atol=1e-6))
    assert one.p_value + other.p_value == pytest.approx(1 + ties / one.iterations, abs=1e-9)


def test_scaling_a_vector_changes_nothing():
    embedding, wordset, raw = planted(strength=0.3)
    words = list(raw)
    scaled = np.array([raw[w] * (1 + 9 * (i % 3)) for i, w in enumerate(words)])
    rescaled = Embedding.from_raw("scaled", "en", words, scaled)
    a, b = run_weat(embedding, wordset, EXACT), run_weat(rescaled, wordset, EXACT)
    assert b.effect_size == pytest.approx(a.effect_size, abs=1e-6)
    assert b.p_value == a.p_value


def test_adding_an_unrelated_word_changes_nothing():
    embedding, wordset, raw = planted(strength=0.3)
    words = [*raw, "stranger"]
    vectors = np.array([*raw.values(), np.ones(len(next(iter(raw.values()))))])
    bigger = Embedding.from_raw("bigger", "en", words, vectors)
    a, b = run_weat(embedding, wordset), run_weat(bigger, wordset)
    assert (b.effect_size, b.p_value, b.statistic) == (a.effect_size, a.p_value, a.statistic)


def test_effect_size_bound_for_equal_sizes_is_two():
    perfect = np.array([1.0] * 8 + [-1.0] * 8)
    assert effect_size(perfect, 8) == pytest.approx(2.0)
    skewed = np.array([1.0] * 10 + [-1.0] * 16)  # the paper's 10 vs 16 names
    p = 10 / 26
    assert effect_size(skewed, 10) == pytest.approx(1 / math.sqrt(p * (1 - p)))
    assert max_effect_size(8, 8) == pytest.approx(2.0)
    assert max_effect_size(10, 16) == pytest.approx(effect_size(skewed, 10))
    assert max_effect_size(10, 16) == pytest.approx(2.0555, abs=1e-4)


def test_missing_words_are_reported_per_set_not_dropped_silently():
    embedding, wordset, _ = planted()
    with_gaps = dataclasses.replace(
        wordset, X=TermSet("Set X", (*wordset.X.words, "nowhere")),
        A=TermSet("Set A", ("elsewhere", *wordset.A.words)),
    )
    result = run_weat(embedding, with_gaps)
    assert result.sets["X"].missing == ("nowhere",)
    assert result.sets["A"].missing == ("elsewhere",)
    assert result.sets["Y"].missing == ()
    assert len(result.sets["X"].used) == 8
    assert any("nowhere" in w and "left out" in w for w in notes_text(result.notes))
    assert result.to_dict()["sets"]["A"]["missing"] == ["elsewhere"]


def test_a_set_with_every_word_missing_is_a_clear_error():
    embedding, wordset, _ = planted()
    empty = dataclasses.replace(wordset, B=TermSet("Unpleasant", ("nope", "nada")))
    with pytest.raises(BiasInputError, match=r"Every word of set B \(Unpleasant\) is missing"):
        run_weat(embedding, empty)


def test_a_word_in_both_attribute_sets_is_kept_with_a_warning():
    embedding, wordset, _ = planted()
    shared = dataclasses.replace(wordset, B=TermSet("B", (*wordset.B.words, "a0")))
    result = run_weat(embedding, shared)
    assert "a0" in result.sets["A"].used and "a0" in result.sets["B"].used
    assert any("a0 is listed in both A and B" in w and "cancels out" in w
               for w in notes_text(result.notes))


def test_unequal_sizes_keep_every_word_and_say_so():
    embedding, wordset, _ = planted(sizes=(10, 16, 8, 8))
    result = run_weat(embedding, wordset)
    assert (len(result.sets["X"].used), len(result.sets["Y"].used)) == (10, 16)
    assert any("means are compared" in w for w in notes_text(result.notes))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(iterations=0), "at least 1"),
        (dict(iterations=-5), "at least 1"),
        (dict(iterations=2.5), "whole number"),
        (dict(method="magic"), "method"),
        (dict(alternative="less"), "alternative"),
    ],
)
def test_bad_options_are_sentences(options, message):
    with pytest.raises(BiasInputError, match=message):
        WeatOptions(**options)


def test_forced_exact_refuses_astronomical_enumeration():
    s = np.zeros(40)
    with pytest.raises(BiasInputError, match="too many to enumerate"):
        permutation_test(s, 20, EXACT)


def test_leave_one_out_matches_recomputing_without_the_word():
    embedding, wordset, _ = planted(strength=0.3, sizes=(5, 6, 4, 3))
    full = run_weat(embedding, wordset, EXACT)
    for row in full.words:
        terms = getattr(wordset, row.set)
        fewer = TermSet(terms.name, tuple(w for w in terms.words if w != row.word))
        smaller = dataclasses.replace(wordset, **{row.set: fewer})
        again = run_weat(embedding, smaller, EXACT)
        assert row.effect_size_without == pytest.approx(again.effect_size, abs=1e-9)
        assert row.influence == pytest.approx(again.effect_size - full.effect_size, abs=1e-9)


def test_repeated_words_and_spellings_count_once_with_a_warning():
    embedding, wordset, _ = planted()
    doubled = dataclasses.replace(
        wordset, A=TermSet("Set A", (*wordset.A.words, "a0", "A0")),
    )
    result = run_weat(embedding, doubled)
    assert result.sets["A"].used == wordset.A.words
    assert result.sets["A"].repeated == ("a0", "A0")
    assert ("A (Set A): a0 is listed twice; A0 has the same vector as another spelling before it "
            "in the set; each vector is counted once.") in notes_text(result.notes)
    assert result.sets["A"].fallbacks == ()  # "A0" is a repeat, not a used fallback
    plain = run_weat(embedding, wordset)
    assert result.effect_size == plain.effect_size


def test_language_mismatch_is_warned_even_when_words_are_found():
    embedding, wordset, _ = planted()
    italian = dataclasses.replace(wordset, language="it")
    result = run_weat(embedding, italian)
    texts = notes_text(result.notes)
    assert any("The word set is in Italian but planted is English" in w for w in texts)
    assert result.notes[0].to_dict() == {
        "code": "language_mismatch",
        "wordset_language": "it",
        "embedding": "planted",
        "embedding_language": "en",
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [(dict(seed=-1), "seed"), (dict(seed=1.5), "seed"), (dict(iterations=10**8), "At most")],
)
def test_seed_and_draw_limits(options, message):
    with pytest.raises(BiasInputError, match=message):
        WeatOptions(**options)
