"""À la carte embeddings of instances (Khodak et al. 2018, "A La Carte Embedding", ACL).

An instance's embedding is the average of its context words' vectors (each token counted as
often as it occurs; words without a vector left out), multiplied by a D × D transform A. A plain
average is dominated by the directions every context shares (frequent function-like words); A
is learned so that, for the corpus's own words, the transformed average of a word's contexts
lands near the word's vector.

A, estimated on the corpus (`estimate_transform`, Khodak et al.'s eq. 4 as conText's
`compute_transform` solves it): for each word w with a vector v_w, u_w is the average vector of
the tokens within `window` positions of its uses (pads count as positions, have no vector);
A minimises Σ_w α_w ‖A u_w − v_w‖², with α_w = log(count of w) (conText's choice for small
corpora: a word seen once weighs nothing) or α_w = 1 for words seen at least a threshold number
of times (its choice for large corpora, 500 by default there). A weighted least squares solved
by QR (numpy's lstsq), never by forming normal equations.

An instance none of whose context words has a vector has no embedding: it is dropped and
counted, never silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bias.errors import BiasInputError
from bias.regression.instances import Instances, Padded

MAX_TRANSFORM_BYTES = 64 * 1024 * 1024
"""The largest transform file read: a 2,000 × 2,000 float64 matrix is 32 MB."""


@dataclass(frozen=True)
class WordVectors:
    """Rows of a vector matrix by word (exact spelling): what ALC looks context words up in.
    The product's embeddings are unit length; conText's GloVe are raw; A must have been
    estimated on vectors of the same kind."""

    rows: Mapping[str, int]
    matrix: np.ndarray

    @property
    def dimensions(self) -> int:
        return int(self.matrix.shape[1])


@dataclass(frozen=True)
class Embedded:
    """Instance embeddings (n × D, float64) for the instances kept, in order."""

    vectors: np.ndarray
    kept: np.ndarray
    """Indices (into the instances given) of those embedded."""
    dropped: int
    """Instances none of whose context words has a vector."""
    features: tuple[str, ...]
    """The context words that had a vector: the candidates for nearest neighbours."""
    context_tokens: int
    """Context tokens of all instances (pads left out)."""
    without_vector: int
    """Those of them with no vector, left out of the averages."""


def embed_instances(
    instances: Instances, vectors: WordVectors, transform: np.ndarray | None,
    block: int = 4096,
) -> Embedded:
    """Each instance's ALC embedding: mean of its context tokens' vectors, times A (if any).
    Read from the instances' window codes a block at a time; each average is summed in the
    same order as its words (left to right), so it is the same number however it is blocked."""
    rows, matrix = vectors.rows, vectors.matrix
    # a window code's row in `matrix`, -1 for no vector; the pad's and outside's codes (-1,
    # -2) index the last two entries, which are -1
    row_of = np.array([rows.get(word, -1) for word in instances.vocabulary] + [-1, -1],
                      dtype=np.int64)
    out: list[np.ndarray] = []
    kept: list[np.ndarray] = []
    features: set[int] = set()
    tokens = found_tokens = 0
    for start in range(0, len(instances), block):
        codes = np.hstack([instances.left[start:start + block],
                           instances.right[start:start + block]])
        found = row_of[codes]
        has = found >= 0
        tokens += int((codes >= 0).sum())
        sizes = has.sum(axis=1)
        ids = found[has]  # row by row, each row left to right
        found_tokens += len(ids)
        kept.append(start + np.flatnonzero(sizes))
        if not len(ids):
            continue
        sizes = sizes[sizes > 0]
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        sums = np.add.reduceat(np.asarray(matrix[ids], dtype=np.float64), starts)
        out.append(sums / sizes[:, None])
        features.update(np.unique(ids).tolist())
    embedded = np.concatenate(out) if out else np.zeros((0, matrix.shape[1]))
    if transform is not None:
        embedded = embedded @ transform.T
    chosen = np.concatenate(kept) if kept else np.zeros(0, dtype=np.int64)
    names = {row: word for word, row in rows.items() if row in features}
    return Embedded(embedded, chosen.astype(np.int64), len(instances) - len(chosen),
                    tuple(sorted(names.values())), tokens, tokens - found_tokens)


class ContextSums:
    """Per corpus word with a vector: the sum of its contexts' vectors and their number, gathered
    one padded document at a time (the second pass), for `estimate_transform`."""

    def __init__(self, vectors: WordVectors, words: Sequence[str], window: int) -> None:
        self.vectors, self.window = vectors, window
        self.words = [w for w in words if w in vectors.rows]
        self.index = {w: i for i, w in enumerate(self.words)}
        self.sums = np.zeros((len(self.words), vectors.dimensions))
        self.counts = np.zeros(len(self.words))

    def __call__(self, tokens: Padded) -> None:
        rows = self.vectors.rows
        ids = np.array([rows.get(t, -1) if t is not None else -1 for t in tokens], dtype=np.int64)
        has = ids >= 0
        if has.sum() < 2:
            return
        doc = np.zeros((len(tokens), self.vectors.dimensions))
        doc[has] = self.vectors.matrix[ids[has]]
        cumulative = np.vstack([np.zeros((1, doc.shape[1])), np.cumsum(doc, axis=0)])
        present = np.concatenate([[0], np.cumsum(has)])
        at = np.arange(len(tokens))
        low = np.maximum(at - self.window, 0)
        high = np.minimum(at + self.window + 1, len(tokens))
        where = np.array([self.index.get(t, -1) if t is not None else -1 for t in tokens])
        mine = where >= 0
        window_sums = cumulative[high[mine]] - cumulative[low[mine]] - doc[mine]
        window_counts = present[high[mine]] - present[low[mine]] - has[mine]
        np.add.at(self.sums, where[mine], window_sums)
        np.add.at(self.counts, where[mine], window_counts)


def estimate_transform(
    sums: ContextSums, frequency: Mapping[str, int], weighting: str | int = "log"
) -> np.ndarray:
    """A (D × D) by weighted least squares of words' vectors on their average contexts.
    `weighting`: "log" (α = log count) or a whole number (α = 1 for words seen at least that
    often, the others left out)."""
    counts = np.array([frequency[w] for w in sums.words], dtype=np.float64)
    usable = sums.counts > 0
    if weighting == "log":
        weights = np.log(np.maximum(counts, 1.0))
    else:
        weights = (counts >= int(weighting)).astype(np.float64)
    usable &= weights > 0
    dimensions = sums.vectors.dimensions
    if usable.sum() <= dimensions:
        raise BiasInputError(
            f"Only {int(usable.sum()):,} words of the corpus have a vector and were seen often "
            f"enough to estimate a {dimensions} × {dimensions} transform, which needs more than "
            f"{dimensions}: use a transform from a file, or none (a plain average)."
        )
    average = sums.sums[usable] / sums.counts[usable, None]
    own = np.asarray(sums.vectors.matrix[[sums.vectors.rows[w] for w in
                                          np.asarray(sums.words, dtype=object)[usable]]],
                     dtype=np.float64)
    root = np.sqrt(weights[usable])[:, None]
    solution, *_ = np.linalg.lstsq(root * average, root * own, rcond=None)
    return solution.T


def read_transform(path: Path, dimensions: int) -> np.ndarray:
    """A D × D transform from a .npy file or a whitespace-separated text file; anything else
    (another size, a value that is not a finite number, a file too large) is one sentence."""
    if not path.is_file():
        raise BiasInputError(f"There is no transform file at {path}.")
    if path.stat().st_size > MAX_TRANSFORM_BYTES:
        raise BiasInputError(
            f"{path.name} is larger than {MAX_TRANSFORM_BYTES // 2**20} MB; a transform is a "
            "D × D matrix (300 × 300 is under 1 MB)."
        )
    try:
        if path.suffix.lower() == ".npy":
            matrix = np.load(path, allow_pickle=False)
        else:
            matrix = np.loadtxt(path, dtype=np.float64, ndmin=2)
    except (ValueError, OSError, EOFError) as exc:
        raise BiasInputError(
            f"{path.name} cannot be read as a matrix of numbers ({str(exc)[:120]})."
        ) from None
    if matrix.shape != (dimensions, dimensions):
        raise BiasInputError(
            f"The transform in {path.name} is {' × '.join(map(str, matrix.shape))}, but these "
            f"vectors have {dimensions} dimensions: it must be {dimensions} × {dimensions}."
        )
    if not np.issubdtype(matrix.dtype, np.number) or not np.isfinite(matrix).all():
        raise BiasInputError(f"The transform in {path.name} holds values that are not finite "
                             "numbers.")
    return np.asarray(matrix, dtype=np.float64)
