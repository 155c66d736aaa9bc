"""Comparisons between the groups of an embedding regression (bias.analysis.regress): each
group's nearest words with intervals of the cosine, conText's `nns_ratio` between a level and its
reference, a group's leaning between a WEAT test's attribute lists, and the cosines of groups'
and fitted embeddings with chosen words. Each random part has its own stream of the run's seed,
so one seed gives them all and none changes when another's number of draws does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bias.analysis.regress_options import PERCENTILES, RegressOptions
from bias.analysis.regress_results import (
    FittedEmbedding,
    GroupNeighbours,
    GroupRatios,
    Leaning,
    NeighbourRatio,
)
from bias.errors import BiasInputError
from bias.regression import alc, passages
from bias.regression.design import Design
from bias.regression.instances import Instance
from bias.regression.neighbours import (
    corrected_cosines,
    cosines,
    leaning_test,
    nearest_words,
    ratio_test,
)
from bias.regression.regression import Regression, fitted
from bias.vectors.embeddings import Embedding


@dataclass(frozen=True)
class Attributes:
    names: tuple[str, str]
    first: np.ndarray
    second: np.ndarray
    missing: tuple[str, ...]


def attributes(embedding: Embedding, wordset: str | None) -> Attributes | None:
    """A WEAT test's attribute lists as vectors (with the usual spelling fallbacks; the
    encoder's for any word), read before the corpus; a list with no vector is one sentence."""
    if wordset is None:
        return None
    from bias.wordsets.library import get_wordset

    test = get_wordset(wordset)
    rows, missing = [], []
    for terms in (test.A, test.B):
        words = list(terms.words)
        if embedding.encode is not None:
            rows.append(np.asarray(embedding.encode(words), dtype=np.float64))
            continue
        found = [lookup for lookup in embedding.lookup_all(words) if lookup.found]
        missing += [w for w in words if w not in {lookup.word for lookup in found}]
        if not found:
            raise BiasInputError(f"None of the words of '{terms.name}' in {test.id} has a "
                                 f"vector in {embedding.name}.")
        rows.append(np.asarray(embedding.vectors_for(found), dtype=np.float64))
    return Attributes((test.A.name, test.B.name), rows[0], rows[1], tuple(missing))


def leanings(design: Design, kept: Sequence[Instance], values: list[tuple[str, ...]],
              options: RegressOptions, embeddings: np.ndarray, labels: np.ndarray,
              attributes: Attributes | None) -> tuple[Leaning, ...]:
    """Each non-reference level of each categorical covariate against its reference."""
    if attributes is None:
        return ()
    rng = np.random.default_rng([options.seed, LEANING_STREAM])
    names = options.covariate_columns
    out = []
    for covariate, levels in design.levels.items():
        at = names.index(covariate)
        level_of = np.array([values[instance.document][at] for instance in kept])
        for level in levels[1:]:
            pair = (level_of == level) | (level_of == levels[0])
            units = np.unique(labels[pair], return_inverse=True)[1]
            mine, theirs, p = leaning_test(
                embeddings[pair], units, level_of[pair] == level, attributes.first,
                attributes.second, options.permutations, rng)
            out.append(Leaning(covariate, level, levels[0], *attributes.names, mine, theirs,
                               mine - theirs, p))
    return tuple(out)


def ratios(groups: tuple[GroupNeighbours, ...], kept: Sequence[Instance],
            values: list[tuple[str, ...]], options: RegressOptions, embeddings: np.ndarray,
            vectors: alc.WordVectors, labels: np.ndarray) -> tuple[GroupRatios, ...]:
    """Each non-reference level against its reference, over both groups' neighbours."""
    rng = np.random.default_rng([options.seed, RATIO_STREAM])
    names = options.covariate_columns
    references: dict[str, GroupNeighbours] = {}
    out = []
    for group in groups:  # each covariate's groups come reference first
        reference = references.setdefault(group.covariate, group)
        if group is reference:
            continue
        at = names.index(group.covariate)
        level_of = np.array([values[instance.document][at] for instance in kept])
        pair = (level_of == group.level) | (level_of == reference.level)
        mine = [w for w, _ in group.neighbours]
        theirs = [w for w, _ in reference.neighbours]
        words = list(dict.fromkeys(mine + theirs))
        ratio, p = ratio_test(
            embeddings[pair], np.unique(labels[pair], return_inverse=True)[1],
            level_of[pair] == group.level,
            np.asarray(vectors.matrix[[vectors.rows[w] for w in words]]),
            options.permutations, rng)
        whose = ["shared" if w in mine and w in theirs else "level" if w in mine
                 else "reference" for w in words]
        order = np.argsort(-ratio, kind="stable")
        out.append(GroupRatios(group.covariate, group.level, reference.level, tuple(
            NeighbourRatio(words[i], float(ratio[i]), float(p[i]), whose[i]) for i in order)))
    return tuple(out)


