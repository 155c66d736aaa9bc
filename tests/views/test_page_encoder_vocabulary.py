"""The BiasWords page on the encoder asks before embedding its vocabulary, and asks for a word
list where wordfreq has none (no word is encoded here: the button is not pressed)."""

import pytest
from streamlit.testing.v1 import AppTest

from bias.vectors import encoder
from views.shared import ACTIVE_KEY

PAGE = "../../views/biaswords.py"


@pytest.fixture(autouse=True)
def encoder_on(home, monkeypatch):
    """The encoder switched on, with nothing in its memory: the count of words still to embed
    is this home's, not what an earlier test in the process embedded."""
    monkeypatch.setenv(encoder.SWITCH, "on")
    encoder.forget_memory()


def opened(name: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state[ACTIVE_KEY] = name
    return at.run()


def test_the_frequent_words_are_embedded_only_when_asked():
    at = opened("e5-small-it-passage")
    assert not at.exception
    assert any("wordfreq's most frequent 5,000 Italian words" in c.value for c in at.caption)
    assert [b.label for b in at.button] == ["Embed the 5,000 words not embedded yet"]
    assert not any(s.label == "Seed test" for s in at.selectbox)  # the page waits for it


def test_a_language_without_a_frequency_list_asks_for_words():
    at = opened("e5-small-ku-passage")
    assert not at.exception
    assert any("There is no frequency list for Kurdish (Kurmanji)" in i.value for i in at.info)
    assert [t.label for t in at.text_area] == ["Words to search among (one a line)"]


def test_wordfreq_s_words_are_recorded_as_wordfreq_s(monkeypatch):
    """The page hands BiasWords no word list of its own when the words are wordfreq's, so the
    embedding's identity says "wordfreq", not "the user's word list"."""
    from views import encoder_panel

    given = []
    monkeypatch.setattr(encoder_panel, "cached_words", lambda language, method, words: words)
    monkeypatch.setattr(encoder_panel, "with_vocabulary",
                        lambda embedding, words=None: given.append(words))
    opened("e5-small-it-passage")
    assert given and given[0] is None
