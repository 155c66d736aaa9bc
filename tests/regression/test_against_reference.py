"""The fast regression (unit sums, closed-form jackknife, batched permutations) against the slow
obvious one in tests/regression/reference.py, and on hand-sized cases."""

from __future__ import annotations

import numpy as np
import pytest

from bias.regression import jackknife, permutations
from bias.regression.ols import fit, units_of
from bias.regression.regression import INFLUENTIAL, regress
from tests.regression import reference
from tests.regression.generated import generated


@pytest.mark.parametrize("clusters", ["document", "instance"])
@pytest.mark.parametrize("terms", ["party, score", "party*score"])
def test_norms_and_jackknife_equal_the_slow_reference(clusters: str, terms: str) -> None:
    design, y, document = generated(seed=3, terms=terms, effect=1.0)
    labels = document if clusters == "document" else np.arange(len(document))
    units = units_of(design.matrix, y, labels)
    full = fit(units)
    squared, corrected = reference.norms(design.matrix, y, labels)
    assert np.allclose(full.squared[1:], squared[1:], rtol=1e-10, atol=1e-12)
    assert np.allclose(full.corrected[1:], corrected[1:], rtol=1e-10, atol=1e-12)
    fast = jackknife.leave_one_out(units, full)
    slow = reference.jackknife(design.matrix, y, labels)
    assert np.allclose(fast[:, 1:], slow[:, 1:], rtol=1e-9, atol=1e-11)


def test_permutation_counts_equal_one_draw_at_a_time() -> None:
    design, y, document = generated(seed=5, effect=0.4)
    units = units_of(design.matrix, y, document)
    full = fit(units)
    count, draws, seed = units.count, 250, 11
    orders = []  # the draws a seed means: block b of BLOCK permutations from rng([seed, b])
    for block, start in enumerate(range(0, draws, permutations.BLOCK)):
        rng, size = np.random.default_rng([seed, block]), min(permutations.BLOCK, draws - start)
        orders += list(rng.permuted(np.broadcast_to(np.arange(count), (size, count)), axis=1))
    fast = permutations.exceedances(units, full, draws, seed)
    slow = reference.permutation_reached(design.matrix, y, document, orders)
    assert fast[1:].tolist() == slow[1:].tolist()
    assert slow[1:].sum() > 0  # the draws are not all below the observed norms


def test_the_most_influential_clusters_and_the_estimate_without_them() -> None:
    design, y, document = generated(seed=8, effect=1.0)
    result = regress(design.matrix, design.names, y, document, 19, 1, 0.95)
    slow = reference.jackknife(design.matrix, y, document)
    for column, coefficient in enumerate(result.coefficients, start=1):
        change = slow[:, column] - coefficient.squared_norm_corrected
        top = np.argsort(-np.abs(change))[:INFLUENTIAL]
        assert [i.unit for i in coefficient.most_influential] == top.tolist()
        assert [i.estimate_without for i in coefficient.most_influential] == pytest.approx(
            slow[top, column].tolist(), rel=1e-9)
        kept = ~np.isin(document, top)
        without = reference.norms(design.matrix[kept], y[kept], document[kept])[1][column]
        assert coefficient.without_most_influential == pytest.approx(without, rel=1e-9)


def test_a_hand_case_two_groups_of_two() -> None:
    """Instances (1,0), (3,0) in group A and (0,2), (0,4) in B: β_B = mean(B) − mean(A) =
    (−2, 3), squared norm 13. Residuals ±1 in one coordinate per group; X'X = [[4,2],[2,2]],
    (X'X)⁻¹ = [[.5,−.5],[−.5,1]]. HC1 (n/(n−p) = 2): var(β_B,d) = 2 · Σ_i a_i² e_id² with
    a = (−.5, −.5, .5, .5) the B row of (X'X)⁻¹X', so each dimension adds 2 · (.25 · 2) = 1:
    the bias is 2 and the corrected norm 11."""
    x = np.array([[1, 0], [1, 0], [1, 1], [1, 1]], dtype=float)
    y = np.array([[1, 0], [3, 0], [0, 2], [0, 4]], dtype=float)
    full = fit(units_of(x, y, np.arange(4)))
    assert full.squared[1] == pytest.approx(13.0)
    assert full.bias[1] == pytest.approx(2.0)
    assert full.corrected[1] == pytest.approx(11.0)


