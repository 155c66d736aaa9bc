"""`debias`: fit a method, apply it, and check the result in a way that cannot fool itself.

The order matters and is fixed here:

1. every check word set is split into fitting and held-out words with the seed (`checks`);
2. the held-out words are taken out of every input the fit learns from (definitional and
   equalise groups, INLP's training words); protected ones stay protected;
3. the method is fitted and applied to the whole vocabulary, except the protected words;
4. the checks: WEAT before/after on held-out words (the fitting words apart, as circular),
   recoverability of the most biased words (Gonen & Goldberg 2019), usefulness (neighbours kept,
   vectors changed, protected words unchanged bit for bit).

The most biased words are chosen on the original embedding, by projection on the bias direction,
among its `frequent` first rows (embeddings list words by frequency) that are written in letters
only and are not input words; the projection is on the difference of the inputs' bias pair
(he − she, as Gonen & Goldberg), not on the direction the method removes, so that the test is not
tilted in the method's favour (the words most biased along the removed direction are exactly the
ones neutralising treats best: k-means alignment on them is 61% after hard debias of GloVe 50d,
against 87% for the he − she choice). The first `biased_per_side` on each side are the
recoverability test. INLP draws its words from the next `inlp_per_side` + `biased_per_side` on
each side, split with the seed: it learns from `inlp_per_side` per side and the rest are held back
for the classifiers of INLP's own setting (`HeldBackCheck`); it never sees the tested words.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _with
from typing import Literal, get_args

import numpy as np

from bias.debiasing.blocks import row_blocks
from bias.debiasing.checks import CheckResult, run_check, split_wordset
from bias.debiasing.derived import parent_digest, save_debiased
from bias.debiasing.inputs import DebiasInputs, Resolved, resolve
from bias.debiasing.methods import (
    Fit,
    InlpOptions,
    Progress,
    hard_debias,
    inlp,
    no_progress,
)
from bias.debiasing.recoverability import (
    HeldBackCheck,
    Recoverability,
    held_back_check,
    recoverability,
)
from bias.debiasing.similarity import SimilarityCheck, similarity_checks
from bias.errors import BiasInputError
from bias.provenance import software_record
from bias.stats.weat import WeatOptions
from bias.vectors import store
from bias.vectors.bundled import EmbeddingInfo
from bias.vectors.embeddings import Embedding
from bias.wordsets import SET_KEYS, WordSet

Method = Literal["hard", "multiclass", "inlp"]
METHODS: tuple[str, ...] = get_args(Method)
NEIGHBOURS_KEPT = 10
NEIGHBOUR_QUERIES = 1_000


@dataclass(frozen=True)
class DebiasOptions:
    """How to debias and check; the defaults follow Gonen & Goldberg's (2019) set-up."""

    method: Method = "hard"
    seed: int = 0
    frequent: int = 50_000
    biased_per_side: int = 500
    inlp_per_side: int = 2_500
    inlp: InlpOptions = InlpOptions()
    weat: WeatOptions = WeatOptions(iterations=10_000)

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise BiasInputError(f"The method must be one of {', '.join(METHODS)}.")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise BiasInputError("The random seed must be a whole number of 0 or more.")


@dataclass(frozen=True)
class Usefulness:
    """What debiasing cost: neighbours lost, vectors changed, and the protected words' check."""

    neighbour_overlap: float
    """Mean share of each query word's 10 nearest neighbours that are the same after."""
    neighbour_queries: int
    share_changed: float
    protected_checked: int
    """Words the method must leave alone: protected ones (and, for hard and multiclass debias,
    the definitional ones), except those it equalises."""
    protected_unchanged: int
    """How many of them are bit for bit the parent's."""
    similarity: tuple[SimilarityCheck, ...] = ()
    """Word-similarity benchmarks before and after (English only; see `similarity`)."""

    def to_dict(self) -> dict:
        return {
            "neighbour_overlap_at_10": self.neighbour_overlap,
            "neighbour_queries": self.neighbour_queries,
            "share_of_vectors_changed": self.share_changed,
            "protected_checked": self.protected_checked,
            "protected_unchanged": self.protected_unchanged,
            "word_similarity": [check.to_dict() for check in self.similarity],
        }


