"""The fast paths of the permutation test (issue 13) give the same answers as the plain ones."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from bias.stats import weat
from bias.stats.weat import WeatOptions, permutation_test


@pytest.mark.parametrize(("nx", "ny"), [(8, 8), (5, 9), (1, 12), (10, 10)])
def test_cached_partitions_give_the_same_bits_as_streaming(monkeypatch, nx, ny):
    s = np.random.default_rng(nx * ny).normal(size=nx + ny)
    for alternative in ("greater", "two-sided"):
        options = WeatOptions(method="exact", alternative=alternative)
        cached = permutation_test(s, nx, options)
        with monkeypatch.context() as patch:
            patch.setattr(weat, "_CACHED_INDEX_BYTES", 0)
            streamed = permutation_test(s, nx, options)
        assert cached.exceed == streamed.exceed and cached.p_value == streamed.p_value
        assert np.array_equal(cached.null_distribution, streamed.null_distribution)


def test_the_cached_table_is_every_partition_once():
    table = weat._cached_partitions(9, 4)
    assert table.shape == (126, 4) and not table.flags.writeable
    assert len({tuple(row) for row in table}) == 126
    assert (np.diff(table, axis=1) > 0).all()


def test_draws_from_the_enumerated_null_are_uniform_partitions():
    """Drawing partition numbers must estimate the exact p: 200,000 draws of a 12,870-partition
    null put the exact p inside the 99.9% binomial band, and every partition is reachable."""
    s = np.random.default_rng(3).normal(size=16)
    exact = permutation_test(s, 8, WeatOptions(method="exact"))
    assert weat._enumerable(16, 8, 200_000)
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
    blocks = weat._random_x_sums(s, nx, 10_000_000, np.random.default_rng(0))
    first = next(blocks)
    assert first.size * (1 if weat._enumerable(nx + ny, nx, 10**7) else nx + ny) <= 4_000_000
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
