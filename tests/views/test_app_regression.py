"""The Embedding regression page in AppTest, on a tiny generated corpus of real English words with
a party effect planted, on the bundled GloVe: the page's table, neighbours, contexts and
influential documents show the numbers the command line's JSON gives for the same options (the
faces agree), and stay over a visit to another page; a target that never occurs and a file
without columns are one sentence, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bias.cli import main
from tests.apptest import open_app
from tests.regression.texts import write_speeches
from tests.views.regression_form import fill, opened, run

CHOICES = {"text_column": "speech", "target": "policy", "covariates": ["party", "region"],
           "min_count": 2, "permutations": 49}


def write_corpus(path: Path) -> Path:
    """40 speeches; party B's uses of 'policy' come with military words (the planted effect),
    the region is unrelated to the words."""
    return write_speeches(path, "region", lambda i: ["north", "south"][i % 3 % 2])


@pytest.fixture
def page(home, folder):
    write_corpus(folder / "speeches.csv")
    return opened("speeches.csv"), folder / "speeches.csv"


def cli_json(capsys, corpus: Path) -> dict:
    code = main(["regress", str(corpus), "--target", CHOICES["target"], "--covariates",
                 ",".join(CHOICES["covariates"]), "--text-column", CHOICES["text_column"],
                 "--min-count", str(CHOICES["min_count"]), "--permutations",
                 str(CHOICES["permutations"]), "--transform", "none", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_the_page_shows_the_numbers_of_the_cli_json(page, capsys):
    at, corpus = page
    fill(at, CHOICES["text_column"], CHOICES["target"], CHOICES["covariates"],
         min_count=CHOICES["min_count"], permutations=CHOICES["permutations"])  # no transform:
    run(at)  # 23 words are too few to estimate one
    assert not at.error, [e.value for e in at.error]
    data = cli_json(capsys, corpus)

    table = at.dataframe[0].value
    assert list(table["coefficient"]) == ["party_B", "region_south"]
    for row, coefficient in zip(table.to_dict("records"), data["coefficients"], strict=True):
        assert row["squared norm"] == coefficient["squared_norm"]
        assert row["corrected"] == coefficient["squared_norm_corrected"]
        assert (row["95% low"], row["95% high"]) == (coefficient["interval"]["low"],
                                                     coefficient["interval"]["high"])
        assert row["p-value"] == coefficient["p_value"]
        assert row["instances"] == coefficient["instances"]
    party, region = data["coefficients"]
    assert party["p_value"] == 0.02  # the planted effect found (the smallest p of 49 draws)
    assert region["interval"]["low"] < 0 < region["interval"]["high"]  # none planted
    assert region["squared_norm_corrected"] < party["squared_norm_corrected"] / 20

    groups = at.dataframe[1:5]  # party A, party B, region north, region south
    for shown, group in zip(groups, data["groups"], strict=True):
        assert list(shown.value["word"]) == [w for w, _ in group["neighbours"]]
        assert list(shown.value["cosine"]) == [c for _, c in group["neighbours"]]
        assert list(shown.value["corrected"]) == [
            "n/a" if corrected is None else
            f"{corrected:.3f} ({low:.3f}–{high:.3f})".replace("0.", ".")
            for corrected, (low, high) in zip(group["corrected"], group["intervals"],
                                              strict=True)]

    moved = at.dataframe[5].value
    reading = data["readings"][0]
    lines = next(m.value for m in at.markdown if m.value.startswith("- document ")).split("\n")
    assert len(lines) == len(reading["nearest_contexts"])
    for line, context in zip(lines, reading["nearest_contexts"], strict=True):
        where = ", ".join(f"{k} = {v}" for k, v in context["covariates"].items())
        assert line.startswith(f"- document {context['document']} ({where}), cosine "
                               f"{context['cosine']:.2f}: … ")
        assert f"**{context['keyword']}**" in line
    assert list(moved["without it"]) == [m["estimate_without"]
                                         for m in reading["most_influential"]]
    assert any(f"{reading['without_most_influential']:.3f}" in c.value for c in at.caption)
    assert [b.label for b in at.get("download_button")] == ["Download report", "Download JSON"]

    at.switch_page("views/texts.py").run()  # another page and back: choices and result kept
    at.switch_page("views/regression.py").run()
    assert not at.exception, at.exception
    assert at.text_input(key="_regression.target").value == CHOICES["target"]
    assert at.multiselect(key="_regression.covariates").value == CHOICES["covariates"]
    assert at.dataframe[0].value.equals(table)


def test_a_target_that_never_occurs_is_one_sentence(page):
    at, _ = page
    at.selectbox(key="_regression.text_column").set_value("speech").run()
    at.text_input(key="_regression.target").set_value("zebra").run()
    at.multiselect(key="_regression.covariates").set_value(["party"]).run()
    next(b for b in at.button if b.label == "Run the regression").click().run()
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == [
        "The target 'zebra' never occurs in speeches.csv (after leaving out words shorter than "
        "3 characters and words seen fewer than 5 times)."]
    assert not at.dataframe


def test_a_corpus_without_columns_is_one_sentence(home, folder):
    (folder / "plain.txt").write_text("policy of the people\n" * 20, encoding="utf-8")
    at = open_app("views/regression.py")
    at.selectbox(key="_regression.server_corpus").set_value("plain.txt").run()
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == [
        "plain.txt has no columns; embedding regression needs a CSV, TSV or JSON Lines file "
        "with a text column and one column per covariate."]
    assert next(b for b in at.button if b.label == "Run the regression").disabled
