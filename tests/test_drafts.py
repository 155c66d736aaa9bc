"""Per-tab drafts on disk: round trip, bad ids, damaged files, pruning."""

import os
import time

import pytest

from bias import drafts


def test_round_trip_and_isolation(home):
    one, two = drafts.new_id(), drafts.new_id()
    assert one != two and drafts.valid_id(one)
    drafts.save(one, {"weat.words.X": "Math\nalgebra", "weat.seed": 3, "batch.tests": ["weat7"]})
    assert drafts.load(one) == {"weat.words.X": "Math\nalgebra", "weat.seed": 3,
                                "batch.tests": ["weat7"]}
    assert drafts.load(two) == {}
    assert not list((home / "drafts").glob("*.tmp"))


def test_ids_cannot_name_other_files(home):
    assert not drafts.valid_id("../../etc/passwd")
    assert not drafts.valid_id("")
    assert drafts.load("../x") == {}
    with pytest.raises(ValueError):
        drafts.save("../x", {})


def test_a_damaged_draft_reads_as_empty_and_is_kept_aside(home):
    draft_id = drafts.new_id()
    (home / "drafts").mkdir(parents=True, exist_ok=True)
    (home / "drafts" / f"{draft_id}.json").write_text("{broken")
    draft = drafts.read(draft_id)
    assert draft.values == {} and "was damaged" in draft.problem
    [kept] = (home / "drafts").glob(f"{draft_id}.damaged-*.json")
    assert kept.read_text() == "{broken"


def test_old_drafts_are_pruned_when_a_tab_starts(home):
    old, fresh = drafts.new_id(), drafts.new_id()
    drafts.save(old, {"a": 1})
    drafts.save(fresh, {"b": 2})
    month_ago = time.time() - (drafts.MAX_AGE_DAYS + 1) * 86_400
    os.utime(home / "drafts" / f"{old}.json", (month_ago, month_ago))
    drafts.new_id()
    assert drafts.load(old) == {} and drafts.load(fresh) == {"b": 2}
