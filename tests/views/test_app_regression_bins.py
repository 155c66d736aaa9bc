"""The Embedding regression page with a year put in decades ("Numbers put in bins", width 10 by
default): the table shows the decade's coefficient with the numbers of the command line's
`--bin year=10` JSON, the summary names the bins, and each decade is a group."""

from __future__ import annotations

import json

import pytest

from bias.cli import main
from tests.regression.texts import write_speeches
from tests.views.regression_form import fill, opened, run


@pytest.fixture
def page(home, folder):
    write_speeches(folder / "speeches.csv", "year", lambda i: 1995 - i % 10)
    return opened("speeches.csv"), folder / "speeches.csv"


def test_a_year_in_decades_on_the_page_is_the_cli_bin(page, capsys):
    at, corpus = page
    fill(at, "speech", "policy", ["party", "year"])
    at.multiselect(key="_regression.binned").set_value(["year"]).run()
    assert at.number_input(key="_regression.bins.year").value == 10  # decades by default
    assert at.text_input(key="_regression.reference.year").placeholder == "the earliest bin"
    run(at)
    assert not at.error, [e.value for e in at.error]

    code = main(["regress", str(corpus), "--target", "policy", "--covariates", "party,year",
                 "--bin", "year=10", "--text-column", "speech", "--min-count", "2",
                 "--permutations", "19", "--transform", "none", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    table = at.dataframe[0].value
    assert list(table["coefficient"]) == ["party_B", "year_1990s"]  # the 1980s: reference
    assert list(table["corrected"]) == [c["squared_norm_corrected"] for c in data["coefficients"]]
    assert list(table["p-value"]) == [c["p_value"] for c in data["coefficients"]]
    assert any(m.value.startswith("Embedding regression of 'policy' on party, year in bins of "
                                  "10 (1950s: 1950–1959) in speeches.csv") for m in at.markdown)
    assert [m.value for m in at.markdown if m.value.startswith("**year = ")] == [
        "**year = 1980s** (16 instances)", "**year = 1990s** (24 instances)"]
