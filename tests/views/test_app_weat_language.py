"""WEAT page, language first: the tests, the active embedding and the offers follow the language."""

import pytest

from bias.report import text
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from tests.language_vectors import import_language
from views.shared import _SELECT_KEY, ACTIVE_KEY


def button(at, label):
    return next(b for b in at.button if b.label == label)


def words(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}").value


def choose_german(at):
    at.selectbox(key="_weat.language").set_value("de").run()
    assert not at.exception


def test_german_with_only_english_offers_download_and_upload_not_english_lists(home):
    at = open_app()
    assert at.selectbox(key="_weat.language").value == "en"
    choose_german(at)
    german = get_wordset("weathub-de-weat7")
    assert at.selectbox(key="_weat.preset").value == german.id
    assert words(at, "X").splitlines() == list(german.X.words)
    assert at.session_state[ACTIVE_KEY] == DEFAULT_EMBEDDING  # nothing German to follow
    panel = [m.value for m in at.markdown if "There is no German embedding here yet" in m.value]
    assert panel and "An **embedding** is a table of word vectors" in panel[0]
    assert [t.label for t in at.tabs][:2] == ["Download fastText German", "Upload a vector file"]
    assert any("about 125 MB to download" in c.value for c in at.caption)
    assert button(at, "Download German vectors")
    # only German tests, the paper's first, then WEATHub's
    options = at.selectbox(key="_weat.preset").options[1:]
    paper = [i for i, label in enumerate(options) if label.endswith(" · paper")]
    hub = [i for i, label in enumerate(options) if label.startswith("WEATHub ")]
    assert paper == list(range(6)) and len(hub) == 13 and min(hub) > max(paper)
    assert len(options) == 23 and all("(Italian" not in label for label in options)
    at.toggle(key="_weat.all_languages").set_value(True).run()
    options = at.selectbox(key="_weat.preset").options[1:]
    assert len(options) > 400 and options[23].endswith(" · paper [it]")  # others after, coded


def test_a_cross_language_run_needs_an_explicit_confirmation(home):
    at = open_app()
    choose_german(at)
    run = button(at, "Run test")
    assert run.disabled
    assert "most words will be missing" in at.warning[-1].value
    at.checkbox(key="_weat.cross_language_ok").check().run()
    assert not button(at, "Run test").disabled
    button(at, "Run test").click().run()
    assert not at.exception
    result = at.session_state["weat.result"]
    assert (result.wordset_id, result.embedding) == ("weathub-de-weat7", DEFAULT_EMBEDDING)
    # choosing another language asks again
    at.selectbox(key="_weat.language").set_value("it").run()
    assert button(at, "Run test").disabled


def test_the_active_embedding_follows_the_language_and_runs_weathub(home, tmp_path):
    """The embedding a visitor chose comes back with its language; one they did not choose (an
    import on the server: another visitor's) is offered, never made active for them."""
    import_language(tmp_path, "de", "de-small")
    at = open_app()
    choose_german(at)
    assert at.session_state[ACTIVE_KEY] == DEFAULT_EMBEDDING
    assert "de-small (German)" in at.selectbox(key=_SELECT_KEY).options  # offered, named
    assert any("choose it under Active embedding" in i.value and "de-small" in i.value
               for i in at.info)
    at.selectbox(key=_SELECT_KEY).set_value("de-small").run()  # this visitor's choice
    at.selectbox(key="_weat.language").set_value("en").run()
    assert at.session_state[ACTIVE_KEY] == DEFAULT_EMBEDDING
    choose_german(at)
    assert at.session_state[ACTIVE_KEY] == "de-small"
    other = open_app()  # another visitor, after this one's choice
    choose_german(other)
    assert other.session_state[ACTIVE_KEY] == DEFAULT_EMBEDDING
    assert not any("There is no German embedding" in m.value for m in at.markdown)
    run = button(at, "Run test")
    assert not run.disabled
    run.click().run()
    direct = run_weat(load_embedding("de-small"), get_wordset("weathub-de-weat7"), WeatOptions())
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Effect size d"] == text.format_d(direct.effect_size)
    assert "Reported effect size" in metrics  # WEATHub's fastText value beside ours
    # back to English: the bundled GloVe becomes active again
    at.selectbox(key="_weat.language").set_value("en").run()
    assert at.session_state[ACTIVE_KEY] == DEFAULT_EMBEDDING
    assert at.selectbox(key="_weat.preset").value == "weat7"


def test_offline_download_says_internet_is_needed_and_points_to_upload(home, monkeypatch):
    monkeypatch.setenv("BIASWORDS_FASTTEXT_BASE", "http://127.0.0.1:9")
    monkeypatch.setenv("BIASWORDS_ALLOW_PRIVATE_ADDRESSES", "1")
    at = open_app()
    choose_german(at)
    at.number_input(key="weat.download_words").set_value(10_000).run()
    button(at, "Download German vectors").click().run()
    assert not at.exception
    [error] = [e.value for e in at.error]
    assert error.startswith("The download needs an internet connection")
    assert "upload it in the dashboard" in error
    assert "socket" not in error.lower() and "Errno" not in error.split("(")[0]


@pytest.mark.parametrize("code", ["it", "sv"])
def test_the_papers_languages_open_on_the_papers_test(home, code):
    at = open_app()
    at.selectbox(key="_weat.language").set_value(code).run()
    assert at.selectbox(key="_weat.preset").value == f"weat7-{'ita' if code == 'it' else 'swe'}"
