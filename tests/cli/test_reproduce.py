"""A report re-runs exactly (`python -m bias reproduce`): 0 when every number matches, 1 naming
what differs, 2 when the embedding is absent or not the one recorded."""

import json
import re

import pytest

from bias.report.manifest import MANIFEST_ID, read_manifest
from tests.command import run


@pytest.fixture
def report(tmp_path, capsys):
    path = tmp_path / "r.html"
    code, _, err = run(capsys, "weat", "--wordset", "weat6", "--report", path)
    assert code == 0 and f"Report written to {path}" in err
    return path


def test_the_report_holds_verdict_methods_words_and_manifest(report):
    page = report.read_text(encoding="utf-8")
    assert "Bias detected at the 5% level, and it holds when the words are resampled" in page
    assert "Methods (ready to paste)" in page and "@article{caliskan2017" in page
    assert "John → john" in page  # the per-set table says how each word was found
    assert "<script src" not in page and page.count("Plotly.newPlot(") == 3  # offline
    data = read_manifest(page, "r.html")
    assert data["results"][0]["wordset"] == "weat6"
    assert data["results"][0]["provenance"]["embedding"]["name"] == "glove-6b-50d"


def test_a_report_reproduces_and_a_changed_number_is_named(report, capsys, tmp_path):
    code, out, _ = run(capsys, "reproduce", report)
    assert code == 0 and "every number matches" in out
    page = report.read_text(encoding="utf-8")
    changed = re.sub(r'("effect_size": )1\.76', r"\g<1>1.66", page, count=1)
    assert changed != page
    (tmp_path / "changed.html").write_text(changed, encoding="utf-8")
    code, out, _ = run(capsys, "reproduce", tmp_path / "changed.html")
    assert code == 1 and "effect_size was 1.66" in out


def test_a_randomized_json_reproduces_identically(capsys, tmp_path):
    code, out, _ = run(capsys, "weat", "--wordset", "weat3", "--sampled", "--iterations", "2000",
                       "--seed", "11", "--json")
    assert code == 0
    path = tmp_path / "w.json"
    path.write_text(out)
    assert json.loads(out)["seed"] == 11
    assert run(capsys, "reproduce", path)[0] == 0


def test_another_embedding_under_the_same_name_is_refused(capsys, tmp_path, home):
    def vec(rows):
        path = tmp_path / "v.vec"
        path.write_text(f"{len(rows)} 3\n" + "".join(f"{w} {v}\n" for w, v in rows.items()))
        return path

    words = {"he": "1 0 0", "she": "0 1 0", "man": "1 .1 0", "woman": ".1 1 0",
             "math": "1 .3 .2", "art": ".2 1 .1", "sum": ".9 .2 .3", "poem": ".3 .8 .2"}
    assert run(capsys, "import", vec(words), "--name", "tiny", "--language", "en")[0] == 0
    sets = tmp_path / "s.json"
    sets.write_text(json.dumps({"X": ["math", "sum"], "Y": ["art", "poem"], "A": ["he", "man"],
                                "B": ["she", "woman"]}))
    path = tmp_path / "t.html"
    assert run(capsys, "weat", "--wordset", sets, "--embedding", "tiny", "--report", path)[0] == 0
    assert run(capsys, "reproduce", path)[0] == 0
    words["math"] = ".1 1 0"
    assert run(capsys, "import", vec(words), "--name", "tiny", "--language", "en",
               "--replace")[0] == 0
    code, out, err = run(capsys, "reproduce", path)
    assert code == 2 and out == "" and "sha256" in err and "not the one" in err
    path.with_name("nothing.html").write_text("<html></html>")
    code, _, err = run(capsys, "reproduce", path.with_name("nothing.html"))
    assert code == 2 and "no readable manifest" in err


def test_the_manifest_cannot_be_closed_by_a_word(capsys, tmp_path):
    sets = tmp_path / "s.json"
    sets.write_text(json.dumps({"title": "</script><b>x", "X": ["math", "algebra"],
                                "Y": ["poetry", "art"], "A": ["man", "he"],
                                "B": ["woman", "she"]}))
    path = tmp_path / "x.html"
    assert run(capsys, "weat", "--wordset", sets, "--report", path)[0] == 0
    page = path.read_text(encoding="utf-8")
    assert "</script><b>x" not in page and MANIFEST_ID in page
    assert read_manifest(page, "x.html")["results"][0]["title"] == "</script><b>x"


@pytest.mark.parametrize("argv", [
    ["rnd", "--wordset", "weat6", "--p-value"],
    ["sc-weat", "--wordset", "weat7", "--words", "nurse,engineer"],
    ["ripa", "--wordset", "weat7", "--p-value", "--seed", "3"],
])
def test_a_measure_json_reproduces_and_a_changed_value_is_named(capsys, tmp_path, argv):
    code, out, _ = run(capsys, "measure", *argv, "--json")
    assert code == 0 and json.loads(out)["provenance"]["wordset"]["metric"] == argv[0]
    path = tmp_path / "m.json"
    path.write_text(out)
    assert run(capsys, "reproduce", path)[0] == 0
    data = json.loads(out)
    data["value"] += 0.5
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "reproduce", path)
    assert code == 1 and "value was" in out


def test_a_measure_report_opens_with_its_manifest_and_reproduces(capsys, tmp_path):
    path = tmp_path / "m.html"
    code, _, err = run(capsys, "measure", "sc-weat", "--wordset", "weat7", "--words",
                       "nurse,engineer", "--report", path)
    assert code == 0 and "Report written" in err
    page = path.read_text(encoding="utf-8")
    assert "<script src" not in page and page.count("Plotly.newPlot(") == 1
    assert read_manifest(page, "m.html")["results"][0]["metric"] == "sc-weat"
    assert run(capsys, "reproduce", path)[0] == 0


def test_an_uploaded_report_is_checked_in_bounded_sentences(report):
    from bias.errors import BiasInputError
    from bias.report.reproduce import outcome_lines, reproduce_upload

    outcome = reproduce_upload(report.read_bytes(), "r.html")
    assert outcome_lines(outcome, "r.html") == [
        "r.html: all 1 result(s) reproduce: every number matches."]
    for data, words in ((b"\xff\xfe not text", "not UTF-8"), (b"<html></html>", "no readable"),
                        (b" " * 20_000_001, "larger than 20 MB")):
        with pytest.raises(BiasInputError, match=words):
            reproduce_upload(data, "x.html")


def test_a_biaswords_report_draws_again_and_a_changed_draw_is_named(capsys, tmp_path):
    path = tmp_path / "bw.html"
    code, _, err = run(capsys, "biaswords", "--wordset", "weat6", "--draws", "12", "--report",
                       path)
    assert code == 0 and "Report written" in err
    page = path.read_text(encoding="utf-8")
    assert "Kept candidates per set" in page and "neighbours inherit the seeds" in page
    data = read_manifest(page, "bw.html")["results"][0]
    assert data["provenance"]["wordset"]["id"] == "weat6" and len(data["draws"]) == 12
    assert run(capsys, "reproduce", path)[0] == 0
    data["draws"][3]["p_value"] = 0.5
    changed = tmp_path / "bw.json"
    changed.write_text(json.dumps(data))
    code, out, _ = run(capsys, "reproduce", changed)
    assert code == 1 and f"draw {data['draws'][3]['index']}.p_value was 0.5" in out
