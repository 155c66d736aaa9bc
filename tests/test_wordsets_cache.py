"""The word-set folders are read once and again only when a file changes: a saved set is listed on
the next call, a changed file is re-read, and one user folder's sets never reach another's."""

import dataclasses
import json
import os
import shutil

import pytest

from bias.errors import BiasInputError
from bias.files import write_text_atomic
from bias.wordsets import library
from bias.wordsets.editing import save_user_wordset
from bias.wordsets.library import (
    all_wordsets,
    bundled_wordsets,
    damaged_user_wordsets,
    get_wordset,
    user_wordsets,
)


@pytest.fixture
def bundled(tmp_path, monkeypatch):
    """A bundled folder of two real files (weat7, weat8) that a test may change."""
    folder = tmp_path / "bundled"
    folder.mkdir()
    for name in ("weat7.json", "weat8.json"):
        shutil.copy(library.BUNDLED_DIR / name, folder / name)
    monkeypatch.setattr(library, "BUNDLED_DIR", folder)
    return folder


def retitled(path, title):
    data = json.loads(path.read_text(encoding="utf-8"))
    data["title"] = title
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def test_a_saved_set_is_listed_on_the_next_call(home):
    assert user_wordsets() == {}
    saved = save_user_wordset(dataclasses.replace(get_wordset("weat7"), id="mine", title="Mine"))
    assert user_wordsets()["mine"] == saved
    assert "mine" in {ws.id for ws in all_wordsets("en")}
    # written by another process (the command line) while the dashboard runs
    other = dataclasses.replace(saved, id="theirs", title="Theirs")
    write_text_atomic(home / "wordsets" / "theirs.json", json.dumps(other.to_dict()))
    assert set(user_wordsets()) == {"mine", "theirs"}
    (home / "wordsets" / "mine.json").unlink()
    assert set(user_wordsets()) == {"theirs"}


def test_a_bundled_file_changed_in_place_is_read_again(bundled):
    assert bundled_wordsets()["weat7"].title.startswith("WEAT 7")
    path = bundled / "weat7.json"
    before = path.stat()
    text = retitled(path, "Changed")
    with path.open("w", encoding="utf-8") as handle:  # same file, not a new one
        handle.write(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000))
    assert path.stat().st_ino == before.st_ino
    assert bundled_wordsets()["weat7"].title == "Changed"
    assert get_wordset("weat7").title == "Changed"


def test_a_bundled_file_replaced_with_the_same_size_and_time_is_read_again(bundled):
    path = bundled / "weat8.json"
    assert bundled_wordsets()["weat8"].title.startswith("WEAT 8")
    before = path.stat()
    old_title = bundled_wordsets()["weat8"].title
    new_title = "x" * len(old_title)  # same length: the size does not change
    write_text_atomic(path, retitled(path, new_title))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # nor the time
    assert path.stat().st_size == before.st_size
    assert bundled_wordsets()["weat8"].title == new_title


def test_a_bundled_file_added_or_removed_is_noticed(bundled):
    assert set(bundled_wordsets()) == {"weat7", "weat8"}
    (bundled / "weat8.json").unlink()
    assert set(bundled_wordsets()) == {"weat7"}


def test_one_folder_never_gets_another_folders_sets(home, tmp_path, monkeypatch):
    first = save_user_wordset(dataclasses.replace(get_wordset("weat7"), id="a", title="A's"))
    assert set(user_wordsets()) == {"a"}
    other = tmp_path / "other-home"
    monkeypatch.setenv("BIASWORDS_HOME", str(other))
    assert user_wordsets() == {} and damaged_user_wordsets() == {}
    assert "a" not in {ws.id for ws in all_wordsets()}
    with pytest.raises(BiasInputError, match="There is no word set 'a'"):
        get_wordset("a")
    save_user_wordset(dataclasses.replace(first, id="b", title="B's"))
    assert set(user_wordsets()) == {"b"}
    monkeypatch.setenv("BIASWORDS_HOME", str(home))
    assert set(user_wordsets()) == {"a"}


def test_a_changed_answer_never_changes_the_cache(home):
    save_user_wordset(dataclasses.replace(get_wordset("weat7"), id="a", title="A's"))
    user_wordsets().clear()
    bundled_wordsets().clear()
    assert set(user_wordsets()) == {"a"} and "weat7" in bundled_wordsets()


def test_a_damaged_file_is_listed_until_it_is_mended(home):
    folder = home / "wordsets"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    assert user_wordsets() == {}
    assert "not valid JSON" in damaged_user_wordsets()["broken.json"]
    mended = dataclasses.replace(get_wordset("weat7"), id="broken", title="Mended")
    write_text_atomic(folder / "broken.json", json.dumps(mended.to_dict()))
    assert user_wordsets()["broken"].title == "Mended"
    assert damaged_user_wordsets() == {}


def test_a_dangling_link_is_a_damaged_file_not_a_silent_gap(home):
    folder = home / "wordsets"
    folder.mkdir()
    (folder / "gone.json").symlink_to(folder / "nowhere.json")
    assert "There is no word-set file" in damaged_user_wordsets()["gone.json"]


def test_every_bundled_id_is_found_by_its_own_file():
    everything = bundled_wordsets()
    for id_, wordset in everything.items():
        assert library._BUNDLED_ID.fullmatch(id_), id_
        assert get_wordset(id_) == wordset


def test_a_user_set_is_found_when_no_bundled_file_has_its_id(home):
    saved = save_user_wordset(dataclasses.replace(get_wordset("weat7"), id="mine", title="Mine"))
    assert get_wordset("mine") == saved
    assert get_wordset("weat7").origin == "bundled"
