"""RNSB, the relative negative sentiment bias (Sweeney & Najafian 2019, ACL).

A logistic regression learns, from the two attribute sets, to tell the first (e.g. pleasant words,
label "positive") from the second (unpleasant, "negative"). It then gives every target word of
every target set a probability of being negative; these probabilities, divided by their sum, form
a distribution over the target words, and RNSB is its Kullback–Leibler divergence from the
uniform one: 0 when every target word looks equally negative, larger when some look more negative
than others. As WEFE 1.0 (`wefe/metrics/RNSB.py`): a stratified 80/20 split of the attribute
words (seeded) trains the classifier on 80% and reports its accuracy on the held-out 20%; the
classifier is L2-regularised logistic regression with C = 1.

WEFE uses scikit-learn's liblinear solver, which also shrinks the intercept; BiasWords fits the
same model with scipy (the intercept is not shrunk, as scikit-learn's default lbfgs solver does),
so single values differ slightly and their distribution over seeds agrees (docs/metrics.md).
The value depends on the random split: a different seed gives a different RNSB. All target words
count alike, so there is no permutation p-value.
"""

from __future__ import annotations

import numpy as np

from bias.errors import BiasInputError
from bias.notes import Note
from bias.stats.measure_result import (
    MeasureOptions,
    MeasureResult,
    look_up_sets,
    not_testable,
    result,
    scores,
)
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets

WEAK_ACCURACY = 0.75
"""Below this held-out accuracy the classifier's 'negative' probabilities mean little: a note."""

C = 1.0
"""Inverse regularisation strength, scikit-learn's default (as WEFE uses)."""


def fit_logistic(features: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, float]:
    """Weights and intercept minimising ½‖w‖² + C Σ log(1 + exp(−y(w·x + b))), y in {−1, +1}."""
    from scipy.optimize import minimize

    dims = features.shape[1]

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:dims], theta[dims]
        margin = labels * (features @ w + b)
        value = 0.5 * w @ w + C * np.logaddexp(0.0, -margin).sum()
        weight = -labels * C / (1.0 + np.exp(margin))  # d loss / d (w·x + b)
        return value, np.concatenate([w + features.T @ weight, [weight.sum()]])

    fit = minimize(loss, np.zeros(dims + 1), jac=True, method="L-BFGS-B",
                   options={"maxiter": 10_000, "gtol": 1e-8, "ftol": 1e-15})
    return fit.x[:dims], float(fit.x[dims])


def negative_probability(features: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    """P(label −1 | x) under the fitted model."""
    return 1.0 / (1.0 + np.exp(features @ w + b))


def stratified_split(
    labels: np.ndarray, share: float, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """Train and test indices: about `share` of each class held out, at least one of each kept."""
    train, test = [], []
    for label in (1.0, -1.0):
        members = rng.permutation(np.flatnonzero(labels == label))
        held = min(max(1, round(share * members.size)), members.size - 1)
        test.extend(members[:held])
        train.extend(members[held:])
    return np.array(sorted(train)), np.array(sorted(test))


def run_rnsb(
    embedding: Embedding, sets: NamedSets, options: MeasureOptions = MeasureOptions()
) -> MeasureResult:
    """RNSB of any number of target sets, with two attribute sets (positive, negative)."""
    looked = look_up_sets(embedding, sets)
    positive, negative = looked.vectors_of("attribute")
    if min(positive.shape[0], negative.shape[0]) < 2:
        raise BiasInputError(
            "RNSB trains a classifier on the attribute words: each attribute set needs at "
            "least 2 words found, one to learn from and one to check it."
        )
    features = np.vstack([positive, negative])
    labels = np.concatenate([np.ones(positive.shape[0]), -np.ones(negative.shape[0])])
    rng = np.random.default_rng(options.seed)
    train, test = stratified_split(labels, options.rnsb_holdout, rng)
    w, b = fit_logistic(features[train], labels[train])
    predicted = np.where(negative_probability(features[test], w, b) > 0.5, -1.0, 1.0)
    accuracy = float((predicted == labels[test]).mean())
    names = looked.names("target")
    probabilities = {n: negative_probability(looked.vectors[n], w, b) for n in names}
    everything = np.concatenate(list(probabilities.values()))
    share = everything / everything.sum()
    divergence = float(np.sum(share * np.log(share * share.size)))
    per_word, start = [], 0
    for name in names:
        p = probabilities[name]
        per_word += scores(looked, name, p, share=share[start:start + p.size])
        start += p.size
    notes = [not_testable("RNSB")] if options.p_value else []
    if accuracy < WEAK_ACCURACY:
        notes.append(Note("weak_classifier", {"accuracy": accuracy, "held_out": int(test.size)}))
    return result(
        "rnsb", sets, embedding, looked, divergence,
        per_word=tuple(per_word), notes=notes,
        details={"seed": options.seed, "accuracy": accuracy, "held_out": int(test.size),
                 "mean_negative_probability": {n: float(p.mean())
                                               for n, p in probabilities.items()}},
    )
