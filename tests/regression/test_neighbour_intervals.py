"""The intervals beside a group's nearest words (bias.regression.neighbours.corrected_cosines)
against a slow leave-one-document-out loop, on a hand case, and on generated groups whose true
average is known: the observed cosine of an average is biased toward 0, and the interval must
not inherit that bias (conText's bootstrap percentiles did: the truth lay above them)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from bias.regression.neighbours import corrected_cosines


def corrected_cosine(rows: np.ndarray, labels: np.ndarray, word: np.ndarray) -> float:
    """The average m of `rows`; each document's sum minus its size × m; the squared length less
    G/(G−1) × the sum of those squared norms / N²; m·w / ‖w‖ over the root."""
    mean = rows.mean(axis=0)
    documents = np.unique(labels)
    spread = sum(float(np.sum((rows[labels == d].sum(axis=0) - (labels == d).sum() * mean)
                              ** 2)) for d in documents)
    count = len(documents)
    trace = count / (count - 1) * spread / len(rows) ** 2
    return float(mean @ word / np.linalg.norm(word) / math.sqrt(mean @ mean - trace))


def slow_intervals(embeddings, labels, words, level):
    """Drop each document's rows and recompute; the jackknife standard error; ± t(G − 1)."""
    count = labels.max() + 1
    out = []
    for word in words:
        full = corrected_cosine(embeddings, labels, word)
        without = [corrected_cosine(embeddings[labels != g], labels[labels != g], word)
                   for g in range(count)]
        mean = sum(without) / count
        error = math.sqrt((count - 1) / count * sum((v - mean) ** 2 for v in without))
        half = stats.t.ppf((1 + level) / 2, count - 1) * error
        out.append([max(full - half, -1.0), min(full + half, 1.0)])
    return np.array(out)


def test_the_intervals_equal_a_leave_one_document_out_loop() -> None:
    rng = np.random.default_rng(4)
    labels = np.repeat(np.arange(12), [3, 2] * 6)
    embeddings = rng.normal(size=(30, 5)) + np.array([2.0, 0, 0, 0, 0])
    words = rng.normal(size=(4, 5)) + np.array([0.5, 0, 0, 0, 0])
    corrected, fast = corrected_cosines(embeddings, labels, words, 0.9)
    assert np.allclose(fast, slow_intervals(embeddings, labels, words, 0.9), atol=1e-12)
    assert np.allclose(corrected, [corrected_cosine(embeddings, labels, w) for w in words],
                       atol=1e-12)
    assert (fast[:, 0] < fast[:, 1]).all()
    assert (fast > -1).all() and (fast < 1).all()  # the loop compared, not the cut


def test_a_hand_case_of_three_documents() -> None:
    """Uses (2,0), (2,1), (2,−1), one per document; the word (1,1). The average m = (2,0); the
    documents' deviations (0,0), (0,1), (0,−1): the trace 3/2 · 2/9 = 1/3, the corrected length
    √(4 − 1/3), the cosine √2 / √(11/3) = √(6/11) = .7385 (observed: .7071). Without (2,0):
    m = (2,0), trace 2 · 2/4 = 1, √2/√3 = .8165; without (2,1): m = (2,−.5), trace 2 · .5/4,
    length² 4.25 − .25 = 4, 1.5/√2/2 = .5303; without (2,−1): 2.5/√2/2 = .8839. Standard error
    √(2/3 · Σ(v − mean)²) = .2168, t(2) at 97.5% 4.3027: from −.1941, the top cut at 1."""
    embeddings = np.array([[2.0, 0.0], [2.0, 1.0], [2.0, -1.0]])
    without = [math.sqrt(2 / 3), 1.5 / math.sqrt(2) / 2, 2.5 / math.sqrt(2) / 2]
    mean = sum(without) / 3
    error = math.sqrt(2 / 3 * sum((v - mean) ** 2 for v in without))
    assert error == pytest.approx(0.21676, abs=1e-5)
    low, high = corrected_cosines(embeddings, np.arange(3), np.array([[1.0, 1.0]]), 0.95)[1][0]
    assert low == pytest.approx(math.sqrt(6 / 11) - 4.302653 * error, abs=1e-6)
    assert low == pytest.approx(-0.19409, abs=1e-5)
    assert high == 1.0


def test_too_few_documents_or_only_noise_give_the_whole_range() -> None:
    embeddings = np.array([[1.0, 0.0], [1.0, 0.5], [0.9, 0.1]])
    two = corrected_cosines(embeddings, np.array([0, 0, 1]), np.eye(2), 0.95)[1]
    assert two.tolist() == [[-1.0, 1.0], [-1.0, 1.0]]
    noise = np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]])  # average (0, 0)
    assert corrected_cosines(noise, np.arange(4), np.eye(2), 0.95)[1].tolist() == two.tolist()


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
        low, high = corrected_cosines(embeddings, labels, word[None, :], 0.95)[1][0]
        inside += low <= 0.9 <= high
        above += (low + high) / 2 > float(embeddings.mean(axis=0) @ word
                                          / np.linalg.norm(embeddings.mean(axis=0)))
    assert above == 60
    assert inside >= 54  # 60 of 60 with these seeds; 95% nominal


def test_a_neighbour_s_cell_reads_as_the_page_shows_it() -> None:
    from bias.report.regression_text import corrected_cell

    assert corrected_cell(0.93149, 0.8841, 0.979) == ".931 (.884–.979)"
    assert corrected_cell(-0.05, -0.2, 0.1) == "-.050 (-.200–.100)"
    assert corrected_cell(float("nan"), -1.0, 1.0) == "n/a"
