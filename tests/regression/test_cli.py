"""`python -m bias regress`: the JSON promised per coefficient, the text, and bad input as one
sentence with exit 2 (on a small corpus of real English words and the bundled GloVe)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import command
from tests.regression.texts import write_speeches


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_speeches(tmp_path_factory.mktemp("regress") / "speeches.csv", "year",
                          lambda i: 1990 + i % 7)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    return command.run(capsys, "regress", *argv)


def test_json_has_every_promised_field_per_coefficient(capsys, corpus: Path) -> None:
    code, out, err = run(capsys, str(corpus), "--target", "policy", "--covariates", "party,year",
                         "--text-column", "speech", "--transform", "none", "--min-count", "2",
                         "--permutations", "99", "--json")
    assert code == 0, err
    data = json.loads(out)
    party, year = data["coefficients"]
    assert (party["name"], year["name"]) == ("party_B", "year")
    for coefficient in (party, year):
        assert {"name", "squared_norm", "squared_norm_corrected", "interval", "p_value",
                "instances"} <= set(coefficient)
        assert set(coefficient["interval"]) == {"low", "high"}
    assert party["instances"] == 20 and year["instances"] == 40
    assert "most_influential" not in party  # in `readings`, by document
    assert data["readings"][0]["most_influential"][0]["document"] >= 1
    assert party["p_value"] == 0.01
    assert data["corpus"]["instances"] == 40 and data["corpus"]["clusters"] == "instance"
    assert data["options"]["window"] == 6 and data["provenance"]["embedding"]["name"] == (
        "glove-6b-50d")


def test_the_text_says_what_a_norm_means_and_what_it_cannot_show(capsys, corpus: Path) -> None:
    code, out, _ = run(capsys, str(corpus), "--target", "policy", "--covariates", "party",
                       "--text-column", "speech", "--transform", "none", "--min-count", "2",
                       "--permutations", "19", "--words", "army,family,qqqzx")
    assert code == 0
    assert "party_B" in out and "how much, not how" in out
    assert "What this cannot show:" in out and "not their effect" in out
    assert "[policy]" in out  # a keyword-in-context line
    assert "  party = B: army 0." in out and "No vector for: qqqzx." in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--covariates", "gender"], "There is no column 'gender'"),
    (["--target", "refugee"], "never occurs"),
    (["--transform", "/nonexistent/a.npy"], "no transform file"),
    (["--window", "0"], "window"),
    (["--reference", "party"], "COLUMN=LEVEL"),
])
def test_bad_input_is_one_sentence_and_exit_2(capsys, corpus: Path, argv, message) -> None:
    base = {"--target": "policy", "--covariates": "party", "--text-column": "speech",
            "--min-count": "2"}
    given = dict(zip(argv[::2], argv[1::2], strict=True))
    flags = [item for key, value in (base | given).items() for item in (key, value)]
    code, out, err = run(capsys, str(corpus), *flags)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_a_groups_leaning_between_a_tests_attribute_lists(capsys, corpus: Path) -> None:
    """Party A speaks of family and school (the Home list), party B of the army: B's uses of
    'policy' lean more to Work, against Home, than A's."""
    attributes = Path(__file__).resolve().parents[2] / "docs/examples/addresses-work-home.json"
    code, out, err = run(capsys, str(corpus), "--target", "policy", "--covariates", "party",
                         "--text-column", "speech", "--transform", "none", "--min-count", "2",
                         "--permutations", "99", "--attributes", str(attributes), "--json")
    assert code == 0, err
    (leaning,) = json.loads(out)["leanings"]
    assert (leaning["level"], leaning["reference"]) == ("B", "A")
    assert (leaning["first"], leaning["second"]) == ("Work", "Home")
    assert leaning["difference"] > 0 and leaning["p_value"] == 0.01
    assert leaning["difference"] == pytest.approx(
        leaning["level_leaning"] - leaning["reference_leaning"])
