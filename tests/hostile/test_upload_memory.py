"""Item 3 (uploads): what one tab can pin in the server's memory by choosing a file is bounded,
and copies held for tabs that have gone are removed (views/uploads.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import SimpleNamespace

from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec

from bias.vectors.access import ServerAccess
from views import uploads

ROOT = Path(__file__).resolve().parents[2]


def test_streamlits_upload_bound_is_the_engines_and_far_below_the_import_workers():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    access = ServerAccess()
    assert config["server"]["maxUploadSize"] == access.max_upload_mb == 100
    assert access.max_upload_mb * 10 <= access.import_memory_mb


def test_sweep_removes_the_files_of_sessions_that_are_gone_and_keeps_the_connected(monkeypatch):
    manager = MemoryUploadedFileManager("/_stcore/upload_file")
    for session in ("here", "gone", "also-gone"):
        manager.add_file(session, UploadedFileRec(f"{session}-1", "v.vec", "text/plain",
                                                  b"x" * 1_000_000))
    server = SimpleNamespace(uploaded_file_mgr=manager,
                             is_active_session=lambda session: session == "here")
    monkeypatch.setattr(uploads, "runtime", SimpleNamespace(exists=lambda: True,
                                                            get_instance=lambda: server))
    assert uploads.sweep() == 2
    assert list(manager.file_storage) == ["here"]
    assert [f.file_id for f in manager.get_files("here", ["here-1"])] == ["here-1"]
    assert manager.get_files("gone", ["gone-1"]) == []


def test_sweep_does_nothing_outside_a_server():
    assert uploads.sweep() == 0  # no Streamlit runtime in a plain test process
