"""Reading a memory-mapped matrix block by block: the same rows, and the pages let go."""

from pathlib import Path

import numpy as np
import pytest

from bias.debiasing.blocks import row_blocks
from bias.debiasing.methods import project_out


def _mapped_kb(path: Path) -> int:
    """Resident kB of this process's mappings of `path` (from /proc/self/smaps)."""
    total, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if "-" in line.split(" ", 1)[0] and len(line.split()) >= 5:
            inside = line.endswith(str(path))
        elif inside and line.startswith("Rss:"):
            total += int(line.split()[1])
    return total


@pytest.fixture
def mapped(tmp_path):
    path = tmp_path / "vectors.npy"
    rng = np.random.default_rng(0)
    data = rng.normal(size=(3_000, 300)).astype(np.float32)
    np.save(path, data)
    return path, data, np.load(path, mmap_mode="r")


def test_blocks_are_the_rows_in_order(mapped):
    _, data, matrix = mapped
    seen = [(start, block.copy()) for start, block in row_blocks(matrix, rows=701)]
    assert [s for s, _ in seen] == [0, 701, 1402, 2103, 2804]
    assert np.array_equal(np.vstack([b for _, b in seen]), data)
    assert np.array_equal(np.asarray(matrix), data)  # released pages read back the same


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="needs Linux /proc")
def test_a_pass_leaves_the_map_unresident(mapped):
    path, _, matrix = mapped
    np.asarray(matrix).sum()  # touching every page maps it: 3.6 MB resident
    assert _mapped_kb(path) > 3_000
    for _ in row_blocks(matrix, rows=500):
        pass
    assert _mapped_kb(path) < 100


def test_project_out_of_a_map_equals_in_memory(mapped):
    _, data, matrix = mapped
    basis = np.zeros((1, 300))
    basis[0, 0] = 1.0
    assert np.array_equal(project_out(matrix, basis, [3, 9]), project_out(data, basis, [3, 9]))
