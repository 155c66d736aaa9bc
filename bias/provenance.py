"""Where a result comes from, recorded with it: enough to cite it and to re-run it exactly.

Every WEAT result carries one `Provenance`: the software and library versions, when it was made
(UTC), the embedding's identity (its name, language, size and fingerprint, `Embedding.identity`),
the word lists exactly as supplied, and every option (seeds included). `python -m bias reproduce`
reads it back from a JSON or a report, re-runs the test and compares.
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
