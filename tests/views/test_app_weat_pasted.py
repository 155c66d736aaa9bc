"""A list pasted from a spreadsheet keeps its words apart: French Excel separates with `;`, a
spreadsheet row pastes with tabs (issue 24: both were one "phrase", "0 of 1 words found")."""

from tests.apptest import open_app


def test_semicolons_and_tabs_separate_pasted_words(home):
    app = open_app()
    boxes = {t.key: t for t in app.text_area}
    boxes["_weat.words.X"].set_value("poetry; art; dance")
    boxes["_weat.words.Y"].set_value("math\talgebra\tgeometry\tcalculus")
    app.run()
    assert not app.exception
    notes = [c.value for c in app.caption]
    assert "3 of 3 words found" in notes and "4 of 4 words found" in notes
    next(b for b in app.button if b.label == "Run test").click().run()
    result = app.session_state["weat.result"]
    assert result.sets["X"].words == ("poetry", "art", "dance")
    assert result.sets["Y"].words == ("math", "algebra", "geometry", "calculus")
