"""The attribute noise share (from cosines, against covariances computed from the vectors) and
the measured-coverage lookup (against the bench's table), and both on GloVe."""

import math

import numpy as np
import pytest

from bias.stats.interval_coverage import (
    EFFECT_SIZE_EDGES,
    MEASURED_COVERAGE,
    NOISE_SHARE_EDGES,
    attribute_noise_share,
    measured_coverage,
)
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import bundled_wordsets


def _unit(rng, n, dims=6):
    m = rng.normal(size=(n, dims))
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def test_noise_share_equals_the_covariance_formula_from_the_vectors():
    """tr(S_w Σ_A)/|A| + tr(S_w Σ_B)/|B| over var(s), with the covariances taken by numpy from
    the vectors themselves (targets ddof 0, attribute words ddof 1)."""
    rng = np.random.default_rng(7)
    targets, a, b = _unit(rng, 9), _unit(rng, 5), _unit(rng, 7)
    s = (targets @ a.T).mean(axis=1) - (targets @ b.T).mean(axis=1)
    s_w = np.cov(targets.T, ddof=0)
    added = np.trace(s_w @ np.cov(a.T, ddof=1)) / 5 + np.trace(s_w @ np.cov(b.T, ddof=1)) / 7
    expected = added / s.var()
    assert attribute_noise_share(targets @ a.T, targets @ b.T) == pytest.approx(expected, rel=1e-9)
    assert expected > 0


def test_attribute_words_that_agree_add_no_noise():
    rng = np.random.default_rng(8)
    targets = _unit(rng, 6)
    a = np.repeat(_unit(rng, 1), 4, axis=0)  # four copies of one word
    b = np.repeat(_unit(rng, 1), 3, axis=0)
    assert attribute_noise_share(targets @ a.T, targets @ b.T) == pytest.approx(0, abs=1e-12)


def test_one_attribute_word_has_no_noise_share():
    rng = np.random.default_rng(9)
    targets = _unit(rng, 6)
    assert math.isnan(attribute_noise_share(targets @ _unit(rng, 1).T, targets @ _unit(rng, 3).T))


def test_the_table_has_one_value_per_band():
    assert len(MEASURED_COVERAGE) == len(NOISE_SHARE_EDGES) + 1
    assert all(len(row) == len(EFFECT_SIZE_EDGES) + 1 for row in MEASURED_COVERAGE)
    assert all(0.5 < value <= 1 for row in MEASURED_COVERAGE for value in row)


@pytest.mark.parametrize(("d", "share", "row", "column"), [
    (0.1, 0.05, 0, 0),
    (-0.1, 0.05, 0, 0),  # the sign of d does not matter
    (0.4, 0.2, 1, 1),  # an edge belongs to the band above it
    (1.0, 0.7, 3, 2),
    (1.9, 3.0, 3, 3),
])
def test_lookup_picks_the_band_of_d_and_noise_share(d, share, row, column):
    assert measured_coverage(d, share) == MEASURED_COVERAGE[row][column]


def test_no_d_no_coverage():
    assert math.isnan(measured_coverage(math.nan, 0.3))
    assert math.isnan(measured_coverage(0.5, math.nan))


def test_glove_weat6_and_weat7_read_their_measured_coverage():
    """On GloVe 6B 50d, WEAT 6's attribute words agree (noise share 0.05) and WEAT 7's do not
    (0.71): the bench's coverage for intervals like theirs is 94.1% and 91.5%."""
    glove = load_embedding("glove-6b-50d")
    found = {}
    for test_id in ("weat6", "weat7"):
        result = run_weat(glove, bundled_wordsets()[test_id],
                          WeatOptions(iterations=1000, ci_resamples=0))
        v = {k: glove.vectors_for(result.sets[k].used_lookups).astype(np.float64) for k in "XYAB"}
        targets = np.vstack([v["X"], v["Y"]])
        share = attribute_noise_share(targets @ v["A"].T, targets @ v["B"].T)
        found[test_id] = (share, measured_coverage(result.effect_size, share))
    assert found["weat6"][0] == pytest.approx(0.047, abs=5e-4)
    assert found["weat7"][0] == pytest.approx(0.712, abs=5e-4)
    assert found["weat6"][1] == 0.941 and found["weat7"][1] == 0.915
