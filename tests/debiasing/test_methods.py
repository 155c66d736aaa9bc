"""The debiasing methods against slow, obvious, word-by-word implementations, on synthetic
vectors with a planted bias direction."""

import numpy as np
import pytest

from bias.debiasing.methods import InlpOptions, bias_subspace, hard_debias, inlp

DIMS = 20


def planted(seed: int = 3, words: int = 200, pairs: int = 6):
    """Unit rows: `pairs` definitional pairs ±g apart, then neutral words with some bias along g.
    Returns (matrix, g, pair rows)."""
    rng = np.random.default_rng(seed)
    g = rng.normal(size=DIMS)
    g /= np.linalg.norm(g)
    rows = []
    for _ in range(pairs):
        base = rng.normal(size=DIMS)
        rows += [base + 2.5 * g + 0.1 * rng.normal(size=DIMS),
                 base - 2.5 * g + 0.1 * rng.normal(size=DIMS)]
    for _ in range(words):
        rows.append(rng.normal(size=DIMS) + rng.normal() * g)
    matrix = np.array(rows)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix.astype(np.float32), g, [(2 * i, 2 * i + 1) for i in range(pairs)]


def slow_direction(matrix, pairs):
    """Top eigenvector of the summed covariance of the pair-centred vectors (eigh, not SVD)."""
    cov = np.zeros((DIMS, DIMS))
    for a, b in pairs:
        mean = (matrix[a].astype(float) + matrix[b]) / 2
        for r in (a, b):
            d = matrix[r] - mean
            cov += np.outer(d, d)
    _values, vectors = np.linalg.eigh(cov)
    return vectors[:, -1]


def slow_hard_debias(matrix, pairs, equalize, fixed, g):
    """Bolukbasi et al.'s neutralise and equalise, one word at a time."""
    out = [row.astype(float).copy() for row in matrix]
    skip = set(fixed) | {r for pair in equalize for r in pair}
    for i, v in enumerate(out):
        if i not in skip:
            w = v - (v @ g) * g
            out[i] = w / np.linalg.norm(w)
    for a, b in equalize:
        va, vb = matrix[a].astype(float), matrix[b].astype(float)
        mean = (va + vb) / 2
        nu = mean - (mean @ g) * g
        z = np.sqrt(1 - nu @ nu)
        if (va - vb) @ g < 0:
            z = -z
        out[a], out[b] = z * g + nu, -z * g + nu
    return np.array(out)


def test_the_direction_is_the_top_principal_component_and_points_to_the_first_words():
    matrix, planted_g, pairs = planted()
    basis, shares = bias_subspace(matrix, pairs, k=1)
    slow = slow_direction(matrix, pairs)
    assert abs(basis[0] @ slow) == pytest.approx(1.0, abs=1e-9)
    assert basis[0] @ planted_g > 0.95  # recovers the planted direction, oriented to "first"
    assert shares[0] > 0.9 and sum(shares) == pytest.approx(1.0)


def test_hard_debias_matches_the_word_by_word_implementation():
    matrix, _, pairs = planted()
    equalize, fixed = pairs[3:], [12, 13, 40]
    out, fit = hard_debias(matrix, pairs[:3], equalize, fixed)
    g = fit.basis[0]
    slow = slow_hard_debias(matrix, pairs[:3], equalize, fixed, g)
    np.testing.assert_allclose(out, slow, atol=2e-6)
    assert fit.method == "hard" and fit.basis.shape == (1, DIMS)


def test_neutralised_words_are_orthogonal_unit_vectors_and_fixed_words_unchanged_bit_for_bit():
    matrix, _, pairs = planted()
    fixed = [0, 1, 2, 3, 50, 51]
    out, fit = hard_debias(matrix, pairs, [], fixed)
    g = fit.basis[0]
    neutral = [i for i in range(len(matrix)) if i not in fixed]
    assert np.abs(out[neutral] @ g).max() < 1e-6
    np.testing.assert_allclose(np.linalg.norm(out[neutral], axis=1), 1.0, atol=1e-6)
    assert out[fixed].tobytes() == matrix[fixed].tobytes()
    assert out.dtype == np.float32 and out.shape == matrix.shape


