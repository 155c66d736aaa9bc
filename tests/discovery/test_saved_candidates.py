"""`bias.discovery.saved_candidates`: a saved curation's options, notes and ambiguous seeds read
back, including a file saved before our filters existed and before notes were codes."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from bias.discovery.candidates import Candidates
from bias.discovery.filters import STEPS
from bias.discovery.options import CandidateOptions
from bias.discovery.saved_candidates import saved_ambiguous, saved_note, saved_options
from bias.errors import BiasInputError
from bias.notes import Note
from bias.vectors.ambiguity import AmbiguousSeed

OURS = sorted({name for step in STEPS if step.ours for name in step.switches})

OLD_OPTIONS = {  # what a curation saved before our filters held: the paper's switches only
    "neighbours": 30, "min_edit": 2, "pos_filter": False, "edit_filter": True, "clean": True,
    "sharp_s": None, "drop_seed_words": True, "flag_opposed": True, "min_zipf": 2.5,
}


def test_our_filters_have_ten_switches_an_old_file_does_not_name():
    expected = {
        "normal_form", "drop_function_words", "drop_seed_forms", "drop_ending_neighbours",
        "names_vs_nouns", "drop_other_gender", "drop_off_type_seeds", "drop_weak_side",
        "drop_genderless", "concept_fit",
    }
    assert set(OURS) == expected


def test_an_old_curation_has_our_filters_off_and_its_own_values():
    options = saved_options(OLD_OPTIONS)
    assert {name: getattr(options, name) for name in OURS} == dict.fromkeys(OURS, False)
    assert (options.neighbours, options.min_edit, options.pos_filter, options.min_zipf) == (
        30, 2, False, 2.5
    )
    # a switch of the paper's that the old file does not name takes today's default
    assert options.drop_opposite is CandidateOptions().drop_opposite is True


def test_todays_curation_reads_back_unchanged():
    options = CandidateOptions(neighbours=12, drop_weak_side=False, set_pos={"B": "NOUN"})
    assert saved_options(asdict(options)) == options
    assert saved_options(asdict(CandidateOptions())) == CandidateOptions()


def test_a_damaged_saved_option_is_one_sentence():
    with pytest.raises(BiasInputError, match=r"^The number of neighbours must be at least 1\.$"):
        saved_options({**OLD_OPTIONS, "neighbours": 0})


def test_notes_as_codes_and_as_old_sentences():
    assert saved_note({"code": "few_candidates", "set": "X", "count": 3}) == Note(
        "few_candidates", {"set": "X", "count": 3}
    )
    assert saved_note("Set X has few candidates.") == Note(
        "text", {"text": "Set X has few candidates."}
    )


def test_ambiguous_seeds_read_back_per_set():
    bill = AmbiguousSeed("X", "Bill", "bill", "lower case", 0.12345, 0.5, ("law", "senate"))
    anne = AmbiguousSeed("X", "Anne", "anne", "lower case", 0.2, 0.45, ())
    may = AmbiguousSeed("Y", "May", "may", "lower case", 0.1, 0.4, ("june",))
    back = saved_ambiguous([seed.to_dict() for seed in (bill, anne, may)])
    assert set(back) == {"X", "Y"} and [s.word for s in back["X"]] == ["Bill", "Anne"]
    assert back["X"][0] == AmbiguousSeed("X", "Bill", "bill", "lower case", 0.1235, 0.5,
                                         ("law", "senate"))  # saved rounded to 4 places
    assert back["Y"] == (may,)


def test_an_old_saved_curation_reads_back_whole():
    """A file of an earlier version: fewer switches, a note as a sentence, no ambiguous seeds."""
    old = {
        "embedding": "glove-6b-50d", "wordset": "weat7", "language": "en", "tagger": None,
        "options": OLD_OPTIONS, "notes": ["Set A has only 2 candidates."],
        "candidates": {"X": [{"word": "algebra", "seed": "math", "similarity": 0.8,
                              "kept": True, "reason": None}]},
    }
    candidates = Candidates.from_dict(old)
    assert candidates.options == saved_options(OLD_OPTIONS)
    assert candidates.notes == (Note("text", {"text": "Set A has only 2 candidates."}),)
    assert candidates.ambiguous == {} and candidates.table["candidate"].to_list() == ["algebra"]
