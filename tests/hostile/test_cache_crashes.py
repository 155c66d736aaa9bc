"""Items 3, 4 and 12 (leftovers): killed replaces lose nothing, one name has one winner, killed
imports leave no folders. The kills are real: a child process dies with `os._exit` mid-replace."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from bias.cli import main
from bias.files import locked
from bias.vectors import store
from tests.hostile.helpers import small_vec

ROOT = Path(__file__).resolve().parents[2]

# Imports `path` as `name` with --replace, dying (no cleanup, as under SIGKILL) right after the
# rename number `die_after` (1: the old entry moved aside, before the new one is in place).
_KILLED_REPLACE = textwrap.dedent(
    """
    import os, sys
    from bias.vectors import store
    from bias.vectors.download import import_embedding
    real, count = os.rename, [0]
    def rename(src, dst):
        real(src, dst)
        count[0] += 1
        if count[0] == int(sys.argv[3]):
            os._exit(9)
    store.os.rename = rename
    import_embedding(sys.argv[1], name=sys.argv[2], language="en", replace=True)
    """
)


def killed_replace(path: Path, name: str, die_after: int) -> None:
    child = subprocess.run(
        [sys.executable, "-c", _KILLED_REPLACE, str(path), name, str(die_after)],
        cwd=ROOT, env=os.environ, capture_output=True, text=True,
    )
    assert child.returncode == 9, child.stderr


def test_a_kill_between_the_two_renames_keeps_the_old_embedding(home: Path, tmp_path: Path):
    main(["import", str(small_vec(tmp_path / "old.vec", n=30)), "--name", "news",
          "--language", "en", "--quiet"])
    old_rows = np.asarray(store.load_cached("news").vectors).copy()
    killed_replace(small_vec(tmp_path / "new.vec", n=50, seed=1), "news", die_after=1)
    assert not (home / "embeddings" / "news").exists()  # the moment the old code lost it
    assert [info.name for info in store.list_cached()] == ["news"]  # put back on listing
    np.testing.assert_array_equal(store.load_cached("news").vectors, old_rows)
    assert sorted(p.name for p in (home / "embeddings").iterdir()) == ["news"]
    # and the next import of that name (the old code deleted the hidden copy here) still works
    main(["import", str(tmp_path / "new.vec"), "--name", "news", "--language", "en", "--quiet",
          "--replace"])
    assert len(store.load_cached("news")) == 50


def test_a_kill_after_the_new_entry_is_in_keeps_the_new_one(home: Path, tmp_path: Path):
    main(["import", str(small_vec(tmp_path / "old.vec", n=30)), "--name", "news",
          "--language", "en", "--quiet"])
    killed_replace(small_vec(tmp_path / "new.vec", n=50, seed=1), "news", die_after=2)
    assert len(store.load_cached("news")) == 50
    store.list_cached()
    assert sorted(p.name for p in (home / "embeddings").iterdir()) == ["news"]


def test_concurrent_imports_under_one_name_have_one_winner(home: Path, tmp_path: Path):
    files = [small_vec(tmp_path / f"v{i}.vec", n=20 + i, seed=i) for i in range(8)]

    def run(path: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "bias", "import", str(path), "--name", "same",
             "--language", "en", "--quiet"],
            cwd=ROOT, env=os.environ, capture_output=True, text=True,
        )

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(run, files))
    winners = [i for i, r in enumerate(results) if r.returncode == 0]
    assert len(winners) == 1, [r.stderr for r in results]
    for r in results:
        if r.returncode:
            assert r.returncode == 2 and "already imported" in r.stderr, r.stderr
    assert len(store.load_cached("same")) == 20 + winners[0]


def test_leftovers_of_killed_imports_are_cleaned_but_not_those_of_running_ones(home: Path):
    folder = home / "embeddings"
    dead = folder / ".tmp-big+12345+abc"
    dead.mkdir(parents=True)
    (dead / "vectors.npy").write_bytes(b"x" * 1000)
    gone = folder / ".del-old+12345+abc" / "old"
    gone.mkdir(parents=True)
    (gone / "meta.json").write_text("{}")
    running = folder / ".tmp-busy+1+xyz"
    running.mkdir()
    with locked("embedding-busy"):
        assert store.list_cached() == []
        assert sorted(p.name for p in folder.iterdir()) == [".tmp-busy+1+xyz"]
    store.list_cached()
    assert list(folder.iterdir()) == []


def test_a_hidden_copy_left_by_the_old_code_is_restored(home: Path, tmp_path: Path):
    main(["import", str(small_vec(tmp_path / "a.vec")), "--name", "kept", "--language", "en",
          "--quiet"])
    hidden = home / "embeddings" / ".tmp-kept+12345+abc"
    hidden.mkdir()
    os.rename(home / "embeddings" / "kept", hidden / "kept")
    assert store.is_cached("kept")
    assert len(store.load_cached("kept")) == 40


@pytest.mark.parametrize("name", ["", "  "])
def test_deleting_an_empty_name_is_refused(name: str, capsys) -> None:
    assert main(["embeddings", "--delete", name]) == 2
    assert "needs the name of an imported embedding" in capsys.readouterr().err
