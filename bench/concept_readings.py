"""Concept fit's readings compared on the tuner's marks (issue 36, third round).

    python bench/concept_readings.py [--reading SUBSTRING]

Draws the wider pools of the six concept sets of issue 36's four runs (every kept concept word
before concept fit's thresholds: the static thresholds and the name lean's keep off), reads each
word with every reading below, and prints per set (GloVe career, family, maths, French career,
family, maths) the area under the ROC curve of the reading against the marks in
`bench/concept_marks.json` and how many of its best 10, 12 and 15 words are marked right.

The marks are the tuner's own (a strict reading of `tests/discovery/precision/concepts/RULE.md`
by the engineer who chose the reading), so these figures are development figures: the
independent reader's figures are in the CSVs under `tests/discovery/precision/concepts/`.
The encoder's vectors come from its disk cache under BIASWORDS_HOME when they are there; a cold
run encodes every pool word about twelve times (the sentence readings), a few minutes here.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bias.discovery.candidates import CandidateOptions, generate_candidates  # noqa: E402
from bias.discovery.judged import CONCEPT_RUNS  # noqa: E402
from bias.discovery.table import OPPOSED  # noqa: E402
from bias.vectors import encoder  # noqa: E402
from bias.vectors.catalog import load_embedding  # noqa: E402
from bias.wordsets.library import bundled_wordsets, get_wordset  # noqa: E402

MARKS = ROOT / "bench" / "concept_marks.json"
WIDE = CandidateOptions(max_fit_rank=None, min_fit_lean=None, min_fit_seeds=0, concept_keep=None)
BEST = (10, 12, 15)
OWN_NAMES = {"fr": {"Career": "carrière", "Family": "famille", "Math": "mathématiques",
                    "Arts": "arts"},
             "en": {"Career": "career", "Family": "family", "Math": "mathematics",
                    "Arts": "arts"}}  # fmt: skip
"""The sets' names in the run's own language (the French word sets name them in English)."""
GLOSSES = {"fr": {"Career": "métiers et emploi", "Family": "membres de la famille",
                  "Math": "mathématiques", "Arts": "arts"},
           "en": {"Career": "jobs and work", "Family": "family members and relatives",
                  "Math": "mathematics", "Arts": "arts"}}  # fmt: skip
"""A short gloss of each concept, as a user might write it."""


@dataclass
class Pool:
    """One concept set's wider pool: its words, their static signals and the marks."""

    run: str
    key: str
    language: str
    names: tuple[str, str]
    words: list[str]
    rank: np.ndarray
    lean: np.ndarray
    right: np.ndarray


def unit(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float64)
    return matrix / np.linalg.norm(matrix, axis=-1, keepdims=True)


def encode(language: str, method: str, texts: list[str]) -> np.ndarray:
    return unit(encoder.encode(language, method, texts))


def pools() -> list[Pool]:
    """The six wider pools, with the static concept rank and lean of each word."""
    marks = json.loads(MARKS.read_text(encoding="utf-8"))["runs"]
    found = []
    for run, (embedding, wordset, keys) in CONCEPT_RUNS.items():
        ws = get_wordset(wordset)
        table = generate_candidates(load_embedding(embedding), ws, WIDE).table
        for key in keys:
            rows = table.filter(table["kept"] & (table["set"] == key)).unique(
                "candidate", maintain_order=True)  # fmt: skip
            words = rows["candidate"].to_list()
            yes, no = (set(marks[run][key][m]) for m in ("yes", "no"))
            unmarked = [w for w in words if w not in yes | no]
            if unmarked:
                print(f"{run} {key}: {len(unmarked)} words not marked, read as no: "
                      f"{', '.join(unmarked[:12])}")  # fmt: skip
            names = (ws.sets()[key].name, ws.sets()[OPPOSED[key]].name)
            found.append(Pool(run, key, ws.language, names, words,
                              rows["fit_rank"].to_numpy(), rows["fit_lean"].to_numpy(),
                              np.array([w in yes for w in words])))  # fmt: skip
    return found


def name_lean(query: str = "{}", candidate: str = "passage", names=None) -> Callable:
    """The encoder's lean: the candidate (as `candidate`: a method, or a sentence with {word})
    against the set's name in `query`, minus the opposed set's."""
    def read(pool: Pool) -> np.ndarray:
        if "{word}" in candidate:
            vectors = encode(pool.language, "passage",
                             [candidate.replace("{word}", w) for w in pool.words])  # fmt: skip
        else:
            vectors = encode(pool.language, candidate, pool.words)
        own = names[pool.language] if names else {}
        name, opposed = encode(pool.language, "query",
                               [query.format(own.get(n, n)) for n in pool.names])  # fmt: skip
        return vectors @ name - vectors @ opposed
    return read


