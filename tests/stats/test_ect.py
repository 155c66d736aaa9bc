"""ECT against a plain loop, and its one-sided p against full enumeration."""

import numpy as np
import pytest
from scipy import stats

from bias.errors import BiasInputError
from bias.stats.ect import run_ect, spearman, spearman_rows
from bias.stats.measure_result import MeasureOptions
from bias.wordsets import NamedSets, TermSet
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import one_attribute, planted_sets, vectors


def test_spearman_with_ties_equals_plain_and_scipy():
    x = np.array([3.0, 1, 2, 2, 5, 5, 5])
    y = np.array([1.0, 2, 3, 4, 5, 6, 6])
    assert spearman(x, y) == pytest.approx(plain.spearman(list(x), list(y)))
    assert spearman(x, y) == pytest.approx(stats.spearmanr(x, y).statistic)
    rng = np.random.default_rng(0)
    a, b = rng.random((5, 9)), rng.random((5, 9))
    assert spearman_rows(a, b) == pytest.approx([stats.spearmanr(p, q).statistic
                                                 for p, q in zip(a, b, strict=True)])


def test_value_and_p_equal_the_plain_loop():
    embedding, sets, raw = planted_sets(strength=0.3, sizes=(4, 4, 7, 7))
    sets = one_attribute(sets)
    result = run_ect(embedding, sets, MeasureOptions(p_value=True))
    t1, t2 = (list(map(plain.unit, vectors(t, raw))) for t in sets.targets)
    attributes = vectors(sets.attributes[0], raw)
    assert result.value == pytest.approx(plain.ect(t1, t2, attributes), abs=1e-9)
    expected = plain.partition_p(t1, t2, lambda a, b: plain.ect(a, b, attributes), "less")
    assert result.p_value == pytest.approx(expected)


def test_needs_three_attribute_words():
    embedding, sets, _ = planted_sets()
    few = NamedSets("f", "f", "en", sets.targets, (TermSet("A", ("a0", "a1")),))
    with pytest.raises(BiasInputError, match="at least 3"):
        run_ect(embedding, few)
