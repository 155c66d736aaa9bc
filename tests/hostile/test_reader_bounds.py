"""Bounded work for hostile text vector files (issue 14, items 8 and 12): a gzip bomb, endless
skipped lines, a huge total, whitespace-only words. Every file is generated here."""

from __future__ import annotations

import gzip
import tracemalloc
import zlib

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.vectors import streams
from bias.vectors.import_report import BAD_WORD, DUPLICATE, ReadLimits
from bias.vectors.sources import read_vectors


def gzip_member(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    return packer.compress(data) + packer.flush()


@pytest.fixture(scope="module")
def bomb(tmp_path_factory):
    """About 1 MB that inflate to 1 GB: a valid start, then one 16 MB member of the same line
    again and again (a duplicate, skipped), written 64 times."""
    member = gzip_member(b"same 1 2\n" * ((16 << 20) // 9))
    path = tmp_path_factory.mktemp("bomb") / "bomb.vec.gz"
    with path.open("wb") as handle:
        handle.write(gzip_member(b"1000 2\nsame 1 2\nother 3 4\n"))
        for _ in range(64):
            handle.write(member)
    return path


def test_a_gzip_bomb_is_rejected_early_in_bounded_memory(bomb):
    """Either bound may end it first: the ratio of inflated to compressed bytes, or the lines
    that yield no word. Both leave the gigabytes inside unread."""
    assert bomb.stat().st_size < 8 << 20
    tracemalloc.start()
    try:
        raw = read_vectors(bomb, limit=1000, limits=ReadLimits(max_skipped_lines=100_000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    report = raw.report
    assert raw.words == ["same", "other"] or raw.words == ["same"]
    assert report.stopped_at_skipped_lines and not report.stopped_at_limit
    assert report.lines_read <= 1000 + 100_000 + 1
    assert peak < 300 << 20  # a few parse blocks, not the gigabytes inside


def test_a_blank_line_bomb_is_stopped_by_the_ratio(tmp_path, monkeypatch):
    """10 KB that inflate to 10 MB; the ratio is judged from the start here (not after 16 MB)."""
    monkeypatch.setattr(streams, "_RATIO_GRACE_BYTES", 0)
    path = tmp_path / "blank.vec.gz"
    path.write_bytes(gzip_member(b"2 2\nsame 1 2\n") + gzip_member(b"\n" * (10 << 20)))
    assert path.stat().st_size < 64 << 10
    with pytest.raises(BiasInputError, match="more than 100 times its size") as caught:
        read_vectors(path, limit=1000)
    assert "\n" not in str(caught.value)


def test_one_inflate_step_is_bounded(bomb):
    with bomb.open("rb") as handle:
        chunks = streams.inflate(streams.CountingReader(handle), "bomb", ReadLimits())
        sizes = [len(next(chunks)) for _ in range(20)]
        chunks.close()
    assert max(sizes) <= streams._INFLATE_BYTES


def test_the_total_inflated_size_is_bounded(tmp_path):
    rows = "".join(f"w{i} {i % 7 + 1}.5 0.25\n" for i in range(100_000)).encode()
    path = tmp_path / "big.vec.gz"
    path.write_bytes(gzip.compress(rows))
    assert len(rows) > 1 << 20
    with pytest.raises(BiasInputError, match="decompresses to more than 0 GB"):
        read_vectors(path, limit=100_000, limits=ReadLimits(max_inflated_bytes=1 << 20))
    assert len(read_vectors(path, limit=100_000).words) == 100_000


def test_skipped_lines_count_towards_a_bound(tmp_path):
    path = tmp_path / "dups.vec"
    path.write_text("2 2\nsame 1 2\n" + "same 1 2\n" * 5000 + "other 3 4\n")
    raw = read_vectors(path, limit=10, limits=ReadLimits(max_skipped_lines=100))
    report = raw.report
    assert raw.words == ["same"] and report.stopped_at_skipped_lines
    assert report.skipped == {DUPLICATE: 109} and report.lines_read == 10 + 100 + 1
    assert "stopped early: too many lines without a usable word" in report.summary()


def test_blank_lines_alone_end_in_one_sentence(tmp_path):
    path = tmp_path / "blank.vec"
    path.write_bytes(b"\n" * 200_000)
    with pytest.raises(BiasInputError) as caught:
        read_vectors(path, limit=10, limits=ReadLimits(max_skipped_lines=1000))
    assert "\n" not in str(caught.value)


def test_whitespace_only_words_are_refused_in_the_fast_path(tmp_path):
    lines = ["4 2", "\u00a0 0.1 0.2", "\u2028 0.3 0.4", "ok 0.5 0.6", "\u3000 0.7 0.8"]
    path = tmp_path / "spaces.vec"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    raw = read_vectors(path, limit=100)
    assert raw.words == ["ok"]
    assert raw.report.skipped == {BAD_WORD: 3} and raw.report.first_skipped_line[BAD_WORD] == 2
    np.testing.assert_allclose(raw.vectors, [[0.5, 0.6]])