@dataclass(frozen=True)
class DebiasResult:
    """Everything a debiasing run found; `embedding` is the debiased embedding itself."""

    method: str
    parent: str
    parent_sha256: str
    parent_sha256_of: str
    inputs: DebiasInputs
    seed: int
    fit: Fit
    missing: tuple[str, ...]
    held_out_words: tuple[str, ...]
    checks: tuple[CheckResult, ...]
    recoverability: Recoverability
    usefulness: Usefulness
    held_back: HeldBackCheck | None = None
    """INLP only: classifiers on words like its training words, held back from it."""
    saved: EmbeddingInfo | None = None
    embedding: Embedding | None = field(default=None, repr=False, compare=False)
    """The debiased embedding in memory (None in `without_embedding()`'s copy)."""

    def without_embedding(self) -> DebiasResult:
        """This result without the debiased matrix, to keep (a page's state) at no memory cost:
        the saved copy is in the cache under `saved.name`."""
        return _with(self, embedding=None)

    def provenance(self) -> dict:
        """What the derived embedding records about itself."""
        return {
            "parent": self.parent,
            "parent_sha256": self.parent_sha256,
            "parent_sha256_of": self.parent_sha256_of,
            "method": self.method,
            "inputs": self.inputs.to_dict(),
            "held_out_words": list(self.held_out_words),
            "seed": self.seed,
            **software_record(),
        }

    def to_dict(self) -> dict:
        return {
            "method": self.method,
            "embedding": self.saved.name if self.saved else None,
            "provenance": {**self.provenance(), "inputs": self.inputs.id},
            "fit": self.fit.to_dict(),
            "inputs_missing": list(self.missing),
            "checks": [check.to_dict() for check in self.checks],
            "recoverability": self.recoverability.to_dict(),
            "inlp_held_back": None if self.held_back is None else self.held_back.to_dict(),
            "usefulness": self.usefulness.to_dict(),
            "verdict": self.recoverability.verdict(),
        }


def _candidates(embedding: Embedding, limit: int, exclude: set[int]) -> np.ndarray:
    """Rows among the first `limit` whose word is letters only and not excluded."""
    words = embedding.words[: min(limit, len(embedding))]
    return np.array(
        [i for i, w in enumerate(words) if w.isalpha() and i not in exclude], dtype=np.int64
    )


def most_biased(
    embedding: Embedding, resolved: Resolved, options: DebiasOptions, exclude: set[int]
) -> tuple[np.ndarray, np.ndarray]:
    """(rows, projections): the candidates sorted from the most positive projection on the bias
    pair's difference (first minus second word) to the most negative."""
    first, second = (np.asarray(embedding.vectors[r], dtype=np.float64) for r in resolved.bias_pair)
    direction = (first - second) / np.linalg.norm(first - second)
    rows = _candidates(embedding, options.frequent, exclude | resolved.fixed_rows())
    per_side = options.biased_per_side * (2 if options.method == "inlp" else 1)
    need = 2 * (per_side + (options.inlp_per_side if options.method == "inlp" else 0))
    if len(rows) < need:
        raise BiasInputError(
            f"{embedding.name} has only {len(rows):,} usable frequent words; the checks need "
            f"{need:,}."
        )
    projection = np.asarray(embedding.vectors[rows], dtype=np.float64) @ direction
    order = np.argsort(-projection, kind="stable")
    return rows[order], projection[order]


def _sides(rows: np.ndarray, projection: np.ndarray, start: int, count: int):
    """Rows and projections ranked start … start+count from each end."""
    top = slice(start, start + count)
    bottom = slice(len(rows) - start - count, len(rows) - start)
    return (np.concatenate([rows[top], rows[bottom]]),
            np.concatenate([projection[top], projection[bottom]]))


def _inlp_words(rows: np.ndarray, projection: np.ndarray, options: DebiasOptions):
    """INLP's training rows and labels' projections, and the held-back ones: the words ranked
    after the tested ones on each side, split at random with the seed."""
    per_side = options.inlp_per_side + options.biased_per_side
    pool, pool_projection = _sides(rows, projection, options.biased_per_side, per_side)
    rng = np.random.default_rng(options.seed)
    first, second = rng.permutation(per_side), per_side + rng.permutation(per_side)
    train = np.concatenate([first[: options.inlp_per_side], second[: options.inlp_per_side]])
    back = np.concatenate([first[options.inlp_per_side :], second[options.inlp_per_side :]])
    return pool[train], pool_projection[train], pool[back], pool_projection[back]


