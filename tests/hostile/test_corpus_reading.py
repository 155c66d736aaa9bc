"""Issue 43, items 5 and 7 and its silent accepts, for `train`: every corpus that cannot be read
is one sentence and exit 2 (never a traceback), a .zip is bounded before it is unpacked, a scan
stops soon after Cancel, Ctrl-C is one line and exit 130, and what used to be taken silently (a
key twice, a NaN group, an unknown language, Chinese trained as English) is refused."""

from __future__ import annotations

import os
import random
import zipfile

import pytest

import bias.corpus.readers as readers
import bias.corpus.scan as scan_module
from bias.cli import main
from bias.corpus.options import MAX_DOCUMENT_BYTES, ReadOptions
from bias.corpus.scan import scan, work_folder
from bias.errors import BiasInputError
from bias.jobs import Cancelled, watching
from tests.corpus.corpora import write_txt
from tests.corpus.test_bad_input import bad


def _jsonl(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_lone_surrogate_is_one_sentence_in_train_and_preview(capsys, tmp_path):
    path = _jsonl(tmp_path / "s.jsonl", ['{"text": "a b c", "g": "\\ud800x"}'] * 12)
    for extra in ([], ["--preview"]):
        err = bad(capsys, path, "--text-column", "text", "--group-column", "g", *extra)
        assert "Line 1 of s.jsonl: 'g' holds an unpaired surrogate escape" in err
    text = _jsonl(tmp_path / "t.jsonl", ['{"text": "\\udc00 word"}'])
    assert "'text' holds an unpaired surrogate" in bad(capsys, text, "--text-column", "text")


def test_files_the_system_will_not_read_are_one_sentence(capsys, tmp_path):
    long_name = tmp_path / ("n" * 300 + ".txt")
    assert "cannot be read (File name too long)" in bad(capsys, long_name)
    deep = tmp_path / ("d/" * 2_500 + "c.txt")
    err = bad(capsys, deep)
    assert "c.txt cannot be read (File name too long)" in err and len(err) < 300
    (tmp_path / "folder.txt").mkdir()
    assert "folder.txt cannot be read (it is a folder, not a file)" in bad(
        capsys, tmp_path / "folder.txt")
    os.mkfifo(tmp_path / "pipe.txt")  # opened without waiting for a writer
    assert "pipe.txt cannot be read (it is a pipe or a device" in bad(capsys,
                                                                     tmp_path / "pipe.txt")
    (tmp_path / "mem.txt").symlink_to("/proc/self/mem")
    assert "mem.txt cannot be read (Input/output error)" in bad(capsys, tmp_path / "mem.txt")


def test_a_line_of_exactly_ten_million_bytes_is_allowed(tmp_path):
    """docs/corpus.md allows 10 MB (10,000,000 bytes); a line's break is not part of it."""
    exact = tmp_path / "exact.txt"
    exact.write_bytes(b"x" * MAX_DOCUMENT_BYTES + b"\r\n")
    assert [len(d.text) for d in readers.documents(exact, ReadOptions())] == [
        MAX_DOCUMENT_BYTES + 2]
    over = tmp_path / "over.txt"
    over.write_bytes(b"x" * (MAX_DOCUMENT_BYTES + 1) + b"\n")
    with pytest.raises(BiasInputError, match=r"Line 1 of over\.txt is longer than 10 MB"):
        list(readers.documents(over, ReadOptions()))


def test_a_zip_is_bounded_in_files_and_unpacked_size_before_it_is_read(capsys, tmp_path,
                                                                        monkeypatch):
    """24.7 MB of .zip unpacking to 10 GB was read for minutes; the bounds are lowered here so
    that a small archive stands for a bomb."""
    path = tmp_path / "bomb.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for i in range(3):
            archive.writestr(f"m{i}.txt", "word " * 2_000)
    read = []
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: read.append(a) or 1 / 0)
    monkeypatch.setattr(readers, "MAX_ZIP_BYTES", 25_000)
    assert "bomb.zip unpacks to 0.0 GB of text; a .zip may unpack to at most 0 GB" in bad(
        capsys, path)
    monkeypatch.setattr(readers, "MAX_ZIP_MEMBERS", 2)
    assert "bomb.zip holds 3 .txt files; a .zip may hold at most 2" in bad(capsys, path)
    assert read == []  # refused before any member was opened


def test_a_scan_stops_soon_after_cancel_whatever_the_documents_sizes(tmp_path, monkeypatch):
    """Cancel was looked at every 256 documents: 2.5 GB of a .zip of 10 MB files. Now at most
    every `TICK_SECONDS`; here each document takes a (pretended) second to cut."""
    import bias.jobs as jobs

    clock = iter(range(10**6))
    monkeypatch.setattr(jobs.time, "monotonic", lambda: float(next(clock)))
    real, cut = scan_module.documents, []

    def counted(*args):
        for document in real(*args):
            cut.append(document)
            yield document

    monkeypatch.setattr(scan_module, "documents", counted)
    reports = []

    def report(fraction):
        reports.append(fraction)
        if len(reports) > 1:
            raise Cancelled()

    corpus = write_txt(tmp_path / "c.txt", 1.0, count=600)
    with watching(report), work_folder() as folder, pytest.raises(Cancelled):
        scan(corpus, "en", ReadOptions(), folder)
    assert len(cut) <= 3


def test_ctrl_c_is_one_line_and_exit_130(capsys, tmp_path, monkeypatch):
    import bias.analysis.train as train_module  # what the command calls

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(train_module, "train_corpus", interrupted)
    code = main(["train", str(write_txt(tmp_path / "c.txt", 1.0, count=20)), "--language", "en",
                 "--name", "t"])
    err = capsys.readouterr().err
    assert code == 130 and err == "train: stopped (Ctrl-C); nothing half-made was kept.\n"


def test_what_was_silently_accepted_is_refused(capsys, tmp_path):
    twice = _jsonl(tmp_path / "twice.jsonl", ['{"text": "a b", "text": "c d"}'])
    assert "Line 1 of twice.jsonl has the key 'text' twice" in bad(capsys, twice,
                                                                   "--text-column", "text")
    nan = _jsonl(tmp_path / "nan.jsonl", ['{"text": "a b", "g": NaN}'])
    assert "Line 1 of nan.jsonl holds NaN" in bad(capsys, nan, "--text-column", "text",
                                                  "--group-column", "g")
    table = tmp_path / "nan.csv"
    table.write_text("g,text\n1990,a b\nNaN,c d\n", encoding="utf-8")
    assert "Row 3 of nan.csv has 'NaN' in the group column 'g', which is a missing value" in bad(
        capsys, table, "--text-column", "text", "--group-column", "g")
    corpus = write_txt(tmp_path / "c.txt", 1.0, count=20)
    code = main(["train", str(corpus), "--language", "xx", "--name", "t"])
    assert code == 2 and "'xx' is not a language code ISO 639 assigns" in capsys.readouterr().err
    rng = random.Random(0)
    chinese = tmp_path / "zh.txt"
    chinese.write_text("\n".join("".join(chr(rng.randrange(0x4E00, 0x4E40)) for _ in range(12))
                                 for _ in range(200)) + "\n", encoding="utf-8")
    assert ("Most words of zh.txt are written in Chinese characters (CJK), but 'en' is written "
            "in Latin script") in bad(capsys, chinese, "--preview")


def test_file_names_keep_their_case_in_sentences(capsys, tmp_path):
    thin = write_txt(tmp_path / "valid.txt", 1.0, count=5)
    assert "train: valid.txt has only 5 documents" in bad(capsys, thin)
