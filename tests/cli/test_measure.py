"""`python -m bias measure`: every metric has the common JSON; bad input is one sentence."""

import json

import pytest

from tests.command import run


@pytest.mark.parametrize("metric", ["weat", "sc-weat", "rnd", "mac", "ect", "ripa", "rnsb"])
def test_every_metric_has_the_common_json(capsys, metric):
    code, out, err = run(capsys, "measure", metric, "--wordset", "weat6", "--json", "--seed", "1")
    assert code == 0, err
    data = json.loads(out)
    assert data["metric"] == metric
    for key in ("value", "per_word", "sets", "warnings", "p_value"):
        assert key in data
    assert isinstance(data["value"], float)
    targets = "Words" if metric == "sc-weat" else "Male names"
    assert data["sets"][targets]["used"][0] == "John"
    assert data["sets"][targets]["missing"] == []
    if metric == "weat":
        assert data["value"] == pytest.approx(1.7638, abs=1e-4)
        assert data["interval"]["method"] == "BCa" and data["interval"]["low"] < data["value"]
    if metric in ("rnd", "ect", "ripa"):
        assert any("takes one attribute set" in w for w in data["warnings"])


def test_p_value_on_request_and_words_for_sc_weat(capsys):
    code, out, _ = run(capsys, "measure", "rnd", "--wordset", "weat6", "--p-value", "--json")
    assert code == 0 and json.loads(out)["p_method"] == "exact"
    code, out, _ = run(capsys, "measure", "sc-weat", "--wordset", "weat7", "--words",
                       "nurse,engineer,qqqzzz", "--json")
    data = json.loads(out)
    assert [row["word"] for row in data["per_word"]] == ["nurse", "engineer"]
    assert data["sets"]["Words"]["missing"] == ["qqqzzz"]
    code, out, _ = run(capsys, "measure", "sc-weat", "--wordset", "weat7", "--words", "nurse")
    assert code == 0 and "nurse" in out and "SC-WEAT" in out


def test_wefat_with_a_values_file(capsys, tmp_path):
    table = tmp_path / "women.csv"
    table.write_text("occupation,share of women\nnurse,90\nengineer,15\nsecretary,94\n"
                     "carpenter,2\nlibrarian,80\n", encoding="utf-8")
    code, out, err = run(capsys, "measure", "wefat", "--wordset", "weat7", "--values",
                         str(table), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["details"]["n"] == 5 and -1 <= data["value"] <= 1
    assert {row["word"]: row["real_value"] for row in data["per_word"]}["nurse"] == 90


@pytest.mark.parametrize(
    "argv, words",
    [
        (["wefat", "--wordset", "weat7"], "wefat needs --values"),
        (["wefat", "--wordset", "weat7", "--values", "/nonexistent.csv"], "no values file"),
        (["rnd", "--wordset", "weat7", "--words", "a"], "--words is for sc-weat only"),
        (["ripa", "--wordset", "weat5-ita"], "same number of words"),
        (["rnd", "--wordset", "no-such-set"], "There is no word set"),
    ],
)
def test_bad_input_is_one_sentence(capsys, argv, words):
    code, _, err = run(capsys, "measure", *argv)
    assert code == 2 and words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
