"""The BiasWords page: generate candidates, curate one, find the curation again after reload."""

import json

from streamlit.testing.v1 import AppTest

from bias.curation import curation_path

PAGE = "../pages/biaswords.py"
EDITOR = "_biaswords.editor.glove-6b-50d.weat6.1"


def fresh() -> AppTest:
    return AppTest.from_file(PAGE, default_timeout=120)


def generate_weat6() -> AppTest:
    at = fresh().run()
    assert not at.exception
    at.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    next(b for b in at.button if b.label == "Generate candidates").click().run()
    assert not at.exception
    return at


def saved_rows(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return [row for key in "XYAB" for row in data["candidates"][key]]


def test_generate_toggle_and_restore_after_reload(home):
    at = generate_weat6()
    path = curation_path("glove-6b-50d", "weat6")
    assert path.exists() and path.parent == home / "curation"
    editor = at.data_editor[0]
    assert editor.key == EDITOR
    table = editor.value
    first = table.iloc[0]
    assert bool(first["kept"]) == saved_rows(path)[0]["kept"]

    # Toggle the first row, as a click in the editor would.
    at.session_state[EDITOR] = {
        "edited_rows": {0: {"kept": not bool(first["kept"])}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert saved_rows(path)[0]["kept"] is (not bool(first["kept"]))

    # A browser reload is a new session: the page reads the curation back from disk.
    again = fresh().run()
    again.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    assert not again.exception
    restored = again.data_editor[0].value
    assert bool(restored.iloc[0]["kept"]) is (not bool(first["kept"]))
    assert len(restored) == len(table)


def test_draw_validate_and_save(home):
    at = generate_weat6()
    at.number_input(key="_biaswords.draws").set_value(5).run()
    next(b for b in at.button if b.label.startswith("Draw new sets")).click().run()
    assert not at.exception
    assert any("Significant draws" in m.label for m in at.metric)
    assert len(at.dataframe) >= 2  # the editor and the Table-9-style draws
    next(b for b in at.button if b.label == "Save as word set").click().run()
    assert not at.exception
    assert any("WEAT page" in s.value for s in at.success)
    assert list((home / "wordsets").glob("*.json"))