def library_names(language: str) -> list[str]:
    """Every set name of the library's word sets in `language` (a bank of other concepts)."""
    return sorted({s.name for ws in bundled_wordsets().values() if ws.language == language
                   for s in ws.sets().values() if s.name})  # fmt: skip


def hub_z(pool: Pool) -> np.ndarray:
    """Hub-corrected: the candidate's similarity with its set's name as a z-score against its
    similarities with every English set name of the library."""
    vectors = encode(pool.language, "passage", pool.words)
    bank = encode(pool.language, "query", library_names("en"))
    name = encode(pool.language, "query", [pool.names[0]])[0]
    against = vectors @ bank.T
    return (vectors @ name - against.mean(axis=1)) / against.std(axis=1)


def places(values: np.ndarray) -> np.ndarray:
    """0 for the highest value, 1 for the next, …"""
    return np.argsort(np.argsort(-np.asarray(values), kind="stable"), kind="stable")


def zscore(values: np.ndarray) -> np.ndarray:
    values = np.asarray(values, dtype=np.float64)
    return (values - values.mean()) / values.std()


def readings() -> dict[str, Callable]:
    words = name_lean("{} words")
    seat = {lang: encoder.templates(lang) for lang in ("en", "fr")}
    found = {
        "static concept rank": lambda p: -p.rank.astype(float),
        "static lean": lambda p: p.lean,
        "name lean, bare name (second round)": name_lean(),
        "name lean, '<name> word' (now)": name_lean("{} word"),
        "name lean, '<name> words'": words,
        "name lean, '<name> terms'": name_lean("{} terms"),
        "name lean, '<name> vocabulary'": name_lean("{} vocabulary"),
        "name lean, 'a <name> word'": name_lean("a {} word"),
        "name lean, 'words of <name>'": name_lean("words of {}"),
        "name lean, 'one <name> word'": name_lean("one {} word"),
        "name lean, the name in the run's language": name_lean(names=OWN_NAMES),
        "name lean, a gloss": name_lean(names=GLOSSES),
        "name lean, candidate as a query": name_lean(candidate="query"),
        "name lean, candidate in the SEAT sentences": name_lean(candidate="template"),
        "name lean, '<name> words', SEAT sentences": name_lean("{} words", "template"),
        "hub-corrected: z of the name against the library's names": hub_z,
        "'<name> words' + concept rank (sum of places)":
            lambda p: -(places(words(p)) + places(-p.rank)),
        "'<name> words' - 0.25 z(log concept rank)":
            lambda p: zscore(words(p)) - 0.25 * zscore(np.log1p(p.rank)),
    }
    for n in range(len(seat["en"])):
        def sentence(pool: Pool, n=n) -> np.ndarray:
            return name_lean("{} words", seat[pool.language][n])(pool)
        found[f"'<name> words', candidate in sentence {n + 1} ({seat['en'][n]})"] = sentence
    return found


def auc(right: np.ndarray, values: np.ndarray) -> float:
    """The chance that a right word reads higher than a wrong one (ties count half)."""
    good, bad = np.asarray(values)[right], np.asarray(values)[~right]
    return float(((good[:, None] > bad).sum() + 0.5 * (good[:, None] == bad).sum())
                 / (len(good) * len(bad)))  # fmt: skip


def best(right: np.ndarray, values: np.ndarray, n: int) -> int:
    return int(right[np.argsort(-np.asarray(values), kind="stable")[:n]].sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reading", default="", help="only the readings whose name has this")
    args = parser.parse_args()
    start = time.perf_counter()
    found = pools()
    print(f"pools drawn in {time.perf_counter() - start:.0f} s: "
          + ", ".join(f"{p.run} {p.key} {len(p.words)} words ({p.right.sum()} right)"
                      for p in found))  # fmt: skip
    print(f"{'reading':64s} {'AUC':30s} " + "  ".join(f"best {n:<17d}" for n in BEST))
    for name, read in readings().items():
        if args.reading not in name:
            continue
        values = [read(p) for p in found]
        aucs = " ".join(f"{auc(p.right, v):.2f}" for p, v in zip(found, values, strict=True))
        pairs = list(zip(found, values, strict=True))
        tops = "  ".join(",".join(str(best(p.right, v, n)) for p, v in pairs).ljust(22)
                         for n in BEST)  # fmt: skip
        print(f"{name:64s} {aucs:30s} {tops}", flush=True)


if __name__ == "__main__":
    main()
