"""Random-effects pooling (bias.stats.pooling) against a hand computation and a plain loop."""

import math

import pytest

from bias.stats.bootstrap import EffectSizeInterval
from bias.stats.pooling import family, pool, random_effects


def test_hand_computed_dersimonian_laird():
    """d = 1, 2, variances 0.1, 0.1: fixed mean 1.5, Q = 10·0.25·2 = 5, df 1, Σw = 20,
    Σw² = 200, τ² = (5 − 1)/(20 − 10) = 0.4; weights 1/0.5 each: estimate 1.5, SE = √(1/4)."""
    estimate, se, tau2, i2, q = random_effects([1.0, 2.0], [0.1, 0.1])
    assert (estimate, q, tau2) == pytest.approx((1.5, 5.0, 0.4))
    assert se == pytest.approx(0.5) and i2 == pytest.approx(0.8)


def test_homogeneous_results_have_no_between_variance():
    estimate, se, tau2, i2, _ = random_effects([1.0, 1.02, 0.99], [0.04, 0.09, 0.01])
    fixed = (1.0 / 0.04 + 1.02 / 0.09 + 0.99 / 0.01) / (1 / 0.04 + 1 / 0.09 + 1 / 0.01)
    assert tau2 == 0 and i2 == 0
    assert estimate == pytest.approx(fixed) and se == pytest.approx(
        math.sqrt(1 / (1 / 0.04 + 1 / 0.09 + 1 / 0.01)))


def test_weathub_tests_pool_across_languages():
    assert family("weathub-de-weat7") == family("weathub-fr-weat7") == "weathub-weat7"
    assert family("weat7") == "weat7" and family("weat7-ita") == "weat7-ita"


class Row:
    def __init__(self, wordset, embedding, d, se):
        self.wordset, self.embedding, self.effect_size, self.ran = wordset, embedding, d, True
        self.interval = EffectSizeInterval(d - 2 * se, d + 2 * se, "BCa", 1000, 0.95, 0, se)


def test_pool_groups_families_and_skips_singletons():
    rows = [Row("weathub-de-weat7", "de", 1.0, 0.3), Row("weathub-fr-weat7", "fr", 0.4, 0.2),
            Row("weat6", "glove", 1.7, 0.1)]
    pooled = pool(rows)
    assert [p.family for p in pooled] == ["weathub-weat7"]
    p = pooled[0]
    assert p.k == 2 and p.rows == ("weathub-de-weat7 · de", "weathub-fr-weat7 · fr")
    assert p.low < p.estimate < p.high
    assert p.high - p.estimate == pytest.approx(1.959964 * p.standard_error, rel=1e-6)


def test_one_test_on_two_embeddings_of_a_language_is_pooled():
    rows = [Row("weat7", "glove-6b-50d", 1.5, 0.4), Row("weat7", "glove-copy", 1.1, 0.3)]
    (pooled,) = pool(rows)
    assert pooled.family == "weat7" and pooled.rows == ("weat7 · glove-6b-50d",
                                                        "weat7 · glove-copy")
    estimate, se, tau2, i2, _ = random_effects([1.5, 1.1], [0.16, 0.09])
    assert (pooled.estimate, pooled.standard_error, pooled.tau2, pooled.i2) == pytest.approx(
        (estimate, se, tau2, i2))
