"""Issue 41, item 6: a stored embedding's vectors are checked against their recorded sha256 when
loaded, once per version of the file; one byte changed is refused in one sentence, and no number
is computed on it. Stored files are read as regular files only."""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

import pytest

from bias.cli import main
from bias.errors import BiasInputError
from bias.vectors import catalog, digests, store
from tests.hostile.helpers import import_weat7

SENTENCE = ("The vectors of 'w7' do not match the digest recorded when they were saved: the file "
            "was changed or damaged. Delete it and import it again.")


@pytest.fixture
def weat7(tmp_path: Path) -> str:
    return import_weat7(tmp_path, seed=5)


def flip_one_byte(path: Path, offset: int = -3) -> None:
    """One byte of the file changed in place: same size, same inode."""
    with path.open("r+b") as handle:
        handle.seek(offset, os.SEEK_END)
        byte = handle.read(1)
        handle.seek(offset, os.SEEK_END)
        handle.write(bytes([byte[0] ^ 0x01]))


def test_the_digest_is_the_files_and_kept_only_for_a_settled_unchanged_file(tmp_path: Path):
    path = tmp_path / "a.bin"
    path.write_bytes(b"x" * 100_000)
    assert digests.file_sha256(path) == hashlib.sha256(b"x" * 100_000).hexdigest()
    assert not any(key[0] == str(path) for key in digests._known)  # just written: not kept
    old = time.time() - 10
    os.utime(path, (old, old))
    first = digests.file_sha256(path)
    # utime itself changed the status-change time just now: still recent, so not kept yet
    assert first == hashlib.sha256(b"x" * 100_000).hexdigest()
    flip_one_byte(path)
    assert digests.file_sha256(path) != first  # same size, same inode: hashed again


def test_a_kept_digest_is_used_while_the_file_is_unchanged(tmp_path: Path, monkeypatch):
    path = tmp_path / "b.bin"
    path.write_bytes(b"y" * 1000)
    monkeypatch.setattr(digests, "RECENT_NS", -10**12)  # every file counts as settled
    first = digests.file_sha256(path)
    hashed = []
    real = hashlib.sha256
    monkeypatch.setattr(digests.hashlib, "sha256", lambda: hashed.append(1) or real())
    assert digests.file_sha256(path) == first and hashed == []  # a stat, no read
    flip_one_byte(path)
    assert digests.file_sha256(path) != first and hashed == [1]


def test_links_fifos_and_devices_are_not_read(tmp_path: Path):
    real = tmp_path / "real.bin"
    real.write_bytes(b"z")
    (tmp_path / "link").symlink_to(real)
    (tmp_path / "device").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "fifo")
    for name in ("link", "device", "fifo"):
        with pytest.raises(digests.NotARegularFile):
            digests.file_sha256(tmp_path / name)  # a FIFO would block, /dev/zero never end
    with pytest.raises(digests.NotARegularFile):
        digests.check_regular(tmp_path)


