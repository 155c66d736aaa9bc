"""Was the bias removed, or only hidden? The tests of Gonen & Goldberg (2019).

Words that were strongly biased before debiasing (by their projection on the bias direction of
the original embedding) are looked at in the debiased embedding:

- k-means with k = 2 on their debiased vectors: how well do the two clusters align with the
  original sides (50% is chance; Gonen & Goldberg found 92.5% after hard debias of GloVe);
- a linear and an RBF-kernel SVM (scikit-learn, 5-fold cross-validation) predicting the original
  side from the debiased vector, with a Clopper–Pearson interval on the pooled predictions;
- for each word, the share of its 100 nearest neighbours (among these words) that were on the
  first side, correlated (Pearson) with the word's original projection.

The verdict threshold: chance is 50%, and with 1,000 words a random split aligns with the labels
by more than 55% in only 1 of 1,000 draws (the sd of a proportion is 0.016). 60% is far beyond
that: one word in ten more than chance would put on its old side, from its debiased vector
alone, which is bias a downstream model can pick up. When k-means alignment or the lower end
of a classifier's interval reaches it, the bias was hidden, not removed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

HIDDEN_THRESHOLD = 0.60
"""Recoverability at or above this (k-means alignment, or a classifier's lower bound) means the
bias is still there; see the module docstring for why 60%."""

KMEANS_SEEDS = 20
FOLDS = 5
NEIGHBOURS = 100


@dataclass(frozen=True)
class Accuracy:
    """A cross-validated accuracy with its 95% Clopper–Pearson interval."""

    value: float
    low: float
    high: float

    def to_dict(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Recoverability:
    """The tests on the most biased words, before (original) and after (debiased)."""

    words_per_side: int
    kmeans_before: tuple[float, float]
    """Alignment mean and sd over `KMEANS_SEEDS` seeds, on the original vectors."""
    kmeans_after: tuple[float, float]
    linear: Accuracy
    rbf: Accuracy
    neighbour_correlation_before: float
    neighbour_correlation_after: float
    threshold: float = HIDDEN_THRESHOLD

    @property
    def hidden(self) -> bool:
        """Whether the bias is still recoverable from the debiased vectors."""
        return (
            self.kmeans_after[0] >= self.threshold
            or self.linear.low >= self.threshold
            or self.rbf.low >= self.threshold
        )

    def verdict(self) -> str:
        """One sentence a reader can act on."""
        if self.hidden:
            found = []
            if self.kmeans_after[0] >= self.threshold:
                found.append(f"k-means still sorts them into their old sides "
                             f"({self.kmeans_after[0]:.0%} aligned)")
            if self.linear.low >= self.threshold:
                found.append(f"a linear classifier recovers the side ({self.linear.value:.0%})")
            if self.rbf.low >= self.threshold:
                found.append(f"a non-linear (RBF) classifier recovers it ({self.rbf.value:.0%})")
            return (
                f"Bias was hidden, not removed: of the {2 * self.words_per_side:,} most biased "
                f"words, {'; '.join(found)} (chance is 50%)."
            )
        return (
            f"The old sides of the {2 * self.words_per_side:,} most biased words are no longer "
            f"recoverable above {self.threshold:.0%} by k-means or either classifier; other tests "
            "may still find bias."
        )

    def to_dict(self) -> dict:
        return {
            "words_per_side": self.words_per_side,
            "kmeans_alignment_before": {"mean": self.kmeans_before[0], "sd": self.kmeans_before[1]},
            "kmeans_alignment_after": {"mean": self.kmeans_after[0], "sd": self.kmeans_after[1]},
            "linear_svm_accuracy": self.linear.to_dict(),
            "rbf_svm_accuracy": self.rbf.to_dict(),
            "neighbour_bias_correlation_before": self.neighbour_correlation_before,
            "neighbour_bias_correlation_after": self.neighbour_correlation_after,
            "threshold": self.threshold,
            "hidden": self.hidden,
            "verdict": self.verdict(),
        }


@dataclass(frozen=True)
class HeldBackCheck:
    """INLP's own setting (Ravfogel et al. 2020): classifiers on words of the kind INLP trained
    on (the next most biased), held back from its training; the Gonen & Goldberg test above uses
    the most biased words, which are more extreme than any INLP saw."""

    words_per_side: int
    linear: Accuracy
    rbf: Accuracy

    def to_dict(self) -> dict:
        return {"words_per_side": self.words_per_side, "linear_svm_accuracy": self.linear.to_dict(),
                "rbf_svm_accuracy": self.rbf.to_dict()}


def held_back_check(after: np.ndarray, projection: np.ndarray, seed: int) -> HeldBackCheck:
    """Linear and RBF accuracy on the held-back words' debiased vectors."""
    labels = (projection > 0).astype(int)
    after = np.asarray(after, dtype=np.float64)
    return HeldBackCheck(len(labels) // 2, classifier_accuracy(after, labels, "linear", seed),
                         classifier_accuracy(after, labels, "rbf", seed))


def kmeans_alignment(vectors: np.ndarray, labels: np.ndarray, seed: int) -> tuple[float, float]:
    """Mean and sd (over `KMEANS_SEEDS` runs, one k-means++ initialisation each, so the seeds
    differ) of the share of words whose k-means cluster matches their side, under the better
    matching. scipy's k-means: scikit-learn's took 0.14 s a run on 1,000 words here (its thread
    pool's start-up on a busy machine), scipy's 2 ms."""
    from scipy.cluster.vq import kmeans2

    scores = []
    for run in range(KMEANS_SEEDS):
        _, clusters = kmeans2(vectors, 2, iter=100, minit="++", seed=seed + run)
        agree = float(np.mean(clusters == labels))
        scores.append(max(agree, 1.0 - agree))
    return float(np.mean(scores)), float(np.std(scores, ddof=1))


def classifier_accuracy(vectors: np.ndarray, labels: np.ndarray, kind: str, seed: int) -> Accuracy:
    """Pooled 5-fold cross-validated accuracy of a linear or RBF SVM, with its interval."""
    from scipy.stats import binomtest
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.svm import SVC, LinearSVC

    model = LinearSVC(random_state=seed) if kind == "linear" else SVC(kernel="rbf")
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=seed)
    predicted = cross_val_predict(model, vectors, labels, cv=folds)
    correct = int((predicted == labels).sum())
    interval = binomtest(correct, len(labels)).proportion_ci(0.95, method="exact")
    return Accuracy(correct / len(labels), float(interval.low), float(interval.high))


