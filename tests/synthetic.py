"""Synthetic embeddings with a planted bias, for fast tests that know the right answer."""

from __future__ import annotations

import numpy as np

from bias.vectors.embeddings import Embedding
from bias.wordsets import TermSet, WordSet


def planted(strength: float = 1.0, sizes=(8, 8, 8, 8), dims: int = 30, seed: int = 1):
    """An embedding whose X words lean towards A and Y words towards B by `strength`.

    Returns (embedding, wordset, raw_vectors) where raw_vectors maps each word to its unnormalised
    vector, for the reference implementation.
    """
    rng = np.random.default_rng(seed)
    axis = rng.normal(size=dims)
    axis /= np.linalg.norm(axis)
    raw: dict[str, np.ndarray] = {}
    sets = {}
    for key, n, sign in zip("XYAB", sizes, (1, -1, 1, -1), strict=True):
        words = [f"{key.lower()}{i}" for i in range(n)]
        for word in words:
            raw[word] = rng.normal(size=dims) + sign * strength * 3 * axis
        sets[key] = TermSet(f"Set {key}", tuple(words))
    for i in range(50):  # unrelated vocabulary
        raw[f"other{i}"] = rng.normal(size=dims)
    words = list(raw)
    embedding = Embedding.from_raw("planted", "en", words, np.array([raw[w] for w in words]))
    wordset = WordSet("planted", "Planted bias", "en", **sets)
    return embedding, wordset, raw


def raw_sets(wordset: WordSet, raw: dict[str, np.ndarray]):
    return [[list(raw[w]) for w in getattr(wordset, key).words] for key in "XYAB"]


def clustered(name: str, clusters: dict[int, list[str]], dims: int = 8) -> Embedding:
    """Words in tight clusters, one per axis (`clusters`: axis -> words), seeded: each word's
    nearest neighbours are the others of its cluster."""
    rng = np.random.default_rng(0)
    words = [word for members in clusters.values() for word in members]
    rows = [np.eye(dims)[axis] + rng.normal(size=dims) * 0.05
            for axis, members in clusters.items() for _ in members]
    return Embedding.from_raw(name, "en", words, np.array(rows))
