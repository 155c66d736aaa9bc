"""Issue 26, item 3 (the small uploaders): every page's file box refuses, in the browser and the
server, a file over the bound the engine declares for that kind of file, so a tab cannot make the
server hold more than it will ever read (vector files: test_upload_memory.py)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from bias.discovery.curation import MAX_FILE_BYTES
from bias.limits import MAX_INPUT_FILE_BYTES, MAX_TEXT_UPLOAD_BYTES, MAX_TEXT_UPLOAD_MB
from tests.apptest import open_app


def _bounds(page) -> dict[str, int]:
    """Each file uploader's label → its `max_upload_size` in MiB."""
    return {e.proto.label: e.proto.max_upload_size_mb for e in page.get("file_uploader")}


def test_the_measures_and_debias_uploaders_take_the_declared_text_bound(home):
    assert MAX_TEXT_UPLOAD_BYTES == MAX_TEXT_UPLOAD_MB * 1024 * 1024 == 2_097_152
    page = open_app("views/measures.py")
    page.segmented_control(key="_measures.metric").set_value("wefat").run()
    assert _bounds(page) == {"…or your own word-set file": MAX_TEXT_UPLOAD_MB,
                             "CSV file": MAX_TEXT_UPLOAD_MB}
    page = open_app("views/debias.py")
    assert _bounds(page) == {"…or your own pairs file": MAX_TEXT_UPLOAD_MB}


def test_the_report_uploader_takes_the_input_file_bound(home):
    page = open_app("views/embeddings.py")
    report = {k: v for k, v in _bounds(page).items() if k == "Report or JSON"}
    assert report == {"Report or JSON": MAX_INPUT_FILE_BYTES >> 20} == {"Report or JSON": 19}


def test_the_curation_uploader_takes_the_curation_file_bound(home):
    page = AppTest.from_file("../../views/biaswords.py", default_timeout=120).run()
    page.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    next(b for b in page.button if b.label == "Generate candidates").click().run()
    assert not page.exception
    # 50,000,000 bytes are 47.7 MiB: the box takes 47, never more than the reader accepts.
    assert _bounds(page)["Import a curated table (CSV)"] == MAX_FILE_BYTES >> 20 == 47
