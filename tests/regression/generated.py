"""Tiny generated regressions: documents with a party (3 levels), a numeric score and 1–3
instances each, D-dimensional instance embeddings with an effect of `party` planted or not."""

from __future__ import annotations

import numpy as np

from bias.regression.design import build_design, parse_terms


def generated(seed: int, documents: int = 30, dimensions: int = 4, effect: float = 0.0,
              terms: str = "party, score"):
    """(design, embeddings, document of each instance)."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 4, documents)
    party = np.array(["A", "B", "C"])[np.arange(documents) % 3]
    score = np.round(rng.normal(size=documents), 3)
    document = np.repeat(np.arange(documents), sizes)
    columns = {"party": list(party[document]), "score": [str(v) for v in score[document]]}
    design = build_design(columns, parse_terms(terms), list(document))
    direction = rng.normal(size=dimensions)
    shared = rng.normal(size=(documents, dimensions)) * 0.5  # documents' own leaning
    embeddings = (rng.normal(size=(len(document), dimensions)) + shared[document]
                  + effect * (party[document] == "B")[:, None] * direction)
    return design, embeddings, document
