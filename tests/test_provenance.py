"""Every WEAT result records where it comes from (bias.provenance), and the version has one
source."""

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import bias
from bias.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_pyprojects_everywhere(capsys):
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert bias.__version__ == expected
    out = subprocess.run([sys.executable, "-m", "bias", "--version"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert out == f"biaswords {expected}\n"


def test_an_exact_weat_json_keeps_its_bootstrap_seed_and_embedding_identity(capsys):
    assert main(["weat", "--wordset", "weat7", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "exact" and data["interval"]["seed"] == 7
    record = data["provenance"]
    assert record["version"] == bias.__version__ and record["software"] == "biaswords"
    assert set(record["libraries"]) == {"numpy", "scipy", "polars", "gensim"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", record["created"])
    embedding = record["embedding"]
    assert (embedding["name"], embedding["words"], embedding["dimensions"]) == (
        "glove-6b-50d", 400_000, 50)
    assert re.fullmatch(r"[0-9a-f]{64}", embedding["identity"]["sha256"])
    assert record["wordset"]["sets"]["X"]["words"][0] == "math"
    assert record["options"]["seed"] == 7 and record["options"]["ci_resamples"] == 10_000


def test_an_imported_embedding_is_identified_by_its_stored_sha256(home, capsys):
    from bias.vectors import store

    vec = home / "tiny.vec"
    vec.write_text("4 3\nman 1 0 0\nwoman 0 1 0\nmath 1 0.2 0\npoetry 0.1 1 0\n")
    assert main(["import", str(vec), "--name", "tiny", "--language", "en"]) == 0
    capsys.readouterr()
    path = home / "w.json"
    path.write_text(json.dumps({"X": ["math"], "Y": ["poetry"], "A": ["man"], "B": ["woman"]}))
    assert main(["weat", "--wordset", str(path), "--embedding", "tiny", "--json"]) == 0
    identity = json.loads(capsys.readouterr().out)["provenance"]["embedding"]["identity"]
    assert identity["kind"] == "imported"
    assert identity["sha256"] == store.read_meta("tiny")["sha256"]


def test_numpys_version_is_in_every_provenance_a_debiased_embeddings_too():
    """Issue 41, item 7: a WEAT result's provenance lists numpy (above); a debiased embedding's
    record of its making (`derived_from`) now does too, beside the software's version."""
    import importlib.metadata

    from bias.debiasing.protocol import DebiasOptions, debias
    from bias.vectors import store
    from bias.vectors.catalog import load_embedding
    from tests.debiasing.test_derived_and_protocol import INPUTS, synthetic

    store.save("parent", "en", synthetic(rows=400), source="synthetic vectors")
    debias(load_embedding("parent"), INPUTS, [], DebiasOptions(frequent=400, biased_per_side=50),
           save_as="parent-hard")
    made = store.read_meta("parent-hard")["derived_from"]
    assert made["libraries"]["numpy"] == importlib.metadata.version("numpy")
    assert made["software"] == bias.__version__
