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


def import_weat7(folder: Path, seed: int) -> str:
    """An embedding 'w7' imported from a .vec file written in `folder`, holding every word of
    WEAT 7 (random 10-dimensional vectors from `seed`); returns its name."""
    from bias.vectors.download import import_embedding
    from bias.wordsets.library import get_wordset

    words = [w for s in get_wordset("weat7").sets().values() for w in s.words]
    matrix = np.random.default_rng(seed).standard_normal((len(words), 10)).astype(np.float32)
    (folder / "w7.vec").write_bytes(vec_bytes(words, matrix))
    import_embedding(folder / "w7.vec", name="w7", language="en")
    return "w7"
