"""The permutation engine: its fast paths give the same answers as the plain ones, and its
smallest reachable p is what the set sizes allow."""

from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest

from bias.stats import permutation
from bias.stats.permutation import permutation_test
from bias.stats.weat import WeatOptions


@pytest.mark.parametrize(("nx", "ny"), [(8, 8), (5, 9), (1, 12), (10, 10)])
def test_cached_partitions_give_the_same_bits_as_streaming(monkeypatch, nx, ny):
    s = np.random.default_rng(nx * ny).normal(size=nx + ny)
    for alternative in ("greater", "two-sided"):
        options = WeatOptions(method="exact", alternative=alternative)
        cached = permutation_test(s, nx, options)
        with monkeypatch.context() as patch:
            patch.setattr(permutation, "_CACHED_INDEX_BYTES", 0)
            streamed = permutation_test(s, nx, options)
        assert cached.exceed == streamed.exceed and cached.p_value == streamed.p_value
        assert np.array_equal(cached.null_distribution, streamed.null_distribution)


def test_the_exact_null_has_every_partition_once():
    """9 values split 4 + 5: the exact null is the difference of means of each of the
    C(9, 4) = 126 partitions exactly once, as itertools lists them (an independent
    enumeration; the null is kept in float32 for the chart, hence the tolerance)."""
    s = np.random.default_rng(9).normal(size=9)
    null = permutation_test(s, 4, WeatOptions(method="exact")).null_distribution
    brute = [s[list(side)].mean() - np.delete(s, list(side)).mean()
             for side in itertools.combinations(range(9), 4)]
    assert null.shape == (126,)
    assert np.allclose(np.sort(null), np.sort(brute), rtol=0, atol=1e-6)


def test_draws_from_the_enumerated_null_are_uniform_partitions():
    """Drawing partition numbers must estimate the exact p: 200,000 draws of a 12,870-partition
    null put the exact p inside the 99.9% binomial band, and every partition is reachable."""
    s = np.random.default_rng(3).normal(size=16)
    exact = permutation_test(s, 8, WeatOptions(method="exact"))
    assert permutation._enumerable(16, 8, 200_000)
    drawn = permutation_test(s, 8, WeatOptions(method="randomized", iterations=200_000, seed=1))
    p, n = exact.p_value, 200_000
    assert abs(drawn.exceed / n - p) < 3.3 * np.sqrt(p * (1 - p) / n)
    assert np.unique(drawn.null_distribution).size > 12_000


def test_randomized_stays_seeded():
    s = np.random.default_rng(4).normal(size=16)
    options = WeatOptions(method="randomized", iterations=50_000, seed=9)
    first, again = permutation_test(s, 8, options), permutation_test(s, 8, options)
    assert first.exceed == again.exceed
    assert np.array_equal(first.null_distribution, again.null_distribution)
    other = permutation_test(s, 8, WeatOptions(method="randomized", iterations=50_000, seed=10))
    assert not np.array_equal(first.null_distribution, other.null_distribution)


@pytest.mark.parametrize(("nx", "ny"), [(8, 8), (25, 25)])
def test_draws_come_in_bounded_blocks(nx, ny):
    """10^7 draws never hold more than one block of about 4 million numbers at a time."""
    s = np.random.default_rng(0).normal(size=nx + ny)
    blocks = permutation._random_x_sums(s, nx, 10_000_000, np.random.default_rng(0))
    first = next(blocks)
    assert first.size * (1 if permutation._enumerable(nx + ny, nx, 10**7) else nx + ny) <= 4_000_000
    blocks.close()


def test_weat_command_imports_only_what_it_needs():
    code = (
        "import sys\n"
        "from bias.cli import main\n"
        "main(['weat', '--wordset', 'weat7'])\n"
        "print(sorted(m for m in ('bias.discovery.candidates', 'bias.discovery.pos', "
        "'plotly', 'scipy.stats', 'streamlit') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("nx", "ny", "alternative", "smallest"),
    [
        (1, 1, "greater", 1 / 2),  # one word a set: p can never go below 1/2
        (1, 1, "two-sided", 1.0),  # ... and two-sided it is always 1
        (2, 4, "greater", 1 / 15),  # 15 partitions (WEATHub fr WEAT 13's sizes): never < 0.05
        (8, 8, "two-sided", 2 / 12870),  # the mirror partition is as extreme
        (3, 5, "two-sided", 1 / 56),  # unequal sizes have no mirror partition
    ],
)
def test_the_smallest_reachable_p_is_what_the_sizes_allow(nx, ny, alternative, smallest):
    """The floor is reached when the observed split is the most extreme one (distinct values,
    X on top), and no split can do better."""
    s = np.concatenate([np.arange(nx, 0, -1) + 10.0, np.arange(ny, 0, -1) * 0.1])
    test = permutation_test(s, nx, WeatOptions(method="exact", alternative=alternative))
    assert test.smallest_p == pytest.approx(smallest)
    assert test.p_value == pytest.approx(smallest)  # reached by the most extreme split


def test_a_randomized_floor_is_one_over_draws_plus_one():
    s = np.random.default_rng(1).normal(size=30)
    test = permutation_test(s, 15, WeatOptions(method="randomized", iterations=999))
    assert test.smallest_p == pytest.approx(1 / 1000)
    assert test.p_value >= test.smallest_p
