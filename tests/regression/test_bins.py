"""A numeric covariate put in bins (a year in decades, `--bin year=10`): its cells become the
labels the Your texts page groups by ('1950s'), in the order of their numbers whatever the file's
order, only for the documents with an instance; the regression on a year in bins gives exactly
the numbers of the same corpus with the decades written by hand as a category (the independent
reference), the JSON and the text say so, and `reproduce` runs it again."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from bias.analysis.regress_options import RegressOptions
from bias.cli import main
from bias.errors import BiasInputError
from bias.regression.design import binned_rows, build_design
from tests.regression.texts import write_speeches


def year(i: int) -> int:
    """1995, 1994 … 1986, again: the file starts in the 1990s, the 1980s come second."""
    return 1995 - i % 10


def test_cells_become_their_bins_labels_only_where_an_instance_is() -> None:
    rows = [("A", "1995"), ("B", "1957.5"), ("A", "n/a"), ("B", "1995"), ("A", "-45")]
    binned = binned_rows(rows, ("party", "year"), {"year": 10}, [3, 0, 1, 4, 0])
    assert binned == [("A", "1990s"), ("B", "1950s"), ("A", "n/a"), ("B", "1990s"),
                      ("A", "-50--41")]  # document 2 has no instance: its cell stays
    assert binned_rows(rows, ("party", "year"), {"year": 100}, [0])[0] == ("A", "1900-1999")
    assert binned_rows(rows, ("party", "year"), {}, [0, 1]) == rows
    with pytest.raises(BiasInputError) as caught:
        binned_rows(rows, ("party", "year"), {"year": 10}, [0, 2])
    assert str(caught.value) == (
        "Column 'year' is put in bins of 10 but document 3 has 'n/a' there, which is not a "
        "number: fix the cell, or do not bin the column.")
    with pytest.raises(BiasInputError, match="document 1 has an empty cell there"):
        binned_rows([("A", "")], ("party", "year"), {"year": 10}, [0])


def test_binned_levels_come_in_the_order_of_their_numbers() -> None:
    labels = ["1990s"] * 12 + ["1950s"] * 11 + ["1000s"] * 10 + ["900s"] * 10
    documents = list(range(len(labels)))
    design = build_design({"year": labels}, [("year",)], documents, frozenset({"year"}),
                          ordered=frozenset({"year"}))
    assert design.levels["year"] == ("900s", "1000s", "1950s", "1990s")  # not as text sorts
    assert design.names == ("(Intercept)", "year_1000s", "year_1950s", "year_1990s")
    assert design.matrix[:12, 1:].tolist() == [[0, 0, 1]] * 12
    chosen = build_design({"year": labels}, [("year",)], documents, frozenset({"year"}),
                          {"year": "1950s"}, frozenset({"year"}))
    assert chosen.levels["year"] == ("1950s", "900s", "1000s", "1990s")
    as_seen = build_design({"year": labels}, [("year",)], documents, frozenset({"year"}))
    assert as_seen.levels["year"] == ("1990s", "1950s", "1000s", "900s")


@pytest.mark.parametrize(("bins", "message"), [
    ((("year", 10),), "'year' is put in bins but is not one of the covariates"),
    ((("party", 0),), "The width of a group's bin must be at least 1."),
    ((("party", 10), ("party", 100)), "put in bins twice"),
])
def test_bad_bins_are_one_sentence(bins, message) -> None:
    with pytest.raises(BiasInputError, match=message):
        RegressOptions(target="policy", covariates="party", bins=bins)


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The same 40 speeches twice: with the year, and with its decade written by hand."""
    folder = tmp_path_factory.mktemp("bins")
    return (write_speeches(folder / "speeches.csv", "year", year),
            write_speeches(folder / "decades.csv", "decade", lambda i: f"{year(i) // 10}0s"))


