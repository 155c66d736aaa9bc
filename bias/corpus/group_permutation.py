"""The training behind the test of whether two groups differ (`bias.stats.group_difference`):
the two groups' models, and the models of the same documents permuted between the groups.

Under "the groups do not differ", which document belongs to which group does not matter; so the
documents of groups A and B are pooled and dealt again at random into two groups of the same
sizes as A and B, and a model is trained on each side. Each permutation trains 2 models, and
the observed split 2 more: `1 + permutations` pairs, each model one task for
`bias.compute.run_tasks` (this machine's cores, or a cluster's with `scheduler`; a task names
the scan's token files by path, as training's do, so a cluster needs them on a shared disk).

A task returns the test words' unit vectors, not the model (a few kilobytes from a worker): the
statistics are computed above, in `bias.stats`. Every model is trained as `train` trains one
(`bias.corpus.train_model.fit`, one model without bootstrap) and kept nowhere.

The test is fixed before any dealing (issue 41: a statistic computed one way on the observed
split and another way on the deals is not a permutation test). So the vocabulary is decided
once, on the two groups' documents pooled (the words at the minimum count in A and B together:
`bias.corpus.train_model.fixed_vocabulary` of a pooled token file), and every model, the observed
A and B as well as each deal's two sides, is trained with exactly that vocabulary (gensim's
`trim_rule`; a word of it that a side does not contain at all gets no vector there: it would be
its random start). The tested words are the lists' words in that vocabulary (as written, else
lower-case, else capitalised: the lookup's order), the same for every split; the others are
named in the result. So the observed groups' models here are not the family's saved models,
which keep each group's own vocabulary: the two d's can differ from the saved models' d's.

In every split, the observed one included, d is computed in both sides over the tested words
that both sides contain (`bias.stats.group_difference.split_difference`): the same rule
everywhere, so the test stays exact. Counting a deal that lacks a word as extreme instead would
make the test useless on small corpora: on the example presidential addresses (42 documents,
31 and 11), 31 of 39 random deals left some tested word (wife, sons, wages, father: in 4 to 7
documents) out of one side, so p could not have fallen below 0.8.

Seeds: the observed groups' models get the seeds `train` gives a group's model without
replicates (`model_seeds`); permutation i (1 … N) draws its deal and its two models' seeds from
the run's seed, the two groups' values and i. The same corpus, settings, groups and seed give the
same p-value, bit for bit.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from bias.compute import run_tasks
from bias.corpus.group_sampling import sampled
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.preview import check_trainable
from bias.corpus.scan import CorpusScan, GroupScan, scan, work_folder
from bias.corpus.train_model import TrainTask, fit, fixed_vocabulary, model_seeds, stable_hash
from bias.errors import BiasInputError
from bias.serialize import NOT_SERIALISED
from bias.wordsets import WordSet


@dataclass(frozen=True)
class SplitTask:
    """One model of one split: its side's documents, named by the two groups' token files (A's
    documents first, then B's), a deal (None: the groups as they are) and its own seed."""

    language: str
    sources: tuple[str, str]
    sizes: tuple[int, int]
    side: int
    """0: the side of group A's size, 1: group B's."""
    deal_seed: int | None
    seed: int
    options: TrainOptions
    words: tuple[str, ...]
    vocabulary: str
    """The pooled token file whose words at the minimum count every model keeps (docstring)."""


@dataclass(frozen=True)
class SplitVectors:
    """The test words' unit vectors in one model (rows in the task's word order; a missing
    word's row is nan)."""

    vectors: np.ndarray = field(repr=False)
    missing: tuple[str, ...]


def dealt(sizes: tuple[int, int], deal_seed: int) -> np.ndarray:
    """Which pooled documents (A's then B's, in file order) the deal gives side 0: a uniformly
    random subset of A's size."""
    total = sizes[0] + sizes[1]
    chosen = np.zeros(total, dtype=bool)
    chosen[np.random.default_rng(deal_seed).permutation(total)[: sizes[0]]] = True
    return chosen


def _write_side(task: SplitTask, path: str) -> None:
    keep = dealt(task.sizes, task.deal_seed or 0)
    if task.side == 1:
        keep = ~keep
    number = 0
    with open(path, "wb") as target:
        for source in task.sources:
            with open(source, "rb") as handle:
                for line in handle:
                    if keep[number]:
                        target.write(line)
                    number += 1


def train_split(task: SplitTask) -> SplitVectors:
    """Train the model of `task` (kept nowhere) and return its test words' unit vectors."""
    with tempfile.TemporaryDirectory(prefix="biaswords-split-") as folder:
        tokens = task.sources[task.side]
        if task.deal_seed is not None:
            tokens = os.path.join(folder, "side.tokens")
            _write_side(task, tokens)
        model = fit(TrainTask("split", task.language, tokens, task.options, task.seed, None,
                              {"vocabulary_of": task.vocabulary}))
    vectors = np.full((len(task.words), task.options.dimensions), np.nan)
    missing = []
    for row, word in enumerate(task.words):
        if word in model.wv.key_to_index:
            vectors[row] = model.wv.get_vector(word, norm=True)
        else:
            missing.append(word)
    return SplitVectors(vectors, tuple(missing))


@dataclass(frozen=True)
class TestWords:
    """The words tested, per list key (X, Y, A, B), as the corpus writes them, and the words of
    the lists left out (under the minimum count in the two groups together)."""

    words: dict[str, tuple[str, ...]]
    left_out: tuple[str, ...]

    @property
    def flat(self) -> tuple[str, ...]:
        return tuple(word for key in ("X", "Y", "A", "B") for word in self.words[key])


def _form(word: str, vocabulary: frozenset[str]) -> str | None:
    return next((form for form in (word, word.lower(), word.capitalize()) if form in vocabulary),
                None)


def tested_words(vocabulary: frozenset[str], wordset: WordSet, min_count: int,
                 min_set_words: int) -> TestWords:
    """The lists' words in the pooled `vocabulary` (module docstring)."""
    kept: dict[str, tuple[str, ...]] = {}
    left_out: list[str] = []
    for key, terms in wordset.sets().items():
        forms = []
        for word in terms.words:
            form = _form(word, vocabulary)
            if form is None:
                left_out.append(word)
            elif form not in forms:
                forms.append(form)
        if len(forms) < min_set_words:
            raise BiasInputError(
                f"Only {len(forms)} of the {len(terms.words)} words of {terms.name} appear at "
                f"least {min_count} times in the two groups together, and a list needs "
                f"{min_set_words} to compare the groups."
            )
        kept[key] = tuple(forms)
    return TestWords(kept, tuple(left_out))


@dataclass(frozen=True)
class Splits:
    """What the training gave: per split (the observed first, then each permutation) each
    side's vectors, and what the test's text needs to say about them."""

    groups: tuple[str, str]
    documents: tuple[int, int]
    tokens: tuple[int, int]
    words: TestWords
    seed: int
    sides: tuple[tuple[SplitVectors, SplitVectors], ...] = field(repr=False,
                                                                  metadata=NOT_SERIALISED)


def _deal_seeds(seed: int, groups: tuple[str, str], permutation: int) -> tuple[int, int, int]:
    key = stable_hash(f"compare groups:{groups[0]}\x1f{groups[1]}")
    state = np.random.SeedSequence([seed, key & 0xFFFFFFFF, key >> 32, permutation])
    deal, first, second = state.generate_state(3)
    return int(deal), int(first), int(second)


def plan_splits(pair: tuple[GroupScan, GroupScan], language: str, options: TrainOptions,
                words: tuple[str, ...], permutations: int, vocabulary: str) -> list[SplitTask]:
    """Two tasks per split: the observed groups, then `permutations` deals; every model keeps
    the words at the minimum count of the token file `vocabulary` (the pool)."""
    sources = (pair[0].tokens_path, pair[1].tokens_path)
    sizes = (pair[0].documents, pair[1].documents)
    values = (str(pair[0].value), str(pair[1].value))
    tasks = [SplitTask(language, sources, sizes, side, None,
                       model_seeds(options.seed, values[side], 0)[0], options, words, vocabulary)
             for side in (0, 1)]
    for permutation in range(1, permutations + 1):
        deal, *seeds = _deal_seeds(options.seed, values, permutation)
        tasks += [SplitTask(language, sources, sizes, side, deal, seeds[side], options, words,
                            vocabulary)
                  for side in (0, 1)]
    return tasks


def pool(pair: tuple[GroupScan, GroupScan], path: str) -> str:
    """Write both groups' documents (A's, then B's) as one token file at `path`: the pool whose
    vocabulary every model of the test keeps."""
    with open(path, "wb") as target:
        for group in pair:
            with open(group.tokens_path, "rb") as source:
                shutil.copyfileobj(source, target)
    return path


def check_pair(values: Sequence[str | None], groups: Sequence[str]) -> None:
    """Refuse, in one sentence, a pair that is not two of the corpus's group values."""
    if len(groups) != 2 or groups[0] == groups[1]:
        raise BiasInputError("Name two different groups to compare.")
    for value in groups:
        if value not in values:
            listed = ", ".join(str(v) for v in values)
            raise BiasInputError(f"The corpus has no group '{value}'; its groups are: {listed}.")


def _pair(scanned: CorpusScan, groups: tuple[str, str]) -> tuple[GroupScan, GroupScan]:
    by_value = {group.value: group for group in scanned.groups}
    check_pair(list(by_value), groups)
    return by_value[groups[0]], by_value[groups[1]]


def train_splits(path, *, language: str, groups: tuple[str, str], wordset: WordSet,
                 read: ReadOptions, options: TrainOptions, permutations: int,
                 min_set_words: int, scheduler: str | None = None,
                 workers: int | None = None) -> Splits:
    """Scan `path`, check the two groups, and train the observed and permuted splits' models
    (module docstring); `options.equal_groups` samples every group first, as `train` does."""
    if read.group_column is None:
        raise BiasInputError("Comparing groups needs a group column.")
    with work_folder() as folder:
        scanned = sampled(scan(path, language, read, folder), options, folder)
        pair = _pair(scanned, groups)
        check_trainable(dataclasses.replace(scanned, groups=pair), options, [wordset],
                        min_set_words)
        pooled = pool(pair, os.path.join(folder, "pooled.tokens"))
        words = tested_words(fixed_vocabulary(pooled, options.min_count), wordset,
                             options.min_count, min_set_words)
        tasks = plan_splits(pair, language, options, words.flat, permutations, pooled)
        found = run_tasks(train_split, tasks, scheduler=scheduler, workers=workers)
    sides = tuple((found[i], found[i + 1]) for i in range(0, len(found), 2))
    return Splits(groups, (pair[0].documents, pair[1].documents),
                  (pair[0].tokens, pair[1].tokens), words, options.seed, sides)
