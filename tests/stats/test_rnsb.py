"""RNSB: the classifier is at its optimum, KL by a plain loop, seeded, planted direction."""

import numpy as np
import pytest

from bias.stats.measure_result import MeasureOptions
from bias.stats.rnsb import C, fit_logistic, run_rnsb, stratified_split
from bias.stats.weat import WeatOptions
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import planted_sets


def test_logistic_fit_has_zero_gradient_by_a_plain_loop():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(30, 4))
    y = np.where(x[:, 0] + 0.5 * rng.normal(size=30) > 0, 1.0, -1.0)
    w, b = fit_logistic(x, y)
    grad_w = list(w)
    grad_b = 0.0
    for row, label in zip(x.tolist(), y.tolist(), strict=True):
        margin = label * (sum(wi * xi for wi, xi in zip(w, row, strict=True)) + b)
        g = -label * C / (1 + np.exp(margin))
        grad_w = [gw + g * xi for gw, xi in zip(grad_w, row, strict=True)]
        grad_b += g
    assert max(abs(g) for g in [*grad_w, grad_b]) < 1e-5


def test_split_keeps_a_fifth_of_each_class_aside():
    labels = np.array([1.0] * 10 + [-1.0] * 5)
    train, test = stratified_split(labels, 0.2, np.random.default_rng(0))
    assert sorted([*train, *test]) == list(range(15))
    assert (labels[test] == 1).sum() == 2 and (labels[test] == -1).sum() == 1


def test_value_is_kl_of_the_reported_probabilities_and_seeded():
    embedding, sets, _ = planted_sets(strength=1.0, sizes=(6, 6, 10, 10))
    result = run_rnsb(embedding, sets, MeasureOptions(test=WeatOptions(seed=2)))
    probabilities = [row.value for row in result.per_word]
    assert result.value == pytest.approx(plain.kl_from_uniform(probabilities), abs=1e-9)
    assert sum(row.extra["share"] for row in result.per_word) == pytest.approx(1.0)
    means = result.details["mean_negative_probability"]
    assert means["Set X"] < means["Set Y"]  # X planted beside A, the "positive" set
    assert result.details["accuracy"] == 1.0 and result.details["held_out"] == 4
    again = run_rnsb(embedding, sets, MeasureOptions(test=WeatOptions(seed=2)))
    assert again.value == result.value
    assert run_rnsb(embedding, sets, MeasureOptions(test=WeatOptions(seed=3))).value != result.value
