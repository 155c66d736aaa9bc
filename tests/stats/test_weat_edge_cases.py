"""Statistical edge cases (issue 15): huge target sets, rounding noise, a zero count, the cap on d,
and Caliskan's sum beside our difference of means."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from bias.cli import main
from bias.report import text as explain
from bias.report.weat_report import weat_report
from bias.stats.effect_size import effect_size
from bias.stats.permutation import index_dtype, permutation_test
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_wordset
from tests import reference
from tests.synthetic import planted, raw_sets


@pytest.mark.parametrize(
    ("n", "dtype"),
    [(1, np.uint8), (256, np.uint8), (257, np.uint16), (65_536, np.uint16),
     (65_537, np.uint32)],
)
def test_index_type_holds_the_largest_index(n, dtype):
    assert index_dtype(n) == dtype
    assert np.iinfo(index_dtype(n)).max >= n - 1


@pytest.mark.parametrize("n", [257, 40_000])
def test_one_word_against_a_huge_set_is_enumerated_exactly(n):
    """|X| = 1 among n targets: n partitions, each one word on the X side. Brute force: the
    share of words whose own statistic is at least the observed one."""
    s = np.random.default_rng(5).random(n)
    test = permutation_test(s, 1, WeatOptions())
    assert test.method == "exact" and test.iterations == n
    total = s.sum()
    stats = s - (total - s) / (n - 1)
    observed = stats[0]
    brute = sum(1 for value in stats if value >= observed - 1e-12 - 1e-9 * abs(observed))
    assert test.exceed == brute
    assert test.p_value == brute / n
    assert sorted(test.null_distribution) == pytest.approx(sorted(stats), abs=1e-6)


def test_rounding_noise_is_no_effect_size():
    s = np.array([0.3] * 4 + [0.1 + 0.2] * 4)
    assert s.std() > 0  # the two values really differ in the last bit
    assert math.isnan(effect_size(s, 4))
    assert permutation_test(s, 4).p_value == 1.0
    # Per column too (leave-one-out uses columns); a real spread still gives a number.
    both = effect_size(np.column_stack([s, [1.0] * 4 + [0.0] * 4]), 4)
    assert math.isnan(both[0]) and both[1] == pytest.approx(2.0)


def test_tiny_real_spread_still_has_an_effect_size():
    s = np.array([1e-6] * 4 + [0.0] * 4)
    assert effect_size(s, 4) == pytest.approx(2.0)


@pytest.fixture(scope="module")
def strong():
    """A planted bias so strong that no random partition reaches it in 1,000 draws."""
    embedding, wordset, _ = planted(strength=1.0)
    return run_weat(embedding, wordset, WeatOptions(method="randomized", iterations=1000, seed=3))


def test_zero_count_is_a_bound_everywhere(strong):
    assert strong.exceed == 0 and strong.p_value_is_bound
    data = strong.to_dict()
    assert data["p_value_is_bound"] is True
    assert data["p_value"] == pytest.approx(1 / 1001)
    low, high = data["p_value_interval"]
    assert low == 0 and high == pytest.approx(0.00368, abs=1e-5)
    assert explain.p_text(strong) == "< 1.0 × 10⁻³"
    assert explain.p_statement(strong) == "p < 1.0 × 10⁻³, 0 of 1,000 draws"
    assert "(p < 1.0 × 10⁻³, 0 of 1,000 draws)" in explain.explanation(strong)
    assert "none of the 1,000 random reshufflings showed" in explain.explanation(strong)
    report = weat_report(strong)
    assert "p < 1.0 × 10⁻³, 0 of 1,000 draws" in report
    assert "9.99e-04" not in report and "0.000999" not in report
    assert "95% Monte-Carlo interval for p: 0 – 0.00368" in report
    assert explain.comparison(strong) is None


def test_bound_at_the_paper_default_draws():
    s = np.array([1.0] * 12 + [0.0] * 12)
    test = permutation_test(s, 12, WeatOptions(method="randomized"))
    assert test.exceed == 0 and test.p_value_is_bound
    assert explain.scientific(1 / test.iterations) == "1.0 × 10⁻⁵"


def test_a_count_above_zero_is_a_value_not_a_bound():
    embedding, wordset, _ = planted(strength=0.0)
    result = run_weat(embedding, wordset, WeatOptions(method="randomized", iterations=1000))
    assert result.exceed > 0 and not result.p_value_is_bound
    assert result.to_dict()["p_value_is_bound"] is False
    assert explain.p_text(result) == explain.format_p(result.p_value)
    exact = run_weat(embedding, wordset, WeatOptions(method="exact"))
    assert not exact.p_value_is_bound


def test_the_effect_size_comes_with_the_cap_and_no_cohen_label():
    embedding, wordset, _ = planted(strength=0.4, sizes=(10, 16, 8, 8))
    result = run_weat(embedding, wordset, WeatOptions(iterations=1000))
    assert result.effect_size_limit == pytest.approx(1 / math.sqrt(10 / 26 * 16 / 26))
    text = explain.explanation(result)
    assert f"(effect size {result.effect_size:.2f}; d can be at most 2.06 for these set sizes)" \
        in text
    assert not any(f": {label}" in text for label in ("negligible", "small", "medium", "large"))
    assert result.to_dict()["effect_size_limit"] == pytest.approx(2.0555, abs=1e-4)
    assert "d can be at most 2.06 for these set sizes" in weat_report(result)


@pytest.mark.parametrize("sizes", [(8, 8, 8, 8), (10, 16, 5, 7)])
def test_statistic_sum_is_caliskans_sum(sizes):
    embedding, wordset, raw = planted(strength=0.4, sizes=sizes)
    result = run_weat(embedding, wordset, WeatOptions(iterations=1000))
    X, Y, A, B = raw_sets(wordset, raw)
    assert result.statistic_sum == pytest.approx(reference.statistic_sum(X, Y, A, B), abs=1e-6)
    assert result.to_dict()["statistic_sum"] == result.statistic_sum
    if sizes[0] == sizes[1]:
        assert result.statistic_sum == pytest.approx(sizes[0] * result.statistic)


def test_weat6_statistic_sum_on_glove_via_cli(capsys):
    assert main(["weat", "--wordset", "weat6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert round(data["statistic_sum"], 3) == 2.317
    assert data["p_value_is_bound"] is False
    glove = load_embedding("glove-6b-50d")
    assert run_weat(glove, get_wordset("weat6")).statistic_sum == pytest.approx(2.3171, abs=1e-4)
