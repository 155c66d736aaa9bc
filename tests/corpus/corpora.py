"""Tiny generated corpora for the training tests: WEAT 6's words (male and female names;
career and family words), with an association planted or with none.

Each document is a name followed by words of one attribute list and some filler. With the
association planted, male names come with career words and female names with family words; with
none, every name comes with either list at random. A few thousand tokens are enough for word2vec
to learn what co-occurs at 16 dimensions and 30 epochs (well under a second to train).
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

from bias.wordsets.library import get_wordset

WEAT6 = get_wordset("weat6")
FILLER = [f"filler{i}" for i in range(30)]


def documents(planted: float, count: int = 400, seed: int = 1) -> list[str]:
    """`count` documents; `planted` is the chance that a name comes with its own list (0.5:
    none planted, 1.0: always)."""
    rng = random.Random(seed)
    males, females = list(WEAT6.X.words), list(WEAT6.Y.words)
    career, family = list(WEAT6.A.words), list(WEAT6.B.words)
    out = []
    for i in range(count):
        male = i % 2 == 0
        name = rng.choice(males if male else females)
        own = rng.random() < planted
        words = career if male == own else family
        body = [rng.choice(words) for _ in range(4)] + [rng.choice(FILLER) for _ in range(3)]
        rng.shuffle(body)
        out.append(" ".join([name, *body[:4], name, *body[4:]]))
    return out


def write_txt(path: Path, planted: float, count: int = 400, seed: int = 1) -> Path:
    path.write_text("\n".join(documents(planted, count, seed)) + "\n", encoding="utf-8")
    return path


def write_grouped_csv(path: Path, strengths: dict[str, float], count: int = 300) -> Path:
    """A CSV with columns decade,text: each decade's documents planted with its strength."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["decade", "text"])
        for k, (decade, strength) in enumerate(strengths.items()):
            for text in documents(strength, count, seed=10 + k):
                writer.writerow([decade, text])
    return path


GERMAN = ["der", "die", "und", "das", "ist", "nicht", "ein", "zu", "den", "von", "mit", "sich",
          "des", "auf", "für", "im", "dem", "eine", "als", "auch", "es", "an", "werden", "aus",
          "er", "hat", "dass", "sie", "nach", "wird", "bei"]
"""German function words: the words a German text has most, for its language to be guessed."""


def write_german_csv(path: Path, years: range, count: int = 40, two_women: range = range(0)
                     ) -> Path:
    """A CSV with columns year,text: `count` documents per year of `years`, WEAT 6's words among
    German function words (planted, strength 1); in the years `two_women` every woman is one of
    two, so their models have 2 female names with a vector: too few for a verdict."""
    females = list(WEAT6.Y.words)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["year", "text"])
        rng = random.Random(3)
        for k, year in enumerate(years):
            for i, text in enumerate(documents(1.0, count, seed=20 + k)):
                words = text.split()
                if year in two_women and i % 2:
                    words = [females[i // 2 % 2] if w == words[0] else w for w in words]
                writer.writerow([year, " ".join(words + rng.sample(GERMAN, 8))])
    return path
