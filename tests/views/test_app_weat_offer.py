"""French chosen in the sidebar while English lists are shown (issue 35, item 4): the page offers
the same test in French, keeps the visitor's edited English lists to bring back, and never uses an
English word through the row of a French one."""

from bias.vectors.bundled import FRENCH_EMBEDDING
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from views.shared import ACTIVE_KEY


def button(at, label):
    return next(b for b in at.button if b.label == label)


def words(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}").value


def test_french_in_the_sidebar_offers_french_weat7_and_keeps_the_edited_lists(home):
    at = open_app()
    at.text_area(key="_weat.words.X").set_value("math\nalgebra\ngeometry\ncalculus").run()
    at.selectbox(key="_biaswords.embedding_select").set_value(FRENCH_EMBEDDING).run()
    assert not at.exception
    assert any("is French, but these lists are English" in i.value for i in at.info)
    # English words only found through a French word's row are left out, and said so.
    notes = " ".join(w.value for w in at.warning)
    assert "Left out: no vector of its own, only the row of a French word" in notes
    assert "he → was" in notes and "hers → moulins" in notes
    assert not any("he → was" in i.value for i in at.info)  # never as a word that stands in
    french = get_wordset("weathub-fr-weat7")
    button(at, "Use WEATHub WEAT 7 (French, translated) instead").click().run()
    assert at.selectbox(key="_weat.language").value == "fr"
    assert at.selectbox(key="_weat.preset").value == french.id
    assert words(at, "X").splitlines() == list(french.X.words)
    assert at.session_state[ACTIVE_KEY] == FRENCH_EMBEDDING
    assert not any("but these lists are" in i.value for i in at.info)
    button(at, "Bring back your English lists (edited)").click().run()
    assert at.selectbox(key="_weat.language").value == "en"
    assert words(at, "X") == "math\nalgebra\ngeometry\ncalculus"
    assert not [b for b in at.button if b.label.startswith("Bring back")]


def test_unedited_lists_leave_no_draft_to_bring_back(home):
    at = open_app()
    at.selectbox(key="_biaswords.embedding_select").set_value(FRENCH_EMBEDDING).run()
    button(at, "Use WEATHub WEAT 7 (French, translated) instead").click().run()
    assert at.selectbox(key="_weat.preset").value == "weathub-fr-weat7"
    assert not [b for b in at.button if b.label.startswith("Bring back")]
