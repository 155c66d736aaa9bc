"""The import keeps one copy of the matrix: each parsed block's rows as they came, written block by
block with the checksum computed while writing; the cache files are what `np.save` would write.
Blocks are parsed in a thread one block ahead, so these tests cut a file into many small blocks
and check that order, line numbers, duplicates and the word limit come out as when read at once."""

from __future__ import annotations

import hashlib
import io

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.vectors import download, npy_files, store, streams, text_reader
from bias.vectors.embeddings import normalise_rows
from bias.vectors.import_report import ALL_ZERO, DUPLICATE
from bias.vectors.sources import read_vectors


def write_vec(path, matrix, header=True, words=None):
    words = words or [f"w{i}" for i in range(len(matrix))]
    lines = [f"{len(matrix)} {matrix.shape[1]}"] if header else []
    lines += [
        f"{w} " + " ".join(f"{x:.5f}" for x in row) + " "
        for w, row in zip(words, matrix, strict=True)
    ]
    path.write_text("\n".join(lines) + "\n")


@pytest.fixture
def small_blocks(monkeypatch):
    """Blocks of about 2 KB (some 50 lines of 3 values), read in 500-byte chunks."""
    monkeypatch.setattr(text_reader, "_PARSE_BYTES", 2048)
    monkeypatch.setattr(streams, "_READ_BYTES", 500)


def test_rows_in_many_blocks_are_stored_as_one_matrix(tmp_path, monkeypatch, small_blocks):
    monkeypatch.setattr(npy_files, "_WRITE_ROWS", 37)
    matrix = np.random.default_rng(2).normal(size=(1234, 3)).astype(np.float32)
    path = tmp_path / "v.vec"
    write_vec(path, matrix, header=False)
    raw = read_vectors(path, limit=5000)
    assert len(raw.more) >= 10 and sum(len(b) for b in raw.row_blocks()) == 1234
    assert raw.words == [f"w{i}" for i in range(1234)]
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


def test_small_blocks_read_as_one_block_does(tmp_path, monkeypatch):
    """Duplicates, a zero row and the limit, spread over many blocks, give the report and rows
    that one block gives."""
    rng = np.random.default_rng(4)
    matrix = rng.normal(size=(600, 3)).astype(np.float32)
    matrix[250] = 0
    words = [f"w{i}" for i in range(600)]
    words[300], words[480] = "w10", "w299"  # duplicates of earlier words, in later blocks
    path = tmp_path / "d.vec"
    write_vec(path, matrix, words=words)
    whole = read_vectors(path, limit=550)
    monkeypatch.setattr(text_reader, "_PARSE_BYTES", 2048)
    monkeypatch.setattr(streams, "_READ_BYTES", 500)
    pieces = read_vectors(path, limit=550)
    assert len(pieces.more) >= 5 and whole.more == ()
    assert pieces.words == whole.words and len(pieces.words) == 550
    np.testing.assert_array_equal(np.concatenate(list(pieces.row_blocks())), whole.vectors)
    assert pieces.report.to_dict() == whole.report.to_dict()
    assert pieces.report.skipped == {DUPLICATE: 2, ALL_ZERO: 1}
    assert pieces.report.first_skipped_line == {DUPLICATE: 302, ALL_ZERO: 252}  # header: line 1
    assert pieces.report.stopped_at_limit and pieces.report.words == 550
    assert pieces.words[-1] == "w552"  # 550 kept: 3 lines skipped before it


def test_the_word_limit_stops_in_the_block_that_reaches_it(tmp_path, small_blocks):
    matrix = np.random.default_rng(5).normal(size=(2000, 3)).astype(np.float32)
    path = tmp_path / "l.vec"
    write_vec(path, matrix)
    raw = read_vectors(path, limit=77)
    assert raw.words == [f"w{i}" for i in range(77)]
    assert raw.report.lines_read <= 1 + 77 + 200  # at most the blocks in flight beyond the limit


