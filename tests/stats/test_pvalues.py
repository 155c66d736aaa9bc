"""p-value adjustment against plain loops written from the textbook definitions."""

import numpy as np
import pytest

from bias.stats.pvalues import benjamini_hochberg, holm, monte_carlo_interval


def holm_loop(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def bh_loop(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i], reverse=True)
    out, running = [0.0] * m, 1.0
    for k, i in enumerate(order):
        rank = m - k
        running = min(running, p[i] * m / rank)
        out[i] = running
    return out


def test_hand_computed_example():
    p = [0.01, 0.04, 0.03, 0.2]
    assert holm(p) == pytest.approx([0.04, 0.09, 0.09, 0.2])
    # BH: sorted p*m/rank = .04, .06, .0533, .2; running minimum from the top.
    assert benjamini_hochberg(p) == pytest.approx([0.04, 0.16 / 3, 0.16 / 3, 0.2])


@pytest.mark.parametrize("seed", range(5))
def test_adjustments_match_loops(seed):
    p = list(np.random.default_rng(seed).uniform(0, 0.2, size=9))
    assert holm(p) == pytest.approx(holm_loop(p))
    assert benjamini_hochberg(p) == pytest.approx(bh_loop(p))


def test_empty_batch():
    assert holm([]).size == 0 and benjamini_hochberg([]).size == 0


def test_monte_carlo_interval_contains_the_share_and_narrows():
    low, high = monte_carlo_interval(50, 1000)
    assert low < 0.05 < high
    low2, high2 = monte_carlo_interval(500, 10000)
    assert high2 - low2 < high - low
    assert monte_carlo_interval(0, 1000)[0] == 0.0
