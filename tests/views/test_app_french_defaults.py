"""Each page's defaults follow the language (AppTest, on the bundled French vectors): a French
test and French words on French vectors, never English ones."""

from bias.vectors.bundled import FRENCH_EMBEDDING
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from views.shared import ACTIVE_KEY


def french(at):
    at.selectbox(key="_weat.language").set_value("fr").run()
    assert not at.exception
    assert at.session_state[ACTIVE_KEY] == FRENCH_EMBEDDING  # the bundled one, no import


def test_french_on_the_weat_page_opens_french_weat7_on_french_vectors(home):
    at = open_app()
    french(at)
    assert at.selectbox(key="_weat.preset").value == "weathub-fr-weat7"
    assert not [m for m in at.markdown if "There is no French embedding" in m.value]
    assert at.checkbox(key="_weat.shared_rows").value is True  # the pruned table's option
    assert any("479,659 more words share a vector" in c.value for c in at.sidebar.caption)


def test_measures_opens_on_french_tests_with_french_words(home):
    at = open_app()
    french(at)
    at.switch_page("views/measures.py").run()
    assert not at.exception
    assert at.selectbox(key="_measures.wordset.sc-weat").value == "weathub-fr-weat7"
    seven = get_wordset("weathub-fr-weat7")
    words = at.text_area(key="_measures.words.fr").value
    assert words.split(", ")[:3] == list(seven.X.words[:3])
    assert "nurse" not in words
    at.segmented_control(key="_measures.metric").set_value("rnd").run()
    assert at.selectbox(key="_measures.wordset.rnd").value == "weathub-fr-weat6"  # gender test


def test_biaswords_seeds_on_the_french_gender_test(home):
    at = open_app()
    french(at)
    at.switch_page("views/biaswords.py").run()
    assert not at.exception
    assert at.selectbox(key="_biaswords.wordset").value == "weathub-fr-weat6"


def test_the_import_forms_follow_the_language(home):
    at = open_app()
    at.selectbox(key="_weat.language").set_value("sv").run()  # Swedish: no embedding yet
    at.switch_page("views/embeddings.py").run()
    assert not at.exception
    assert at.selectbox(key="embeddings.upload_language").value == "sv"
    assert next(t for t in at.text_input if t.label == "Language code").value == "sv"
