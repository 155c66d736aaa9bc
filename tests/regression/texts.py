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


FRENCH_WORDS = {"gauche": ["famille", "enfants", "école", "santé", "travail", "solidarité"],
                "droite": ["armée", "sécurité", "police", "défense", "frontières", "ordre"]}
FRENCH_COMMON = ["gouvernement", "pays", "peuple", "État", "année", "nouvelle", "publique"]

Use = tuple[list[str], str]
"""One generated use: its context words and its group."""


def write_uses(path: Path, header: tuple[str, ...], *, words: dict[str, list[str]] = SPEECH_WORDS,
               common: list[str] = SPEECH_COMMON, count: int = 40, length: int = 10,
               share: float = 0.6, seed: int = 3, target: str = "policy",
               extra: Callable[[int], object] | None = None) -> list[Use]:
    """`count` speeches (columns `header`: the text, the group, and, with a third name, row i's
    `extra(i)`), groups alternating in `words`' order; each of a speech's `length`
    context words is its group's own with probability `share` (the planted effect), else a
    common one, and `target` stands in the middle. Returns each row's words and group."""
    rng = random.Random(seed)
    groups = list(words)
    rows = []
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(header)
        for i in range(count):
            group = groups[i % len(groups)]
            chosen = [rng.choice(words[group] if rng.random() < share else common)
                      for _ in range(length)]
            half = length // 2
            out.writerow([" ".join([*chosen[:half], target, *chosen[half:]]), group,
                          *(() if extra is None else (extra(i),))])
            rows.append((chosen, group))
    return rows


def write_speeches(path: Path, column: str, value_of: Callable[[int], object]) -> Path:
    """40 speeches in English words (for GloVe) in the columns speech, party and `column` (row
    i's value `value_of(i)`); party B's uses of 'policy' come with military words (the planted
    effect), the other column is unrelated to the words."""
    write_uses(path, ("speech", "party", column), extra=value_of)
    return path
