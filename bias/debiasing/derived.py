"""The debiased embedding as a first-class one: saved in the cache with where it came from.

The parent is only read. Its identity is recorded as a sha256: for an imported parent the one
recorded at import (of its `vectors.npy`, so `python -m bias embeddings --verify PARENT` shows it
unchanged); for the bundled GloVe, of its unit rows as loaded (float32, C order), since its
files belong to the installed package.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection
from dataclasses import dataclass

import numpy as np

from bias.debiasing.blocks import row_blocks
from bias.errors import BiasInputError
from bias.serialize import jsonable
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


MAX_DEFAULT_TRIES = 1000
"""A default name tries `base`, `base-2`, … up to this many (then the run asks for another)."""


def follows_default(name: str, base: str) -> bool:
    """Whether `name` is one of the default names `free_name` proposes for `base`."""
    numbered = re.fullmatch(r".*(-[0-9]+)", name)
    return name in (_fit(base, ""), _fit(base, numbered.group(1) if numbered else ""))


def free_name(base: str, mine: Collection[str] = ()) -> str:
    """The default name to save a debiased embedding under: the first of `base`, `base-2`,
    `base-3`, … that is free, or that is in `mine` (names this browser tab saved itself, which a
    new run then replaces). So a default never collides, and pressing Debias again redoes the
    tab's own copy rather than piling up copies or failing on the name."""
    for number in range(1, MAX_DEFAULT_TRIES + 1):
        name = _fit(base, "" if number == 1 else f"-{number}")
        if name in mine or not store.is_cached(name):
            return name
    return _fit(base, "")  # a thousand copies: the run refuses the name, saying why


def _fit(base: str, suffix: str) -> str:
    """`base` + `suffix`, `base` shortened so the whole is a valid cache name (64 characters)."""
    return base[: store.MAX_NAME - len(suffix)].rstrip("-_.") + suffix


def save_debiased(
    name: str, debiased: Embedding, derived_from: dict, *, replace: bool = False
) -> EmbeddingInfo:
    """Store `debiased` as cache entry `name` with its provenance."""
    return store.save_derived(
        name, debiased.language, debiased.words, debiased.vectors, source=debiased.source,
        derived_from=derived_from, replace=replace,
    )


@dataclass(frozen=True)
class ParentCheck:
    """Whether a debiased embedding's parent still has the sha256 recorded when it was made."""

    name: str
    parent: str
    recorded_sha256: str
    actual_sha256: str
    """'' when the parent can no longer be read."""

    @property
    def ok(self) -> bool:
        return bool(self.actual_sha256) and self.actual_sha256 == self.recorded_sha256

    def summary(self) -> str:
        if self.ok:
            return (f"Its parent {self.parent} is unchanged: its sha256 is the one recorded when "
                    f"{self.name} was made ({self.actual_sha256[:16]}…).")
        if not self.actual_sha256:
            return (f"The parent of {self.name}, {self.parent}, is no longer available, so it "
                    "cannot be checked.")
        return (f"The parent of {self.name}, {self.parent}, has changed since {self.name} was "
                "made: its sha256 is not the one recorded.")

    def to_dict(self) -> dict:
        return {**jsonable(self), "ok": self.ok}


def verify_parent(name: str) -> ParentCheck | None:
    """Recompute the parent's sha256 of the debiased embedding `name` (None for an embedding that
    is not a debiased one): of its `vectors.npy` for an imported parent, of its unit rows for a
    bundled one, as `parent_digest` recorded it."""
    from bias.vectors.catalog import load_embedding

    derived = store.read_meta(name).get("derived_from")
    if not derived:
        return None
    parent = derived["parent"]
    try:
        if parent not in BUNDLED and store.is_cached(parent):
            actual = store.verify(parent).actual_sha256
        else:
            actual = parent_digest(load_embedding(parent))[0]
    except BiasInputError:
        actual = ""
    return ParentCheck(name, parent, derived["parent_sha256"], actual)
