"""The BiasWords page: generate candidates, curate one, find the curation again after reload."""

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from bias.discovery.curation import backup_path, curation_path
from bias.report.markup import md
from bias.wordsets.library import get_wordset
from tests.apptest import open_app

PAGE = "../../views/biaswords.py"
EDITOR = "_biaswords.editor.glove-6b-50d.weat6.1"


def fresh(draft: str | None = None) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=120)
    if draft is not None:
        at.query_params["draft"] = draft
    return at


def space(at: AppTest) -> str:
    """The tab's workspace: its draft id."""
    return at.session_state["_draft_id"]


def path_of(at: AppTest):
    return curation_path("glove-6b-50d", "weat6", space(at))


def prev_of(at: AppTest):
    return backup_path("glove-6b-50d", "weat6", space(at))


def generate_weat6() -> AppTest:
    at = fresh().run()
    assert not at.exception
    at.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    next(b for b in at.button if b.label == "Generate candidates").click().run()
    assert not at.exception
    return at


def saved_rows(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return [row for key in "XYAB" for row in data["candidates"][key]]


def test_generate_toggle_and_restore_after_reload(home):
    at = generate_weat6()
    path = path_of(at)
    assert path.exists() and path.parent == home / "curation" / space(at)
    editor = at.data_editor[0]
    assert editor.key == EDITOR
    table = editor.value
    first = table.iloc[0]
    assert bool(first["kept"]) == saved_rows(path)[0]["kept"]

    # Toggle the first row, as a click in the editor would.
    at.session_state[EDITOR] = {
        "edited_rows": {0: {"kept": not bool(first["kept"])}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert saved_rows(path)[0]["kept"] is (not bool(first["kept"]))

    # A browser reload is a new session at the same address: the curation comes back from disk.
    again = fresh(space(at)).run()
    again.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    assert not again.exception
    restored = again.data_editor[0].value
    assert bool(restored.iloc[0]["kept"]) is (not bool(first["kept"]))
    assert len(restored) == len(table)


def test_draw_validate_and_save(home):
    at = generate_weat6()
    at.number_input(key="_biaswords.draws").set_value(5).run()
    next(b for b in at.button if b.label.startswith("Draw new sets")).click().run()
    assert not at.exception
    assert any("Significant draws" in m.label for m in at.metric)
    draws = at.table[0].value  # the Table-9-style draws: a static table, its cells wrap
    assert list(draws.iloc[:, 0])[-2:] == ["p-value", "Effect size d"]
    assert [len(words.split(", ")) for words in draws.iloc[:4, 1]] == [8, 8, 8, 8]  # WEAT 6 sizes
    next(b for b in at.button if b.label == "Save as word set").click().run()
    assert not at.exception
    assert any("WEAT page" in s.value and "Batch run" in s.value for s in at.success)
    # where to use it next, as links (outside the navigation, as here, plain links)
    links = " ".join(m.value for m in at.markdown)
    assert "[Test it on the WEAT page](/weat?draft=" in links
    assert "[Run it in a Batch](/batch" in links
    assert any(i.value.startswith("Random words of the same kind are significant in")
               for i in at.info)  # the baseline in words, beside the draws
    assert list((home / "wordsets").glob("*.json"))
    # 'Test it on the WEAT page' opens the set just saved, with its lists (it opened the test
    # chosen there before, and Run tested those lists).
    saved = next(iter((home / "wordsets").glob("*.json")))
    data = json.loads(saved.read_text(encoding="utf-8"))
    weat = open_app("views/weat.py", draft=space(at))  # the link carries the tab's draft
    assert not weat.exception
    assert weat.session_state["weat.preset"] == data["id"]
    words = next(t for t in weat.text_area if t.key == "_weat.words.X")
    assert words.value == "\n".join(data["sets"]["X"]["words"])


def asks_to_replace(at: AppTest) -> bool:
    return any("differs from the new candidates" in w.value for w in at.warning)


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception
    return at


def test_generating_again_never_overwrites_a_curation_silently(home):
    at = generate_weat6()
    path = path_of(at)
    fresh = path.read_text(encoding="utf-8")
    click(at, "Generate candidates")  # nothing curated yet: no question, nothing set aside
    assert not asks_to_replace(at) and not prev_of(at).exists()
    first = bool(at.data_editor[0].value.iloc[0]["kept"])
    editor = at.data_editor[0].key
    at.session_state[editor] = {
        "edited_rows": {0: {"kept": not first}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    curated = path.read_text(encoding="utf-8")
    assert curated != fresh

    click(at, "Generate candidates")
    assert path.read_text(encoding="utf-8") == curated  # not overwritten
    assert any("differs from the new candidates" in w.value for w in at.warning)
    click(at, "Keep my curation")
    assert not asks_to_replace(at) and path.read_text(encoding="utf-8") == curated

    click(at, "Generate candidates")
    click(at, "Replace my curation")
    assert not asks_to_replace(at)
    assert path.read_text(encoding="utf-8") == fresh
    assert prev_of(at).read_text(encoding="utf-8") == curated
    assert bool(at.data_editor[0].value.iloc[0]["kept"]) is first  # the new table, old edits gone

    click(at, "Restore the previous curation")
    assert path.read_text(encoding="utf-8") == curated
    assert bool(at.data_editor[0].value.iloc[0]["kept"]) is (not first)


def test_a_restored_word_still_says_why_the_filter_dropped_it(home):
    at = generate_weat6()
    path = path_of(at)
    table = at.data_editor[0].value
    row = int(next(i for i in range(len(table)) if not table.iloc[i]["kept"]))
    reason = saved_rows(path)[row]["reason"]
    assert reason and table.iloc[row]["verdict"] == reason

    editor = at.data_editor[0].key
    at.session_state[editor] = {
        "edited_rows": {row: {"kept": True}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert saved_rows(path)[row]["kept"] is True and saved_rows(path)[row]["reason"] == reason
    shown = at.data_editor[0].value.iloc[row]["verdict"]
    assert shown == f"dropped by the filter: {reason}, kept by you"

    at.session_state[editor] = {
        "edited_rows": {row: {"kept": False}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert saved_rows(path)[row]["kept"] is False and saved_rows(path)[row]["reason"] == reason
    assert at.data_editor[0].value.iloc[row]["verdict"] == reason


def test_effect_size_texts_do_not_cap_d_at_2(home):
    at = generate_weat6()
    at.number_input(key="_biaswords.draws").set_value(2).run()
    next(b for b in at.button if b.label.startswith("Draw new sets")).click().run()
    helps = " ".join(m.help or "" for m in at.metric)
    assert "can exceed 2" in helps
    source = Path(__file__).parent.joinpath(PAGE).read_text(encoding="utf-8")
    assert "at most 2" not in source and "±2" not in source


def test_seed_tests_start_with_a_gender_test_in_natural_order(home):
    at = fresh().run()
    box = at.selectbox(key="_biaswords.wordset")
    assert box.value == "weat6"
    titles = [t.split(":")[0].split() for t in box.options if t.startswith("WEAT ")]
    numbers = [int(t[1]) for t in titles[1:] if len(t) == 2 and t[1].isdigit()]
    assert numbers[:3] == [1, 2, 3] and numbers == sorted(numbers)  # WEAT 2 before WEAT 10


def test_two_tabs_have_their_own_curation_and_share_only_on_purpose(home):
    one = generate_weat6()
    editor = one.data_editor[0].key
    first = bool(one.data_editor[0].value.iloc[0]["kept"])
    one.session_state[editor] = {
        "edited_rows": {0: {"kept": not first}}, "added_rows": [], "deleted_rows": [],
    }  # fmt: skip
    one.run()
    other = fresh().run()
    other.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    assert space(other) != space(one)
    assert any("No candidates yet" in i.value for i in other.info)  # not the first tab's work
    click(one, "Save as shared curation")
    assert any("shared curation" in s.value for s in one.success)
    other.run()  # the second tab looks again: now a shared curation exists
    click(other, "Open the shared curation")
    assert bool(other.data_editor[0].value.iloc[0]["kept"]) is (not first)
    assert saved_rows(path_of(other))[0]["kept"] is (not first)


def test_exploratory_until_curated(home):
    at = generate_weat6()
    assert any("Bill" in w.value and "ambiguous" in w.value.lower() for w in at.warning)
    at.number_input(key="_biaswords.draws").set_value(3).run()
    click(at, "Draw new sets and run WEAT on each")
    assert any(w.value.startswith("Exploratory") for w in at.warning)
    labels = [m.label for m in at.metric]
    assert "Baseline: random words" in labels and "Best draw, p corrected" in labels


def test_without_a_tagger_word_types_are_switched_off_visibly(home, tmp_path):
    """Swedish has no tagger: the word-type box is off and greyed, the per-set selectors are
    gone, and one sentence says how to switch tagging on."""
    from bias.vectors.download import import_embedding

    vec = tmp_path / "sv.vec"
    vec.write_text("3 2\nkvinna 1 0\nman 0 1\nflicka 1 1\n", encoding="utf-8")
    import_embedding(vec, name="tiny-sv", language="sv")
    at = fresh()
    at.session_state["biaswords.embedding"] = "tiny-sv"
    at.run()
    assert not at.exception
    box = next(c for c in at.checkbox if c.label.startswith("Same word type"))
    assert box.label == "Same word type (off: no tagger for Swedish)"
    assert box.disabled and box.value is False
    assert not any(s.label.startswith("Set ") for s in at.selectbox)
    hint = [c.value for c in at.caption if "No part-of-speech tagger is installed" in c.value]
    assert len(hint) == 1 and "python -m spacy download sv_core_news_sm" in hint[0]


def test_the_filters_name_the_tagger_of_the_language(home):
    at = fresh().run()
    assert not at.exception
    assert any("tagger: HanTa (morphmodel_en.pgz)" in c.value for c in at.caption)
    assert next(c for c in at.checkbox if c.label == "Same word type").value is True


def test_the_seed_tests_whole_title_is_under_its_box(home):
    """The box cuts a long title at 800 px ("WEATHub WEAT 15 (English): …"); the line under it
    carries the whole title, wrapped (issue 24)."""
    at = fresh().run()
    at.selectbox(key="_biaswords.wordset").set_value("weathub-en-weat15").run()
    assert not at.exception
    title = get_wordset("weathub-en-weat15").title
    assert len(title) > 60 and any(c.value == md(title) for c in at.caption)


def test_every_filter_of_ours_has_its_checkbox_on_by_default(home):
    """One checkbox per switch of our steps (a new filter without one could not be switched off
    on the page), each ticked as `CandidateOptions` defaults."""
    from bias.discovery.filters import STEPS

    at = fresh().run()
    assert not at.exception
    ours = {switch for step in STEPS if step.ours for switch in step.switches}
    boxes = {c.key.removeprefix("_biaswords."): c for c in at.checkbox if c.key}
    assert ours <= set(boxes), ours - set(boxes)
    assert all(boxes[switch].value is True for switch in ours)
    assert boxes["drop_genderless"].label == "Drop words for anyone"
