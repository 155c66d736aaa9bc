"""The filter pipeline as named steps: switches that exist, notes as codes, old notes still read."""

from dataclasses import fields

import pytest

from bias.discovery.candidates import CandidateOptions, Candidates, generate_candidates
from bias.discovery.filters import STEPS
from bias.notes import Note
from bias.report.note_sentences import WORDING, notes_text
from tests.discovery.test_biaswords import NEAR, TAGS, FakeTagger, planted_embedding, wordset


def test_every_switch_is_an_option_and_every_step_has_a_unique_name():
    names = {f.name for f in fields(CandidateOptions)}
    for step in STEPS:
        assert set(step.switches) <= names, step.name
    assert len({step.name for step in STEPS}) == len(STEPS)


NEITHER_SIDE = CandidateOptions(drop_opposite=False, drop_attribute_like=False)


@pytest.mark.parametrize(
    ("step", "options", "active"),
    [
        ("frequency", CandidateOptions(), False),
        ("frequency", CandidateOptions(min_zipf=2.0), True),
        ("ambiguous_seed", CandidateOptions(), True),
        ("ambiguous_seed", CandidateOptions(keep_ambiguous=True), False),
        ("closer_elsewhere", CandidateOptions(drop_opposite=False), True),
        ("closer_elsewhere", NEITHER_SIDE, False),
        ("duplicate", CandidateOptions(clean=False), True),
    ],
)
def test_a_step_runs_exactly_when_its_switch_says(step, options, active):
    assert {s.name: s for s in STEPS}[step].active(options) is active


def test_notes_are_codes_and_every_code_is_worded():
    emb = planted_embedding(NEAR)
    ws = wordset(["doctor", "doctor", "Quux"], ["nurse"], ["career"], ["family"])
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=3, min_zipf=2.0), None)
    codes = [note.code for note in cands.notes]
    assert codes == ["no_tagger", "edit_distance", "repeated_seeds", "seeds_missing"]
    assert all(code in WORDING for code in codes)
    assert notes_text(cands.notes)[3] == (
        "X (X): 1 seed word(s) are not in planted and have no neighbours: Quux."
    )


def test_a_curation_saved_with_sentences_as_notes_still_reads():
    emb = planted_embedding(NEAR)
    ws = wordset(["doctor"], ["nurse"], ["career"], ["family"])
    data = generate_candidates(emb, ws, CandidateOptions(neighbours=3), FakeTagger(TAGS)).to_dict()
    data["notes"] = ["An old sentence."]
    restored = Candidates.from_dict(data)
    assert restored.notes == (Note("text", {"text": "An old sentence."}),)
    assert notes_text(restored.notes) == ["An old sentence."]


def test_a_curation_saved_before_our_filters_says_they_were_off():
    emb = planted_embedding(NEAR)
    ws = wordset(["doctor"], ["nurse"], ["career"], ["family"])
    data = generate_candidates(emb, ws, CandidateOptions(neighbours=3), FakeTagger(TAGS)).to_dict()
    ours = {name for step in STEPS if step.ours for name in step.switches}
    data["options"] = {k: v for k, v in data["options"].items() if k not in ours}
    restored = Candidates.from_dict(data).options
    assert all(getattr(restored, name) is False for name in ours)
    assert restored.neighbours == 3 and restored.pos_filter is True



def test_every_step_and_switch_is_in_the_docs():
    import re
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs/biaswords.md").read_text(encoding="utf-8")
    for step in STEPS:
        assert f"`{step.name}`" in docs, step.name
        assert all(re.search(f"`{switch}[` ]", docs) for switch in step.switches), step.switches
