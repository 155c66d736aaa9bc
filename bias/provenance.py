"""Where a result comes from, recorded with it: enough to cite it and to re-run it exactly.

Every WEAT result carries one `Provenance`: the software and library versions (numpy, scipy,
polars, gensim), when it was made (UTC), the embedding's identity (its name, language, size and
fingerprint, `Embedding.identity`; for a model trained here, its whole training record: corpus,
settings, seeds, gensim's and numpy's versions, and the longest piece of a document gensim was
given, `chunk_tokens`), the word lists exactly as supplied, and every option (seeds included).
`python -m bias reproduce` reads it back from a JSON or a report, re-runs the test and compares.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from bias.serialize import jsonable
from bias.vectors.embeddings import Embedding
from bias.version import PACKAGE, library_versions, version
from bias.wordsets import WordSet


@dataclass(frozen=True)
class EmbeddingRecord:
    """The embedding a result was computed on, as far as it is known."""

    name: str
    language: str
    words: int
    dimensions: int
    source: str
    identity: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Provenance:
    software: str
    version: str
    libraries: dict[str, str]
    created: str
    """UTC time of the run, ISO 8601 to the second."""
    embedding: EmbeddingRecord
    wordset: dict
    """The lists as supplied (`WordSet.to_dict()`: ids, lists, source and reported values; or a
    measure's named sets, with SC-WEAT's words or WEFAT's table)."""
    options: dict
    """Every option of the run, seeds included, as `to_dict` writes them."""


TRAINING_LIBRARIES = ("gensim", "numpy")
"""The libraries whose arithmetic a trained model's vectors depend on: gensim trains, numpy draws
the bootstrap samples and normalises the rows. Both versions are kept in the model's meta.json
(and so in the provenance of every result computed on it), so `reproduce --trained` can say
which one changed when the vectors differ."""


def training_libraries() -> dict[str, str]:
    """The versions of `TRAINING_LIBRARIES`, for a trained model's provenance."""
    return {name: library_versions()[name] for name in TRAINING_LIBRARIES}


def software_record() -> dict:
    """The software's and the libraries' versions, for a record kept outside a `Provenance` (a
    debiased embedding's `derived_from`): numpy's among them, as in every provenance."""
    return {"software": version(), "libraries": library_versions()}


def provenance(embedding: Embedding, wordset: WordSet | dict, options: object) -> Provenance:
    """The provenance of a run of `options` on `embedding` with `wordset` (a WordSet, or the
    data of a measure's inputs)."""
    return Provenance(
        software=PACKAGE,
        version=version(),
        libraries=library_versions(),
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        embedding=EmbeddingRecord(embedding.name, embedding.language, len(embedding),
                                  embedding.dimensions, embedding.source, dict(embedding.identity)),
        wordset=wordset if isinstance(wordset, dict) else wordset.to_dict(),
        options=jsonable(options),
    )
