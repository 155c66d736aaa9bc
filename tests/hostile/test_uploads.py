"""Items 11 and 12 (uploads and paths): hostile file names, special files and the messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from bias.cli import main
from bias.vectors import store, visitor
from bias.vectors.server_access import ServerAccess

VECTORS = b"3 2\nhaus 1 0\nkatze 0 1\nhund 1 1\n"


@pytest.mark.parametrize(
    ("filename", "name"),
    [("n" * 250 + ".vec", "n" * 64), ("evil\x00name.vec", "evil-name"), ("../../etc.vec", "etc")],
)
def test_hostile_upload_names_import_under_a_derived_name(home: Path, filename: str, name: str):
    info, _ = visitor.import_upload(
        VECTORS, filename, name=visitor.chosen_name("", filename), language="de", limit=10,
        access=ServerAccess(),
    )
    assert info.name == name and [i.name for i in store.list_cached()] == [name]
    assert "\x00" not in store.read_meta(name)["source"]
    assert list((home / "uploads").iterdir()) == []


@pytest.mark.parametrize(
    ("path", "message"),
    [("/dev/zero", "is not a regular file"), ("{tmp}", "is a folder"),
     ("{tmp}/missing.vec", "There is no file at")],
)
def test_special_paths_get_their_own_sentence_on_the_command_line(
    tmp_path: Path, capsys, path: str, message: str
) -> None:
    argv = ["import", path.format(tmp=tmp_path), "--name", "x", "--language", "en", "--quiet"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
