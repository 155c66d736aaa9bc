"""Writing the `.npy` files of a cache entry: unit rows as they arrive, hashed while written.

Every file is flushed to disk (`fsync`) before the entry is renamed into place, and its sha256 is
computed from the bytes as they are written, so the checksum costs no second read.
"""

from __future__ import annotations

import hashlib
import io
import os
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import BinaryIO

import numpy as np

from bias.vectors.embeddings import normalise_rows
from bias.vectors.import_report import RawVectors

_WRITE_ROWS = 16_384
"""Rows normalised and written at a time: a bounded temporary (19 MB at 300 dimensions)."""


class _HashingWriter:
    """A file that hashes what is written to it, so the checksum costs no second read."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.digest = hashlib.sha256()

    def write(self, data: bytes | memoryview) -> int:
        self.digest.update(data)
        return self.handle.write(data)


class UnitRowsFile:
    """A float32 `.npy` of unit rows, written as rows arrive; `finish` returns its sha256.

    The file is byte for byte what `np.save(normalise_rows(all rows))` writes. Its header, which
    holds the row count, comes first, so it is written for the count expected (a fastText header's
    count, or the word limit) and the file is hashed while it is written. If another count of rows
    arrives (a file with fewer usable words than it announced), the header is rewritten (its
    length never depends on the count: numpy pads it to 128 bytes) and the file hashed again by
    reading it. A second thread normalises, hashes and writes one block while the caller goes on
    (numpy, hashlib and file writes release the GIL), with at most one block waiting.
    """

    def __init__(self, path: Path, rows: int, dimensions: int) -> None:
        self.path = path
        self.dimensions = dimensions
        self.rows_expected = rows
        self.rows_written = 0
        self._handle = path.open("wb")
        self._out = _HashingWriter(self._handle)
        self._writer = ThreadPoolExecutor(1, "biaswords-write")
        self._pending: Future[None] | None = None
        self._header = _npy_header(rows, dimensions)
        self._out.write(self._header)

    def add(self, block: np.ndarray) -> None:
        """Queue `block`'s rows (any float dtype), normalised, after those already added."""
        for start in range(0, len(block), _WRITE_ROWS):
            rows = block[start : start + _WRITE_ROWS]
            self._wait()
            self._pending = self._writer.submit(self._write_unit, rows)
            self.rows_written += len(rows)

    def _write_unit(self, rows: np.ndarray) -> None:
        self._out.write(normalise_rows(rows).data)

    def _wait(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            pending.result()

    def finish(self) -> str:
        """Flush the file to disk and return its sha256."""
        self._wait()
        if self.rows_written != self.rows_expected:
            header = _npy_header(self.rows_written, self.dimensions)
            if len(header) != len(self._header):
                raise AssertionError("a .npy header changed length with its row count")
            self._handle.seek(0)
            self._handle.write(header)
            self._handle.seek(0, os.SEEK_END)
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self.close()
        if self.rows_written != self.rows_expected:
            return sha256(self.path)
        return self._out.digest.hexdigest()

    def close(self) -> None:
        self._writer.shutdown(wait=True, cancel_futures=True)
        self._handle.close()


def _npy_header(rows: int, dimensions: int) -> bytes:
    buffer = io.BytesIO()
    header = {"descr": "<f4", "fortran_order": False, "shape": (rows, dimensions)}
    np.lib.format.write_array_header_1_0(buffer, header)
    return buffer.getvalue()


def save_unit_rows(path: Path, raw: RawVectors) -> str:
    """Write the rows of `raw` as unit vectors into a float32 `.npy`, block by block; returns the
    file's sha256, computed while writing (only one block is normalised at a time)."""
    rows = UnitRowsFile(path, sum(len(block) for block in raw.row_blocks()), raw.dimensions)
    try:
        for block in raw.row_blocks():
            rows.add(block)
        return rows.finish()
    finally:
        rows.close()


def save_array(path: Path, array: np.ndarray) -> str:
    """Save `array` as .npy, flushed to disk; returns the file's sha256, computed while writing."""
    with path.open("wb") as handle:
        out = _HashingWriter(handle)
        np.lib.format.write_array(out, np.asarray(array))
        handle.flush()
        os.fsync(handle.fileno())
    return out.digest.hexdigest()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(8 << 20):
            digest.update(block)
    return digest.hexdigest()


def write_file(path: Path, data: bytes) -> str:
    """Write `data` to `path`, flushed to disk; returns its sha256."""
    with path.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    return hashlib.sha256(data).hexdigest()
