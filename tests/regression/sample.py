"""conText's sample data (../shared/context-sample, see its README), read where it is; tests that
need it skip, saying why, where it is absent. Never copied into the project (GPL-3 package)."""

from __future__ import annotations

import csv
import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from bias.regression.alc import WordVectors

SAMPLE = Path(__file__).resolve().parents[2].parent / "shared" / "context-sample"
FILES = ("cr_sample_corpus.csv", "cr_glove_subset.npy", "cr_glove_words.json", "cr_transform.npy")


def need_sample() -> Path:
    if not all((SAMPLE / name).is_file() for name in FILES):
        pytest.skip(f"conText's sample data is not at {SAMPLE} (it is not part of the project).")
    return SAMPLE


@cache
def rows() -> tuple[dict[str, str], ...]:
    with (need_sample() / FILES[0]).open(encoding="utf-8", newline="") as handle:
        return tuple(csv.DictReader(handle))


@cache
def glove() -> WordVectors:
    words = json.loads((need_sample() / FILES[2]).read_text(encoding="utf-8"))
    return WordVectors({w: i for i, w in enumerate(words)}, np.load(SAMPLE / FILES[1]))


@cache
def transform() -> np.ndarray:
    return np.load(need_sample() / FILES[3])
