"""À la carte embeddings by hand, the transform against a slow least squares, transform files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.regression.alc import (
    ContextSums,
    WordVectors,
    embed_instances,
    estimate_transform,
    read_transform,
)
from bias.regression.instances import Instance, Instances

VECTORS = WordVectors({"a": 0, "b": 1}, np.array([[1.0, 0.0], [0.0, 2.0]]))


def test_an_instance_is_the_mean_of_its_context_tokens_times_the_transform() -> None:
    instances = Instances.of([Instance(0, 3, "t", ("a", None, "a"), ("b", "zz")),
                              Instance(1, 0, "t", (), ("zz",))])
    plain = embed_instances(instances, VECTORS, None)
    assert plain.vectors.tolist() == [[2 / 3, 2 / 3]]
    assert plain.kept.tolist() == [0] and plain.dropped == 1
    assert plain.features == ("a", "b")
    assert (plain.context_tokens, plain.without_vector) == (5, 2)
    transformed = embed_instances(instances, VECTORS, np.array([[1.0, 1.0], [0.0, 1.0]]))
    assert np.allclose(transformed.vectors, [[4 / 3, 2 / 3]])


def slow_transform(documents, vectors, window, weighting):
    """Context averages by explicit loops, then the weighted normal equations."""
    sums, counts, frequency = {}, Counter(), Counter()
    for tokens in documents:
        for i, word in enumerate(tokens):
            if word is None:
                continue
            frequency[word] += 1
            if word not in vectors.rows:
                continue
            for j in range(max(0, i - window), min(len(tokens), i + window + 1)):
                other = tokens[j]
                if j != i and other in vectors.rows:
                    sums[word] = sums.get(word, 0) + vectors.matrix[vectors.rows[other]]
                    counts[word] += 1
    words = [w for w in sums if (np.log(frequency[w]) if weighting == "log"
                                 else float(frequency[w] >= weighting)) > 0]
    u = np.array([sums[w] / counts[w] for w in words])
    v = np.array([vectors.matrix[vectors.rows[w]] for w in words])
    weight = np.array([np.log(frequency[w]) if weighting == "log" else 1.0 for w in words])
    solution = np.linalg.solve(u.T @ (u * weight[:, None]), u.T @ (v * weight[:, None]))
    return solution.T, frequency


@pytest.mark.parametrize("weighting", ["log", 3])
def test_the_estimated_transform_equals_a_slow_weighted_least_squares(weighting) -> None:
    rng = np.random.default_rng(0)
    names = [f"w{i}" for i in range(12)]
    vectors = WordVectors({w: i for i, w in enumerate(names)}, rng.normal(size=(12, 4)))
    documents = [[names[k] if k < 12 else (None if k == 12 else "novec")
                  for k in rng.integers(0, 14, 40)] for _ in range(6)]
    expected, frequency = slow_transform(documents, vectors, 2, weighting)
    sums = ContextSums(vectors, sorted(frequency), window=2)
    for tokens in documents:
        sums(tokens)
    assert np.allclose(estimate_transform(sums, frequency, weighting), expected, atol=1e-10)


def test_too_few_words_for_a_transform_is_one_sentence() -> None:
    sums = ContextSums(VECTORS, ["a", "b"], window=1)
    sums(["a", "b", "a", "b"])
    with pytest.raises(BiasInputError, match="Only 2 words"):
        estimate_transform(sums, {"a": 2, "b": 2})


def test_transform_files(tmp_path: Path) -> None:
    matrix = np.arange(4.0).reshape(2, 2)
    np.save(tmp_path / "a.npy", matrix)
    np.savetxt(tmp_path / "a.txt", matrix)
    assert read_transform(tmp_path / "a.npy", 2).tolist() == matrix.tolist()
    assert read_transform(tmp_path / "a.txt", 2).tolist() == matrix.tolist()
    with pytest.raises(BiasInputError, match="is 2 × 2, but these vectors have 3"):
        read_transform(tmp_path / "a.npy", 3)
    np.save(tmp_path / "nan.npy", np.array([[1.0, np.nan], [0.0, 1.0]]))
    with pytest.raises(BiasInputError, match="not finite"):
        read_transform(tmp_path / "nan.npy", 2)
    (tmp_path / "words.txt").write_text("1 2\nthree 4\n")
    with pytest.raises(BiasInputError, match="cannot be read"):
        read_transform(tmp_path / "words.txt", 2)
    with pytest.raises(BiasInputError, match="no transform file"):
        read_transform(tmp_path / "absent.npy", 2)
    np.save(tmp_path / "objects.npy", np.array([[1, "x"]], dtype=object))
    with pytest.raises(BiasInputError, match="cannot be read"):
        read_transform(tmp_path / "objects.npy", 2)
