"""`bias.stats.null_histogram`: which reshufflings the histogram marks as counted in p, checked on
hand cases and against a slow loop, and against the p-value's own count on an exact WEAT."""

from __future__ import annotations

import numpy as np
import pytest

from bias.stats.null_histogram import counted_in_p, null_histogram
from bias.stats.permutation import PermutationOptions, permutation_test
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted

NULL = np.array([-0.5, -0.25, 0.0, 0.25, 0.5], dtype=np.float32)


def slow_counted(null, observed, alternative):
    """One reshuffling at a time, in Python floats, with the tolerance written out."""
    out = []
    for value in null.tolist():
        slack = 1e-12 + 1e-9 * abs(observed) + float(np.finfo(np.float32).eps) * abs(observed)
        if alternative == "greater":
            out.append(value >= observed - slack)
        elif alternative == "less":
            out.append(value <= observed + slack)
        else:
            out.append(abs(value) >= abs(observed) - slack)
    return out


@pytest.mark.parametrize(
    ("alternative", "expected"),
    [
        ("greater", [False, False, False, True, True]),
        ("less", [True, True, True, True, False]),
        ("two-sided", [True, True, False, True, True]),
    ],
)
def test_a_hand_case_for_each_alternative(alternative, expected):
    assert counted_in_p(NULL, 0.25, alternative).tolist() == expected
    assert slow_counted(NULL, 0.25, alternative) == expected


def test_the_observed_reshuffling_counts_on_both_sides_of_float32_rounding():
    """Without the float32 slack, "less" would miss the observed reshuffling itself."""
    observed = 0.1  # stored as float32 0.10000000149..., above the observed float64 value
    null = np.array([0.1, -0.1, 0.05], dtype=np.float32)
    assert float(null[0]) - observed > 1e-12 + 1e-9 * observed  # beyond the engine's tolerance
    assert counted_in_p(null, observed, "less").tolist() == [True, True, True]
    assert counted_in_p(null, observed, "greater").tolist() == [True, False, False]
    assert counted_in_p(null, observed, "two-sided").tolist() == [True, True, False]
    for alternative in ("greater", "less", "two-sided"):
        assert counted_in_p(null, observed, alternative).tolist() == slow_counted(
            null, observed, alternative
        )


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
def test_a_random_null_agrees_with_the_slow_loop(alternative):
    null = np.random.default_rng(3).normal(size=400).astype(np.float32)
    observed = float(null[17])  # an observed value that is one of the reshufflings
    counted = counted_in_p(null, observed, alternative)
    assert counted.tolist() == slow_counted(null, observed, alternative)
    assert counted[17]


def test_the_histogram_bins_the_counted_ones_on_the_same_edges():
    histogram = null_histogram(NULL, 0.25, "greater", bins=4)
    assert histogram.counts.tolist() == [1, 1, 1, 2]  # edges -0.5, -0.25, 0, 0.25, 0.5
    assert histogram.counted.tolist() == [0, 0, 0, 2]
    np.testing.assert_allclose(histogram.edges, [-0.5, -0.25, 0.0, 0.25, 0.5])


@pytest.mark.parametrize("alternative", ["greater", "less", "two-sided"])
@pytest.mark.parametrize(
    "values", [[0.3, 0.1, 0.2, 0.2, 0.1, 0.3], [0.7, 0.1, 0.2, 0.35, 0.05, 0.3, 0.15, 0.25]]
)
def test_the_counted_reshufflings_are_the_p_values_count(alternative, values):
    """Ties everywhere (0.1 + 0.2 is not 0.3 in floats): the marked bars hold exactly the
    reshufflings the exact p-value counts."""
    test = permutation_test(np.array(values), 3, PermutationOptions(alternative=alternative))
    assert test.method == "exact"
    counted = counted_in_p(test.null_distribution, test.statistic, alternative)
    assert int(counted.sum()) == test.exceed
    histogram = null_histogram(test.null_distribution, test.statistic, alternative)
    assert int(histogram.counted.sum()) == test.exceed


def test_a_weat_marks_what_it_counts():
    embedding, wordset, _ = planted(strength=0.3, sizes=(5, 5, 6, 6), seed=2)
    result = run_weat(embedding, wordset, WeatOptions(alternative="two-sided"))
    assert result.method == "exact" and result.null_distribution.size == 252
    assert int(result.histogram().counted.sum()) == result.exceed
