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


def test_weat_on_a_file_without_language_heads_with_its_verdict_and_says_the_guess(home):
    """A word-set file with no "language": WEAT on the Measures page is headed by the same
    verdict as on the WEAT page (not a bare green "Effect size d = …"), in the verdict's colour,
    and the page says the language was guessed from the words."""
    import json

    from bias.report.verdict import result_headline
    from bias.stats.weat import WeatOptions, run_weat
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_wordset

    weat6 = get_wordset("weat6")
    data = {key: list(terms.words) for key, terms in weat6.sets().items()}
    at = open_app("views/measures.py")
    at.segmented_control(key="_measures.metric").set_value("weat").run()
    uploader = next(u for u in at.get("file_uploader") if u.label == "…or your own word-set file")
    uploader.set_value(("careers.json", json.dumps(data).encode(), "application/json"))
    at.run()
    next(b for b in at.button if b.label == "Measure").click().run()
    assert not at.exception
    expected = run_weat(load_embedding("glove-6b-50d"), weat6, WeatOptions())
    assert expected.verdict.state == "holds"
    assert [s.value.split(". Effect size")[0] for s in at.success] == [
        result_headline(expected)]
    assert any("The word set's language was not given; its words look English" in w.value
               for w in at.warning)
