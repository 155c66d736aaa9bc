"""The text vector reader's counts (`bias.vectors.text_reader`): a fastText/word2vec header line
("count dimensions") is a line read but no entry, so a file of a header and N words says N
entries, in the report and in its sentences; a GloVe file without header says the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from bias.errors import BiasInputError
from bias.vectors.import_report import DUPLICATE, WRONG_DIMENSION
from bias.vectors.sources import read_vectors

ROWS = "alpha 1 0 0 \nbeta 0 1 0 \ngamma 0 0 1 \n"


def read(tmp_path: Path, name: str, text: str, limit: int = 100):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_vectors(path, limit=limit)


def test_a_header_line_is_not_an_entry(tmp_path):
    report = read(tmp_path, "h.vec", "3 3\n" + ROWS).report
    assert (report.words, report.lines_read, report.header_lines) == (3, 4, 1)
    assert (report.entries_read, report.declared_words, report.dimensions) == (3, 3, 3)
    assert report.summary() == (
        "Kept 3 words × 3 dimensions from text vectors (3 entries read, whole file)."
    )


def test_a_file_without_header_counts_every_line(tmp_path):
    report = read(tmp_path, "g.txt", ROWS).report
    assert (report.words, report.lines_read, report.header_lines) == (3, 3, 0)
    assert (report.entries_read, report.declared_words) == (3, None)
    assert "(3 entries read, whole file)." in report.summary()


def test_skipped_entries_are_numbered_without_the_header(tmp_path):
    text = "4 3\nalpha 1 0 0\nbeta 1 0\nalpha 0 1 0\ngamma 0 0 1\n"  # file lines 3 and 4
    report = read(tmp_path, "s.vec", text).report
    assert report.first_skipped_line == {WRONG_DIMENSION: 3, DUPLICATE: 4}  # the file's lines
    assert report.summary() == (
        "Kept 2 words × 3 dimensions from text vectors (4 entries read, whole file). "
        "Skipped: 1 × wrong number of values (first at entry 2); "
        "1 × duplicate word (first kept) (first at entry 3)."
    )
    same = read(tmp_path, "s.txt", text.split("\n", 1)[1]).report  # without the header
    assert same.summary() == report.summary()


def test_the_word_limit_counts_entries_not_the_header(tmp_path):
    report = read(tmp_path, "l.vec", "3 3\n" + ROWS, limit=2).report
    assert (report.words, report.entries_read, report.stopped_at_limit) == (2, 2, True)
    assert "(2 entries read, stopped at the word limit)." in report.summary()


def test_a_header_and_only_bad_lines_counts_the_bad_lines(tmp_path):
    with pytest.raises(BiasInputError) as caught:
        read(tmp_path, "b.vec", "2 3\nalpha 1 0\nbeta 0 1\n")
    assert str(caught.value) == str(tmp_path / "b.vec") + (
        " has no usable vectors: 2 of 2 lines were skipped for wrong number of values "
        "(expected 3)."
    )
