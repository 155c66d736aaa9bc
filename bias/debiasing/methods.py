"""The three debiasing methods, as linear algebra on a unit-row matrix.

- Hard debias (Bolukbasi et al. 2016): the bias direction is the first principal component of the
  definitional pairs, each centred on its own mean; every word that is not fixed (protected,
  definitional or equalised) loses its component along it ("neutralise") and is scaled back to unit
  length; each equalise pair is then replaced by two unit vectors that share the pair's mean off
  the direction and differ only along it ("equalise"), so that every neutralised word is exactly
  as similar to one as to the other.
- Multiclass hard debias (Manzini et al. 2019): the same with groups of n words and a bias
  subspace of n − 1 principal components (the span of n centred group members has at most that
  rank); equalising a group puts each member at the group's mean off the subspace plus its own
  direction inside it. With pairs it is hard debias exactly: one code path serves both.
- INLP (Ravfogel et al. 2020): a linear classifier (scikit-learn's LinearSVC) learns to tell the
  two groups' words apart; its weight direction is projected out of the training vectors, and
  again, until a classifier on held-back training words does no better than chance; every word
  that is not protected is then projected onto the intersection of the nullspaces.

Equalise words are not neutralised first (Bolukbasi's code neutralises them unless they are also
on the gender-specific list, which makes the result depend on that list's overlap); here they
keep their original vectors until they are equalised, so the order of the steps does not matter.

Memory: the matrix may be a read-only memory map; the output is one new float32 matrix filled
block by block (`blocks.row_blocks`, which releases each block of the parent's pages once it is
used), so a run holds one copy of the matrix and a block of the parent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from bias.debiasing.blocks import row_blocks
from bias.errors import BiasInputError

Progress = Callable[[float, str], None]
"""Called with the share done (0–1) and what is happening, for the page's progress bar."""


def no_progress(_share: float, _what: str) -> None:
    """The default progress callback: report nothing."""


@dataclass(frozen=True)
class Fit:
    """What a method learnt: the orthonormal basis it removes, and how it got there."""

    method: str
    basis: np.ndarray
    """(k, d) orthonormal rows: the bias direction(s) projected out of the neutralised words."""
    explained: tuple[float, ...] = ()
    """Hard/multiclass: the share of the definitional groups' variance along each of the first
    few principal components (Bolukbasi's evidence that one direction dominates)."""
    classifier_accuracy: tuple[float, ...] = ()
    """INLP: the held-back accuracy of each iteration's classifier, before its direction was
    removed (the last is the one that stopped the loop)."""

    def to_dict(self) -> dict:
        return {
            "method": self.method,
            "dimensions_removed": int(self.basis.shape[0]),
            "explained_variance": [round(x, 6) for x in self.explained],
            "classifier_accuracy": [round(x, 6) for x in self.classifier_accuracy],
        }


def bias_subspace(
    matrix: np.ndarray, groups: Sequence[Sequence[int]], k: int | None = None
) -> tuple[np.ndarray, tuple[float, ...]]:
    """The first `k` principal components (default: group size − 1) of the definitional groups,
    each group centred on its own mean, and the variance shares of the first ten.

    With pairs (k = 1) the direction is oriented towards the first word of each pair (on
    average), so that a positive projection means "like the first words" in every report.
    """
    size = len(groups[0])
    k = size - 1 if k is None else k
    centred = []
    for group in groups:
        vectors = np.asarray(matrix[list(group)], dtype=np.float64)
        centred.append(vectors - vectors.mean(axis=0))
    stacked = np.vstack(centred)
    if k < 1 or k > min(stacked.shape):
        raise BiasInputError(
            f"A bias subspace of {k} dimensions cannot come from {len(groups)} groups of {size}."
        )
    _, singular, vt = np.linalg.svd(stacked, full_matrices=False)
    variance = singular**2
    shares = tuple(float(x) for x in variance[: min(10, len(groups))] / variance.sum())
    basis = vt[:k].copy()
    if k == 1:
        first = np.asarray(matrix[[g[0] for g in groups]], dtype=np.float64)
        second = np.asarray(matrix[[g[1] for g in groups]], dtype=np.float64)
        if ((first - second) @ basis[0]).mean() < 0:
            basis = -basis
    return basis, shares


def project_out(
    matrix: np.ndarray,
    basis: np.ndarray,
    keep: Sequence[int],
    progress: Progress = no_progress,
) -> np.ndarray:
    """A new float32 matrix: every row minus its part in the span of `basis` (orthonormal rows),
    scaled to unit length; the rows in `keep` copied unchanged, bit for bit."""
    out = np.empty(matrix.shape, dtype=np.float32)
    q = np.ascontiguousarray(basis, dtype=np.float32)  # (k, d)
    n = matrix.shape[0]
    for start, block in row_blocks(matrix):
        rest = block - (block @ q.T) @ q
        norms = np.linalg.norm(rest, axis=1, keepdims=True)
        # A row lying wholly in the subspace has nothing left; it keeps its old vector rather
        # than becoming a zero row, which no measure could use.
        empty = norms[:, 0] < 1e-6
        np.divide(rest, np.where(norms > 0, norms, 1.0), out=out[start : start + len(block)])
        if empty.any():
            out[start : start + len(block)][empty] = block[empty]
        progress(min(1.0, (start + len(block)) / n), "neutralising")
    keep = sorted(set(keep))
    if keep:
        out[keep] = np.asarray(matrix[keep], dtype=np.float32)
    return out


