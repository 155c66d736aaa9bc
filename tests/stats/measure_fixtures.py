"""Synthetic named sets with a planted lean, and their raw vectors for the plain references."""

from __future__ import annotations

from bias.wordsets import NamedSets, TermSet
from bias.wordsets.parsing import named_sets_of
from tests.synthetic import planted


def planted_sets(strength=1.0, sizes=(5, 5, 6, 6), seed=1):
    """(embedding, four-set NamedSets, raw vectors by word) from tests.synthetic.planted."""
    embedding, wordset, raw = planted(strength=strength, sizes=sizes, seed=seed)
    return embedding, named_sets_of(wordset), raw


def one_attribute(sets: NamedSets) -> NamedSets:
    return NamedSets(sets.id, sets.title, sets.language, sets.targets, sets.attributes[:1])


def vectors(terms: TermSet, raw):
    return [list(raw[w]) for w in terms.words]
