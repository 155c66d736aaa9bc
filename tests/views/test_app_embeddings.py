"""Embeddings page in AppTest: listing, import from a server path, delete, path switch-off."""

from bias.vectors.catalog import DEFAULT_EMBEDDING
from tests.apptest import open_app


def open_page(home):
    at = open_app("views/embeddings.py")
    assert not at.exception
    return at


def test_lists_the_default(home):
    at = open_page(home)
    assert DEFAULT_EMBEDDING in list(at.dataframe[0].value["Name"])


def test_import_from_path_activates_and_delete_removes(home, tmp_path, monkeypatch):
    monkeypatch.setenv("BIASWORDS_ALLOW_PATHS", "1")
    vec = tmp_path / "tiny.vec"
    vec.write_text("3 2\nhaus 1 0\nkatze 0 1\nhund 1 1\n", encoding="utf-8")
    at = open_page(home)
    path_input = next(t for t in at.text_input if t.label == "Path or URL")
    path_input.set_value(str(vec)).run()
    next(t for t in at.text_input if t.key == "embeddings.path_name").set_value("tiny-de").run()
    assert at.selectbox(key="embeddings.path_language").value == "en"  # the active embedding's
    at.selectbox(key="embeddings.path_language").set_value("de").run()
    next(b for b in at.button if b.label == "Import").click().run()
    assert not at.exception, at.exception
    assert "Imported tiny-de: 3 words" in at.success[0].value
    assert "tiny-de" in list(at.dataframe[0].value["Name"])
    assert at.session_state["biaswords.embedding"] == "tiny-de"
    assert any("German" in c.value and "3 words" in c.value for c in at.sidebar.caption)

    assert "Delete an imported, trained or debiased embedding" in [h.value for h in at.subheader]
    box = next(s for s in at.selectbox if s.label == "Imported embedding")
    assert box.value is None and not any(b.label == "Delete" for b in at.button)  # none chosen
    box.set_value("tiny-de").run()
    next(b for b in at.button if b.label == "Delete").click().run()
    assert "tiny-de" in list(at.dataframe[0].value["Name"])  # asked first (views/operator.py)
    next(b for b in at.button if b.label == "Yes, delete").click().run()
    assert not at.exception
    assert "tiny-de" not in list(at.dataframe[0].value["Name"])
    assert at.sidebar.selectbox[0].value == DEFAULT_EMBEDDING


def test_the_menu_names_languages_and_docs_are_shown_not_pathed(home, monkeypatch):
    """The sidebar's menu names each embedding's language; the encoder's docs are a folded
    section on the page, not a repository path printed as text."""
    monkeypatch.setenv("BIASWORDS_ENCODER", "on")
    at = open_page(home)
    options = at.sidebar.selectbox[0].options
    assert f"{DEFAULT_EMBEDDING} (English)" in options
    assert "e5-small-ar-query (Arabic)" in options
    assert not any("docs/encoder.md" in c.value for c in at.caption)
    assert any(e.label.startswith("How the encoder's methods differ (docs/encoder.md, "
                                  "'Extraction methods") for e in at.expander)


def test_bad_path_is_a_sentence(home, tmp_path, monkeypatch):
    monkeypatch.setenv("BIASWORDS_ALLOW_PATHS", "1")
    at = open_page(home)
    next(t for t in at.text_input if t.label == "Path or URL").set_value(
        str(tmp_path / "nothing.vec")
    ).run()
    next(t for t in at.text_input if t.key == "embeddings.path_name").set_value("nope").run()
    next(b for b in at.button if b.label == "Import").click().run()
    assert not at.exception
    assert at.error, "expected an st.error"


def test_server_paths_are_off_unless_switched_on(home, monkeypatch):
    at = open_page(home)
    assert not any(t.label == "Path or URL" for t in at.text_input)
    monkeypatch.setenv("BIASWORDS_ALLOW_PATHS", "0")
    at = open_page(home)
    assert not any(t.label == "Path or URL" for t in at.text_input)


def test_a_damaged_import_is_shown_and_can_be_deleted(home, tmp_path):
    from bias.vectors.download import import_embedding

    (tmp_path / "b.vec").write_text("2 2\nx 1 0\ny 0 1\n", encoding="utf-8")
    import_embedding(tmp_path / "b.vec", name="broken", language="en")
    (home / "embeddings" / "broken" / "meta.json").write_text('{"words": "many"}')
    at = open_page(home)
    assert any("The cache of 'broken' is damaged" in w.value for w in at.warning)
    assert "broken" not in list(at.dataframe[0].value["Name"])
    next(s for s in at.selectbox if s.label == "Imported embedding").set_value("broken").run()
    next(b for b in at.button if b.label == "Delete").click().run()
    next(b for b in at.button if b.label == "Yes, delete").click().run()
    assert not at.exception and not (home / "embeddings" / "broken").exists()
    assert not any("is damaged" in w.value for w in at.warning)
