"""A block's permutations drawn and solved in sub-batches when clusters are many (bounded
memory): the same shuffles, so the same counts, as the whole block at once."""

from __future__ import annotations

import numpy as np
import pytest

from bias.regression import permutations
from bias.regression.ols import fit, units_of
from tests.regression.generated import generated


def test_a_generator_permutes_rows_in_turn_whatever_the_batches() -> None:
    """What the sub-batches rely on: one block's rows drawn 100 at once or 7, 7, … 2 from the
    same generator are the same rows."""
    whole = np.random.default_rng([3, 1]).permuted(np.broadcast_to(np.arange(50), (100, 50)),
                                                   axis=1)
    rng = np.random.default_rng([3, 1])
    parts = [rng.permuted(np.broadcast_to(np.arange(50), (min(7, 100 - s), 50)), axis=1)
             for s in range(0, 100, 7)]
    assert np.array_equal(np.concatenate(parts), whole)


@pytest.mark.parametrize("cells", [1, 7])  # 1 draw at a time; 7 at a time
def test_sub_batches_give_the_counts_of_whole_blocks(monkeypatch, cells: int) -> None:
    design, y, document = generated(seed=5, effect=0.3)
    units = units_of(design.matrix, y, document)
    full = fit(units)
    whole = permutations.exceedances(units, full, 250, 3)  # blocks of 100, 100, 50
    monkeypatch.setattr(permutations, "CELLS", cells * units.x.shape[0])
    solve, rows = permutations._reached, []
    monkeypatch.setattr(permutations, "_reached",
                        lambda draws, order: rows.append(len(order)) or solve(draws, order))
    batched = permutations.exceedances(units, full, 250, 3)
    assert max(rows) == cells and sum(rows) == 250
    assert batched.tolist() == whole.tolist()
    assert 0 < whole[1:].sum() < 3 * 250  # neither all nor none of the draws reach


def test_the_group_tests_give_the_same_p_values_a_few_draws_at_a_time(monkeypatch) -> None:
    from bias.regression import neighbours

    rng = np.random.default_rng(8)
    labels = np.repeat(np.arange(8), 3)
    embeddings = rng.normal(size=(24, 4)) + 2 + (labels >= 4)[:, None] * [1.0, 0, 0, 0]
    words, first, second = rng.normal(size=(3, 4, 4)) + 2
    in_level = labels >= 4

    def both():
        return (neighbours.ratio_test(embeddings, labels, in_level, words, 230,
                                      np.random.default_rng(5))[1].tolist(),
                neighbours.leaning_test(embeddings, labels, in_level, first, second, 230,
                                        np.random.default_rng(5))[2])

    whole = both()
    monkeypatch.setattr(neighbours, "CELLS", 3 * 8)  # 3 draws at a time
    member = (np.arange(8) >= 4).astype(float)
    assert [len(m) for m in neighbours._shuffles(member, 10, rng)] == [3, 3, 3, 1]
    assert both() == whole
    assert min(whole[0]) < 0.1 < 0.5 < max(whole[0])  # the p-values are not all alike