def test_one_byte_changed_makes_weat_refuse_in_one_sentence(home: Path, weat7: str, capsys):
    assert main(["weat", "--embedding", weat7, "--wordset", "weat7", "--json"]) == 0
    capsys.readouterr()
    flip_one_byte(home / "embeddings" / weat7 / "vectors.npy")
    assert main(["weat", "--embedding", weat7, "--wordset", "weat7"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.strip().endswith(SENTENCE)
    assert out.err.count("\n") == 1 and "Traceback" not in out.err
    with pytest.raises(BiasInputError) as caught:
        catalog.load_embedding(weat7)
    assert str(caught.value) == SENTENCE


def test_weat_refuses_in_a_fresh_process_with_exit_2(home: Path, weat7: str):
    import subprocess
    import sys

    flip_one_byte(home / "embeddings" / weat7 / "vectors.npy", offset=-40)
    done = subprocess.run([sys.executable, "-m", "bias", "weat", "--embedding", weat7,
                           "--wordset", "weat7"], capture_output=True, text=True,
                          env={**os.environ, "BIASWORDS_HOME": str(home)},
                          cwd=Path(__file__).resolve().parents[2], check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().endswith(SENTENCE) and done.stderr.count("\n") == 1


def test_a_stored_file_that_is_a_link_or_a_fifo_is_damaged_not_read(home: Path, weat7: str):
    folder = home / "embeddings" / weat7
    (folder / "words.txt").unlink()
    (folder / "words.txt").symlink_to("/dev/zero")
    with pytest.raises(BiasInputError, match=r"damaged \(words.txt is a link"):
        store.load_cached(weat7)
    (folder / "words.txt").unlink()
    os.mkfifo(folder / "words.txt")
    with pytest.raises(BiasInputError, match=r"words\.txt is not a regular file"):
        store.load_cached(weat7)


def test_a_missing_digest_is_refused_and_verify_still_reports(home: Path, weat7: str):
    meta_path = home / "embeddings" / weat7 / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta_path.write_text(json.dumps({**meta, "sha256": ""}))
    with pytest.raises(BiasInputError, match="do not match the digest recorded"):
        store.load_cached(weat7)
    meta_path.write_text(json.dumps(meta))
    flip_one_byte(home / "embeddings" / weat7 / "vectors.npy")
    found = store.verify(weat7)  # reports the mismatch instead of refusing to look
    assert not found.ok and found.expected_sha256 == meta["sha256"] != found.actual_sha256


def test_the_word_list_is_checked_too(home: Path, weat7: str, capsys):
    """Two words swapped in words.txt (same size, same rows) would give each the other's vector."""
    folder = home / "embeddings" / weat7
    meta = json.loads((folder / "meta.json").read_text())
    words = (folder / "words.txt").read_bytes()
    assert meta["files"] == {"words.txt": hashlib.sha256(words).hexdigest()}
    first, second, *rest = words.split(b"\n")
    (folder / "words.txt").write_bytes(b"\n".join([second, first, *rest]))
    assert main(["weat", "--embedding", weat7, "--wordset", "weat7"]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "The file words.txt of 'w7' does not match the digest recorded when it was saved: it "
        "was changed or damaged. Delete the embedding and import it again.")
    (folder / "meta.json").write_text(json.dumps({**meta, "files": {"other.txt": "x"}}))
    assert [d.problem for d in store.list_damaged()] == [
        "The cache of 'w7' is damaged (its meta.json has a wrong 'files' list); delete it "
        "(`python -m bias embeddings --delete w7` or the Embeddings page) and import it again."]


def test_a_meta_json_that_is_a_fifo_a_device_or_huge_is_damaged_not_read(home: Path, weat7: str):
    meta = home / "embeddings" / weat7 / "meta.json"
    kept = meta.read_bytes()
    meta.unlink()
    os.mkfifo(meta)  # a read would wait for a writer forever
    [damaged] = store.list_damaged()
    assert "its meta.json cannot be read" in damaged.problem
    meta.unlink()
    meta.symlink_to("/dev/zero")  # a read would never end
    assert "its meta.json cannot be read" in store.list_damaged()[0].problem
    meta.unlink()
    meta.write_bytes(kept[:-1] + b" " * store.MAX_META_BYTES + b"}")
    assert "its meta.json cannot be read" in store.list_damaged()[0].problem
    meta.write_bytes(kept)
    assert store.list_damaged() == [] and store.load_cached(weat7).name == weat7


def test_the_kept_digests_are_bounded(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(digests, "RECENT_NS", -10**12)
    monkeypatch.setattr(digests, "MAX_KEPT", 3)
    monkeypatch.setattr(digests, "_known", digests.OrderedDict())
    paths = [tmp_path / f"{i}.bin" for i in range(5)]
    for i, path in enumerate(paths):
        path.write_bytes(bytes([i]))
        digests.file_sha256(path)
    assert [key[0] for key in digests._known] == [str(p) for p in paths[2:]]
