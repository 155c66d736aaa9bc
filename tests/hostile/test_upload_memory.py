"""Item 3 (uploads): what one tab can pin in the server's memory by choosing a file is bounded
far below the import worker's limit, and every vector uploader says so (views/uploads.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from bias.vectors.server_access import ServerAccess
from tests.apptest import open_app

ROOT = Path(__file__).resolve().parents[2]


def test_streamlits_upload_bound_is_the_engines_and_far_below_the_import_workers():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    access = ServerAccess()
    assert config["server"]["maxUploadSize"] == access.max_upload_mb == 100
    assert access.max_upload_mb * 10 <= access.import_memory_mb


def test_the_embeddings_pages_uploaders_carry_their_bounds(home):
    app = open_app("views/embeddings.py")
    uploaders = {u.proto.label: u.proto for u in app.get("file_uploader")}
    vectors = uploaders["Vector file"]
    assert vectors.max_upload_size_mb == 100 and "up to 100 MB" in vectors.help
    assert "from an address or a path on the server" in vectors.help
    assert uploaders["Report or JSON"].max_upload_size_mb == 19  # bias.limits: 20,000,000 bytes
