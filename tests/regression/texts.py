"""A tiny generated corpus for the analysis layer: CSV rows of a text around the word 'policy',
a party (A/B), a region and a numeric score, and a synthetic embedding of its words. Party B's
uses of 'policy' come with words of its own, so a party effect is planted."""

from __future__ import annotations

import csv
import random
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bias.vectors.embeddings import Embedding

COMMON = [f"common{i}" for i in range(30)]
OWN = {"A": [f"alpha{i}" for i in range(10)], "B": [f"beta{i}" for i in range(10)]}
DIMENSIONS = 50


def embedding() -> Embedding:
    rng = np.random.default_rng(0)
    words = [*COMMON, *OWN["A"], *OWN["B"], "policy"]
    return Embedding.from_raw("tiny", "en", words, rng.normal(size=(len(words), DIMENSIONS)))


def write(path: Path, documents: int = 60, seed: int = 1, rows: list[dict] | None = None) -> Path:
    rng = random.Random(seed)
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.DictWriter(handle, fieldnames=["text", "party", "region", "score"])
        out.writeheader()
        for i in range(documents):
            party = "AB"[i % 2]
            words = [rng.choice(OWN[party] if rng.random() < 0.6 else COMMON)
                     for _ in range(8)]
            text = " ".join([*words[:4], "policy", *words[4:], "and", "policy", "ok"])
            out.writerow({"text": text, "party": party, "region": ["north", "south"][i % 3 % 2],
                          "score": f"{rng.gauss(0, 1):.3f}"})
        for row in rows or []:
            out.writerow(row)
    return path


SPEECH_WORDS = {"A": ["family", "children", "school", "teachers", "parents", "health", "care"],
                "B": ["army", "soldiers", "military", "troops", "defense", "security", "weapons"]}
SPEECH_COMMON = ["government", "people", "country", "state", "today", "year", "new", "public"]


def write_speeches(path: Path, column: str, value_of: Callable[[int], object]) -> Path:
    """40 speeches in English words (for GloVe) in the columns speech, party and `column` (row
    i's value `value_of(i)`); party B's uses of 'policy' come with military words (the planted
    effect), the other column is unrelated to the words."""
    rng = random.Random(3)
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["speech", "party", column])
        for i in range(40):
            party = "AB"[i % 2]
            words = [rng.choice(SPEECH_WORDS[party] if rng.random() < 0.6 else SPEECH_COMMON)
                     for _ in range(10)]
            out.writerow([" ".join([*words[:5], "policy", *words[5:]]), party, value_of(i)])
    return path
