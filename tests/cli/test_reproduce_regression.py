"""`python -m bias reproduce` of a regression's JSON or report: the same numbers again from the
recorded options (exit 0), a changed number named (exit 1), a corpus not found or a JSON whose
options are not a regression's one sentence (exit 2)."""

import json
import shutil

import pytest

from tests.command import run
from tests.regression.texts import write_uses


@pytest.fixture
def recorded(tmp_path, capsys):
    """A regression's JSON beside its corpus (30 speeches, a party effect planted)."""
    corpus = tmp_path / "speeches.csv"
    write_uses(corpus, ("speech", "party"), count=30, seed=4)
    code, out, err = run(capsys, "regress", corpus, "--target", "policy", "--covariates",
                         "party", "--text-column", "speech", "--transform", "none",
                         "--min-count", "2", "--permutations", "19", "--seed", "7", "--json")
    assert code == 0, err
    path = tmp_path / "result.json"
    path.write_text(out, encoding="utf-8")
    return path


def test_a_regression_reproduces_and_a_changed_number_is_named(recorded, capsys):
    code, out, _ = run(capsys, "reproduce", recorded)
    assert (code, out) == (0, "result.json: all 1 result(s) reproduce: every number matches.\n")
    data = json.loads(recorded.read_text(encoding="utf-8"))
    assert data["options"]["seed"] == 7 and data["coefficients"][0]["p_value"] == 0.05
    data["coefficients"][0]["p_value"] = 0.5
    data["coefficients"][0]["interval"]["low"] += 1e-6
    recorded.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "reproduce", recorded)
    assert code == 1
    assert out.splitlines() == [
        "result.json: 2 number(s) differ:",
        "  result.json, result 1: party_B.p_value was 0.5, now 0.05",
        f"  result.json, result 1: party_B.interval.low was "
        f"{data['coefficients'][0]['interval']['low']}, now "
        f"{data['coefficients'][0]['interval']['low'] - 1e-6}"]


def test_the_corpus_elsewhere_is_named_with_corpus(recorded, capsys, tmp_path):
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.move(recorded, moved / "result.json")
    code, _, err = run(capsys, "reproduce", moved / "result.json")
    assert code == 2 and "computed on the corpus 'speeches.csv', which is not at " in err
    code, out, _ = run(capsys, "reproduce", moved / "result.json", "--corpus",
                       tmp_path / "speeches.csv")
    assert code == 0 and "every number matches" in out


def test_options_that_are_not_a_regressions_are_one_sentence(recorded, capsys):
    data = json.loads(recorded.read_text(encoding="utf-8"))
    data["options"]["iterations"] = 5
    recorded.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "reproduce", recorded)
    assert code == 2
    assert "result.json, result 1: its options are not those of an embedding regression." in err


def test_the_report_shows_the_numbers_and_reproduces(recorded, capsys, tmp_path):
    report = tmp_path / "r.html"
    options = json.loads(recorded.read_text(encoding="utf-8"))["options"]
    code, out, err = run(capsys, "regress", tmp_path / "speeches.csv", "--target", "policy",
                         "--covariates", "party", "--text-column", "speech", "--transform",
                         "none", "--min-count", "2", "--permutations", "19", "--seed",
                         options["seed"], "--report", report, "--json")
    assert code == 0 and f"Report written to {report}" in err
    party = json.loads(out)["coefficients"][0]
    page = report.read_text(encoding="utf-8")
    assert (f"<td>party_B</td><td>{party['squared_norm_corrected']:.4f}</td>"
            f"<td>{party['interval']['low']:.4f}</td>") in page
    assert "<script src" not in page and page.count("Plotly.newPlot(") == 1  # offline
    assert "Rodriguez, Spirling &amp; Stewart 2023" in page
    code, out, _ = run(capsys, "reproduce", report)  # the corpus beside it
    assert (code, out) == (0, "r.html: all 1 result(s) reproduce: every number matches.\n")


def test_an_older_result_with_bootstraps_is_read_and_the_option_ignored(recorded, capsys):
    """`--bootstraps` is gone (the neighbours' intervals no longer resample): a result saved
    with it is still read; only what changed since is listed."""
    from bias.report.reproduce_regression import _options

    data = json.loads(recorded.read_text(encoding="utf-8"))
    options = _options(data["options"] | {"bootstraps": 100}, "old.json")
    assert options == _options(data["options"], "old.json")
