"""Crafted files for the hostile-input tests, all generated here (nothing is downloaded)."""

from __future__ import annotations

import gzip
import pickle
from pathlib import Path

import numpy as np


def vec_bytes(words: list[str], matrix: np.ndarray, header: bool = True) -> bytes:
    lines = [f"{len(words)} {matrix.shape[1]}"] if header else []
    for word, row in zip(words, matrix, strict=True):
        lines.append(word + " " + " ".join(f"{x:.6f}" for x in row))
    return ("\n".join(lines) + "\n").encode("utf-8")


def small_vec(path: Path, n: int = 40, dim: int = 8, seed: int = 0, prefix: str = "w") -> Path:
    """A valid text vector file of `n` random words, gzip-compressed if `path` ends in .gz."""
    matrix = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    data = vec_bytes([f"{prefix}{i}" for i in range(n)], matrix)
    path.write_bytes(gzip.compress(data) if path.name.endswith(".gz") else data)
    return path


class _RunsCode:
    """Unpickling this calls `open(marker, "w")`: a file appearing proves code ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def code_running_pickle(path: Path, marker: Path) -> Path:
    """A file that creates `marker` when unpickled (as gensim's KeyedVectors.load would)."""
    path.write_bytes(pickle.dumps(_RunsCode(marker)))
    return path
