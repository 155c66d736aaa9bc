"""The one corpus chooser (`views.corpus_choice`) on both pages that use it: an upload outlives a
visit to another page, each page keeps its own, Remove it and an emptied box forget it."""

from tests.apptest import open_app
from tests.corpus.corpora import write_txt

USING = "Using **{}**, uploaded earlier in this tab"


def _using(at, name: str) -> bool:
    return any(USING.format(name) in c.value for c in at.caption)


def test_each_page_keeps_its_own_upload_until_it_is_removed(home, tmp_path):
    at = open_app("views/regression.py")
    rows = b"".join(b"we talk about immigration today,%s\n" % p for p in [b"a", b"b"] * 5)
    at.get("file_uploader")[0].set_value(("speeches.csv", b"text,party\n" + rows, "text/csv"))
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["regression.kept"][2] == "speeches.csv"
    at.switch_page("views/texts.py").run()
    assert not at.exception, at.exception
    assert "texts.kept" not in at.session_state and not _using(at, "speeches.csv")
    at.switch_page("views/regression.py").run()
    assert _using(at, "speeches.csv")
    next(b for b in at.button if b.label == "Remove it").click().run()
    assert "regression.kept" not in at.session_state and not _using(at, "speeches.csv")


def test_emptying_the_box_forgets_the_upload(home, tmp_path):
    at = open_app("views/texts.py")
    data = write_txt(tmp_path / "planted.txt", 1.0, count=40).read_bytes()
    at.get("file_uploader")[0].set_value(("speeches.txt", data, "text/plain"))
    at.run()
    assert at.session_state["texts.kept"][1].read_bytes() == data
    at.get("file_uploader")[0].set_value(None)
    at.run()
    assert not at.exception, at.exception
    assert "texts.kept" not in at.session_state
