"""The import path end to end through the command line: file → cache → weat on it."""

import gzip
import json

import numpy as np
import pytest

from bias.cli import main
from bias.stats.weat import run_weat
from bias.vectors import store
from bias.vectors.download import import_embedding
from bias.vectors.embeddings import Embedding
from bias.wordsets.library import get_wordset


@pytest.fixture
def vec_file(tmp_path):
    """A .vec.gz with WEAT 7's words plus filler, written here, not by the project."""
    wordset = get_wordset("weat7")
    words = [w for s in wordset.sets().values() for w in s.words]  # 32 words
    words += [f"filler{i}" for i in range(40)]
    vectors = np.random.default_rng(11).normal(size=(len(words), 12)).astype(np.float32)
    path = tmp_path / "toy.vec.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(f"{len(words)} 12\n")
        for word, row in zip(words, vectors, strict=True):
            handle.write(word + " " + " ".join(repr(float(v)) for v in row) + "\n")
    return path, words, vectors


def test_import_then_weat_equals_direct_computation(home, vec_file, capsys):
    path, words, vectors = vec_file
    assert main(["import", str(path), "--name", "toy", "--language", "en", "--quiet"]) == 0
    assert "Imported toy (English): 72 words × 12 dimensions." in capsys.readouterr().out
    assert main(["weat", "--embedding", "toy", "--wordset", "weat7", "--json"]) == 0
    via_cache = json.loads(capsys.readouterr().out)
    direct = run_weat(Embedding.from_raw("direct", "en", words, vectors), get_wordset("weat7"))
    assert via_cache["effect_size"] == pytest.approx(direct.effect_size, abs=1e-6)
    assert via_cache["p_value"] == pytest.approx(direct.p_value)
    assert main(["embeddings", "--json"]) == 0
    names = {item["name"]: item for item in json.loads(capsys.readouterr().out)}
    assert names["toy"]["kind"] == "imported" and names["toy"]["words"] == 72
    assert main(["embeddings", "--delete", "toy"]) == 0
    assert not (home / "embeddings" / "toy").exists()


def test_import_without_a_name_takes_one_from_the_file_as_the_dashboard_does(home, vec_file,
                                                                             capsys):
    path, _, _ = vec_file
    assert main(["import", str(path), "--language", "en", "--quiet"]) == 0
    assert "Imported toy (English): 72 words" in capsys.readouterr().out
    assert store.read_meta("toy")["language"] == "en"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["import"], "Give one of: a vector file or address, --fasttext LL, or --spacy PIPELINE"),
        (["import", "x.vec", "--fasttext", "de"], "Give one of"),
        (["import", "x.vec"], "needs --language"),
        (["import", "/no/such.vec", "--name", "a", "--language", "en"], "There is no file"),
        (["import", "x.vec", "--name", "a", "--language", "en", "--limit", "0"], "not a positive"),
        (["embeddings", "--delete", "ghost"], "no imported embedding called 'ghost'"),
    ],
)
def test_import_bad_input(home, capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (home / "embeddings").exists() or not any((home / "embeddings").iterdir())


def test_an_upload_records_its_own_name_as_the_source(home, vec_file):
    path, _, _ = vec_file
    info, _ = import_embedding(path, name="up", language="en", label="uploaded file toy.vec.gz")
    assert info.source == "uploaded file toy.vec.gz"
    assert store.read_meta("up")["source"] == "uploaded file toy.vec.gz"