def _nearest(vectors: np.ndarray, queries: np.ndarray, k: int) -> np.ndarray:
    """The k nearest rows of each query row (itself excluded), 100 queries at a time so the
    similarities stay small (100 × pool)."""
    found = []
    for start in range(0, len(queries), 100):
        chunk = queries[start : start + 100]
        similarity = vectors[chunk] @ vectors.T
        similarity[np.arange(len(chunk)), chunk] = -np.inf
        found.append(np.argpartition(similarity, -k, axis=1)[:, -k:].copy())  # not the base
    return np.concatenate(found)


def usefulness(
    before: np.ndarray, after: np.ndarray, pool: np.ndarray, unchanged: list[int], seed: int,
    similarity: tuple[SimilarityCheck, ...] = (),
) -> Usefulness:
    """Neighbour overlap of `NEIGHBOUR_QUERIES` random pool words (within the pool), the share
    of rows changed, and how many of the rows meant to be unchanged are bit for bit."""
    rng = np.random.default_rng(seed)
    queries = np.sort(rng.choice(len(pool), min(NEIGHBOUR_QUERIES, len(pool)), replace=False))
    kept = []
    b = np.asarray(before[pool], dtype=np.float32)
    a = np.asarray(after[pool], dtype=np.float32)
    old, new = _nearest(b, queries, NEIGHBOURS_KEPT), _nearest(a, queries, NEIGHBOURS_KEPT)
    for x, y in zip(old, new, strict=True):
        kept.append(len(set(x) & set(y)) / NEIGHBOURS_KEPT)
    changed = 0
    for start, block in row_blocks(before):
        changed += int((block != after[start : start + len(block)]).any(axis=1).sum())
    same = sum(
        bool(np.array_equal(np.asarray(before[r]), np.asarray(after[r]))) for r in unchanged
    )
    return Usefulness(float(np.mean(kept)), len(queries), changed / len(before), len(unchanged),
                      same, similarity)


_ONE_AT_A_TIME = threading.Lock()
"""One debiasing run at a time per process: each holds a new copy of the embedding's matrix
(2.4 GB for 2,000,000 × 300), so a room of dashboard visitors pressing Run together would
otherwise hold one copy each. A second run waits for the first."""


def busy() -> bool:
    """Whether a debiasing run is in progress in this process (a new one would wait)."""
    return _ONE_AT_A_TIME.locked()


def debias(
    embedding: Embedding,
    inputs: DebiasInputs,
    checks: list[WordSet] | tuple[WordSet, ...] = (),
    options: DebiasOptions = DebiasOptions(),
    *,
    save_as: str | None = None,
    replace: bool = False,
    progress: Progress = no_progress,
) -> DebiasResult:
    """Debias `embedding` with `inputs` by `options.method` and check the result; with
    `save_as`, store the debiased embedding in the cache under that name (the parent is never
    modified). Runs one at a time per process (`busy`)."""
    if embedding.encode is not None:
        raise BiasInputError(
            f"{embedding.name} is an encoder, not a table of vectors: the debiasing methods change "
            "a table's rows, so choose a static embedding (GloVe, or one you imported)."
        )
    with _ONE_AT_A_TIME:
        return _debias(embedding, inputs, checks, options, save_as=save_as, replace=replace,
                       progress=progress)


def _check_target(save_as: str | None, embedding: Embedding, replace: bool) -> None:
    """Refuse a name that is taken (without `replace`) or that is an imported embedding, before
    any work."""
    if save_as is None:
        return
    store.check_target(save_as, embedding.language, replace=replace)
    if replace and store.is_cached(save_as) and not store.read_meta(save_as).get("derived_from"):
        raise BiasInputError(
            f"'{save_as}' is an imported embedding, not a debiased one; it is never "
            "replaced by one: choose another name."
        )


@dataclass(frozen=True)
class _Split:
    """Step 1 and 2: the held-out words and the inputs the fit may learn from."""

    held_words: tuple[str, ...]
    held_rows: frozenset[int]
    resolved: Resolved