def neighbour_bias_correlation(vectors: np.ndarray, projection: np.ndarray) -> float:
    """Pearson r between each word's original projection and the share of its nearest
    neighbours (among these words, by cosine in `vectors`) that were on the positive side."""
    from scipy.stats import pearsonr

    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    similarity = unit @ unit.T
    np.fill_diagonal(similarity, -np.inf)
    k = min(NEIGHBOURS, len(vectors) - 1)
    nearest = np.argpartition(-similarity, k - 1, axis=1)[:, :k]
    share = (projection[nearest] > 0).mean(axis=1)
    return float(pearsonr(projection, share).statistic)


def recoverability(
    before: np.ndarray, after: np.ndarray, projection: np.ndarray, seed: int
) -> Recoverability:
    """All tests on the (2n, d) vectors of the most biased words (first n positive, then n
    negative by `projection` on the original direction)."""
    labels = (projection > 0).astype(int)
    after = np.asarray(after, dtype=np.float64)
    return Recoverability(
        words_per_side=len(labels) // 2,
        kmeans_before=kmeans_alignment(np.asarray(before, dtype=np.float64), labels, seed),
        kmeans_after=kmeans_alignment(after, labels, seed),
        linear=classifier_accuracy(after, labels, "linear", seed),
        rbf=classifier_accuracy(after, labels, "rbf", seed),
        neighbour_correlation_before=neighbour_bias_correlation(
            np.asarray(before, dtype=np.float64), projection
        ),
        neighbour_correlation_after=neighbour_bias_correlation(after, projection),
    )
