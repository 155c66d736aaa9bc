"""Each measure asks for what it needs (issue 27): SC-WEAT and WEFAT from a file of attribute
sets alone, in either file form, equal to the values with a four-set file; a file that lacks what
the chosen measure needs is one sentence naming the measure."""

import json

import pytest

from tests.command import run

MALE, FEMALE = ["he", "man", "him", "his"], ["she", "woman", "her", "hers"]



@pytest.fixture
def files(tmp_path):
    named = tmp_path / "sc.json"
    named.write_text(json.dumps({"attributes": {"male": MALE, "female": FEMALE}}))
    keyed = tmp_path / "sc2.json"
    keyed.write_text(json.dumps({"A": MALE, "B": FEMALE}))
    full = tmp_path / "full.json"
    full.write_text(json.dumps({"X": ["math"], "Y": ["poetry"], "A": MALE, "B": FEMALE}))
    one = tmp_path / "one.json"
    one.write_text(json.dumps({"attributes": {"male": MALE}}))
    values = tmp_path / "values.csv"
    values.write_text("word,value\nnurse,87\nengineer,16\nteacher,70\nplumber,2\n")
    return {"named": named, "keyed": keyed, "full": full, "one": one, "values": values}


def per_word(out: str) -> dict[str, float]:
    return {row["word"]: row["value"] for row in json.loads(out)["per_word"]}


def test_sc_weat_from_attribute_sets_alone_equals_the_four_set_file(capsys, files):
    results = []
    for kind in ("named", "keyed", "full"):
        code, out, err = run(capsys, "measure", "sc-weat", "--words", "nurse,engineer",
                             "--wordset", files[kind], "--json")
        assert (code, err) == (0, "")
        results.append(per_word(out))
    assert list(results[0]) == ["nurse", "engineer"]
    assert results[0] == results[1] == results[2]
    assert results[0]["nurse"] < 0 < results[0]["engineer"]  # nurse leans to B (female)


def test_wefat_from_attribute_sets_alone(capsys, files):
    outs = [run(capsys, "measure", "wefat", "--values", files["values"], "--wordset",
                files[kind], "--json") for kind in ("named", "full")]
    assert all(code == 0 for code, _, _ in outs)
    assert json.loads(outs[0][1])["value"] == json.loads(outs[1][1])["value"]


@pytest.mark.parametrize("metric", ["sc-weat", "wefat"])
def test_one_attribute_set_is_a_sentence_naming_the_measure(capsys, files, metric):
    extra = ["--words", "nurse"] if metric == "sc-weat" else ["--values", files["values"]]
    code, out, err = run(capsys, "measure", metric, *extra, "--wordset", files["one"])
    label = {"sc-weat": "SC-WEAT", "wefat": "WEFAT"}[metric]
    assert code == 2 and out == ""
    assert err.startswith(f"measure: {label} needs exactly 2 attribute sets")
    assert err.rstrip().endswith("this word set has 1.") and "\n" not in err.rstrip()


def test_a_targets_only_file_for_rnd_says_what_rnd_needs(capsys, tmp_path):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"targets": {"m": ["he"], "f": ["she"]}}))
    code, _, err = run(capsys, "measure", "rnd", "--wordset", path)
    assert code == 2 and "RND needs exactly 1 attribute set; this word set has 0." in err


def test_sc_weat_with_nothing_to_measure_is_a_sentence(capsys, files):
    code, _, err = run(capsys, "measure", "sc-weat", "--wordset", files["named"])
    assert code == 2 and "SC-WEAT needs words to measure" in err
