"""Batch page in AppTest: two tests, table equal to bias.stats.batch, adjusted p-values, CSV."""

import pytest

from bias.stats.batch import run_batch
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import DEFAULT_EMBEDDING
from bias.wordsets import get_wordset
from tests.apptest import open_app


@pytest.fixture
def page(home):
    at = open_app("pages/batch.py")
    assert not at.exception
    return at


def run_all(at):
    next(b for b in at.button if b.label == "Run all").click().run()
    assert not at.exception


def test_two_tests_give_the_engine_table(page):
    page.multiselect(key="_batch.tests").set_value(["weat7", "weat8"]).run()
    assert page.multiselect(key="_batch.embeddings").value == [DEFAULT_EMBEDDING]
    run_all(page)
    table = page.dataframe[0].value
    expected = run_batch([get_wordset("weat7"), get_wordset("weat8")], [DEFAULT_EMBEDDING])
    assert list(table["Test"]) == ["weat7", "weat8"]
    assert list(table["title"]) == [r.title for r in expected]
    assert list(table["p"]) == pytest.approx([r.p_value for r in expected])
    assert list(table["d"]) == pytest.approx([r.effect_size for r in expected])
    assert list(table["p (Holm)"]) == pytest.approx([r.p_holm for r in expected])
    assert list(table["p (BH)"]) == pytest.approx([r.p_bh for r in expected])
    assert list(table["reported p"]) == ["0.018", "10⁻²"]  # as Caliskan printed them
    assert list(table["Bias detected?"]) == ["yes" if r.p_value < 0.05 else "no" for r in expected]
    assert any(d.label == "Download table (CSV)" for d in page.get("download_button"))


def test_other_language_tests_are_skipped_or_explained(page):
    page.multiselect(key="_batch.tests").set_value(["weat7-ita"]).run()
    run_all(page)
    assert "None of the chosen tests" in page.warning[0].value
    page.toggle(key="_batch.same_language").set_value(False).run()
    run_all(page)
    assert list(page.dataframe[0].value["Test"]) == ["weat7-ita"]


def test_choices_survive_page_switch(page):
    page.multiselect(key="_batch.tests").set_value(["weat1"]).run()
    page.number_input(key="_batch.iterations").set_value(2000).run()
    page.switch_page("pages/weat.py").run()
    page.switch_page("pages/batch.py").run()
    assert page.multiselect(key="_batch.tests").value == ["weat1"]
    assert page.number_input(key="_batch.iterations").value == 2000
    run_all(page)
    options = WeatOptions(iterations=2000)
    expected = run_batch([get_wordset("weat1")], [DEFAULT_EMBEDDING], options)
    assert list(page.dataframe[0].value["p"]) == pytest.approx([expected[0].p_value])
