"""Items 5, 11 and 12 (drafts): a damaged or wrongly typed draft is kept aside, recovered and
told, never a crash; a visit where nothing was typed writes no draft."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bias import drafts
from tests.apptest import open_app
from views.shared import ACTIVE_KEY

PAGES = ("views/weat.py", "views/batch.py", "views/biaswords.py", "views/embeddings.py")


def write_draft(home: Path, text: str) -> str:
    draft_id = drafts.new_id()
    (home / "drafts").mkdir(parents=True, exist_ok=True)
    (home / "drafts" / f"{draft_id}.json").write_text(text, encoding="utf-8")
    return draft_id


def test_a_visit_without_typing_writes_no_draft(home: Path) -> None:
    tab = open_app()
    for page in PAGES:
        tab.switch_page(page).run()
    assert not tab.exception
    assert not list((home / "drafts").glob("*.json")) if (home / "drafts").exists() else True
    tab.switch_page("views/weat.py").run()
    tab.number_input(key="_weat.seed").set_value(7).run()
    saved = drafts.load(tab.query_params["draft"])
    assert saved["weat.seed"] == 7 and saved["weat.words.X"].startswith("math")


def test_a_truncated_draft_is_kept_aside_recovered_and_told(home: Path) -> None:
    whole = json.dumps({"weat.seed": 42, "weat.words.X": "doctor\nnurse", "weat.title": "Mine"})
    draft_id = write_draft(home, whole[: whole.index('"weat.title"') + 5])
    tab = open_app(draft=draft_id)
    assert not tab.exception
    assert any("was damaged; 2 value(s) could be recovered" in w.value for w in tab.sidebar.warning)
    assert tab.number_input(key="_weat.seed").value == 42
    assert next(t for t in tab.text_area if t.key == "_weat.words.X").value == "doctor\nnurse"
    [kept] = (home / "drafts").glob(f"{draft_id}.damaged-*.json")
    assert kept.read_text(encoding="utf-8").endswith('"weat')
    assert drafts.load(draft_id) == {"weat.seed": 42, "weat.words.X": "doctor\nnurse"}
    # one more edit does not lose the recovered values (the old code wrote defaults here)
    tab.number_input(key="_weat.seed").set_value(43).run()
    assert drafts.load(draft_id)["weat.words.X"] == "doctor\nnurse"


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe not utf-8",
        "[1, 2, 3]",
        "[" * 50_000,
        '{"weat.seed": ' + "9" * 5000 + "}",
        '{"weat.seed": {"nested": true}}',
    ],
)
def test_unreadable_drafts_never_crash(home: Path, text: str | bytes) -> None:
    draft_id = drafts.new_id()
    (home / "drafts").mkdir(parents=True, exist_ok=True)
    path = home / "drafts" / f"{draft_id}.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    tab = open_app(draft=draft_id)
    assert not tab.exception
    assert any("was damaged" in w.value for w in tab.sidebar.warning)
    assert list((home / "drafts").glob(f"{draft_id}.damaged-*.json"))


@pytest.mark.parametrize(
    "values",
    [
        {"weat.iterations": "abc"},
        {"weat.words.X": 5},
        {"weat.seed": True},
        {ACTIVE_KEY: ["glove-6b-50d"]},
        {ACTIVE_KEY: {"a": 1}},
        {"batch.tests": "weat7", "batch.iterations": 1.5, "biaswords.k": "many"},
    ],
)
def test_wrongly_typed_values_do_not_break_any_page(home: Path, values: dict) -> None:
    draft_id = write_draft(home, json.dumps(values))
    for page in PAGES:
        tab = open_app(page, draft=draft_id)
        assert not tab.exception, (page, [e.value for e in tab.exception])
