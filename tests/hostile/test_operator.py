"""Item 9 and the operator role: deleting what every visitor shares asks first, needs the
operator's token when the server has one, and a saved set can be deleted by the tab that saved it
(views/operator.py)."""

from __future__ import annotations

import pytest

from bias.vectors.download import import_embedding
from bias.wordsets.editing import delete_user_wordset
from bias.wordsets.library import user_wordsets
from tests.apptest import open_app
from views.operator import OPERATOR_TOKEN_ENV, is_operator

TOKEN = "room-42-operator"


def button(app, label):
    return next(b for b in app.button if b.label == label)


def save_set(app, title: str) -> str:
    app.text_area(key="_weat.words.X").set_value("math, algebra").run()
    app.text_input(key="_weat.title").set_value(title).run()
    button(app, "Save word set").click().run()
    assert not app.exception
    return app.session_state["weat.saved"]


def choose(app, wordset_id: str) -> None:
    app.selectbox(key="_weat.preset").set_value(wordset_id).run()


def test_the_token_is_compared_whole_and_absent_means_nobody_is_operator(monkeypatch):
    monkeypatch.delenv(OPERATOR_TOKEN_ENV, raising=False)
    assert not is_operator(TOKEN) and not is_operator("")
    monkeypatch.setenv(OPERATOR_TOKEN_ENV, TOKEN)
    assert is_operator(TOKEN)
    assert not is_operator(TOKEN[:-1]) and not is_operator(TOKEN + "x") and not is_operator(None)


def test_the_saver_deletes_their_own_set_after_confirming(home, monkeypatch):
    monkeypatch.setenv(OPERATOR_TOKEN_ENV, TOKEN)  # the saver needs no token
    app = open_app("views/weat.py")
    saved = save_set(app, "Mine to delete")
    choose(app, saved)
    button(app, "Delete this saved set").click().run()
    assert saved in user_wordsets()  # asked, not yet deleted
    assert not [t for t in app.text_input if t.label == "Operator token"]
    button(app, "Yes, delete this saved set").click().run()
    assert not app.exception
    assert saved not in user_wordsets()
    assert not (home / "savers" / f"{saved}.saver").exists()


def test_no_keeps_the_set(home):
    app = open_app("views/weat.py")
    saved = save_set(app, "Kept after all")
    choose(app, saved)
    button(app, "Delete this saved set").click().run()
    button(app, "No, keep it").click().run()
    assert saved in user_wordsets()
    assert [b for b in app.button if b.label == "Delete this saved set"]


def test_another_tab_needs_the_operator_token(home, monkeypatch):
    monkeypatch.setenv(OPERATOR_TOKEN_ENV, TOKEN)
    saved = save_set(open_app("views/weat.py"), "Someone else's")
    other = open_app("views/weat.py")
    choose(other, saved)
    button(other, "Delete this saved set").click().run()
    token = next(t for t in other.text_input if t.label == "Operator token")
    token.set_value("guess").run()
    button(other, "Yes, delete this saved set").click().run()
    assert saved in user_wordsets()
    assert any("not this server's operator token" in e.value for e in other.error)
    next(t for t in other.text_input if t.label == "Operator token").set_value(TOKEN).run()
    button(other, "Yes, delete this saved set").click().run()
    assert not other.exception and saved not in user_wordsets()


def test_without_a_token_another_tab_may_delete_after_confirming(home, monkeypatch):
    monkeypatch.delenv(OPERATOR_TOKEN_ENV, raising=False)
    saved = save_set(open_app("views/weat.py"), "Shared by the room")
    other = open_app("views/weat.py")
    choose(other, saved)
    button(other, "Delete this saved set").click().run()
    assert any("saved from another tab" in w.value for w in other.warning)
    button(other, "Yes, delete this saved set").click().run()
    assert saved not in user_wordsets()


def test_an_embedding_is_deleted_only_with_the_token_and_its_tab_says_so(home, tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv(OPERATOR_TOKEN_ENV, TOKEN)
    (tmp_path / "t.vec").write_text("3 2\nhaus 1 0\nkatze 0 1\nhund 1 1\n", encoding="utf-8")
    import_embedding(tmp_path / "t.vec", name="tiny-de", language="de")
    user = open_app("views/weat.py")
    user.sidebar.selectbox[0].set_value("tiny-de").run()
    operator = open_app("views/embeddings.py")
    next(s for s in operator.selectbox if s.label == "Imported embedding").set_value(
        "tiny-de").run()  # nothing is chosen for deletion until a person chooses
    button(operator, "Delete").click().run()
    button(operator, "Yes, delete").click().run()  # no token typed
    assert (home / "embeddings" / "tiny-de").exists()
    next(t for t in operator.text_input if t.label == "Operator token").set_value(TOKEN).run()
    button(operator, "Yes, delete").click().run()
    assert not operator.exception and not (home / "embeddings" / "tiny-de").exists()
    user.run()
    assert any("tiny-de" in w.value and "no longer on the server" in w.value
               for w in user.sidebar.warning)


def test_only_saved_files_can_be_deleted(home):
    with pytest.raises(Exception, match="no saved set"):
        delete_user_wordset("../../etc/passwd")
    with pytest.raises(Exception, match="no saved set"):
        delete_user_wordset("weat7")


def test_replacing_the_shared_curation_asks_and_needs_the_token(home, monkeypatch):
    from bias.discovery.curation import SHARED, curation_path
    from tests.views.test_page_biaswords import generate_weat6

    monkeypatch.setenv(OPERATOR_TOKEN_ENV, TOKEN)
    one = generate_weat6()
    button(one, "Save as shared curation").click().run()  # the first: nothing to replace
    shared = curation_path("glove-6b-50d", "weat6", SHARED)
    first = shared.read_bytes()
    other = generate_weat6()
    other.session_state[other.data_editor[0].key] = {
        "edited_rows": {0: {"kept": not bool(other.data_editor[0].value.iloc[0]["kept"])}},
        "added_rows": [], "deleted_rows": [],
    }
    other.run()
    button(other, "Save as shared curation").click().run()
    assert any("Replace the shared curation" in w.value for w in other.warning)
    button(other, "Yes, save as shared curation").click().run()
    assert shared.read_bytes() == first  # no token: unchanged
    next(t for t in other.text_input if t.label == "Operator token").set_value(TOKEN).run()
    button(other, "Yes, save as shared curation").click().run()
    assert not other.exception and shared.read_bytes() != first
    assert any("Saved as the shared curation" in s.value for s in other.success)
