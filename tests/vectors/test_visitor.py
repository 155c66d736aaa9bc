"""The rules of dashboard imports (`bias.vectors.visitor`): names, uploads, server paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from bias.errors import BiasInputError
from bias.vectors import store, visitor
from bias.vectors.server_access import ServerAccess


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("My Vectors (DE).vec.gz", "my-vectors-de"),
        ("/data/cc.it.300.vec.gz", "cc"),
        ("https://example.org/path/news_sv.vec?x=1", "news_sv"),
        ("C:\\Users\\me\\wiki.de.vec", "wiki"),
        ("x" * 250 + ".vec", "x" * 64),
        ("a\x00b.vec", "a-b"),
        ("....vec", "embedding"),
        ("Übersetzung.vec", "bersetzung"),
    ],
)
def test_cache_names_are_derived_valid(source: str, name: str) -> None:
    assert visitor.cache_name(source) == name
    assert store.check_name(visitor.cache_name(source))


def test_a_typed_name_wins() -> None:
    assert visitor.chosen_name("  News-DE ", "x.vec") == "news-de"
    assert visitor.chosen_name("", "x.vec") == "x"


@pytest.mark.parametrize(
    ("filename", "suffix"),
    [("a.vec", ".vec"), ("A.VEC.GZ", ".vec.gz"), ("w2v.bin", ".bin"), ("x.txt.gz", ".txt.gz")],
)
def test_upload_suffixes(filename: str, suffix: str) -> None:
    assert visitor.upload_suffix(filename) == suffix


@pytest.mark.parametrize("filename", ["model.kv", "x.pkl", "notes.pdf", "noext"])
def test_other_uploads_are_refused(filename: str) -> None:
    with pytest.raises(BiasInputError, match=r"pickle|not a vector file this server accepts"):
        visitor.upload_suffix(filename)


def test_an_upload_is_written_under_our_own_name(home: Path) -> None:
    long = "ä" * 250 + "\x00.vec"
    path = visitor.save_upload(b"1 1\na 1\n", long, ServerAccess())
    assert path.parent == home / "uploads" and path.name.startswith("upload-")
    assert path.suffix == ".vec" and path.read_bytes() == b"1 1\na 1\n"


def test_the_engine_bounds_the_upload_size(home: Path) -> None:
    with pytest.raises(BiasInputError, match="accepts uploads up to 1 MB"):
        visitor.save_upload(b"x" * (1 << 20 | 1), "big.vec", ServerAccess(max_upload_mb=1))
    assert not list((home / "uploads").glob("*")) if (home / "uploads").exists() else True


def test_errors_name_the_uploaded_file_not_the_temporary_copy(home: Path) -> None:
    with pytest.raises(BiasInputError) as caught:
        visitor.import_upload(
            b"\x1f\x8b\x08\x00garbage", "my-vectors.vec.gz", name="x", language="en",
            limit=10, access=ServerAccess(),
        )
    assert "my-vectors.vec.gz" in str(caught.value) and "upload-" not in str(caught.value)
    assert list((home / "uploads").iterdir()) == []  # the copy is removed


def test_an_upload_imports_through_the_worker(home: Path) -> None:
    seen: list[tuple[int, int]] = []
    info, report = visitor.import_upload(
        b"2 2\nhaus 1 0\nkatze 0 1\n", "Tiny.vec", name="tiny", language="de", limit=10,
        access=ServerAccess(), progress=lambda b, w: seen.append((b, w)),
    )
    assert (info.name, info.words, report.words) == ("tiny", 2, 2)
    assert store.read_meta("tiny")["source"] == "Tiny.vec" and seen[-1][1] == 2
