"""Issue 36: the concept sets' kept words, judged by a reader who did not tune the filters.

`tests/discovery/precision/concepts/` holds, per run, every word the default run keeps in its
concept sets (drawn by `python -m tools.precision_sample --concepts`) and a `belongs` column
the reader fills in with the rule in `RULE.md` there. Once a file is judged, each of its
concept sets must reach 80%, but for those the reader found short (`BELOW_TARGET`); until then
its test is skipped, saying so. One run (GloVe WEAT 7,
the cheapest) is drawn again to check that the files are still what the filters keep.
"""

import csv
from importlib.util import find_spec
from pathlib import Path

import pytest

from bias.discovery import judged
from bias.discovery.judged import CONCEPT_DIR, CONCEPT_RUNS, CSV_FIELDS
from bias.vectors import encoder
from tools.precision_sample import concept_rows

FILES = sorted(CONCEPT_DIR.glob("*.csv"))
TARGET = 0.80
BELOW_TARGET = {"glove-weat6": {"Career"}, "fr-weat6": {"Career"}, "fr-weat7": {"Math"}}
"""The sets the independent reader found below 80% (2026-12-02, the third round's files: GloVe
career 8/12, French career 6/12, French maths 5/12; issue 36 stays open for them). Checked as below,
so a set that reaches the target must leave this list."""


def read(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def per_set(rows: list[dict]) -> dict[str, tuple[int, int] | None]:
    """Set name → (words judged to belong, words), or None while any word is unjudged."""
    try:
        figures = judged.per_set(rows)
    except ValueError as exc:
        raise AssertionError(str(exc)) from None
    return {name: None if right is None else (right, words)
            for (_, name), (right, words) in figures.items()}  # fmt: skip


def test_per_set_counts_marks_by_hand():
    rows = [{"set": "X", "set_name": "Math", "belongs": b} for b in ("yes", "no", "Yes", "true")]
    rows += [{"set": "Y", "set_name": "Arts", "belongs": b} for b in ("yes", "")]
    assert per_set(rows) == {"Math": (3, 4), "Arts": None}
    with pytest.raises(AssertionError, match="yes or no"):
        per_set([{"set": "X", "set_name": "Math", "belongs": "maybe"}])


def test_the_page_reads_the_same_figures():
    shown = judged.concept_precision()
    assert sorted({p.run for p in shown}) == sorted(CONCEPT_RUNS)
    assert all(p.rule == judged.CONCEPT_RULE and p.words >= 10 for p in shown)
    pools = {(p.run, p.set): (p.right, p.words) for p in judged.pool_precision()}
    assert pools[("glove-weat6", "A")] == (26, 37) and pools[("fr-weat7", "X")] == (3, 16)


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
        reached = good >= TARGET * total
        assert reached != (name in BELOW_TARGET.get(path.stem, ())), (
            f"{path.stem} {name}: {good}/{total} belong")


def test_glove_weat7_file_is_what_the_filters_keep(monkeypatch):
    """With the encoder on, as the files were drawn (its name lean decides the concept sets):
    it encodes this run's ~160 candidates afresh in the test's empty home (a few seconds)."""
    if find_spec(encoder.PACKAGE) is None:
        pytest.skip("the bundled encoder is not installed here: the files were drawn with it")
    monkeypatch.setenv(encoder.SWITCH, "on")
    monkeypatch.setenv(encoder.THREADS, "1")  # one core, as a test worker has
    stored = [(row["set"], row["word"]) for row in read(CONCEPT_DIR / "glove-weat7.csv")]
    assert stored == [(row["set"], row["word"]) for row in concept_rows("glove-weat7")]
