"""A visitor's upload is kept under a name of safe characters, by its content; the server's
corpora are only the files of the operator's folder."""

import pytest

from bias.corpus.sources import ENV, keep_upload, server_corpora
from bias.errors import BiasInputError


def test_an_upload_is_kept_by_content_under_a_safe_name(home):
    path = keep_upload(b"some text\n", "../../etc/évil name.txt")
    assert path.is_relative_to(home / "corpora") and path.name == "vil-name.txt"
    assert keep_upload(b"some text\n", "other.txt").parent == path.parent
    with pytest.raises(BiasInputError, match="not a corpus file"):
        keep_upload(b"x", "model.pkl")


def test_server_corpora_are_the_operators_folder_only(tmp_path, monkeypatch):
    assert server_corpora() == []
    (tmp_path / "a.csv").write_text("text\nx\n", encoding="utf-8")
    (tmp_path / "b.bin").write_bytes(b"\0")
    (tmp_path / "link.txt").symlink_to(tmp_path / "a.csv")
    monkeypatch.setenv(ENV, str(tmp_path))
    assert [p.name for p in server_corpora()] == ["a.csv"]
