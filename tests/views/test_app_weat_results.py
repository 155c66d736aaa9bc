"""WEAT page results in AppTest: an edited preset is labelled as such, saving confirms without
making the result stale, the per-word table speaks plainly."""

import json

import pytest

from bias.wordsets.library import get_wordset
from tests.apptest import open_app


def button(at, label):
    return next(b for b in at.button if b.label == label)


def text_area(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}")


STALE = "The lists, options or embedding changed since this result; press Run again."


@pytest.fixture
def app(home):
    return open_app()


def edit_weat7(app):
    text_area(app, "X").set_value("math\nalgebra\ngeometry\ncalculus").run()


def test_an_edited_preset_is_labelled_edited_everywhere(app):
    edit_weat7(app)
    button(app, "Run test").click().run()
    assert not app.exception
    headers = [header.value for header in app.main.subheader]
    assert "Result: WEAT 7 (edited): math vs. arts, male vs. female terms" in headers
    assert "Reported p-value" not in [m.label for m in app.metric]
    # Why the published values are gone, said at the top and under the numbers.
    why = "You changed the lists of WEAT 7, so this is now your own test."
    assert any(why in box.value for box in app.info)
    assert any(why in caption.value and "d = 1.06" in caption.value for caption in app.caption)
    assert any(e.label == "About the original WEAT 7: math vs. arts, male vs. female terms"
               for e in app.expander)  # fmt: skip
    # Exports (file names and JSON) carry the edited id, not the published test's.
    assert app.session_state["weat.result"].wordset_id == "weat7-edited"



def test_the_published_lists_come_back_with_one_click(app):
    edit_weat7(app)
    button(app, "Use the published lists of WEAT 7 again").click().run()
    assert text_area(app, "X").value.splitlines() == list(get_wordset("weat7").X.words)
    button(app, "Run test").click().run()
    assert [m.label for m in app.metric][2:] == ["Reported p-value", "Reported effect size"]


def test_saving_confirms_and_keeps_the_result_current(app, home):
    button(app, "Run test").click().run()
    app.text_input(key="_weat.title").set_value("Maths and arts, my copy").run()
    assert STALE not in [box.value for box in app.info]  # typing a title changes no word
    button(app, "Save word set").click().run()
    assert not app.exception
    assert (home / "wordsets" / "maths-and-arts-my-copy.json").is_file()
    assert STALE not in [box.value for box in app.info]
    assert app.metric  # the result is still shown
    confirm = [box.value for box in app.success if "Saved as your word set" in box.value]
    assert confirm == [
        "Saved as your word set 'Maths and arts, my copy'. It is now chosen under 'Prepared "
        "test' and stays there after a restart."
    ]
    assert app.selectbox(key="_weat.preset").value == "maths-and-arts-my-copy"


def test_saving_an_edit_without_a_title_keeps_the_edited_name(app, home):
    edit_weat7(app)
    button(app, "Save word set").click().run()
    assert not app.exception
    saved = json.loads((home / "wordsets" / "weat7-edited.json").read_text(encoding="utf-8"))
    assert saved["title"] == "WEAT 7 (edited): math vs. arts, male vs. female terms"
    assert saved["reported"] is None and saved["variant_of"] == "weat7"


def test_the_word_table_has_readable_headers(app):
    button(app, "Run test").click().run()
    table = app.dataframe[0]
    labels = {
        name: column.get("label")
        for name, column in json.loads(table.proto.columns).items()
        if not name.startswith("_")
    }
    assert labels["found_as"] == "Found as"
    assert labels["effect_size_without"] == "d without it"
    assert all(label and "_" not in label for label in labels.values())


def test_the_which_words_matter_caption_says_which_side_supports_the_bias(app):
    button(app, "Run test").click().run()
    captions = [c.value for c in app.caption]
    assert any("Bars to the left (negative) mark words that support the result" in c
               for c in captions)  # fmt: skip
