"""The WEAT result carries the bootstrap interval of d (bias.stats.bootstrap) into its JSON."""

import pytest

from bias.errors import BiasInputError
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted


def test_weat_result_has_a_seeded_interval_around_d():
    embedding, wordset, _ = planted(strength=0.5)
    result = run_weat(embedding, wordset, WeatOptions(seed=4))
    low, high = result.interval.low, result.interval.high
    assert low < result.effect_size < high
    data = result.to_dict()
    assert data["interval"] == {"low": low, "high": high, "method": "BCa", "resamples": 10_000,
                                "level": 0.95, "seed": 4,
                                "standard_error": result.interval.standard_error,
                                "measured_coverage": result.interval.measured_coverage}
    assert 0 < result.interval.standard_error < high - low
    again = run_weat(embedding, wordset, WeatOptions(seed=4))
    assert again.interval == result.interval
    other = run_weat(embedding, wordset, WeatOptions(seed=5))
    assert other.interval != result.interval


def test_an_exact_test_keeps_the_bootstrap_seed():
    """An exact p has no seed, but the interval beside it was drawn with one: it must be the
    one given, in the result, its JSON and its sentence (it was lost as 'seed 0')."""
    from bias.report.text import effect_size_ci_text

    embedding, wordset, _ = planted(strength=0.5)
    result = run_weat(embedding, wordset, WeatOptions(seed=7))
    assert result.method == "exact" and result.seed is None
    assert result.interval.seed == 7 and result.to_dict()["interval"]["seed"] == 7
    assert "seed 7" in effect_size_ci_text(result)


def test_no_resamples_no_interval():
    embedding, wordset, _ = planted(strength=0.5)
    data = run_weat(embedding, wordset, WeatOptions(ci_resamples=0)).to_dict()
    assert data["interval"] is None


@pytest.mark.parametrize("bad", [-1, 1.5, True, 2_000_000])
def test_bad_resample_counts_are_one_sentence(bad):
    with pytest.raises(BiasInputError, match="bootstrap resamples"):
        WeatOptions(ci_resamples=bad)
