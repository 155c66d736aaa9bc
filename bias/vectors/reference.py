"""An embedding named in a task by its name and sha256, never by its matrix.

A task (`bias.compute.run_tasks`) may run in this process, in a process of the local pool or on
a cluster's worker, so it carries an `EmbeddingRef` and the task's function calls `resolve`:

- in the process that made the reference, the embedding it was made from (no second load);
- anywhere else, the catalog's embedding of that name, memory-mapped from that machine's
  BIASWORDS_HOME (on a cluster: a folder every worker shares, docs/cluster.md), and only if its
  sha256 is the reference's. A worker without it, or with another one under that name (another
  import, a half-synchronised copy), fails the task with a sentence; it never computes a number
  on other vectors.

The sha256 compared is the one the embedding carries (`Embedding.identity`: recorded in the
cache's meta.json at import, or computed from a bundled file); `python -m bias embeddings
--verify NAME` on a worker checks the file's bits against it. An embedding made in memory (a
test's synthetic one) has no sha256: it can only be used in the process that made it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from bias.errors import BiasInputError
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Embedding


@dataclass(frozen=True)
class EmbeddingRef:
    """What a task knows of its embedding: the name to load and the sha256 it must have."""

    name: str
    sha256: str
    """Empty for an embedding with no stored identity (it cannot leave its process)."""
    made_in: int = 0
    """`id()` of the Embedding object in the process that made the reference."""

    @property
    def shareable(self) -> bool:
        """Whether another process can load it (it has a sha256 to check)."""
        return bool(self.sha256)


_made: weakref.WeakValueDictionary[EmbeddingRef, Embedding] = weakref.WeakValueDictionary()


def reference(embedding: Embedding) -> EmbeddingRef:
    """The reference a task carries for `embedding`; `resolve` in this process returns it."""
    ref = EmbeddingRef(embedding.name, str(embedding.identity.get("sha256", "")), id(embedding))
    _made[ref] = embedding
    return ref


def resolve(ref: EmbeddingRef) -> Embedding:
    """The embedding `ref` names, or `BiasInputError` saying why this process cannot have it."""
    made = _made.get(ref)
    if made is not None:
        return made
    if not ref.shareable:
        raise BiasInputError(
            f"The embedding '{ref.name}' exists only in the process that made it (it is not "
            "stored under BIASWORDS_HOME), so other processes cannot load it; import or save "
            "it first."
        )
    try:
        embedding = load_embedding(ref.name)
    except BiasInputError as exc:
        raise BiasInputError(
            f"The embedding '{ref.name}' cannot be loaded from the BIASWORDS_HOME here "
            f"({str(exc).rstrip('.')}); every worker needs the same BIASWORDS_HOME "
            "(docs/cluster.md)."
        ) from None
    found = str(embedding.identity.get("sha256", ""))
    if found != ref.sha256:
        raise BiasInputError(
            f"The embedding '{ref.name}' in the BIASWORDS_HOME here is not the one asked "
            f"for: its sha256 is {found[:16] or 'unknown'}…, the job's {ref.sha256[:16]}…; "
            "give every worker the same copy (docs/cluster.md)."
        )
    return embedding
