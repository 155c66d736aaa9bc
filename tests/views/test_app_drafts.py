"""A browser refresh starts a new Streamlit session; the tab's draft (?draft=…) brings the typed
lists and options back, and another tab (another draft id) does not see them."""

from tests.apptest import open_app


def text_area(at, key):
    return next(t for t in at.text_area if t.key == f"_weat.words.{key}")


def test_refresh_restores_typed_lists_and_options(home):
    tab = open_app()
    draft_id = tab.query_params["draft"]
    text_area(tab, "X").input("doctor\nengineer\nqqqzzz").run()
    tab.text_input(key="_weat.name.X").input("Professions").run()
    tab.number_input(key="_weat.seed").set_value(42).run()
    assert not tab.exception

    refreshed = open_app(draft=draft_id)
    assert not refreshed.exception
    assert text_area(refreshed, "X").value == "doctor\nengineer\nqqqzzz"
    assert refreshed.text_input(key="_weat.name.X").value == "Professions"
    assert refreshed.number_input(key="_weat.seed").value == 42
    assert (home / "drafts" / f"{draft_id}.json").exists()

    other = open_app()
    assert text_area(other, "X").value.splitlines()[0] == "math"  # the default preset
    assert other.query_params["draft"] != tab.query_params["draft"]


def test_a_bad_or_unknown_draft_id_starts_clean(home):
    for given in ("../../etc", "0123456789abcdef"):
        tab = open_app(draft=given)
        assert not tab.exception
        assert text_area(tab, "X").value.splitlines()[0] == "math"


def test_stale_draft_values_do_not_break_any_page(home):
    """A draft can name things that are gone: a deleted embedding, a removed preset."""
    from bias import drafts

    draft_id = drafts.new_id()
    drafts.save(draft_id, {
        "biaswords.embedding": "deleted-embedding",
        "weat.preset": "no-such-test",
        "batch.embeddings": ["deleted-embedding"],
        "batch.tests": ["no-such-test", "weat7"],
        "biaswords.wordset": "no-such-test",
    })
    for page in ("views/weat.py", "views/batch.py", "views/biaswords.py", "views/embeddings.py"):
        at = open_app(page, draft=draft_id)
        assert not at.exception, (page, [e.value for e in at.exception])


def test_two_tabs_at_the_same_address_do_not_undo_each_other(home):
    first = open_app()
    draft_id = first.query_params["draft"]
    second = open_app(draft=draft_id)
    text_area(first, "A").input("tab1A").run()
    text_area(second, "Y").input("tab2Y").run()
    refreshed = open_app(draft=draft_id)
    assert text_area(refreshed, "A").value == "tab1A"
    assert text_area(refreshed, "Y").value == "tab2Y"


def test_refresh_keeps_the_biaswords_seed_test(home):
    tab = open_app()
    draft_id = tab.query_params["draft"]
    tab.switch_page("views/biaswords.py").run()
    tab.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    assert not tab.exception
    refreshed = open_app("views/biaswords.py", draft=draft_id)
    assert refreshed.selectbox(key="_biaswords.wordset").value == "weat6"
