"""Dashboard imports in a worker process (`bias.vectors.worker`): one slot per server by default,
the child's sentence or bug handed back to the dashboard, progress on the way."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from bias.errors import BiasInputError
from bias.vectors import store, worker
from bias.vectors.server_access import ServerAccess


def test_one_import_at_a_time_by_default(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()

    def slow(request, access, progress):
        started.set()
        release.wait(10)
        raise BiasInputError("done")

    monkeypatch.setattr(worker, "_supervise", slow)
    access = ServerAccess()
    request = worker.ImportRequest(worker.FILE, "x", "x", "en", 10)
    outcome: list[str] = []

    def run_first() -> None:
        try:
            worker.run_import(request, access)
        except BiasInputError as exc:
            outcome.append(str(exc))

    first = threading.Thread(target=run_first)
    first.start()
    started.wait(10)
    with pytest.raises(BiasInputError, match="Another import is running on this server"):
        worker.run_import(request, access)
    release.set()
    first.join()
    assert outcome == ["done"]
    with pytest.raises(BiasInputError, match="done"):  # the slot is free again
        worker.run_import(request, access)


def test_the_child_imports_and_reports_progress(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "tiny.vec"
    path.write_bytes(b"2 2\nhaus 1 0\nkatze 0 1\n")
    seen: list[tuple[int, int]] = []
    request = worker.ImportRequest(worker.FILE, str(path), "tiny", "de", 10, label="Tiny.vec")
    info, report = worker.run_import(request, ServerAccess(), lambda b, w: seen.append((b, w)))
    assert (info.name, info.language, info.words, report.words) == ("tiny", "de", 2, 2)
    assert report.source == "Tiny.vec" and seen[-1] == (path.stat().st_size, 2)
    assert store.read_meta("tiny")["words"] == 2


def test_a_bad_file_is_the_readers_sentence(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "words.vec"
    path.write_bytes(b"alpha\nbeta\n")
    request = worker.ImportRequest(worker.FILE, str(path), "bad", "de", 10, label="words.vec")
    with pytest.raises(BiasInputError, match=r"^words\.vec does not look like text vectors"):
        worker.run_import(request, ServerAccess())
    assert not store.is_cached("bad")


def test_an_unknown_kind_is_a_bug_with_its_traceback(home: Path) -> None:
    request = worker.ImportRequest("ftp", "x", "x", "en", 10)
    bug = r"(?s)The import worker failed:.*unknown import kind 'ftp'"
    with pytest.raises(RuntimeError, match=bug):
        worker.run_import(request, ServerAccess())
