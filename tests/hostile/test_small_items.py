"""Issue 26, item 9 (the smaller ones): pipes and devices given as files, names too long to look
up, broken addresses, `--save-curation` onto what is not a file, vectors at the edges of float32,
and a damaged-draft message that names no server folder. Each is one sentence and exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from bias import drafts
from bias.cli import main
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Embedding, normalise_rows

ROOT = Path(__file__).resolve().parents[2]


def _cli(*argv: str, timeout: float = 10) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bias", *argv], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def _one_sentence(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert all(word in done.stderr for word in words), done.stderr


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", [
    ["weat", "--wordset"], ["measure", "mac", "--wordset"],
    ["measure", "wefat", "--wordset", "weat7", "--values"],
    ["biaswords", "--wordset", "weat6", "--draws", "1", "--curation"],
])
def test_a_fifo_or_dev_zero_given_as_a_file_is_refused_at_once(command, fifo):
    for path in (fifo, Path("/dev/zero")):
        started = time.monotonic()
        done = _cli(*command, str(path))  # raises TimeoutExpired after 10 s
        _one_sentence(done, str(path), "not a file")
        assert time.monotonic() - started < 10


def test_an_id_too_long_to_look_up_is_no_word_set(capsys):
    assert main(["weat", "--wordset", "a" * 100_000]) == 2
    err = capsys.readouterr().err
    assert err.startswith("weat: There is no word set 'aaa") and len(err) < 300


def test_a_broken_address_is_one_sentence():
    _one_sentence(_cli("import", "http://[::1", "--name", "x", "--language", "en"),
                  "is not a valid web address")


def test_save_curation_only_onto_a_file_or_a_new_name_in_an_existing_folder(tmp_path, fifo):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    for path, words in ((Path("/dev/null"), "a device or a pipe"), (fifo, "a device or a pipe"),
                        (link, "is a link"), (tmp_path, "a folder"),
                        (tmp_path / "missing" / "out.csv", "There is no folder")):
        done = _cli("biaswords", "--wordset", "weat6", "--draws", "1", "--save-curation",
                    str(path))
        _one_sentence(done, words)
    assert target.read_text() == "keep me" and link.is_symlink()
    assert not (tmp_path / "missing").exists()


def test_rows_at_the_edges_of_float32_are_normalised(tmp_path):
    raw = np.array([[3e38, 3e38, 1e38], [1e-30, -2e-30, 0], [0.3, 0.4, 0], [0, 0, 0]],
                   dtype=np.float32)
    norms = np.linalg.norm(normalise_rows(raw), axis=1)
    np.testing.assert_allclose(norms, [1, 1, 1, 0], atol=1e-6)
    path = tmp_path / "edges.vec"
    path.write_text("4 3\nhuge 3e38 3e38 1e38\ntiny 1e-30 -2e-30 0\nplain 0.3 0.4 0\n"
                    "other 0.1 0.9 0.2\n")
    assert main(["import", str(path), "--name", "edges", "--language", "en", "--quiet"]) == 0
    imported = load_embedding("edges")
    assert isinstance(imported, Embedding)
    np.testing.assert_allclose(np.linalg.norm(imported.vectors, axis=1), 1, atol=1e-6)


def test_a_damaged_draft_is_reported_without_the_server_folders(home):
    draft_id = drafts.new_id()
    drafts.save(draft_id, {"weat.title": "mine"})
    path = home / "drafts" / f"{draft_id}.json"
    path.write_text(json.dumps({"weat.title": "mine"})[:-3])
    problem = drafts.read(draft_id).problem
    assert problem and "damaged" in problem and str(home) not in problem
    assert "drafts" not in problem.replace(f"{draft_id}.damaged", "")


def test_leftovers_of_killed_writes_and_uploads_do_not_stay_forever(home):
    from bias.vectors import visitor
    from bias.vectors.server_access import ServerAccess

    old = time.time() - 7 * 86_400
    leftovers = [home / "drafts" / ".x.json.abc.tmp", home / "wordsets" / ".s.json.def.tmp",
                 home / "curation" / drafts.new_id() / ".c.json.ghi.tmp",
                 home / "uploads" / "upload-old.vec"]
    fresh = home / "wordsets" / ".t.json.jkl.tmp"  # a write going on right now
    for path in [*leftovers, fresh]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    for path in leftovers:
        os.utime(path, (old, old))
    drafts.new_id()  # a new tab
    copy = visitor.save_upload(b"2 1\na 1\nb 2\n", "new.vec", ServerAccess())
    assert not [path for path in leftovers if path.exists()]
    assert fresh.exists() and copy.exists()


def test_a_tab_whose_embedding_was_deleted_says_so_once(home):
    from tests.apptest import open_app

    draft_id = drafts.new_id()
    drafts.save(draft_id, {"biaswords.embedding": "news-de"})  # deleted by another visitor
    tab = open_app(draft=draft_id)
    assert not tab.exception
    [warning] = [w.value for w in tab.sidebar.warning]
    assert "news-de" in warning
    assert "no longer on the server" in warning and "glove-6b-50d" in warning
    tab.run()
    assert not [w for w in tab.sidebar.warning if "no longer" in w.value]
