"""RIPA, the relational inner product association (Ethayarajh, Duvenaud & Hirst 2019, ACL).

For pairs of target words (man/woman, he/she, ...: the i-th word of the first target set with the
i-th of the second) and one attribute set: each pair gives a unit relation vector
b = (t1 − t2)/‖t1 − t2‖, and an attribute word w its inner product w·b with it. Per attribute word
the mean over pairs (and the spread); RIPA is the mean over attribute words. Positive: the
attribute words lean to the first target set.

Ethayarajh et al. define b as the first principal component of the pair differences; WEFE 1.0
(`wefe/metrics/RIPA.py`) averages over the per-pair vectors instead, which BiasWords follows
(with one pair the two agree). A pair with a word missing from the embedding is left out as a
pair, and the note says which. The optional p-value flips pairs at random (is the lean stronger
than if "man" and "woman" were swapped in some pairs?), two-sided, exact up to the exact limit.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from bias.errors import BiasInputError
from bias.notes import Note
from bias.stats.measure_result import (
    MeasureOptions,
    MeasureResult,
    look_up_sets,
    result,
    scores,
)
from bias.stats.permutation import sign_flip_p
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets


def run_ripa(
    embedding: Embedding, sets: NamedSets, options: MeasureOptions = MeasureOptions()
) -> MeasureResult:
    """RIPA of the word pairs of two target sets over one attribute set."""
    first, second = sets.targets
    if len(first.words) != len(second.words):
        raise BiasInputError(
            f"RIPA compares pairs of words ('{first.words[0]}' with '{second.words[0]}', ...): "
            f"both target sets need the same number of words ({len(first.words)} and "
            f"{len(second.words)} here)."
        )
    looked = look_up_sets(embedding, sets)
    (attribute_name,) = looked.names("attribute")
    (attributes,) = looked.vectors_of("attribute")
    lookups = [embedding.lookup_all(s.words) for s in (first, second)]
    pairs = [(a, b) for a, b in zip(*lookups, strict=True) if a.found and b.found]
    broken = [f"{a.word}/{b.word}" for a, b in zip(*lookups, strict=True)
              if not (a.found and b.found)]
    if not pairs:
        raise BiasInputError("RIPA needs at least one pair of target words both in the embedding.")
    t1 = embedding.vectors_for([a for a, _ in pairs]).astype(np.float64)
    t2 = embedding.vectors_for([b for _, b in pairs]).astype(np.float64)
    diff = t1 - t2
    norms = np.linalg.norm(diff, axis=1, keepdims=True)
    if np.any(norms == 0):
        raise BiasInputError("RIPA needs two different words in every pair; a pair has one vector.")
    relation = diff / norms
    inner = attributes @ relation.T  # (attribute words, pairs)
    per_word = inner.mean(axis=1)
    notes = [Note("pairs_left_out", {"pairs": broken})] if broken else []
    extra = {}
    if options.p_value:
        two_sided = replace(options.test, alternative="two-sided")
        extra = {"test": sign_flip_p(inner.mean(axis=0), two_sided)}
    pair_names = [f"{a.word}/{b.word}" for a, b in pairs]
    return result(
        "ripa", sets, embedding, looked, float(per_word.mean()),
        per_word=tuple(scores(looked, attribute_name, per_word, spread=inner.std(axis=1))),
        notes=notes,
        details={"pairs": pair_names,
                 "per_pair": [float(v) for v in inner.mean(axis=0)]},
        **extra,
    )


