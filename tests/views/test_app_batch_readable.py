"""Batch page, read by a person: tests by their short names, the readable title first."""

import json

from bias.wordsets.library import all_wordsets
from bias.wordsets.ordering import short_titles
from tests.apptest import open_app


def test_short_titles_are_unique_and_short():
    wordsets = all_wordsets()
    names = short_titles(wordsets)
    assert names["weat7"] == "WEAT 7"
    assert names["weat5-ori"] == "WEAT 5 (original, as printed)"
    # The six Italian variants share a short name, so they keep their whole titles.
    variants = [ws for ws in wordsets if ws.id.startswith("weat5-ita-")]
    assert {names[ws.id] for ws in variants} == {ws.title for ws in variants}
    assert len(set(names.values())) == len(wordsets)


def test_tests_box_shows_short_names_and_the_table_leads_with_the_title(home):
    at = open_app("views/batch.py")
    tests = at.multiselect(key="_batch.tests")
    assert "WEAT 7" in tests.options and "WEAT 5 (original, as printed)" in tests.options
    tests.set_value(["weat7", "weat8"]).run()
    next(b for b in at.button if b.label == "Run all").click().run()
    assert not at.exception
    table = at.dataframe[0].proto
    assert table.column_order[0] == "title" and "test" not in table.column_order
    assert list(at.dataframe[0].value["title"]) == ["WEAT 7", "WEAT 8"]
    title = json.loads(table.columns)["title"]
    assert title["label"] == "Test" and title["pinned"] is True
    # No fixed width: a long name is not cut; the numbers come before the test's language.
    assert "width" not in title and table.column_order[-1] == "language"
    every = at.dataframe[1].proto
    assert "wordset" not in every.column_order
    assert list(at.dataframe[1].value["title"]) == ["WEAT 7", "WEAT 8"]
    assert "width" not in json.loads(every.columns)["title"]
