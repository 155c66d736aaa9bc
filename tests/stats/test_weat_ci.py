"""The WEAT result carries the bootstrap interval of d (bias.stats.bootstrap) into its JSON."""

import pytest

from bias.errors import BiasInputError
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted


def test_weat_result_has_a_seeded_interval_around_d():
    embedding, wordset, _ = planted(strength=0.5)
    result = run_weat(embedding, wordset, WeatOptions(seed=4))
    low, high = result.effect_size_ci
    assert low < result.effect_size < high
    data = result.to_dict()
    assert data["effect_size_ci"] == [low, high]
    assert data["ci_method"] == "BCa" and data["ci_resamples"] == 10_000
    again = run_weat(embedding, wordset, WeatOptions(seed=4))
    assert again.effect_size_ci == result.effect_size_ci
    other = run_weat(embedding, wordset, WeatOptions(seed=5))
    assert other.effect_size_ci != result.effect_size_ci


def test_no_resamples_no_interval():
    embedding, wordset, _ = planted(strength=0.5)
    data = run_weat(embedding, wordset, WeatOptions(ci_resamples=0)).to_dict()
    assert data["effect_size_ci"] is None and data["ci_method"] is None


@pytest.mark.parametrize("bad", [-1, 1.5, True, 2_000_000])
def test_bad_resample_counts_are_one_sentence(bad):
    with pytest.raises(BiasInputError, match="bootstrap resamples"):
        WeatOptions(ci_resamples=bad)
