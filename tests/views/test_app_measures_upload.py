"""A hostile word-set file uploaded on the Measures page is one red sentence, never a traceback:
nesting thousands deep made `json` raise RecursionError through the page (issue 24)."""

import pytest

from tests.apptest import open_app


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "deep.json is nested too deeply to be a word-set file."),
        (b'{"X": [1' + b"1" * 5000 + b"]}", "deep.json holds a number too long to read"),
        (b"\xef\xbb\xbf{broken", "deep.json is not valid JSON (line 1, column 2"),
        (b"\xff\xfe{}", "deep.json is not UTF-8 text"),
    ],
)
def test_a_hostile_word_set_upload_is_one_sentence(home, content, sentence):
    at = open_app("views/measures.py")
    uploader = next(u for u in at.get("file_uploader") if u.label == "…or your own word-set file")
    uploader.set_value(("deep.json", content, "application/json"))
    at.run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].startswith(sentence), errors