def cli(capsys, corpus: Path, *argv: str) -> dict:
    code = main(["regress", str(corpus), "--target", "policy", "--text-column", "speech",
                 "--transform", "none", "--min-count", "2", "--permutations", "19",
                 "--json", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_a_year_in_bins_is_its_decades_as_a_category(capsys, corpora, tmp_path) -> None:
    years, decades = corpora
    binned = cli(capsys, years, "--covariates", "party,year", "--bin", "year=10")
    by_hand = cli(capsys, decades, "--covariates", "party,decade", "--reference",
                  "decade=1980s")
    assert [c["name"] for c in binned["coefficients"]] == ["party_B", "year_1990s"]
    assert [c["name"] for c in by_hand["coefficients"]] == ["party_B", "decade_1990s"]
    for mine, theirs in zip(binned["coefficients"], by_hand["coefficients"], strict=True):
        for key in ("squared_norm", "squared_norm_corrected", "p_value", "instances", "units"):
            assert mine[key] == theirs[key], key
        assert mine["interval"] == theirs["interval"]
    assert binned["coefficients"][1]["instances"] == 24  # 1990–1995: six years in ten
    assert [(g["covariate"], g["level"], g["instances"]) for g in binned["groups"][2:]] == [
        ("year", "1980s", 16), ("year", "1990s", 24)]
    assert np.allclose([c for _, c in binned["groups"][3]["neighbours"]],
                       [c for _, c in by_hand["groups"][3]["neighbours"]], rtol=0, atol=1e-12)
    line = binned["readings"][0]["nearest_contexts"][0]
    assert line["covariates"]["year"] in ("1980s", "1990s")
    assert binned["options"]["bins"] == [["year", 10]]

    saved = years.parent / "binned.json"
    saved.write_text(json.dumps(binned), encoding="utf-8")
    assert main(["reproduce", str(saved)]) == 0
    assert "every number matches" in capsys.readouterr().out


def test_the_text_names_the_bins_and_a_cell_that_is_no_number_is_one_sentence(
        capsys, corpora, tmp_path) -> None:
    years, _ = corpora
    code = main(["regress", str(years), "--target", "policy", "--text-column", "speech",
                 "--covariates", "party,year", "--bin", "year=10", "--transform", "none",
                 "--min-count", "2", "--permutations", "9"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("Embedding regression of 'policy' on party, year in bins of 10 "
                          "(1950s: 1950–1959) in speeches.csv: 40 instances")
    assert "year = 1980s (16 instances)" in out
    assert ("\nEach category's coefficient is its difference from the reference: party = A, "
            "year = 1980s.\n") in out
    bad = write_speeches(tmp_path / "bad.csv", "year", lambda i: "soon" if i == 7 else year(i))
    code = main(["regress", str(bad), "--target", "policy", "--text-column", "speech",
                 "--covariates", "party,year", "--bin", "year=10", "--min-count", "2"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err == ("regress: Column 'year' is put in bins of 10 but document 8 has 'soon' "
                   "there, which is not a number: fix the cell, or do not bin the column.\n")
    code = main(["regress", str(years), "--target", "policy", "--text-column", "speech",
                 "--covariates", "party,year", "--bin", "year"])
    assert code == 2 and "--bin takes COLUMN=WIDTH (year=10), not 'year'." in (
        capsys.readouterr().err)


def test_a_bin_with_a_single_document_is_named_where_the_intervals_are_missing(tmp_path) -> None:
    """The 2000s: one document with 12 uses. Leaving it out leaves its dummy without an
    instance, so the jackknife gives no interval; the sentence names the coefficient, the
    chart's axis says no interval was computed, the page's table shows n/a."""
    import csv
    import random

    from bias.analysis.regress import run
    from bias.report.charts.regression import estimates_figure
    from bias.report.regression_text import cannot_show, regression_text
    from tests.regression import texts

    rng = random.Random(2)
    path = tmp_path / "years.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["text", "year"])
        for i in range(30):
            words = [rng.choice(texts.COMMON) for _ in range(8)]
            out.writerow([" ".join([*words[:4], "policy", *words[4:]]), 1980 + i % 20])
        out.writerow([" ".join(["policy", *rng.sample(texts.OWN["B"], 3)] * 12), 2003])
    result = run(path, RegressOptions(target="policy", covariates="year", text_column="text",
                                      bins=(("year", 10),),
                                      transform="none", min_count=1, permutations=9),
                 texts.embedding())
    names = [c.name for c in result.regression.coefficients]
    assert names == ["year_1990s", "year_2000s"]
    assert [c.units for c in result.regression.coefficients] == [10, 1]
    # the 2000s' one document leaves its own interval undefined, not the 1990s'
    assert [np.isnan(c.interval.low) for c in result.regression.coefficients] == [False, True]
    assert cannot_show(result)[result.limits.index("interval-undefined")] == (
        "Some intervals could not be computed: leaving out a single document leaves a level "
        "with no instance (year_2000s comes from a single document: merge it with a "
        "neighbouring group, or use wider bins).")
    assert estimates_figure(result.regression).layout.xaxis.title.text == (
        "corrected squared norm, with 95% jackknife interval<br>(1 without an interval: see below)")
    rows = {line.split()[0]: line for line in regression_text(result).splitlines()
            if line.startswith("  year_")}  # the command line's table: n/a said once
    assert " n/a " in rows["year_2000s"] and "n/a to n/a" not in rows["year_2000s"]
    assert " to " in rows["year_1990s"]

