"""`python -m bias batch` with small German and Italian embeddings written by the test."""

import csv
import io
import json

import pytest

from bias.cli import main
from bias.stats.pvalues import benjamini_hochberg, holm
from bias.wordsets.library import all_wordsets, get_wordset
from tests.language_vectors import import_language


@pytest.fixture
def de_it(home, tmp_path):
    """German and Italian vectors with every bundled word, except weat7-ger's male terms (which
    weat8-ger shares), so those two tests cannot run."""
    male = (*get_wordset("weat7-ger").A.words, "Grossvater")  # ß→ss would find Großvater
    import_language(tmp_path, "de", "de-small", drop=male)
    import_language(tmp_path, "it", "it-small")


def batch(capsys, *argv):
    code = main(["batch", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_two_languages_one_row_per_test_and_language(de_it, capsys):
    code, out, err = batch(capsys, "--language", "de", "--language", "it", "--iterations", "2000",
                           "--json")
    assert (code, err) == (0, "")
    rows = json.loads(out)
    expected = {ws.id for ws in all_wordsets("de") + all_wordsets("it")}
    assert [row["wordset"] for row in rows] == list(dict.fromkeys(r["wordset"] for r in rows))
    assert {row["wordset"] for row in rows} == expected  # one row each: one embedding a language
    for row in rows:
        assert set(row) == {"wordset", "embedding", "language", "effect_size", "interval",
                            "p_value", "p_holm", "p_bh", "method", "verdict", "coverage",
                            "reported", "skipped"}
        assert row["embedding"] == {"de": "de-small", "it": "it-small"}[row["language"]]
        assert set(row["reported"]) == {"effect_size", "p_value"}
    skipped = [row for row in rows if row["skipped"]]
    assert [row["wordset"] for row in skipped] == ["weat7-ger", "weat8-ger"]
    assert all(row["skipped"].startswith("Every word of set A (Male terms) is missing")
               for row in skipped)
    assert skipped[0]["p_value"] is None and skipped[0]["p_holm"] is None
    assert skipped[0]["verdict"] is None and skipped[0]["coverage"]["found"] < \
        skipped[0]["coverage"]["listed"]
    ran = [row for row in rows if not row["skipped"]]
    p = [row["p_value"] for row in ran]
    assert [row["p_holm"] for row in ran] == pytest.approx(list(holm(p)))  # the whole batch
    assert [row["p_bh"] for row in ran] == pytest.approx(list(benjamini_hochberg(p)))
    de7 = next(row for row in rows if row["wordset"] == "weathub-de-weat7")
    assert de7["reported"] == {"effect_size": -0.45, "p_value": 0.804}
    assert de7["method"] in ("exact", "randomized")


def test_a_language_without_embedding_is_skipped_with_its_reason(de_it, capsys):
    code, out, _ = batch(capsys, "--wordset", "weathub-de-weat6", "weathub-fr-weat6", "weat6",
                         "--embedding", "de-small", "--json")
    assert code == 0
    rows = {row["wordset"]: row for row in json.loads(out)}
    assert rows["weathub-de-weat6"]["skipped"] is None
    assert rows["weathub-fr-weat6"]["embedding"] is None
    assert rows["weathub-fr-weat6"]["skipped"].startswith(
        "No chosen embedding is in French (chosen: German)")
    assert rows["weat6"]["skipped"].startswith("No chosen embedding is in English")
    # the same as text and as CSV
    code, out, _ = batch(capsys, "--wordset", "weathub-de-weat6", "weathub-fr-weat6",
                         "--embedding", "de-small")
    assert out.startswith("1 test run on 1 embedding, 1 skipped.")
    assert "weathub-fr-weat6 (no embedding): No chosen embedding is in French" in out
    code, out, _ = batch(capsys, "--wordset", "weathub-de-weat6", "weathub-fr-weat6",
                         "--embedding", "de-small", "--csv")
    table = list(csv.DictReader(io.StringIO(out)))
    assert [r["wordset"] for r in table] == ["weathub-de-weat6", "weathub-fr-weat6"]
    assert table[1]["skipped"].startswith("No chosen embedding is in French")


def test_cross_language_runs_everything_on_every_embedding(de_it, capsys):
    code, out, _ = batch(capsys, "--wordset", "weathub-it-weat7", "--embedding", "de-small",
                         "it-small", "--cross-language", "--json")
    rows = json.loads(out)
    assert code == 0
    assert [(r["embedding"], r["language"]) for r in rows] == [("de-small", "it"),
                                                               ("it-small", "it")]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "Choose the tests: give --wordset"),
        (["--language", "xx"], "There are no word sets in language 'xx'"),
        (["--wordset", "weat7", "--embedding", "nope"], "There is no embedding called 'nope'"),
        (["--wordset", "nope"], "There is no word set 'nope'"),
        (["--wordset", "weat7", "--json", "--csv"], "not allowed with argument"),
    ],
)
def test_mistakes_are_one_sentence(capsys, argv, message):
    code, out, err = batch(capsys, *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_pooled_across_languages_with_a_report_that_reproduces(de_it, capsys, tmp_path):
    report = tmp_path / "b.html"
    code, out, err = batch(capsys, "--wordset", "weathub-de-weat6", "weathub-it-weat6",
                           "--iterations", "2000", "--pool", "--json", "--report", str(report))
    assert code == 0 and f"Report written to {report}" in err
    data = json.loads(out)
    assert [row["wordset"] for row in data["rows"]] == ["weathub-de-weat6", "weathub-it-weat6"]
    (pooled,) = data["pooled"]
    assert pooled["family"] == "weathub-weat6" and pooled["k"] == 2
    d = [row["effect_size"] for row in data["rows"]]
    assert min(d) <= pooled["estimate"] <= max(d)
    assert pooled["low"] < pooled["estimate"] < pooled["high"]
    assert 0 <= pooled["i2"] <= 1 and pooled["tau2"] >= 0
    page = report.read_text(encoding="utf-8")
    assert r"\begin{tabular}" in page and r"\toprule" in page
    # The pooled table keeps the family's id; the forest plot names it by title.
    assert "<td>weathub-weat6</td><td>2</td>" in page and "pooled \\u00b7 WEATHub WEAT 6" in page
    assert main(["reproduce", str(report)]) == 0
    assert "every number matches" in capsys.readouterr().out
