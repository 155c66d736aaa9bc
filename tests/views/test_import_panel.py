"""Issue 25, item 6: one import panel (views/import_panel.py) for the WEAT page's panel of a
language without an embedding and for the Embeddings page: one word-limit field with the engine's
lower bound on both (they had 10,000 and 1,000), one progress bar with a Cancel button."""

from bias.vectors.import_report import DEFAULT_LIMIT, WORD_LIMIT
from tests.apptest import open_app
from views.import_panel import OFFERED_WORDS


def _bounds(at, key):
    field = at.number_input(key=key)
    return field.proto.min, field.proto.max, field.value, field.proto.label


def test_both_pages_offer_one_field_at_the_engines_bound(home):
    weat = open_app()
    weat.selectbox(key="_weat.language").set_value("de").run()  # no German embedding here
    embeddings = open_app("views/embeddings.py")
    assert not weat.exception and not embeddings.exception
    expected = (WORD_LIMIT.low, OFFERED_WORDS, DEFAULT_LIMIT, "Keep the most frequent words")
    assert _bounds(weat, "weat.download_words") == expected
    assert _bounds(embeddings, "embeddings.limit") == expected
    assert WORD_LIMIT.low == 1  # a page's minimum of 1,000 or 10,000 would fail above


def test_an_embeddings_page_import_has_a_cancel_button_and_a_cancel_says_so(home, monkeypatch):
    from bias.errors import BiasInputError
    from bias.vectors import visitor

    seen = []

    def download(language, *, limit, access, progress):
        seen.append((language, limit))
        raise BiasInputError("No internet here, in one sentence.")

    monkeypatch.setattr(visitor, "import_fasttext", download)
    at = open_app("views/embeddings.py")
    at.number_input(key="embeddings.limit").set_value(5_000).run()
    next(b for b in at.button if b.key == "embeddings.fasttext").click().run()
    assert not at.exception
    assert seen == [("en", 5_000)]
    assert [e.value for e in at.error] == ["No internet here, in one sentence."]
    assert [b.label for b in at.button if b.key == "cancel.Downloading fastText English"] == [
        "Cancel"]
    at.button(key="cancel.Downloading fastText English").click().run()
    assert "Import cancelled; nothing was saved." in [i.value for i in at.info]
