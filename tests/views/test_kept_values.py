"""Issue 25, item 4: what a tab keeps over reruns, page switches and refreshes is kept with four
verbs of views/shared.py, one job each (`persistent`, `restore`, `put`, `remember`), where there
were five overlapping ones (`keep`, `save`, `persistent`, `remember`, and the WEAT page's own
`put`, written out again by hand on the Batch page)."""

import ast
from pathlib import Path

from streamlit.testing.v1 import AppTest

from bias import drafts
from views import shared

VIEWS = Path(shared.__file__).parent


def _page():
    """A page with one persistent box whose callback reads what `persistent` has kept."""
    import streamlit as st

    from views.shared import persistent, remember, restore

    def after(label: str) -> None:
        seen = st.session_state.setdefault("seen", [])
        seen.append((label, st.session_state["p.word"], st.session_state["_p.word"]))
        remember("p.echo", st.session_state["p.word"] * 2)

    st.text_input("Word", **persistent("p.word", "cat", on_change=after, args=("after",)))
    restore("p.other", 7)


def test_a_persistent_callback_runs_once_the_value_is_kept_and_written(home):
    at = AppTest.from_function(_page).run()
    assert at.session_state["p.word"] == "cat" and at.session_state["p.other"] == 7
    at.text_input(key="_p.word").set_value("dog").run()
    assert not at.exception
    assert at.session_state["seen"] == [("after", "dog", "dog")]
    saved = drafts.load(at.session_state["_draft_id"])
    assert saved["p.word"] == "dog" and saved["p.echo"] == "dogdog"
    assert "p.other" not in saved  # restored to its default, never typed: not written


def test_the_pages_keep_values_with_the_four_verbs_only():
    assert not hasattr(shared, "keep") and not hasattr(shared, "save")
    for page in VIEWS.glob("*.py"):
        tree = ast.parse(page.read_text(encoding="utf-8"))
        defined = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        if page.name != "shared.py":
            assert not defined & {"keep", "save", "put", "remember", "persistent", "restore"}, page
        # No page writes a widget's "_" key and the draft by hand beside a verb.
        source = page.read_text(encoding="utf-8")
        assert 'st.session_state["_" + key] = value' not in source or page.name == "shared.py"
