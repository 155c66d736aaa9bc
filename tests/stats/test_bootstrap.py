"""The bootstrap interval for WEAT's d: its arithmetic against plain loops, its BCa formula against
a textbook transcription, agreement with scipy.stats.bootstrap, a seed, and its coverage."""

import statistics

import numpy as np
import pytest
from scipy import stats

from bias.stats.bootstrap import bca_interval, effect_size_from_counts, effect_size_interval
from bias.stats.effect_size import effect_size
from tests import reference
from tests.synthetic import planted


def _cosines(embedding, wordset):
    rows = {k: embedding.vectors[[embedding.row(w) for w in getattr(wordset, k).words]]
            for k in "XYAB"}
    targets = np.vstack([rows["X"], rows["Y"]]).astype(np.float64)
    return targets @ rows["A"].T.astype(np.float64), targets @ rows["B"].T.astype(np.float64)


def _plain_d(cos_a, cos_b, nx, picks):
    """d of one resample, by listing the picked words and looping (ddof = 0, as Caliskan)."""
    def s(t):
        a = [cos_a[t][i] for i in picks["A"]]
        b = [cos_b[t][i] for i in picks["B"]]
        return sum(a) / len(a) - sum(b) / len(b)
    xs = [s(t) for t in picks["X"]]
    ys = [s(nx + t) for t in picks["Y"]]
    return (statistics.mean(xs) - statistics.mean(ys)) / statistics.pstdev(xs + ys)


def test_counts_give_the_d_of_the_listed_resample():
    embedding, wordset, _ = planted(strength=0.4, sizes=(5, 6, 4, 7))
    cos_a, cos_b = _cosines(embedding, wordset)
    rng = np.random.default_rng(3)
    for _ in range(5):
        picks = {"X": rng.integers(0, 5, 5), "Y": rng.integers(0, 6, 6),
                 "A": rng.integers(0, 4, 4), "B": rng.integers(0, 7, 7)}
        counts = {
            "T": np.concatenate([np.bincount(picks["X"], minlength=5),
                                 np.bincount(picks["Y"], minlength=6)])[None, :],
            "A": np.bincount(picks["A"], minlength=4)[None, :],
            "B": np.bincount(picks["B"], minlength=7)[None, :],
        }
        got = effect_size_from_counts(cos_a, cos_b, 5, counts)[0]
        assert got == pytest.approx(_plain_d(cos_a, cos_b, 5, picks), abs=1e-12)


def test_all_ones_is_the_ordinary_d():
    embedding, wordset, raw = planted(strength=0.5)
    cos_a, cos_b = _cosines(embedding, wordset)
    ones = {"T": np.ones((1, 16)), "A": np.ones((1, 8)), "B": np.ones((1, 8))}
    expected = reference.effect_size(*[[raw[w] for w in getattr(wordset, k).words] for k in "XYAB"])
    assert effect_size_from_counts(cos_a, cos_b, 8, ones)[0] == pytest.approx(expected, abs=1e-6)
    s = cos_a.mean(axis=1) - cos_b.mean(axis=1)
    assert effect_size_from_counts(cos_a, cos_b, 8, ones)[0] == pytest.approx(effect_size(s, 8))


def test_bca_formula_matches_a_plain_transcription():
    """Efron & Tibshirani (1993) eq. 14.10 and 14.15, per sample as scipy sums them."""
    rng = np.random.default_rng(0)
    replicates = rng.gamma(3.0, size=4000)
    jackknife = [rng.normal(1, 0.3, size=7), rng.normal(1, 0.2, size=9)]
    estimate = 2.7
    below = sum(r < estimate for r in replicates) + sum(r <= estimate for r in replicates)
    z0 = stats.norm.ppf(below / (2 * len(replicates)))
    num = den = 0.0
    for values in jackknife:
        n, mean = len(values), sum(values) / len(values)
        num += sum(((n - 1) * (mean - v)) ** 3 for v in values) / n**3
        den += sum(((n - 1) * (mean - v)) ** 2 for v in values) / n**2
    a = num / (6 * den**1.5)
    ends = []
    for q in (0.025, 0.975):
        z = stats.norm.ppf(q)
        ends.append(np.quantile(replicates, stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))))
    assert bca_interval(replicates, estimate, jackknife) == pytest.approx(tuple(ends), abs=1e-12)


def test_agrees_with_scipy_bootstrap_bca():
    embedding, wordset, _ = planted(strength=0.3, sizes=(7, 7, 6, 6))
    cos_a, cos_b = _cosines(embedding, wordset)

    def d(x, y, a, b):
        picks = {"X": x, "Y": y, "A": a, "B": b}
        return _plain_d(cos_a, cos_b, 7, {k: [int(i) for i in v] for k, v in picks.items()})

    data = (np.arange(7), np.arange(7), np.arange(6), np.arange(6))
    ours = effect_size_interval(cos_a, cos_b, 7, resamples=4000, seed=1)
    theirs = stats.bootstrap(data, d, n_resamples=4000, method="BCa", vectorized=False,
                             rng=np.random.default_rng(2)).confidence_interval
    assert ours.method == "BCa"
    assert ours.low == pytest.approx(theirs.low, abs=0.08)
    assert ours.high == pytest.approx(theirs.high, abs=0.08)


def test_seeded_and_reproducible():
    embedding, wordset, _ = planted(strength=0.4)
    cos_a, cos_b = _cosines(embedding, wordset)
    first = effect_size_interval(cos_a, cos_b, 8, resamples=500, seed=11)
    assert first == effect_size_interval(cos_a, cos_b, 8, resamples=500, seed=11)
    assert first != effect_size_interval(cos_a, cos_b, 8, resamples=500, seed=12)
    assert first.low < effect_size(cos_a.mean(axis=1) - cos_b.mean(axis=1), 8) < first.high


def test_no_spread_no_interval():
    cos = np.ones((4, 3))
    assert effect_size_interval(cos, cos, 2, resamples=100, seed=0) is None


def test_covers_the_true_d_about_95_percent_of_the_time():
    """Sets of 12 words drawn from a large synthetic population with a known d."""
    rng = np.random.default_rng(5)
    dims, size = 30, 2000
    axis = rng.normal(size=dims)
    axis /= np.linalg.norm(axis)

    def population(strength, sign):
        m = rng.normal(size=(size, dims)) + sign * strength * axis
        return m / np.linalg.norm(m, axis=1, keepdims=True)

    pop = {"X": population(0.6, 1), "Y": population(0.6, -1),
           "A": population(1.5, 1), "B": population(1.5, -1)}
    targets = np.vstack([pop["X"], pop["Y"]])
    true_d = effect_size(
        (targets @ pop["A"].T).mean(axis=1) - (targets @ pop["B"].T).mean(axis=1), size
    )
    assert 0.8 < true_d < 1.3
    trials, n, hits = 200, 12, 0
    for trial in range(trials):
        pick = {k: rng.choice(size, n, replace=False) for k in "XYAB"}
        t = np.vstack([pop["X"][pick["X"]], pop["Y"][pick["Y"]]])
        ci = effect_size_interval(t @ pop["A"][pick["A"]].T, t @ pop["B"][pick["B"]].T, n,
                                  resamples=1000, seed=trial)
        hits += ci.low <= true_d <= ci.high
    assert 0.9 <= hits / trials <= 0.995
