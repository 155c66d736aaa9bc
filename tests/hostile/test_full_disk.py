"""Issue 26, item 8: a full disk (and any other failed write) is a sentence, what was saved before
is unchanged, and a draft that cannot be written is said once without hiding the page.

The disk fills at the moment a write is flushed (`os.fsync` fails with ENOSPC, as it does on a
full file system with delayed allocation); every write of the product goes through it."""

from __future__ import annotations

import errno
import gzip
import os
import resource
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bias.discovery.curation import load_curation, replace_curation
from bias.errors import BiasInputError
from bias.vectors import store, visitor
from bias.vectors.server_access import ServerAccess
from bias.wordsets.editing import save_user_wordset, titled
from bias.wordsets.library import get_wordset, user_dir, user_wordsets
from tests.apptest import open_app
from tests.hostile.test_concurrent_saves import _candidates, _marked

ROOT = Path(__file__).resolve().parents[2]
FULL = "The server's disk is full, so this could not be saved; what was saved before is unchanged."


@pytest.fixture
def full_disk(monkeypatch):
    """From now on every flushed write fails as on a full disk."""

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def fill():
        monkeypatch.setattr(os, "fsync", no_space)

    return fill


def test_saving_a_word_set_on_a_full_disk_is_one_sentence_and_loses_nothing(home, full_disk):
    first = save_user_wordset(titled(get_wordset("weat7"), "Mine"))
    before = (user_dir() / f"{first.id}.json").read_bytes()
    full_disk()
    with pytest.raises(BiasInputError) as caught:
        save_user_wordset(titled(get_wordset("weat8"), "Mine"))
    assert str(caught.value).startswith(FULL) and str(home) not in str(caught.value)
    assert (user_dir() / f"{first.id}.json").read_bytes() == before
    assert list(user_wordsets()) == [first.id]
    assert not [p for p in user_dir().iterdir() if p.name.startswith(".")]


def test_a_curation_and_an_upload_on_a_full_disk_are_sentences(home, full_disk, monkeypatch):
    candidates = _candidates()
    replace_curation(candidates)
    full_disk()
    with pytest.raises(BiasInputError, match="disk is full"):
        replace_curation(_marked(candidates, 0.123))
    assert load_curation(candidates.embedding, candidates.wordset_id).table.equals(
        candidates.table)

    def no_room(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    with pytest.raises(BiasInputError, match="disk is full"):
        visitor.save_upload(b"2 1\na 1\nb 2\n", "small.vec", ServerAccess())


def _words(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}")


def test_typing_on_a_full_disk_keeps_the_page_and_says_so_once(home, full_disk):
    tab = open_app()
    full_disk()
    _words(tab, "X").input("doctor\nengineer").run()
    assert not tab.exception
    assert tab.title[0].value == "Is there bias in these words?"
    warnings = [w.value for w in tab.sidebar.warning]
    assert len(warnings) == 1 and "disk is full" in warnings[0]
    assert "a refresh would lose it" in warnings[0]
    _words(tab, "Y").input("nurse\nteacher").run()
    assert not tab.exception and not [w for w in tab.sidebar.warning if "disk" in w.value]
    next(b for b in tab.button if b.label == "Run test").click().run()
    assert not tab.exception and tab.metric  # the test still runs


def _no_room_for_more_than(size: int) -> None:
    """In a child process: every file written past `size` bytes fails with EFBIG, as a full disk
    fails with ENOSPC (a real limit of the kernel, inherited by the import worker)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))


def _small_vectors(path) -> None:
    """60 words × 50 dimensions: a 1 KB gzip whose cache (12 KB of vectors) does not fit 8 KB."""
    rows = "".join(f"w{i} " + " ".join(["0.5"] * 50) + "\n" for i in range(60))
    path.write_bytes(gzip.compress(f"60 50\n{rows}".encode()))


def test_an_import_on_a_full_disk_is_a_sentence_on_the_command_line_and_the_page(home, tmp_path):
    source = tmp_path / "small.vec.gz"
    _small_vectors(source)
    env = {**os.environ, "BIASWORDS_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "bias", "import", str(source), "--name", "full", "--language",
         "en", "--quiet"], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env,
        preexec_fn=lambda: _no_room_for_more_than(8000),
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "disk is full" in done.stderr and done.stderr.count("\n") == 1
    script = (
        "import sys\nfrom pathlib import Path\nfrom bias.errors import BiasInputError\n"
        "from bias.vectors import visitor\nfrom bias.vectors.server_access import ServerAccess\n"
        "try:\n    visitor.import_upload(Path(sys.argv[1]).read_bytes(), 'small.vec.gz', "
        "name='full', language='en', limit=1000, access=ServerAccess())\n"
        "except BiasInputError as exc:\n    print('SENTENCE', exc)\n"
    )
    page = subprocess.run([sys.executable, "-c", script, str(source)], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env=env,
                          preexec_fn=lambda: _no_room_for_more_than(8000))
    assert page.stdout.startswith("SENTENCE The server's disk is full"), page.stdout + page.stderr
    assert store.list_cached() == []
