"""The import keeps one copy of the matrix: rows filled into pieces, written block by block, with
the checksum computed while writing; the cache files are what `np.save` would write."""

from __future__ import annotations

import hashlib
import io

import numpy as np

from bias.vectors import sources, store
from bias.vectors.embeddings import normalise_rows
from bias.vectors.sources import read_vectors


def write_vec(path, matrix, header=True):
    lines = [f"{len(matrix)} {matrix.shape[1]}"] if header else []
    lines += [f"w{i} " + " ".join(f"{x:.5f}" for x in row) + " " for i, row in enumerate(matrix)]
    path.write_text("\n".join(lines) + "\n")


def test_rows_in_several_pieces_are_stored_as_one_matrix(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "_SEGMENT_BYTES", 4 * 3 * 100)  # 100 rows of 3 a piece
    monkeypatch.setattr(store, "_WRITE_ROWS", 37)
    matrix = np.random.default_rng(2).normal(size=(1234, 3)).astype(np.float32)
    path = tmp_path / "v.vec"
    write_vec(path, matrix, header=False)
    raw = read_vectors(path, limit=5000)
    assert len(raw.more) == 12 and sum(len(b) for b in raw.row_blocks()) == 1234
    np.testing.assert_allclose(np.concatenate(list(raw.row_blocks())), matrix, atol=1e-5)
    store.save("pieces", "de", raw, source=str(path))
    expected = normalise_rows(np.concatenate(list(raw.row_blocks())))
    buffer = io.BytesIO()
    np.save(buffer, expected)
    stored = (store.root() / "pieces" / "vectors.npy").read_bytes()
    assert stored == buffer.getvalue()
    assert store.read_meta("pieces")["sha256"] == hashlib.sha256(stored).hexdigest()
    loaded = store.load_cached("pieces")
    assert loaded.row("w1233") == 1233
    np.testing.assert_array_equal(loaded.vectors, expected)


def test_a_header_sizes_the_first_piece(tmp_path):
    matrix = np.random.default_rng(3).normal(size=(50, 4)).astype(np.float32)
    path = tmp_path / "h.vec"
    write_vec(path, matrix)
    raw = read_vectors(path, limit=1_000_000)
    assert raw.more == () and raw.vectors.shape == (50, 4)
    assert raw.vectors.base is not None and raw.vectors.base.shape == (50, 4)
