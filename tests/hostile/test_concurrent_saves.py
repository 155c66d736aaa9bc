"""Issue 26, item 7: saves never overwrite each other. A saved set's id is taken with an exclusive
create, every write has its own temporary name, and a shared curation is replaced under its lock;
checked with threads and with two processes on one data folder."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from bias.discovery.candidates import CandidateOptions, generate_candidates
from bias.discovery.curation import (
    SHARED,
    archived_backups,
    backup_path,
    curation_path,
    parse_curation,
    replace_curation,
)
from bias.wordsets import TermSet, WordSet
from bias.wordsets.editing import save_user_wordset, titled
from bias.wordsets.library import user_wordsets
from tests.synthetic import clustered

ROOT = Path(__file__).resolve().parents[2]


def _set(marker: str) -> WordSet:
    return WordSet("draft", "My word set", "en", TermSet("X", (marker, "doctor")),
                   TermSet("Y", ("nurse",)), TermSet("A", ("he",)), TermSet("B", ("she",)),
                   origin="user")


def _in_threads(function, arguments):
    """`function` on each argument at once, one thread each (a barrier lines them up): the
    results in order, an exception as its result."""
    barrier = threading.Barrier(len(arguments))
    results: list[object] = [None] * len(arguments)

    def run(index, argument):
        barrier.wait()
        try:
            results[index] = function(argument)
        except Exception as exc:
            results[index] = exc

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(arguments)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_visitors_saving_different_sets_under_one_title_at_once_keep_both():
    for round_ in range(50):
        mine = titled(_set(f"mine{round_}"), f"Shared title {round_}")
        theirs = titled(_set(f"theirs{round_}"), f"Shared title {round_}")
        saved = _in_threads(save_user_wordset, [mine, theirs])
        assert all(isinstance(item, WordSet) for item in saved), saved
        assert len({item.id for item in saved}) == 2
        on_disk = user_wordsets()
        for item, original in zip(saved, (mine, theirs), strict=True):
            assert on_disk[item.id].X == original.X


def test_saves_one_after_the_other_keep_both_and_a_resave_changes_nothing():
    first = save_user_wordset(titled(_set("one"), "Gender"))
    second = save_user_wordset(titled(_set("two"), "Gender"))
    again = save_user_wordset(titled(_set("one"), "Gender"))
    assert (first.id, second.id, again.id) == ("gender", "gender-2", "gender")
    assert user_wordsets()["gender"].X.words[0] == "one"
    assert user_wordsets()["gender-2"].X.words[0] == "two"


def test_two_processes_on_one_data_folder_lose_none_of_100_saves(home):
    script = textwrap.dedent("""
        import sys
        from bias.wordsets import TermSet, WordSet
        from bias.wordsets.editing import save_user_wordset, titled
        who = sys.argv[1]
        for i in range(50):
            ws = WordSet("d", "t", "en", TermSet("X", (f"{who}{i}",)), TermSet("Y", ("y",)),
                         TermSet("A", ("a",)), TermSet("B", ("b",)), origin="user")
            save_user_wordset(titled(ws, "One title for all"))
    """)
    processes = [subprocess.Popen([sys.executable, "-c", script, who], cwd=ROOT)
                 for who in ("left", "right")]
    assert [process.wait(timeout=120) for process in processes] == [0, 0]
    words = {ws.X.words[0] for ws in user_wordsets().values()}
    assert words == {f"{who}{i}" for who in ("left", "right") for i in range(50)}
    assert not list((home / "wordsets").glob(".*.tmp"))


def _candidates():
    embedding = clustered("synthetic", {0: ["john", "paul", "mike"], 1: ["mary", "anna", "jane"],
                                        2: ["career", "job"], 3: ["family", "home"]})
    wordset = WordSet("names", "Names", "en", TermSet("X", ("john",)), TermSet("Y", ("mary",)),
                      TermSet("A", ("career",)), TermSet("B", ("family",)))
    options = CandidateOptions(neighbours=2, min_edit=0, drop_attribute_like=False)
    return generate_candidates(embedding, wordset, options, None)


def _marked(candidates, mark: float):
    """`candidates` told apart by the first row's similarity (a different table, so a save of
    it replaces the last one with a backup instead of counting as the same curation)."""
    similarity = candidates.table["similarity"].scatter(0, mark)
    return dataclasses.replace(candidates, table=candidates.table.with_columns(similarity))


def test_three_visitors_saving_the_shared_curation_at_once_lose_nothing():
    base = _candidates()
    reported = []
    for round_ in range(6):  # 18 saves: the current file, its backup and 16 archived ones
        versions = [_marked(base, round_ * 3 + who) for who in range(3)]
        results = _in_threads(lambda c: replace_curation(c, SHARED), versions)
        assert all(isinstance(result, Path) for result in results), results
        reported += [version.table["similarity"][0] for version in versions]
    path = curation_path(base.embedding, base.wordset_id, SHARED)
    files = [path, backup_path(base.embedding, base.wordset_id, SHARED),
             *archived_backups(base.embedding, base.wordset_id, SHARED)]
    kept = [parse_curation(file.read_bytes()).table["similarity"][0] for file in files]
    assert sorted(kept) == sorted(reported)  # each save is the current file or one backup
    assert not list(path.parent.glob(".*.tmp"))
    assert json.loads(path.read_text())["wordset"] == "names"


def test_backups_of_a_curation_are_bounded_and_the_latest_kept():
    from bias.discovery.curation import MAX_BACKUPS

    base = _candidates()
    for mark in range(MAX_BACKUPS + 10):
        replace_curation(_marked(base, mark), SHARED)
    archived = archived_backups(base.embedding, base.wordset_id, SHARED)
    assert len(archived) == MAX_BACKUPS
    kept = [parse_curation(p.read_bytes()).table["similarity"][0] for p in archived]
    assert kept == list(range(MAX_BACKUPS + 10 - 2 - MAX_BACKUPS, MAX_BACKUPS + 10 - 2))