def _split(
    embedding: Embedding, inputs: DebiasInputs, checks: Sequence[WordSet], options: DebiasOptions
) -> _Split:
    """Split every check word set with the seed and take the held-out words out of the inputs."""
    if options.method in ("hard", "inlp") and inputs.group_size != 2:
        raise BiasInputError(
            f"{options.method} needs definitional pairs; '{inputs.id}' has groups of "
            f"{inputs.group_size} words: use --method multiclass."
        )
    held_words = sorted({
        w for ws in checks for key in SET_KEYS
        for w in getattr(split_wordset(ws, options.seed)[1], key).words
    })
    fitted_inputs = inputs.without(set(held_words))
    if not fitted_inputs.definitional:
        raise BiasInputError("Every definitional group names a held-out check word.")
    held_rows = {
        embedding.row(item.found_as) for item in embedding.lookup_all(held_words)
        if item.found_as is not None and embedding.row(item.found_as) is not None
    }
    return _Split(tuple(held_words), frozenset(held_rows), resolve(fitted_inputs, embedding))


@dataclass(frozen=True)
class _Applied:
    """Step 3: the debiased matrix, what was fitted, and the rows that must be unchanged."""

    out: np.ndarray
    fit: Fit
    unchanged: list[int]
    held_back: tuple[np.ndarray, np.ndarray] | None
    """INLP: the rows and projections of the words held back from it."""


def _apply(
    matrix: np.ndarray, resolved: Resolved, ranked: tuple[np.ndarray, np.ndarray],
    options: DebiasOptions, progress: Progress,
) -> _Applied:
    """Fit the method and apply it to every row but the fixed ones."""
    def step(share: float, what: str) -> None:
        progress(0.05 + 0.45 * share, what)

    if options.method == "inlp":
        train_rows, train_projection, back_rows, back_projection = _inlp_words(*ranked, options)
        out, fit = inlp(matrix, train_rows, (train_projection > 0).astype(int),
                        list(resolved.protected), options.inlp, options.seed, step)
        return _Applied(out, fit, list(resolved.protected), (back_rows, back_projection))
    out, fit = hard_debias(
        matrix, resolved.definitional, resolved.equalize, sorted(resolved.fixed_rows()),
        k=None if options.method == "multiclass" else 1, progress=step,
    )
    equalised = {r for g in resolved.equalize for r in g}
    unchanged = [r for r in sorted(resolved.fixed_rows()) if r not in equalised]
    return _Applied(out, fit, unchanged, None)


def _debias(
    embedding: Embedding,
    inputs: DebiasInputs,
    checks: Sequence[WordSet],
    options: DebiasOptions,
    *,
    save_as: str | None,
    replace: bool,
    progress: Progress,
) -> DebiasResult:
    """The protocol's steps in their fixed order (the module's docstring)."""
    _check_target(save_as, embedding, replace)
    split = _split(embedding, inputs, checks, options)
    progress(0.02, "choosing the most biased words")
    rows, projection = most_biased(embedding, split.resolved, options, set(split.held_rows))
    test_rows, test_projection = _sides(rows, projection, 0, options.biased_per_side)
    matrix = embedding.vectors
    applied = _apply(matrix, split.resolved, (rows, projection), options, progress)
    out = applied.out
    debiased = Embedding(
        f"{embedding.name} ({options.method}-debiased)", embedding.language, embedding.words,
        out, f"{options.method} debias of {embedding.name} with {inputs.id}",
    )
    progress(0.55, "running WEAT on held-out words")
    results = tuple(run_check(embedding, debiased, ws, options.seed, options.weat)
                    for ws in checks)
    progress(0.7, "testing whether the bias can be recovered")
    recovered = recoverability(
        np.asarray(matrix[test_rows]), out[test_rows], test_projection, options.seed
    )
    held_back = None if applied.held_back is None else held_back_check(
        out[applied.held_back[0]], applied.held_back[1], options.seed)
    progress(0.9, "comparing neighbours")
    useful = usefulness(matrix, out, rows, applied.unchanged, options.seed,
                        similarity_checks(embedding, out))
    digest, digest_of = parent_digest(embedding)
    result = DebiasResult(
        method=options.method, parent=embedding.name, parent_sha256=digest,
        parent_sha256_of=digest_of, inputs=inputs, seed=options.seed, fit=applied.fit,
        missing=split.resolved.missing, held_out_words=split.held_words, checks=results,
        recoverability=recovered, usefulness=useful, embedding=debiased, held_back=held_back,
    )
    if save_as is not None:
        progress(0.95, "saving the debiased embedding")
        saved = save_debiased(save_as, debiased, result.provenance(), replace=replace)
        result = _with(result, saved=saved)
    progress(1.0, "done")
    return result