def test_equalised_pairs_are_equidistant_from_every_neutralised_word():
    matrix, _, pairs = planted()
    out, _ = hard_debias(matrix, pairs, pairs, [])
    neutral = out[2 * len(pairs):].astype(float)
    for a, b in pairs:
        np.testing.assert_allclose(neutral @ out[a], neutral @ out[b], atol=1e-6)
        assert np.linalg.norm(out[a]) == pytest.approx(1.0, abs=1e-6)
        # and they still differ along the direction: equalising is not erasing
        assert abs(float(out[a] @ out[b])) < 0.99


def triples(seed: int = 5, groups: int = 5, words: int = 150):
    """Groups of three words planted on a 2-d subspace (three group centres), then neutral words."""
    rng = np.random.default_rng(seed)
    plane = np.linalg.qr(rng.normal(size=(DIMS, 2)))[0].T  # (2, d) orthonormal
    centres = np.array([[2.0, 0.0], [-1.0, 1.7], [-1.0, -1.7]]) @ plane
    rows = []
    for _ in range(groups):
        base = rng.normal(size=DIMS)
        rows += [base + c + 0.05 * rng.normal(size=DIMS) for c in centres]
    for _ in range(words):
        rows.append(rng.normal(size=DIMS) + rng.normal(size=2) @ plane)
    matrix = np.array(rows)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix.astype(np.float32), plane, [(3 * i, 3 * i + 1, 3 * i + 2) for i in range(groups)]


def test_multiclass_removes_a_two_dimensional_subspace_and_equalises_groups_of_three():
    matrix, plane, groups = triples()
    out, fit = hard_debias(matrix, groups, groups[:2], [])
    assert fit.method == "multiclass" and fit.basis.shape == (2, DIMS)
    # the learnt subspace is the planted plane: projecting the plane onto it keeps it whole
    assert np.linalg.norm(plane @ fit.basis.T, axis=1) == pytest.approx([1, 1], abs=0.05)
    neutral = out[3 * len(groups):].astype(float)
    assert np.abs(neutral @ fit.basis.T).max() < 1e-6
    for group in groups[:2]:
        sims = neutral @ out[list(group)].T.astype(float)
        np.testing.assert_allclose(sims, sims[:, :1].repeat(3, axis=1), atol=1e-6)


def test_multiclass_with_pairs_is_hard_debias():
    matrix, _, pairs = planted()
    hard, _ = hard_debias(matrix, pairs, pairs[:2], [7], k=1)
    multi, _ = hard_debias(matrix, pairs, pairs[:2], [7], k=None)
    assert hard.tobytes() == multi.tobytes()


def test_inlp_leaves_no_linear_trace_of_the_label_and_keeps_protected_words():
    from sklearn.svm import LinearSVC

    rng = np.random.default_rng(11)
    n = 1200
    labels = rng.integers(0, 2, n)
    signal = np.linalg.qr(rng.normal(size=(DIMS, 3)))[0].T  # the label lives in 3 directions
    sides = (2 * labels - 1)[:, None] * np.array([1.5, 1.0, 0.7])
    x = rng.normal(size=(n, DIMS)) + sides @ signal
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    matrix = x.astype(np.float32)
    train = np.arange(800)
    out, fit = inlp(matrix, train, labels[train], [900, 901], InlpOptions(max_iterations=20))
    b = fit.basis
    np.testing.assert_allclose(b @ b.T, np.eye(len(b)), atol=1e-9)
    assert np.abs(out[np.arange(800)] @ b.T).max() < 1e-5
    test = np.arange(800, 1200)
    before = LinearSVC().fit(matrix[:600], labels[:600]).score(matrix[test], labels[test])
    after = LinearSVC().fit(out[:600], labels[:600]).score(out[test], labels[test])
    assert before > 0.9 and after < 0.6
    assert out[[900, 901]].tobytes() == matrix[[900, 901]].tobytes()
    assert fit.classifier_accuracy[0] > 0.9 and fit.classifier_accuracy[-1] < 0.55
