"""Settings that train the generated corpora in well under a second per model."""

import pytest

from bias.corpus.options import TrainOptions

SMALL = {"dimensions": 16, "epochs": 30, "min_count": 2}
"""Small vectors, many passes over a few thousand tokens: enough to learn what co-occurs."""

SMALL_FLAGS = ["--dimensions", "16", "--epochs", "30", "--min-count", "2"]


@pytest.fixture
def small() -> TrainOptions:
    return TrainOptions(**SMALL)
