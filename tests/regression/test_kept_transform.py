"""An uploaded transform kept on disk (bias.analysis.regress.keep_transform, the regression page's
upload): written once per content, read back as the very matrix, and a run on the kept copy gives
the numbers of a run on the original; a corpus without columns is one sentence."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from bias.analysis import regress as analysis
from bias.analysis.regress import RegressOptions
from bias.errors import BiasInputError
from bias.regression.alc import MAX_TRANSFORM_BYTES, read_transform
from tests.regression import texts


def npy_bytes(matrix: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, matrix)
    return buffer.getvalue()


def test_a_kept_transform_is_written_once_and_read_back(home: Path) -> None:
    matrix = np.random.default_rng(1).normal(size=(texts.DIMENSIONS, texts.DIMENSIONS))
    first = analysis.keep_transform(npy_bytes(matrix), "A.npy")
    again = analysis.keep_transform(npy_bytes(matrix), "renamed.NPY")
    assert first.parent == again.parent and first.parent.parent == home / "transforms"
    assert (first.name, again.name) == ("A.npy", "renamed.NPY")
    assert np.array_equal(read_transform(first, texts.DIMENSIONS), matrix)
    text = "\n".join(" ".join(repr(float(v)) for v in row) for row in matrix).encode()
    kept = analysis.keep_transform(text, "../my transform.txt")
    assert kept.name == "my-transform.txt"  # no path from the upload's name
    assert np.array_equal(read_transform(kept, texts.DIMENSIONS), matrix)


def test_a_run_on_the_kept_copy_equals_a_run_on_the_original(tmp_path: Path) -> None:
    corpus = texts.write(tmp_path / "corpus.csv")
    matrix = np.eye(texts.DIMENSIONS) + 0.1 * np.random.default_rng(2).normal(
        size=(texts.DIMENSIONS, texts.DIMENSIONS))
    original = tmp_path / "A.npy"
    np.save(original, matrix)
    kept = analysis.keep_transform(original.read_bytes(), original.name)
    results = [analysis.run(corpus, RegressOptions(
        target="policy", covariates="party", text_column="text", transform=str(path),
        min_count=1, permutations=9), texts.embedding()) for path in (original, kept)]
    assert (results[0].to_dict()["coefficients"] == results[1].to_dict()["coefficients"])
    assert results[0].regression.coefficients[0].squared_norm > 0


def test_too_large_a_transform_and_a_corpus_without_columns_are_one_sentence(
        tmp_path: Path) -> None:
    with pytest.raises(BiasInputError, match="larger than 64 MB"):
        analysis.keep_transform(bytes(MAX_TRANSFORM_BYTES + 1), "huge.npy")
    plain = tmp_path / "speeches.txt"
    plain.write_text("one speech\nanother speech\n", encoding="utf-8")
    with pytest.raises(BiasInputError, match=r"^speeches\.txt has no columns; "
                       r"embedding regression needs a CSV, TSV or JSON Lines file"):
        analysis.corpus_columns(plain)
