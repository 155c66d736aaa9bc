"""The intervals beside a group's nearest words (bias.regression.neighbours.jackknife_cosines)
against a slow leave-one-document-out loop, on a hand case, and on generated groups whose true
average is known: the observed cosine of an average is biased toward 0, and the interval must
not inherit that bias (conText's bootstrap percentiles did: the truth lay above them)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from bias.regression.neighbours import jackknife_cosines


def cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))


def slow_intervals(embeddings, labels, words, level):
    """Drop each document's rows, average the rest, take the cosine; Quenouille's correction;
    the jackknife standard error; ± the t quantile with G − 1 degrees of freedom."""
    count = labels.max() + 1
    out = []
    for word in words:
        observed = cosine(embeddings.mean(axis=0), word)
        without = [cosine(embeddings[labels != g].mean(axis=0), word) for g in range(count)]
        mean = sum(without) / count
        corrected = count * observed - (count - 1) * mean
        error = math.sqrt((count - 1) / count * sum((v - mean) ** 2 for v in without))
        half = stats.t.ppf((1 + level) / 2, count - 1) * error
        out.append([max(corrected - half, -1.0), min(corrected + half, 1.0)])
    return np.array(out)


def test_the_intervals_equal_a_leave_one_document_out_loop() -> None:
    rng = np.random.default_rng(4)
    labels = np.repeat(np.arange(12), [3, 2] * 6)
    embeddings = rng.normal(size=(30, 5)) + np.array([1.5, 0, 0, 0, 0])
    words = rng.normal(size=(4, 5)) + np.array([1.0, 0, 0, 0, 0])
    fast = jackknife_cosines(embeddings, labels, words, 0.9)
    assert np.allclose(fast, slow_intervals(embeddings, labels, words, 0.9), atol=1e-12)
    assert (fast[:, 0] < fast[:, 1]).all()


def test_a_hand_case_of_three_documents() -> None:
    """Uses (1,0), (0,1), (1,1), one per document; the word (1,0). All together: cosine 1/√2.
    Without each document: (1,2) gives 1/√5, (2,1) gives 2/√5, (1,1) gives 1/√2; their mean m.
    Corrected 3/√2 − 2m; standard error √(2/3 · Σ(v − m)²); t(2) at 97.5% is 4.3027: the
    interval's top is past 1, so it stops at 1."""
    embeddings = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    without = [1 / math.sqrt(5), 2 / math.sqrt(5), 1 / math.sqrt(2)]
    mean = sum(without) / 3
    corrected = 3 / math.sqrt(2) - 2 * mean
    assert corrected == pytest.approx(0.755489, abs=1e-6)
    error = math.sqrt(2 / 3 * sum((v - mean) ** 2 for v in without))
    low, high = jackknife_cosines(embeddings, np.arange(3), np.array([[1.0, 0.0]]), 0.95)[0]
    assert low == pytest.approx(corrected - 4.302653 * error, abs=1e-6)
    assert low == pytest.approx(-0.36031, abs=1e-5)
    assert high == 1.0


def test_one_document_has_the_whole_range() -> None:
    embeddings = np.array([[1.0, 0.0], [1.0, 0.5]])
    found = jackknife_cosines(embeddings, np.zeros(2, dtype=int), np.eye(2), 0.95)
    assert found.tolist() == [[-1.0, 1.0], [-1.0, 1.0]]


def test_the_interval_is_not_pulled_toward_zero_with_the_observed_cosine() -> None:
    """60 generated groups of 30 documents (1–5 uses each, noise of norm 3 around a unit
    average μ, as bench/regression_cosine_coverage.py): the observed cosine with a word at true
    cosine .9 is about .84, biased low; the interval is centred above it and contains .9 in
    most samples. The bootstrap's percentile interval contained it in none."""
    dimensions, inside, above = 50, 0, 0
    for seed in range(60):
        rng = np.random.default_rng(seed)
        mu = rng.normal(size=dimensions)
        mu /= np.linalg.norm(mu)
        other = rng.normal(size=dimensions)
        other -= other @ mu * mu
        word = 0.9 * mu + math.sqrt(1 - 0.81) * other / np.linalg.norm(other)
        sizes = rng.integers(1, 6, size=30)
        labels = np.repeat(np.arange(30), sizes)
        sd = 3 / math.sqrt(dimensions)
        embeddings = (mu + rng.normal(scale=0.4 * sd, size=(30, dimensions))[labels]
                      + rng.normal(scale=sd, size=(len(labels), dimensions)))
        low, high = jackknife_cosines(embeddings, labels, word[None, :], 0.95)[0]
        inside += low <= 0.9 <= high
        above += (low + high) / 2 > cosine(embeddings.mean(axis=0), word)
    assert above == 60
    assert inside >= 54  # 58 of 60 with these seeds; 95% nominal
