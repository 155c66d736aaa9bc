"""Items 7 and 10 (meta.json): a damaged cache gives a sentence, never a verdict or a traceback,
and never hides the other embeddings."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from bias.cli import main
from bias.errors import BiasInputError
from bias.stats.weat import run_weat
from bias.vectors import catalog, store
from bias.vectors.download import import_embedding
from bias.wordsets.library import get_wordset
from tests.hostile.helpers import import_weat7


@pytest.fixture
def weat7(tmp_path: Path) -> str:
    """An imported embedding holding every word of WEAT 7."""
    return import_weat7(tmp_path, seed=3)


def damage_rows(home: Path, name: str, values: dict[int, float], *, record: bool = False) -> None:
    """Overwrite rows of `name`'s vectors; with `record`, meta.json's sha256 is made to match, as
    if the bad rows had been there when the file was saved (else loading refuses the file)."""
    path = home / "embeddings" / name / "vectors.npy"
    matrix = np.load(path)
    for row, value in values.items():
        matrix[row] = value
    np.save(path, matrix)
    if record:
        meta_path = home / "embeddings" / name / "meta.json"
        meta = json.loads(meta_path.read_text())
        meta["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
        meta_path.write_text(json.dumps(meta))


def test_a_nan_and_a_zero_row_give_no_verdict(home: Path, weat7: str, capsys) -> None:
    damage_rows(home, weat7, {0: np.nan, 20: 0.0}, record=True)
    embedding = catalog.load_embedding(weat7)
    with pytest.raises(BiasInputError, match=r"are damaged \(NaN, infinite or all zero\)"):
        run_weat(embedding, get_wordset("weat7"))
    assert main(["weat", "--embedding", weat7, "--wordset", "weat7"]) == 2
    out = capsys.readouterr()
    assert "Bias detected" not in out.out and "--verify w7" in out.err


def test_verify_reports_the_checksum_and_the_bad_rows(home: Path, weat7: str, capsys) -> None:
    assert main(["embeddings", "--verify", weat7]) == 0
    assert "matches its sha256" in capsys.readouterr().out
    damage_rows(home, weat7, {0: np.nan, 1: np.inf, 20: 0.0})
    assert main(["embeddings", "--verify", weat7]) == 2
    err = capsys.readouterr().err
    assert "does not match the sha256" in err and "2 rows hold NaN or infinite" in err
    assert "1 rows are all zero" in err and err.count("\n") == 1
    verification = store.verify(weat7)
    assert (verification.ok, verification.non_finite_rows, verification.zero_rows) == (False, 2, 1)


@pytest.mark.parametrize(
    ("meta", "problem"),
    [
        ({"words": "many"}, "has no positive whole number 'words'"),
        ({"dimensions": True}, "has no positive whole number 'dimensions'"),
        ({"language": ["en"]}, "has no text 'language'"),
        ({"name": "someone-else"}, "names another embedding"),
        ({"subwords": {"min_n": "3"}}, "wrong 'subwords'"),
        ([1, 2], "is not a JSON object"),
        ("[" * 100_000, "cannot be read"),
        (None, "is missing"),
    ],
)
def test_a_wrong_meta_json_is_listed_as_damaged_and_hides_nothing(
    home: Path, weat7: str, tmp_path: Path, capsys, meta: object, problem: str
) -> None:
    (tmp_path / "b.vec").write_bytes(b"2 2\nx 1 0\ny 0 1\n")
    import_embedding(tmp_path / "b.vec", name="broken", language="en")
    path = home / "embeddings" / "broken" / "meta.json"
    if meta is None:
        path.unlink()
    elif isinstance(meta, str):
        path.write_text(meta)
    elif isinstance(meta, dict):
        path.write_text(json.dumps({**json.loads(path.read_text()), **meta}))
    else:
        path.write_text(json.dumps(meta))
    assert [info.name for info in store.list_cached()] == [weat7]
    [damaged] = store.list_damaged()
    assert damaged.name == "broken" and problem in damaged.problem
    assert main(["embeddings"]) == 0
    out = capsys.readouterr().out
    assert weat7 in out and "broken" in out and "damaged" in out
    assert main(["embeddings", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert {item["name"]: item["kind"] for item in listing}["broken"] == "damaged"
    assert main(["weat", "--embedding", "broken", "--wordset", "weat7"]) == 2
    assert problem in capsys.readouterr().err
    assert main(["embeddings", "--delete", "broken"]) == 0
    assert store.list_damaged() == []


def test_vectors_of_the_wrong_shape_are_a_sentence(home: Path, weat7: str) -> None:
    np.save(home / "embeddings" / weat7 / "vectors.npy", np.zeros((3, 10), dtype=np.float32))
    with pytest.raises(BiasInputError, match=r"meta\.json announces 32 × 10 vectors"):
        store.load_cached(weat7)
    np.save(home / "embeddings" / weat7 / "vectors.npy", np.array([{"a": 1}], dtype=object))
    with pytest.raises(BiasInputError, match="The cache of 'w7' is damaged"):
        store.load_cached(weat7)
