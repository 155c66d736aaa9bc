"""Issue 26, items 2 and 5: a visitor's text is shown as text, and bounded. `md` and
`plotly_text` (bias.report.markup) keep every character of what was typed while nothing in it can
act as Markdown, a Streamlit directive or HTML; titles, set names and words are bounded when a
set is made, so a saved file over a bound is refused as it is read (tests/hostile/
test_browser_payloads.py checks the page itself in Chromium)."""

from __future__ import annotations

import html
import json
import re

import pytest

from bias.errors import BiasInputError
from bias.limits import MAX_NAME_CHARS, MAX_TITLE_CHARS, MAX_WORD_CHARS
from bias.report.markup import md, neutral, plotly_text
from bias.wordsets import TermSet, WordSet
from bias.wordsets.editing import edited, save_user_wordset, titled
from bias.wordsets.library import damaged_user_wordsets, get_wordset, user_dir, user_wordsets
from bias.wordsets.parsing import parse_named_sets, parse_wordset

PAYLOADS = [
    "![x](http://127.0.0.1:9/img.png)", "[link](http://127.0.0.1:9/)", "**bold** _it_ `code`",
    ":red[red] :smile: :material/home: :blue-background[x]", "$x^2$ ~~gone~~",
    '<img src="http://127.0.0.1:9/i.png"> <b>b</b> <a href="http://x">a</a>', "# heading",
    "- item", "1. first", "> quote", "http://127.0.0.1:9/bare www.example.org me@example.org",
    "back\\slash \\*", "<http://127.0.0.1:9/auto>", "| a | b |", "p < 0.05 and 3 > 2",
]


def _read_back(markdown: str) -> str:
    """What CommonMark shows for `markdown` made only of text and backslash escapes."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace("\u2060", "")


@pytest.mark.parametrize("payload", PAYLOADS)
def test_md_keeps_every_character_and_leaves_no_markup(payload):
    escaped = md(payload)
    assert _read_back(escaped) == payload
    unescaped = re.sub(r"\\.", "", escaped)  # what is left once every escape is taken out
    assert not re.search(r"[*_`\[\]$~]|<[a-z/!]|:\S|://|www\.|\w@", unescaped, re.IGNORECASE)
    assert not re.match(r"\s*([-+#>|]|\d+[.)])", unescaped)


def test_ordinary_titles_stay_as_they_are():
    title = "WEAT 7 (edited): math vs. arts, male vs. female terms; p < 0.05"
    assert md(title) == title


@pytest.mark.parametrize("payload", [*PAYLOADS, "%{x} %{customdata[0]}", "a & b &amp;"])
def test_plotly_text_is_text(payload):
    shown = plotly_text(payload)
    assert html.unescape(shown) == payload
    assert "<" not in shown and "%{" not in shown


def test_bidi_and_control_characters_are_neutralised():
    trojan = "admin\u202etxt.exe\u2066x\u2069"
    assert neutral(trojan) == "admin\ufffdtxt.exe\ufffdx\ufffd"
    assert "\u202e" not in md(trojan) and "\u202e" not in plotly_text(trojan)
    assert neutral("a\nb\x00c\x1b") == "a b\ufffdc\ufffd"
    assert neutral("אבג\u200fדה") == "אבג\u200fדה"  # a right-to-left mark is kept


def _four(name="Target X", word="doctor", title="T"):
    return {"id": "big", "title": title, "sets": {
        "X": {"name": name, "words": [word]}, "Y": ["nurse"], "A": ["he"], "B": ["she"]}}


@pytest.mark.parametrize(("data", "message"), [
    (_four(title="t" * (MAX_TITLE_CHARS + 1)), "title has 201 characters; at most 200"),
    (_four(name="n" * (MAX_NAME_CHARS + 1)), "name of a set has 101 characters; at most 100"),
    (_four(word="w" * (MAX_WORD_CHARS + 1)), "has 101 characters; at most 100"),
    ({**_four(), "language": "<b>en</b>"}, "is not a language code"),
])
def test_oversized_titles_names_words_and_strange_languages_are_refused(data, message):
    with pytest.raises(BiasInputError, match=message):
        parse_wordset(data, where="big.json", default_id="big", origin="file")


def test_a_named_set_file_is_bounded_too():
    data = {"title": "x" * (MAX_TITLE_CHARS + 1), "targets": {"a": ["w"]},
            "attributes": {"b": ["v"]}}
    with pytest.raises(BiasInputError, match="title has"):
        parse_named_sets(data, where="big.json", default_id="big")


def test_a_saved_file_over_a_bound_is_listed_as_damaged_not_shown(home):
    folder = user_dir()
    folder.mkdir(parents=True)
    (folder / "huge.json").write_text(json.dumps(_four(title="t" * 1_000_000)))
    save_user_wordset(titled(get_wordset("weat7"), "Fine"))
    assert "huge" not in user_wordsets() and "fine" in user_wordsets()
    assert "title has 1,000,000 characters" in damaged_user_wordsets()["huge.json"]


def test_a_typed_title_over_the_bound_is_one_sentence_and_an_edit_stays_within_it():
    with pytest.raises(BiasInputError, match="at most 200"):
        titled(get_wordset("weat7"), "t" * 5_000)
    longest = WordSet("long", "L" * MAX_TITLE_CHARS, "en", *(TermSet(k, ("w",)) for k in "XYAB"))
    changed = edited(longest, {**longest.sets(), "X": TermSet("X", ("v",))}, "en")
    assert len(changed.title) == MAX_TITLE_CHARS and changed.title.endswith("…")
