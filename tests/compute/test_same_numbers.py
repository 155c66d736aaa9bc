"""Batch rows and BiasWords' draws as tasks give, on this machine, the numbers they gave before
(`recorded.json`, from main at 008aa4b), bit for bit."""

import json

import pytest

from tests.compute.same_numbers import (
    DRAW_CASES,
    batch_numbers,
    draw_numbers,
    recorded,
    seed_candidates,
)


def same(a, b) -> bool:
    """Equal to the last bit (json keeps every bit of a float; NaN compares as NaN)."""
    return json.dumps(a) == json.dumps(b)


def test_batch_rows_equal_the_recorded_ones():
    assert same(batch_numbers(), recorded()["batch"])


@pytest.fixture(scope="module")
def candidates():
    return seed_candidates()


@pytest.mark.parametrize("case", DRAW_CASES)
def test_draws_and_baseline_equal_the_recorded_ones(case, candidates):
    numbers = draw_numbers(case, candidates)
    assert same(numbers, recorded()["draws"][case])
    assert numbers["draws"] and numbers["baseline"]
