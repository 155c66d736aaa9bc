"""Reading a whole embedding block by block without keeping it resident.

A cached embedding's matrix is a read-only memory map. Every page a pass over it touches stays
counted in the process's resident memory until the map is closed, so one pass (neutralising,
hashing, counting changed rows) would leave the whole parent resident beside the new matrix:
2 × the matrix before any library or temporary, against the issue's bound of 2.2 ×. After each
block has been used, `row_blocks` tells the kernel this process no longer needs its pages
(`madvise(MADV_DONTNEED)`): on a read-only file map this only unmaps them; the data stay in the
page cache, a later read maps them again, and the file is never written.
"""

from __future__ import annotations

import mmap
from collections.abc import Iterator

import numpy as np

BLOCK_ROWS = 65_536
"""Rows read, transformed or compared at a time: 79 MB of float32 at 300 dimensions."""


def _release(matrix: np.ndarray, start: int, stop: int) -> None:
    """Drop this process's mapping of rows start … stop of a memory-mapped `matrix` (no-op for an
    array in memory, or where `madvise` is missing)."""
    region = getattr(matrix, "_mmap", None)  # numpy.memmap's map; not part of its public API
    if not isinstance(region, mmap.mmap) or not hasattr(region, "madvise"):
        return
    if not matrix.flags.c_contiguous or stop <= start:
        return
    base = np.frombuffer(region, np.uint8).ctypes.data
    row = matrix.strides[0]
    first = matrix.ctypes.data - base + start * row
    last = matrix.ctypes.data - base + stop * row
    first -= first % mmap.PAGESIZE
    last = min(len(region), last + (-last % mmap.PAGESIZE))
    if last > first:
        region.madvise(mmap.MADV_DONTNEED, first, last - first)


def row_blocks(matrix: np.ndarray, rows: int = BLOCK_ROWS) -> Iterator[tuple[int, np.ndarray]]:
    """(start, float32 block) over every row of `matrix`; a memory-mapped matrix's pages of a block
    are released once the caller asks for the next one."""
    for start in range(0, matrix.shape[0], rows):
        stop = min(start + rows, matrix.shape[0])
        yield start, np.asarray(matrix[start:stop], dtype=np.float32)
        _release(matrix, start, stop)
