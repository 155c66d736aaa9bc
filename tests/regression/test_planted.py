"""A planted covariate effect is found; with none, permutation p-values are uniform enough."""

from __future__ import annotations

import numpy as np

from bias.regression import permutations
from bias.regression.ols import fit, units_of
from bias.regression.regression import regress
from tests.regression.generated import generated


def test_a_planted_party_effect_is_found_and_the_score_is_not() -> None:
    design, y, document = generated(seed=4, documents=60, dimensions=6, effect=2.0)
    result = regress(design.matrix, design.names, y, document, 199, 3, 0.95)
    named = {c.name: c for c in result.coefficients}
    assert list(named) == ["party_B", "party_C", "score"]
    assert named["party_B"].p_value == 0.005  # (1 + 0) / (1 + 199)
    assert named["party_B"].interval.low > 0
    assert named["party_B"].squared_norm_corrected > 5 * named["party_C"].squared_norm_corrected
    assert named["score"].p_value > 0.05


def test_with_no_effect_p_values_below_005_are_at_most_5_percent_over_200_seeds() -> None:
    values = []
    for seed in range(200):
        design, y, document = generated(seed=1000 + seed)
        units = units_of(design.matrix, y, document)
        full = fit(units)
        reached = permutations.exceedances(units, full, 99, seed)
        values += permutations.p_values(reached, 99)[1:].tolist()
    values = np.array(values)  # 600: 200 samples × 3 coefficients
    assert np.mean(values < 0.05) <= 0.05
    # and not conservative to uselessness: the deciles are filled about evenly
    deciles = np.histogram(values, bins=10, range=(0, 1))[0] / len(values)
    assert deciles.min() > 0.06 and deciles.max() < 0.14, deciles
