"""Issue 41, items 6 and 7 for trained models: `reproduce --trained` hashes the stored file (one
byte changed is reported, exit 1, in one sentence) and WEAT refuses it; the provenance records
the 10,000-token cut and the versions of gensim and numpy."""

from __future__ import annotations

import importlib.metadata
import os
from pathlib import Path

import pytest

from bias.cli import main
from bias.corpus.options import MAX_CHUNK_TOKENS, TrainOptions
from bias.corpus.recheck import changed_since
from bias.corpus.train_corpus import train_corpus
from bias.report.corpus_text import recheck_text
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors import store
from bias.vectors.catalog import load_embedding
from tests.corpus.corpora import WEAT6, write_txt

QUICK = {"dimensions": 8, "epochs": 3, "min_count": 2}

SENTENCE = ("The vectors of 'kept' do not match the digest recorded when they were saved: the "
            "file was changed or damaged. Delete it and train it again.")


@pytest.fixture
def kept(tmp_path: Path) -> str:
    corpus = write_txt(tmp_path / "planted.txt", 1.0, count=200)
    train_corpus(corpus, name="kept", language="en", options=TrainOptions(**QUICK), workers=1)
    return "kept"


def test_the_trained_provenance_records_the_cut_and_numpys_version(kept: str):
    trained = store.read_meta(kept)["trained"]
    assert trained["chunk_tokens"] == MAX_CHUNK_TOKENS == 10_000
    assert trained["numpy"] == importlib.metadata.version("numpy")
    assert trained["gensim"] == importlib.metadata.version("gensim")
    # and so the provenance of every result computed on the model
    result = run_weat(load_embedding(kept), WEAT6, WeatOptions(ci_resamples=200, iterations=200))
    record = result.provenance.embedding.identity["trained"]
    assert (record["chunk_tokens"], record["numpy"]) == (10_000, trained["numpy"])
    assert result.provenance.libraries["numpy"] == trained["numpy"]
    assert changed_since(trained) == ()
    older = {**trained, "numpy": "1.0.0"}
    del older["chunk_tokens"]
    assert changed_since(older) == (
        f"numpy 1.0.0 then, {trained['numpy']} now",
        "the longest piece of a document given to gensim (words): unrecorded then, 10000 now")


def test_one_byte_changed_is_reported_by_reproduce_and_refused_by_weat(home: Path, kept: str,
                                                                       capsys):
    assert main(["reproduce", "--trained", kept]) == 0
    assert "the same bit for bit" in capsys.readouterr().out
    path = home / "embeddings" / kept / "vectors.npy"
    with path.open("r+b") as handle:
        handle.seek(-5, os.SEEK_END)
        byte = handle.read(1)
        handle.seek(-5, os.SEEK_END)
        handle.write(bytes([byte[0] ^ 0x10]))
    assert main(["reproduce", "--trained", kept]) == 1
    out = capsys.readouterr()
    assert out.out == SENTENCE + "\n" and out.err == ""
    assert main(["weat", "--embedding", kept, "--wordset", "weat6"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.strip().endswith(SENTENCE) and out.err.count("\n") == 1


def test_a_difference_names_what_changed_since_training():
    from bias.corpus.recheck import TrainingCheck

    check = TrainingCheck("m", "c.txt", "a" * 64, "b" * 64, "c" * 64, "different",
                          changed=("numpy 1.0.0 then, 2.1.0 now",))
    assert recheck_text(check).endswith("(numpy 1.0.0 then, 2.1.0 now).")
    plain = TrainingCheck("m", "c.txt", "a" * 64, "b" * 64, "c" * 64, "different")
    assert "a difference not explained here" in recheck_text(plain)
