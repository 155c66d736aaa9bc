"""RND against a plain loop (both distances) and its permutation p against full enumeration."""

import pytest

from bias.errors import BiasInputError
from bias.stats.measure_result import MeasureOptions
from bias.stats.rnd import run_rnd
from bias.stats.weat import WeatOptions
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import one_attribute, planted_sets, vectors


@pytest.mark.parametrize("distance", ["norm", "cos"])
def test_value_and_contributions_equal_the_plain_loop(distance):
    embedding, sets, raw = planted_sets(strength=0.4)
    sets = one_attribute(sets)
    result = run_rnd(embedding, sets, MeasureOptions(rnd_distance=distance))
    t1, t2 = (list(map(plain.unit, vectors(t, raw))) for t in sets.targets)
    attributes = list(map(plain.unit, vectors(sets.attributes[0], raw)))
    value, parts = plain.rnd(t1, t2, attributes, distance)
    assert result.value == pytest.approx(value, abs=1e-6)
    assert [row.value for row in result.per_word] == pytest.approx(parts, abs=1e-6)
    assert result.details["sum"] == pytest.approx(sum(parts), abs=1e-5)


def test_planted_lean_gives_the_sign_and_a_small_exact_p():
    """X and A are planted on the same side: A is nearer X's mean, so RND < 0."""
    embedding, sets, raw = planted_sets(strength=1.0, sizes=(4, 4, 5, 5))
    sets = one_attribute(sets)
    result = run_rnd(embedding, sets, MeasureOptions(p_value=True))
    assert result.value < 0
    t1, t2 = (list(map(plain.unit, vectors(t, raw))) for t in sets.targets)
    attributes = list(map(plain.unit, vectors(sets.attributes[0], raw)))
    expected = plain.partition_p(t1, t2, lambda a, b: plain.rnd(a, b, attributes)[0], "two-sided")
    assert result.p_method == "exact" and result.test.iterations == 70
    assert result.p_value == pytest.approx(expected)
    assert result.p_value <= 2 / 70


def test_randomized_p_is_seeded():
    embedding, sets, _ = planted_sets(strength=0.2, sizes=(10, 10, 5, 5))
    options = MeasureOptions(p_value=True, test=WeatOptions(method="randomized", iterations=500,
                                                            seed=3))
    first = run_rnd(embedding, one_attribute(sets), options)
    assert first.p_method == "randomized" and first.test.seed == 3
    assert first.p_value == run_rnd(embedding, one_attribute(sets), options).p_value


def test_needs_two_targets_checked_from_its_declaration():
    from dataclasses import replace

    from bias.stats.measure_catalog import run_measure

    embedding, sets, _ = planted_sets()
    with pytest.raises(BiasInputError, match="RND needs exactly 2 target sets; this word set "
                                             "has 1"):
        run_measure("rnd", embedding, replace(sets, targets=sets.targets[:1]))
