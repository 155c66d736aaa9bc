"""Issue 36: the concept sets' kept words, judged by a reader who did not tune the filters.

`tests/discovery/precision/concepts/` holds, per run, every word the default run keeps in its
concept sets (drawn by `python -m tools.precision_sample --concepts`) and a `belongs` column
the reader fills in with the rule in `RULE.md` there. Once a file is judged, each of its
concept sets must reach 80%; until then its test is skipped, saying so. One run (GloVe WEAT 7,
the cheapest) is drawn again to check that the files are still what the filters keep.
"""

import csv
from pathlib import Path

import pytest

from tools.precision_sample import CONCEPT_DIR, CONCEPT_RUNS, CSV_FIELDS, concept_rows

FILES = sorted(CONCEPT_DIR.glob("*.csv"))
TARGET = 0.80
YES, NO = {"yes", "y", "true", "1"}, {"no", "n", "false", "0"}


def read(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def per_set(rows: list[dict]) -> dict[str, tuple[int, int] | None]:
    """Set name → (words judged to belong, words), or None while any word is unjudged."""
    marks: dict[str, list[str]] = {}
    for row in rows:
        marks.setdefault(row["set_name"], []).append(row["belongs"].strip().lower())
    result: dict[str, tuple[int, int] | None] = {}
    for name, values in marks.items():
        bad = [v for v in values if v and v not in YES | NO]
        assert not bad, f"{name}: marks must be yes or no, not {bad[0]!r}"
        result[name] = None if "" in values else (sum(v in YES for v in values), len(values))
    return result


def test_per_set_counts_marks_by_hand():
    rows = [{"set_name": "Math", "belongs": b} for b in ("yes", "no", "Yes", "true")]
    rows += [{"set_name": "Arts", "belongs": b} for b in ("yes", "")]
    assert per_set(rows) == {"Math": (3, 4), "Arts": None}
    with pytest.raises(AssertionError, match="yes or no"):
        per_set([{"set_name": "Math", "belongs": "maybe"}])


def test_the_four_runs_are_there_with_ten_words_a_set():
    assert [p.stem for p in FILES] == sorted(CONCEPT_RUNS)
    for path in FILES:
        rows = read(path)
        assert rows and tuple(rows[0]) == CSV_FIELDS
        sizes: dict[str, int] = {}
        for row in rows:
            sizes[row["set"]] = sizes.get(row["set"], 0) + 1
        assert sorted(sizes) == sorted(CONCEPT_RUNS[path.stem][2])
        assert min(sizes.values()) >= 10, (path.stem, sizes)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_judged_concept_set_keeps_four_in_five_right(path):
    figures = per_set(read(path))
    unjudged = [name for name, figure in figures.items() if figure is None]
    if unjudged:
        pytest.skip(f"{path.name}: {', '.join(unjudged)} not judged yet (see RULE.md)")
    for name, (good, total) in figures.items():
        assert good >= TARGET * total, f"{path.stem} {name}: {good}/{total} belong"


def test_glove_weat7_file_is_what_the_filters_keep():
    stored = [(row["set"], row["word"]) for row in read(CONCEPT_DIR / "glove-weat7.csv")]
    assert stored == [(row["set"], row["word"]) for row in concept_rows("glove-weat7")]
