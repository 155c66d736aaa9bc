"""A language switch never loses an edit: each language keeps the lists the visitor left it with,
in the tab's draft too (issue 24: edit Y, choose French, choose English again, and the published
WEAT 7 was back)."""

from bias.wordsets.library import get_wordset
from tests.apptest import open_app

EDITED = "poetry\nart\ndance"


def words(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}").value


def choose(at, code):
    at.selectbox(key="_weat.language").set_value(code).run()
    assert not at.exception


def test_switching_language_and_back_keeps_the_edit(home):
    at = open_app()
    next(t for t in at.text_area if t.key == "_weat.words.Y").set_value(EDITED).run()
    choose(at, "fr")
    french = at.selectbox(key="_weat.preset").value
    assert get_wordset(french).language == "fr"
    assert words(at, "Y").splitlines() == list(get_wordset(french).Y.words)
    choose(at, "en")
    assert at.selectbox(key="_weat.preset").value == "weat7"
    assert words(at, "Y") == EDITED
    assert words(at, "X").splitlines() == list(get_wordset("weat7").X.words)
    assert any("You changed the lists of WEAT 7" in i.value for i in at.info)
    # the French lists were kept as well: back to French, the same test as before
    choose(at, "fr")
    assert at.selectbox(key="_weat.preset").value == french


def test_the_kept_lists_survive_a_refresh(home):
    at = open_app()
    next(t for t in at.text_area if t.key == "_weat.words.Y").set_value(EDITED).run()
    choose(at, "fr")
    draft = at.session_state["_draft_id"]
    again = open_app(draft=draft)  # a refresh: a new session on the same ?draft=
    assert again.selectbox(key="_weat.language").value == "fr"
    choose(again, "en")
    assert words(again, "Y") == EDITED