LEANING_STREAM = 2
"""The leaning test's random stream is (seed, 2), the ratio test's (seed, 3): the permutations'
is the seed alone, so one seed gives all, and none changes when another's number of draws does
(1 was the neighbours' bootstrap; their intervals, `corrected_cosines`, now draw nothing)."""
RATIO_STREAM = 3


def chosen_words(embedding: Embedding, words: tuple[str, ...]) -> alc.WordVectors:
    """The vectors of the words to compare with (exactly as spelled; the encoder's for any)."""
    if embedding.encode is not None and words:
        return passages.candidate_vectors(words, embedding.encode)
    return alc.WordVectors(embedding.rows(words), embedding.vectors)


def fitted_embeddings(design: Design, regression: Regression, values: list[tuple[str, ...]],
            options: RegressOptions, chosen: alc.WordVectors) -> tuple[FittedEmbedding, ...]:
    """Each categorical covariate at each level, each numeric one at its 5th and 95th
    percentiles over the documents; the other covariates at their reference or mean."""
    if not options.words:
        return ()
    names = options.covariate_columns
    numbers = {name: np.array([float(v[names.index(name)]) for v in values
                               if _is_number(v[names.index(name)])]) for name in design.numeric}
    base: dict[str, str | float] = {name: levels[0] for name, levels in design.levels.items()}
    base |= {name: float(design.matrix[:, design.names.index(name)].mean())
             for name in design.numeric}
    settings: list[tuple[str, str, str | float]] = [
        (name, level, level) for name, levels in design.levels.items() for level in levels]
    settings += [(name, f"{q}th percentile", float(np.percentile(numbers[name], q)))
                 for name in design.numeric for q in PERCENTILES]
    return tuple(
        FittedEmbedding(name, setting, str(value), cosines(
            fitted(regression, design.row(base | {name: value})), chosen, options.words))
        for name, setting, value in settings)


def _is_number(text: str) -> bool:
    try:
        return bool(np.isfinite(float(text)))
    except ValueError:
        return False


def groups(design: Design, kept: Sequence[Instance], values: list[tuple[str, ...]],
            options: RegressOptions, embedded: alc.Embedded, vectors: alc.WordVectors,
            chosen: alc.WordVectors, labels: np.ndarray) -> tuple[GroupNeighbours, ...]:
    """Each level of each categorical covariate: its average instance's nearest words with
    intervals of the cosine (corrected for noise), and its cosine with the chosen words."""
    out = []
    names = options.covariate_columns
    for covariate, levels in design.levels.items():
        at = names.index(covariate)
        level_of = np.array([values[instance.document][at] for instance in kept])
        for level in levels:
            mask = level_of == level
            average = embedded.vectors[mask].mean(axis=0)
            best = nearest_words(average, vectors, embedded.features, options.neighbours)
            rows = np.asarray(vectors.matrix[[vectors.rows[w] for w, _ in best]])
            corrected, intervals = corrected_cosines(
                embedded.vectors[mask], np.unique(labels[mask], return_inverse=True)[1], rows,
                options.level)
            out.append(GroupNeighbours(covariate, level, int(mask.sum()), tuple(best),
                                       tuple(corrected.tolist()),
                                       tuple(map(tuple, intervals.tolist())),
                                       cosines(average, chosen, options.words)))
    return tuple(out)