def equalise(
    out: np.ndarray, matrix: np.ndarray, basis: np.ndarray, groups: Sequence[Sequence[int]]
) -> None:
    """Equalise each group in place in `out`, from the words' original vectors in `matrix`:
    every member becomes ν + sqrt(1 − |ν|²) · (its part in the subspace minus the mean's, scaled
    to unit length), with ν the group's mean off the subspace (Manzini et al. 2019, eq. 4;
    Bolukbasi et al. 2016 for pairs). A word in several groups ends as its last group made it."""
    b = np.asarray(basis, dtype=np.float64)
    for group in groups:
        vectors = np.asarray(matrix[list(group)], dtype=np.float64)
        mean = vectors.mean(axis=0)
        mean_b = (mean @ b.T) @ b
        nu = mean - mean_b
        scale = np.sqrt(max(0.0, 1.0 - float(nu @ nu)))
        inside = (vectors @ b.T) @ b - mean_b
        lengths = np.linalg.norm(inside, axis=1, keepdims=True)
        if (lengths < 1e-12).any():
            continue  # members identical inside the subspace: nothing to equalise
        out[list(group)] = (nu + scale * inside / lengths).astype(np.float32)


def hard_debias(
    matrix: np.ndarray,
    definitional: Sequence[Sequence[int]],
    equalize: Sequence[Sequence[int]],
    fixed: Sequence[int],
    *,
    k: int | None = None,
    progress: Progress = no_progress,
) -> tuple[np.ndarray, Fit]:
    """Hard debias (pairs, k = 1) or multiclass hard debias (groups, k = size − 1 by default):
    returns the debiased matrix and the fit. `fixed` rows are never neutralised."""
    basis, shares = bias_subspace(matrix, definitional, k)
    equalised = {r for g in equalize for r in g}
    out = project_out(matrix, basis, sorted(set(fixed) | equalised), progress)
    equalise(out, matrix, basis, equalize)
    method = "hard" if len(definitional[0]) == 2 and basis.shape[0] == 1 else "multiclass"
    return out, Fit(method, basis, shares)


@dataclass(frozen=True)
class InlpOptions:
    """How INLP iterates (Ravfogel et al. ran 35 iterations on 300-d GloVe)."""

    max_iterations: int = 35
    chance_margin: float = 0.02
    """Stop once the held-back accuracy is within this of chance (the larger class's share)."""
    held_back: float = 0.3
    """Share of the training words kept back to judge each classifier."""


def inlp(
    matrix: np.ndarray,
    train_rows: Sequence[int],
    labels: Sequence[int],
    keep: Sequence[int],
    options: InlpOptions = InlpOptions(),
    seed: int = 0,
    progress: Progress = no_progress,
) -> tuple[np.ndarray, Fit]:
    """Iterated nullspace projection: returns the projected matrix (rows in `keep` unchanged) and
    the fit, whose basis spans every classifier direction removed; `seed` splits the training
    words and seeds the classifiers."""
    from sklearn.svm import LinearSVC

    x = np.asarray(matrix[list(train_rows)], dtype=np.float64)
    y = np.asarray(labels)
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(y))
    cut = round(len(y) * (1 - options.held_back))
    fit_idx, dev_idx = order[:cut], order[cut:]
    if len(set(y[fit_idx])) < 2 or len(set(y[dev_idx])) < 2:
        raise BiasInputError("INLP needs words of both groups to train on; found too few.")
    chance = max(np.mean(y[dev_idx] == c) for c in set(y))
    directions: list[np.ndarray] = []
    basis = np.zeros((0, x.shape[1]))
    accuracies = []
    for iteration in range(options.max_iterations):
        projected = x - (x @ basis.T) @ basis
        classifier = LinearSVC(C=1.0, fit_intercept=True, random_state=seed + iteration)
        classifier.fit(projected[fit_idx], y[fit_idx])
        accuracy = float(classifier.score(projected[dev_idx], y[dev_idx]))
        accuracies.append(accuracy)
        progress(0.5 * (iteration + 1) / options.max_iterations, "learning directions")
        if accuracy <= chance + options.chance_margin:
            break
        w = classifier.coef_[0]
        directions.append(w / np.linalg.norm(w))
        q, _ = np.linalg.qr(np.array(directions).T)
        basis = q.T
    if basis.shape[0] == 0:
        raise BiasInputError(
            "INLP found nothing to remove: a linear classifier cannot tell the two groups' "
            "words apart even before any projection."
        )
    out = project_out(matrix, basis, keep, lambda s, w: progress(0.5 + 0.5 * s, w))
    return out, Fit("inlp", basis, (), tuple(accuracies))