def test_the_same_seed_gives_the_same_result_bit_for_bit() -> None:
    design, y, document = generated(seed=2, effect=0.5)
    first = regress(design.matrix, design.names, y, document, 150, 7, 0.95)
    again = regress(design.matrix, design.names, y, document, 150, 7, 0.95)
    assert first.to_dict() == again.to_dict()
    other = regress(design.matrix, design.names, y, document, 150, 8, 0.95)
    assert [c.p_value for c in other.coefficients] != [c.p_value for c in first.coefficients]


def test_the_leaning_test_equals_a_shuffling_loop() -> None:
    from bias.regression.neighbours import leaning_test

    rng = np.random.default_rng(6)
    labels = np.repeat(np.arange(10), 2)
    embeddings = rng.normal(size=(20, 4)) + (labels >= 5)[:, None] * [1, 0, 0, 0]
    first, second = rng.normal(size=(3, 4)), rng.normal(size=(2, 4))
    in_level = labels >= 5
    mine, theirs, p = leaning_test(embeddings, labels, in_level, first, second, 150,
                                   np.random.default_rng(2))

    def lean(rows):
        average = rows.mean(axis=0) / np.linalg.norm(rows.mean(axis=0))
        cos = [[average @ w / np.linalg.norm(w) for w in words] for words in (first, second)]
        return np.mean(cos[0]) - np.mean(cos[1])

    assert mine == pytest.approx(lean(embeddings[in_level]), abs=1e-12)
    assert theirs == pytest.approx(lean(embeddings[~in_level]), abs=1e-12)
    member = (np.arange(10) >= 5).astype(float)
    draws = np.random.default_rng(2)  # the same shuffles, in blocks of BLOCK
    reached, observed = 0, abs(mine - theirs)
    for start in range(0, 150, permutations.BLOCK):
        count = min(permutations.BLOCK, 150 - start)
        for mask in draws.permuted(np.broadcast_to(member, (count, 10)), axis=1):
            chosen = mask[labels] == 1
            reached += abs(lean(embeddings[chosen]) - lean(embeddings[~chosen])) >= observed
    assert p == (1 + reached) / 151


def test_the_ratio_test_equals_a_shuffling_loop() -> None:
    from bias.regression.neighbours import ratio_test

    rng = np.random.default_rng(8)
    labels = np.repeat(np.arange(8), 3)
    embeddings = rng.normal(size=(24, 4)) + 2 + (labels >= 4)[:, None] * [1, 0, 0, 0]
    words = rng.normal(size=(3, 4)) + 2
    in_level = labels >= 4
    ratio, p = ratio_test(embeddings, labels, in_level, words, 120, np.random.default_rng(5))

    def ratios(chosen):
        cos = [[a @ w / np.linalg.norm(a) / np.linalg.norm(w) for w in words]
               for a in (embeddings[chosen].mean(axis=0), embeddings[~chosen].mean(axis=0))]
        return np.array(cos[0]) / np.array(cos[1])

    assert np.allclose(ratio, ratios(in_level), atol=1e-12)
    member = (np.arange(8) >= 4).astype(float)
    draws, reached = np.random.default_rng(5), np.zeros(3)
    for start in range(0, 120, permutations.BLOCK):
        count = min(permutations.BLOCK, 120 - start)
        for mask in draws.permuted(np.broadcast_to(member, (count, 8)), axis=1):
            reached += np.abs(ratios(mask[labels] == 1) - 1) >= np.abs(ratio - 1)
    assert p.tolist() == ((1 + reached) / 121).tolist()


def test_a_level_of_one_document_loses_only_its_own_interval() -> None:
    """Leaving out the only document of a level: that fold is refitted without the level's
    column (as the slow reference does), so the other coefficients keep their intervals."""
    rng = np.random.default_rng(4)
    document = np.repeat(np.arange(25), 3)
    level = np.zeros((25, 2))
    level[np.arange(25) % 2 == 1, 0] = 1.0
    level[24] = (0.0, 1.0)  # the third level has one document
    x = np.column_stack([np.ones(75), level[document]])
    y = rng.normal(size=(75, 6)) + 0.8 * x[:, [1]]
    units = units_of(x, y, document)
    fast = jackknife.leave_one_out(units, fit(units))
    slow = reference.jackknife(x, y, document)
    assert np.isnan(fast[24, 2]) and np.isnan(slow[24, 2]) and np.isfinite(fast[24, 1])
    assert np.allclose(fast[:, 1:], slow[:, 1:], rtol=1e-9, atol=1e-11, equal_nan=True)
    bounds = jackknife.interval(fit(units).corrected, fast, 0.95)
    assert np.isfinite(bounds[1]).all() and np.isnan(bounds[2]).all()
