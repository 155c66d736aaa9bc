"""WEAT page in Streamlit's AppTest: numbers equal the engine's, notices, errors, saving, state."""

import json

import pytest

from bias.report import text
from bias.report import verdict as verdict_text
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset
from tests.apptest import open_app


def button(at, label):
    return next(b for b in at.button if b.label == label)


def text_area(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}")


@pytest.fixture
def app(home):
    return open_app()


def test_lands_on_weat_with_weat7_preset(app):
    assert not app.exception
    assert app.title[0].value == "Is there bias in these words?"
    assert app.selectbox(key="_weat.preset").value == "weat7"
    assert text_area(app, "X").value.splitlines()[0] == "math"


def test_run_weat7_shows_the_engine_numbers(app):
    button(app, "Run test").click().run()
    assert not app.exception
    direct = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"), WeatOptions())
    metrics = {m.label: m.value for m in app.metric}
    assert metrics["p-value"] == text.format_p(direct.p_value)
    assert metrics["Effect size d"] == text.format_d(direct.effect_size)
    assert metrics["Reported p-value"] == "0.018"
    assert metrics["Reported effect size"] == "1.06"
    assert app.success[0].value == (
        f"**{verdict_text.headline(direct.verdict)}**  \n{text.summary_sentence(direct)}")
    assert app.success[0].value.startswith(
        "**Bias detected at the 5% level, and it holds when the words are resampled**")
    assert any(text.explanation(direct) == c.value for c in app.caption)  # under 'Details'
    stored = app.session_state["weat.result"]
    assert stored.p_value == direct.p_value and stored.statistic == pytest.approx(direct.statistic)


def test_options_reach_the_engine(app):
    app.radio(key="_weat.method").set_value("randomized")
    app.number_input(key="_weat.iterations").set_value(5000)
    app.number_input(key="_weat.seed").set_value(7)
    app.checkbox(key="_weat.two_sided").check()
    button(app, "Run test").click().run()
    options = WeatOptions("randomized", 5000, seed=7, alternative="two-sided")
    direct = run_weat(load_embedding(DEFAULT_EMBEDDING), get_wordset("weat7"), options)
    result = app.session_state["weat.result"]
    assert result.method == "randomized" and result.iterations == 5000
    assert result.alternative == "two-sided"
    assert result.p_value == direct.p_value


def test_edit_shows_missing_and_fallback_words_and_drops_reported(app):
    text_area(app, "X").set_value("math, Algebra\nqqqzzzx").run()
    assert not app.exception
    assert any("qqqzzzx" in w.value for w in app.warning)
    assert any("Algebra → algebra" in i.value for i in app.info)
    button(app, "Run test").click().run()
    labels = [m.label for m in app.metric]
    assert "Reported p-value" not in labels  # edited lists are no longer the paper's test
    assert any("qqqzzzx" in w.value for w in app.warning)


def test_empty_set_is_an_error_sentence_not_a_traceback(app):
    text_area(app, "B").set_value("  ").run()
    button(app, "Run test").click().run()
    assert not app.exception
    assert "Set B (Female terms) is empty" in app.error[0].value


def test_blank_start_then_all_missing_is_explained(app):
    app.selectbox(key="_weat.preset").set_value("").run()
    assert all(text_area(app, k).value == "" for k in "XYAB")
    for key, words in zip("XYAB", ["math", "art", "qqqzzzx", "woman"], strict=True):
        text_area(app, key).set_value(words)
    button(app, "Run test").click().run()
    assert not app.exception
    assert "Every word of set A" in app.error[0].value


def test_save_user_wordset_and_reload_after_restart(app, home):
    app.selectbox(key="_weat.preset").set_value("weat8").run()
    text_area(app, "X").set_value("science\ntechnology\nphysics").run()
    app.text_input(key="_weat.title").set_value("My science test").run()
    button(app, "Save word set").click().run()
    assert not app.exception
    path = home / "wordsets" / "my-science-test.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["sets"]["X"]["words"] == ["science", "technology", "physics"]
    assert app.selectbox(key="_weat.preset").value == "my-science-test"

    restarted = open_app()
    select = restarted.selectbox(key="_weat.preset")
    assert "★ My science test (your word set)" in select.options
    select.set_value("my-science-test").run()
    assert text_area(restarted, "X").value == "science\ntechnology\nphysics"


def test_a_typed_title_names_an_unchanged_preset_when_saved(app, home):
    app.text_input(key="_weat.title").set_value("Swiss names study").run()
    button(app, "Save word set").click().run()
    assert not app.exception
    saved = json.loads((home / "wordsets" / "swiss-names-study.json").read_text(encoding="utf-8"))
    assert saved["title"] == "Swiss names study"
    assert saved["reported"] == json.loads(json.dumps(get_wordset("weat7").to_dict()))["reported"]


def test_typing_survives_a_page_switch(app):
    text_area(app, "Y").set_value("poetry\nart").run()
    app.switch_page("views/embeddings.py").run()
    app.switch_page("views/weat.py").run()
    assert text_area(app, "Y").value == "poetry\nart"
