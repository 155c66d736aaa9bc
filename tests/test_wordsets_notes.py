"""Word-set notes are shown to users ("About this test"): they speak of the words and the source,
never of how this project was built (briefs, sessions, repository paths, commit hashes)."""

import re

import pytest

from bias.wordsets.library import bundled_wordsets

FOR_DEVELOPERS = [
    (r"\bbrief\b", "the project's brief"),
    (r"\bsessions?\b", "a work session"),
    (r"\b[0-9a-f]{7,40}\b", "a commit hash"),
    (r"\bcommit\b", "a commit"),
    (r"\b[\w-]+/[\w-]+/[\w./-]+\.\w+", "a repository path"),
    (r"\.jsonl?\b|\.txt\b", "a file name"),
    (r"\b(bias-bench|sent-bias|WEFE|chadaeun)\b", "a code repository"),
    (r"\breported is null\b|\bp_value\b", "a JSON field name"),
]


@pytest.mark.parametrize(("pattern", "what"), FOR_DEVELOPERS, ids=[w for _, w in FOR_DEVELOPERS])
def test_no_bundled_note_is_written_for_developers(pattern, what):
    offending = [
        f"{wordset.id}: {note}"
        for wordset in bundled_wordsets().values()
        for note in wordset.notes
        if re.search(pattern, note, flags=re.IGNORECASE if what != "a commit hash" else 0)
    ]
    assert offending == [], f"notes mentioning {what}"


def test_the_check_catches_what_the_old_notes_said():
    old = (
        "Reported values: Caliskan et al. 2017, Table 1 (GloVe Common Crawl 840B), as quoted in "
        "the project brief; no public copy of the table was found in this session."
    )
    old_path = "Word lists taken from McGill-NLP/bias-bench data/seat/weat7.jsonl (commit aba4403)"
    hits = {what for pattern, what in FOR_DEVELOPERS for text in (old, old_path)
            if re.search(pattern, text)}  # fmt: skip
    assert {"the project's brief", "a work session", "a commit hash", "a repository path"} <= hits
