"""`edited` and `titled`: what a test is called once its lists change, and when it is saved."""

from dataclasses import replace

from bias.wordsets import TermSet
from bias.wordsets.editing import edited, titled
from bias.wordsets.library import get_wordset


def test_unchanged_lists_are_the_preset_itself():
    weat7 = get_wordset("weat7")
    assert edited(weat7, weat7.sets(), "en") is weat7


def test_changed_lists_are_an_edit_without_the_published_values():
    weat7 = get_wordset("weat7")
    sets = {**weat7.sets(), "X": TermSet("Math", ("math", "algebra"))}
    ws = edited(weat7, sets, "en")
    assert ws.id == "weat7-edited"
    assert ws.title == "WEAT 7 (edited): math vs. arts, male vs. female terms"
    assert ws.reported is None and ws.source == {} and ws.notes == ()
    assert ws.edited_from == "weat7" and ws.variant_of == "weat7"
    assert ws.X.words == ("math", "algebra") and ws.language == weat7.language
    # A second change stays one edit of WEAT 7, not "WEAT 7 (edited) (edited)".
    again = edited(ws, {**sets, "Y": TermSet("Arts", ("poetry",))}, "en")
    assert again.title == ws.title and again.Y.words == ("poetry",)


def test_a_title_without_colon_is_marked_at_its_end():
    weat7 = replace(get_wordset("weat7"), title="Gender and science")
    sets = {**weat7.sets(), "B": TermSet("F", ("she",))}
    assert edited(weat7, sets, "en").title == "Gender and science (edited)"


def test_without_a_preset_it_is_my_word_set_in_the_given_language():
    sets = get_wordset("weat7").sets()
    ws = edited(None, sets, "de")
    assert (ws.id, ws.title, ws.language, ws.reported) == ("my-word-set", "My word set", "de", None)


def test_titled_names_the_saved_set_and_ends_the_edit():
    weat7 = get_wordset("weat7")
    ws = edited(weat7, {**weat7.sets(), "X": TermSet("Math", ("math",))}, "en")
    assert titled(ws, "  ") == replace(ws, edited_from=None)
    named = titled(ws, "Swiss maths study")
    assert (named.id, named.title, named.edited_from) == (
        "swiss-maths-study", "Swiss maths study", None
    )
    # An unchanged preset renamed keeps its published values: its words are the published ones.
    copy = titled(weat7, "My copy")
    assert copy.reported == weat7.reported and copy.id == "my-copy"
