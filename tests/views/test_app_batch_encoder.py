"""Batch page with the encoder listed: choosing languages selects each one's static embeddings,
and the encoder (its first method, passage) only for a language without any (nothing is run)."""

import pytest

from bias.vectors import encoder
from bias.vectors.catalog import DEFAULT_EMBEDDING
from tests.apptest import open_app


@pytest.fixture(autouse=True)
def encoder_on(home, monkeypatch):
    monkeypatch.setenv(encoder.SWITCH, "on")


def test_languages_select_static_vectors_first_and_the_encoder_elsewhere():
    at = open_app("views/batch.py")
    assert not at.exception
    at.multiselect(key="_batch.languages").set_value(["en", "ja", "de"]).run()
    assert not at.exception
    assert at.multiselect(key="_batch.embeddings").value == [
        DEFAULT_EMBEDDING, "e5-small-de-passage", "e5-small-ja-passage"]
    assert "English · e5-small-en-template (encoder, 384d)" in at.multiselect(
        key="_batch.embeddings").options
