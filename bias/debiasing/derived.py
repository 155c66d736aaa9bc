"""The debiased embedding as a first-class one: saved in the cache with where it came from.

The parent is only read. Its identity is recorded as a sha256: for an imported parent the one
recorded at import (of its `vectors.npy`, so `python -m bias embeddings --verify PARENT` shows it
unchanged); for the bundled GloVe, of its unit rows as loaded (float32, C order), since its
files belong to the installed package.
"""

from __future__ import annotations

import hashlib

import numpy as np

from bias.debiasing.blocks import row_blocks
from bias.vectors import store
from bias.vectors.bundled import BUNDLED, EmbeddingInfo
from bias.vectors.embeddings import Embedding


def parent_digest(embedding: Embedding) -> tuple[str, str]:
    """(sha256, what was hashed) identifying the parent's vectors."""
    if embedding.name not in BUNDLED and store.is_cached(embedding.name):
        digest = store.read_meta(embedding.name).get("sha256", "")
        if digest:
            return digest, "vectors.npy (as recorded at import)"
    digest = hashlib.sha256()
    for _, block in row_blocks(embedding.vectors):
        digest.update(np.ascontiguousarray(block).data)
    return digest.hexdigest(), "unit rows as loaded (float32, C order)"


def save_debiased(
    name: str, debiased: Embedding, derived_from: dict, *, replace: bool = False
) -> EmbeddingInfo:
    """Store `debiased` as cache entry `name` with its provenance."""
    return store.save_derived(
        name, debiased.language, debiased.words, debiased.vectors, source=debiased.source,
        derived_from=derived_from, replace=replace,
    )
