"""The cache of imported embeddings: layout, round trip, names, atomicity and the catalog link."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.vectors import catalog, entry_files, store
from bias.vectors.import_report import ImportReport, RawVectors


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def raw(n: int = 30, dim: int = 6, seed: int = 0) -> RawVectors:
    rng = np.random.default_rng(seed)
    report = ImportReport("test", "text vectors", dimensions=dim, words=n, lines_read=n)
    return RawVectors([f"w{i}" for i in range(n)], rng.standard_normal((n, dim)), report)


def entries(home: Path) -> list[str]:
    folder = home / "embeddings"
    return sorted(path.name for path in folder.iterdir()) if folder.exists() else []


def test_round_trip_and_layout(home: Path) -> None:
    original = raw()
    info = store.save("sv-test", "sv", original, source="test.vec")
    assert (info.name, info.language, info.words, info.dimensions, info.kind) == (
        "sv-test", "sv", 30, 6, "imported"
    )
    folder = home / "embeddings" / "sv-test"
    assert sorted(p.name for p in folder.iterdir()) == ["meta.json", "vectors.npy", "words.txt"]
    meta = json.loads((folder / "meta.json").read_text())
    assert meta["sha256"] == hashlib.sha256((folder / "vectors.npy").read_bytes()).hexdigest()
    assert meta["source"] == "test.vec" and meta["report"]["words"] == 30 and meta["created"]

    embedding = store.load_cached("sv-test")
    assert isinstance(embedding.vectors, np.memmap) and not embedding.vectors.flags.writeable
    assert embedding.vectors.dtype == np.float32
    assert list(embedding.words) == original.words
    unit = original.vectors / np.linalg.norm(original.vectors, axis=1, keepdims=True)
    np.testing.assert_allclose(embedding.vectors, unit, atol=1e-6)
    assert store.read_meta("sv-test")["summary"].startswith("Kept 30 words")


def test_catalog_lists_loads_and_forgets_imported_embeddings() -> None:
    store.save("it-test", "it", raw(), source="test.vec")
    names = [info.name for info in catalog.available_embeddings()]
    assert "it-test" in names and catalog.DEFAULT_EMBEDDING in names
    first = catalog.load_embedding("it-test")
    assert catalog.load_embedding("it-test") is first
    store.delete_cached("it-test")
    assert store.list_cached() == []
    with pytest.raises(BiasInputError, match="There is no embedding called 'it-test'"):
        catalog.load_embedding("it-test")


def test_the_catalog_keeps_the_bundled_glove_and_drops_the_oldest_imported_one() -> None:
    glove = catalog.load_embedding(catalog.DEFAULT_EMBEDDING)
    names = [f"sv-test{i}" for i in range(catalog.MAX_LOADED + 1)]
    loaded = {}
    for i, name in enumerate(names):
        store.save(name, "sv", raw(seed=i), source="test.vec")
        loaded[name] = catalog.load_embedding(name)
    assert catalog.load_embedding(catalog.DEFAULT_EMBEDDING) is glove  # never dropped
    assert all(catalog.load_embedding(name) is loaded[name] for name in names[1:])
    assert catalog.load_embedding(names[0]) is not loaded[names[0]]  # the oldest was dropped


def test_reimport_needs_replace_and_the_catalog_sees_the_new_vectors(home: Path) -> None:
    store.save("fr-test", "fr", raw(seed=1), source="a.vec")
    old = catalog.load_embedding("fr-test")
    with pytest.raises(BiasInputError, match="already imported; delete it or choose another name"):
        store.save("fr-test", "fr", raw(seed=2), source="b.vec")
    store.save("fr-test", "fr", raw(n=10, seed=2), source="b.vec", replace=True)
    new = catalog.load_embedding("fr-test")
    assert new is not old and len(new) == 10 and new.source == "b.vec"
    assert entries(home) == ["fr-test"]


@pytest.mark.parametrize("name", ["", "Caps", "with space", "../up", ".hidden", "a/b", "x" * 65])
def test_bad_names_are_refused(home: Path, name: str) -> None:
    with pytest.raises(BiasInputError, match="cannot name an embedding"):
        store.save(name, "de", raw(), source="x")
    assert entries(home) == []


def test_the_bundled_name_is_refused() -> None:
    with pytest.raises(BiasInputError, match="is the bundled embedding"):
        store.save(catalog.DEFAULT_EMBEDDING, "en", raw(), source="x")


@pytest.mark.parametrize("language", ["", "DE", "german", "d1"])
def test_bad_language_codes_are_refused(language: str) -> None:
    with pytest.raises(BiasInputError, match="is not a language code"):
        store.save("ok", language, raw(), source="x")


def test_a_failed_write_leaves_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(entry_files, "write_file", full_disk)
    with pytest.raises(OSError, match="No space left"):
        store.save("de-test", "de", raw(), source="x")
    assert entries(home) == []


def test_leftovers_of_a_killed_import_are_removed(home: Path) -> None:
    dead = home / "embeddings" / ".tmp-de-test+999999999+abc"
    dead.mkdir(parents=True)
    (dead / "vectors.npy").write_bytes(b"half")
    store.save("de-test", "de", raw(), source="x")
    assert entries(home) == ["de-test"]
    assert [info.name for info in store.list_cached()] == ["de-test"]


def test_unknown_and_damaged_entries(home: Path) -> None:
    with pytest.raises(BiasInputError, match="no imported embedding called 'nope'"):
        store.load_cached("nope")
    with pytest.raises(BiasInputError, match="no imported embedding called 'nope'"):
        store.delete_cached("nope")
    store.save("rm-test", "rm", raw(), source="x")
    (home / "embeddings" / "rm-test" / "vectors.npy").write_bytes(b"not numpy")
    with pytest.raises(BiasInputError, match="The cache of 'rm-test' is damaged"):
        store.load_cached("rm-test")
    (home / "embeddings" / "rm-test" / "meta.json").write_text("{")
    assert store.list_cached() == []


def test_temporary_directories_are_not_listed(home: Path) -> None:
    store.save("de-test", "de", raw(), source="x")
    (home / "embeddings" / f".tmp-en+{os.getpid()}+x").mkdir()
    assert [info.name for info in store.list_cached()] == ["de-test"]


def test_a_word_with_a_carriage_return_survives_the_round_trip(tmp_path: Path) -> None:
    """Windows line endings and a stray \\r inside a word must not shift the vocabulary."""
    from bias.vectors.download import import_embedding

    path = tmp_path / "crlf.vec"
    path.write_bytes(b"3 2\r\nman 0.1 0.2\r\nwo\rman 0.3 0.1\r\nthird 1 2\r\n")
    info, _ = import_embedding(path, name="crlf", language="en")
    embedding = catalog.load_embedding("crlf")
    assert info.words == 3 and list(embedding.words) == ["man", "wo\rman", "third"]
    assert embedding.lookup("third").found


def test_rows_handed_over_in_part_are_written_again_from_the_vectors(home: Path) -> None:
    """If a reader handed over only some rows (never the text reader, which hands all), commit
    writes the file from the vectors it got, as `save` does."""
    whole = raw(n=8, dim=3)
    with store.importing("part-test", "de") as entry:
        entry.open_rows(10, 3).add(whole.vectors[:5])
        entry.commit(whole, source="x")
    stored = (home / "embeddings" / "part-test" / "vectors.npy").read_bytes()
    expected = store.load_cached("part-test").vectors
    np.testing.assert_allclose(expected, whole.vectors / np.linalg.norm(
        whole.vectors, axis=1, keepdims=True), rtol=1e-6)
    assert store.read_meta("part-test")["sha256"] == hashlib.sha256(stored).hexdigest()
    assert entries(home) == ["part-test"]
