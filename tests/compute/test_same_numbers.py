"""Batch rows and BiasWords' draws as tasks give the numbers they gave before
(`recorded.json`, from main at 008aa4b): every word, seed, method and verdict equal, every float
within `same_numbers.RTOL` and `ATOL` (1e-6) of the recorded one, so that the suite passes on a
CPU other than the one that recorded them (float32 sums differ there by about 1e-8)."""

import pytest

from tests.compute.same_numbers import (
    DRAW_CASES,
    agree,
    batch_numbers,
    draw_numbers,
    recorded,
    seed_candidates,
)


def test_batch_rows_agree_with_the_recorded_ones():
    assert agree(batch_numbers(), recorded()["batch"])


@pytest.fixture(scope="module")
def candidates():
    return seed_candidates()


@pytest.mark.parametrize("case", DRAW_CASES)
def test_draws_and_baseline_agree_with_the_recorded_ones(case, candidates):
    numbers = draw_numbers(case, candidates)
    assert agree(numbers, recorded()["draws"][case])
    assert numbers["draws"] and numbers["baseline"]


def test_agree_takes_another_cpus_last_digits_but_no_other_difference():
    """A hand case per rule: 1e-8 apart agrees (another CPU), 1e-4 does not; NaN only to NaN;
    a word, a verdict, a seed or a shape that differs never does."""
    row = {"d": 1.0916444763324675, "p": 0.0005, "ci": [0.64, None], "verdict": "holds",
           "seed": 7, "words": ["a", "b"], "nan": float("nan")}
    assert agree(row, {**row, "d": row["d"] + 1e-8, "ci": [0.64 - 1e-8, None]})
    for changed in ({"d": row["d"] + 1e-4}, {"nan": 0.0}, {"verdict": "these_words"},
                    {"seed": 8}, {"words": ["a"]}, {"ci": [0.64, 0.0]}):
        assert not agree(row, {**row, **changed}), changed
    assert not agree(row, {k: v for k, v in row.items() if k != "seed"})