def stored_as_np_save(name, rows):
    """The cache's vectors.npy equals `np.save` of the normalised rows, and its recorded sha256
    is the file's."""
    buffer = io.BytesIO()
    np.save(buffer, normalise_rows(rows))
    stored = (store.root() / name / "vectors.npy").read_bytes()
    assert stored == buffer.getvalue()
    assert store.read_meta(name)["sha256"] == hashlib.sha256(stored).hexdigest()


@pytest.mark.parametrize(
    ("limit", "rows", "last"),
    [(400, 400, "w401"), (5000, 597, "w599")],  # rows as expected (the limit), or fewer (3 lines
)  # skipped of the 600 the header announced)
def test_an_import_writes_its_rows_while_reading(tmp_path, small_blocks, limit, rows, last):
    """Rows go to the cache as blocks are parsed; when fewer arrive than the header announced,
    the row count in the file is corrected and the checksum taken again."""
    matrix = np.random.default_rng(6).normal(size=(600, 3)).astype(np.float32)
    matrix[250] = 0
    words = [f"w{i}" for i in range(600)]
    words[300], words[480] = "w10", "w299"
    path = tmp_path / "s.vec"
    write_vec(path, matrix, words=words)
    handed: list[int] = []
    original = npy_files.UnitRowsFile.add

    def add(self, block):
        handed.append(len(block))
        original(self, block)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(npy_files.UnitRowsFile, "add", add)
        info, report = download.import_embedding(path, name="streamed", language="de", limit=limit)
    assert len(handed) >= 5 and sum(handed) == rows == info.words == report.words
    read = read_vectors(path, limit=limit)
    np.testing.assert_allclose(
        np.concatenate(list(read.row_blocks())),
        np.delete(matrix, [250, 300, 480], axis=0)[:rows], atol=1e-5,
    )
    stored_as_np_save("streamed", np.concatenate(list(read.row_blocks())))
    assert store.load_cached("streamed").words[rows - 1] == last


def test_a_failed_import_leaves_nothing_and_a_listing_does_not_disturb_one(
    tmp_path, small_blocks, monkeypatch
):
    monkeypatch.setattr(text_reader, "_PROGRESS_SECONDS", 0.0)  # a report for every chunk read
    matrix = np.random.default_rng(7).normal(size=(600, 3)).astype(np.float32)
    path = tmp_path / "ok.vec"
    write_vec(path, matrix)
    listed: list[int] = []

    def progress(_bytes: int, words: int) -> None:  # another visitor's listing, mid-import
        store.clean_leftovers()
        listed.append(len(store.list_cached()))

    info, _ = download.import_embedding(path, name="calm", language="de", progress=progress)
    assert info.words == 600 and len(listed) >= 5
    stored_as_np_save("calm", np.concatenate(list(read_vectors(path).row_blocks())))

    bad = tmp_path / "bad.vec"
    bad.write_text(path.read_text().replace("w590 ", "w590 " + "1 " * 3000, 1))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(text_reader, "_MAX_LINE_BYTES", 4000)  # that line is too long: it fails
        with pytest.raises(BiasInputError):
            download.import_embedding(bad, name="broken", language="de")
    assert sorted(p.name for p in store.root().iterdir()) == ["calm"]


def test_progress_counts_bytes_as_they_arrive_and_ends_exact(tmp_path, small_blocks, monkeypatch):
    """Reports come with the bytes read (not only once a block is parsed), never go back in
    bytes, never pass the limit in words, and the last one is the exact count kept."""
    monkeypatch.setattr(text_reader, "_PROGRESS_SECONDS", 0.0)
    matrix = np.random.default_rng(8).normal(size=(900, 3)).astype(np.float32)
    path = tmp_path / "p.vec"
    write_vec(path, matrix)
    seen: list[tuple[int, int]] = []
    raw = read_vectors(path, limit=800, progress=lambda b, w: seen.append((b, w)))
    assert len(seen) > len(raw.more) + 1  # more reports than blocks
    assert [b for b, _ in seen] == sorted(b for b, _ in seen)
    assert all(w <= 800 for _, w in seen) and seen[-1][1] == 800 == len(raw.words)
