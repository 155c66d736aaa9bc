"""Training one model with gensim, reproducibly, and saving it as an ordinary embedding.

One task is one model: a group's documents (or the whole corpus), as written once as tokens by
`bias.corpus.scan`, either all of them or a bootstrap sample. A task carries only paths, names,
settings and its own seeds, so `bias.compute.run_tasks` can run it in another process or on
another machine; `train_one` writes the embedding into the cache atomically (`store.save`: a
crash or Cancel leaves nothing half-written) and returns a small summary.

Bit for bit the same vectors from the same corpus, settings and seed need three things:
* one gensim worker thread (with several, the order in which threads update the vectors
  varies from run to run);
* a fixed hash: gensim seeds each word's starting vector from `hashfxn(word + seed)`, and
  Python's `hash` of a string changes with every process (PYTHONHASHSEED); `stable_hash` is
  blake2b's first 8 bytes;
* the same documents in the same order: a bootstrap sample is drawn from its own seed, in file
  order, and drawn again identically for every pass over the corpus.

Bootstrap samples (Antoniak & Mimno 2018) are drawn as Poisson(1) counts per document (Hanley &
MacGibbon 2006): each document appears 0, 1, 2, … times, 1 on average, which is the ordinary
bootstrap's distribution for many documents, and needs no list of all documents in memory, so
memory stays flat in the corpus's size.

Every replicate tests the same words: which words get a vector (those at the minimum count) is
decided once, on the whole group's documents (the whole corpus without a group column), and
given to every bootstrap sample. A word under the minimum count in the corpus never gets a vector
in a replicate, even one whose sample repeated its document; a word of that vocabulary which a
sample happens not to contain at all gets no vector in that replicate (it has nothing to be
trained on: a vector there would be its random start), and the test on that replicate reports it
missing like any missing word. Inside the vocabulary, gensim's frequency tables (downsampling,
negative sampling) are the sample's own counts, as in any training on that sample. The whole
group's counts are read again from its token file by each task (one pass, a few per cent of a
training), so a task still carries only paths and seeds.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bias.corpus.options import MAX_CHUNK_TOKENS, TrainOptions
from bias.jobs import checkpoint

_POISSON_BLOCK = 4096


def stable_hash(text: str) -> int:
    """A hash of `text` that is the same in every process (gensim's `hashfxn`)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


def model_seeds(seed: int, group: str | None, replicate: int) -> tuple[int, int]:
    """(gensim's seed, the bootstrap's seed) of one model, derived from the run's `seed`, the
    group's value and the replicate's number: the same model gets the same seeds whatever else
    is trained beside it."""
    key = stable_hash("" if group is None else f"group:{group}")
    state = np.random.SeedSequence([seed, key & 0xFFFFFFFF, key >> 32, replicate])
    first, second = state.generate_state(2)
    return int(first), int(second)


class TokenDocuments:
    """The documents of a token file (one a line), each given to gensim in pieces of at most
    `MAX_CHUNK_TOKENS`; with `bootstrap_seed`, each document as many times as its Poisson(1)
    count, the same counts on every pass."""

    def __init__(self, path: str, bootstrap_seed: int | None) -> None:
        self.path = path
        self.bootstrap_seed = bootstrap_seed

    def _counts(self) -> Iterator[int]:
        rng = np.random.default_rng(self.bootstrap_seed)
        while True:
            yield from rng.poisson(1.0, _POISSON_BLOCK).tolist()

    def __iter__(self) -> Iterator[list[str]]:
        # gensim's one worker trains while this runs in its producer thread: the common case
        # (every document once, shorter than a piece) does nothing but split a line.
        with open(self.path, encoding="utf-8", buffering=1 << 20) as handle:
            if self.bootstrap_seed is None:
                for line in handle:
                    tokens = line.split()
                    if len(tokens) <= MAX_CHUNK_TOKENS:
                        yield tokens
                    else:
                        yield from _pieces(tokens)
                return
            for line, times in zip(handle, self._counts(), strict=False):  # counts: endless
                if times:
                    pieces = _pieces(line.split())
                    for _ in range(times):
                        yield from pieces


def _pieces(tokens: list[str]) -> list[list[str]]:
    return [tokens[i : i + MAX_CHUNK_TOKENS] for i in range(0, len(tokens), MAX_CHUNK_TOKENS)]


def fixed_vocabulary(tokens_path: str, min_count: int) -> frozenset[str]:
    """The words at least `min_count` times in every document of a token file: the vocabulary
    every replicate of that group is given (module docstring)."""
    counts: Counter[str] = Counter()
    with open(tokens_path, encoding="utf-8", buffering=1 << 20) as handle:
        for line in handle:
            counts.update(line.split())
    return frozenset(word for word, count in counts.items() if count >= min_count)


FIXED_VOCABULARY = "words at the minimum count in the whole group, the same in every replicate"
"""The provenance's `vocabulary` of a replicate; a record without it (trained before the
vocabulary was fixed) is trained again, by `reproduce`, as it was: minimum count per sample."""


@dataclass(frozen=True)
class TrainTask:
    """One model to train: everything its result depends on, seeds included (picklable)."""

    name: str
    """The embedding to write."""
    language: str
    tokens_path: str
    options: TrainOptions
    seed: int
    """gensim's seed for this model."""
    bootstrap_seed: int | None
    """None: every document once; else the seed of this model's bootstrap sample."""
    trained: dict
    """The provenance kept in meta.json (`bias.corpus.train.provenance_record`)."""
    replace: bool = False


@dataclass(frozen=True)
class TrainSummary:
    """What one task did (small: it comes back from another process)."""

    name: str
    words: int
    dimensions: int
    tokens: int
    """Tokens gensim trained on, over all epochs."""
    seconds: float
    sha256: str


def _epoch_checkpoints(epochs: int):
    """A gensim callback that makes the end of every epoch a checkpoint (progress, Cancel)."""
    from gensim.models.callbacks import CallbackAny2Vec

    class Checkpoints(CallbackAny2Vec):
        def __init__(self) -> None:
            self.done = 0

        def on_epoch_end(self, model) -> None:
            self.done += 1
            checkpoint(self.done, epochs)

    return Checkpoints()


def _vocabulary_rule(task: TrainTask) -> Callable[[str, int, int], int] | None:
    """gensim's `trim_rule` for `task`: keep exactly the vocabulary of the token file
    `trained["vocabulary_of"]` when given (the test between two groups: both groups' documents,
    `bias.corpus.group_permutation`); else None (its own counts at the minimum count) for a model
    on every document once, else the whole group's vocabulary."""
    source = task.trained.get("vocabulary_of")
    if source is None and (task.bootstrap_seed is None
                           or task.trained.get("vocabulary") != FIXED_VOCABULARY):
        return None
    from gensim.utils import RULE_DISCARD, RULE_KEEP

    keep = fixed_vocabulary(source or task.tokens_path, task.options.min_count)
    return lambda word, count, min_count: RULE_KEEP if word in keep else RULE_DISCARD


def fit(task: TrainTask):
    """The trained gensim model of `task` (not saved): `train_one` saves it, `reproduce`
    compares it."""
    from gensim.models import FastText, Word2Vec

    options = task.options
    settings = {
        "vector_size": options.dimensions, "window": options.window,
        "min_count": options.min_count, "epochs": options.epochs,
        "negative": options.negative, "sg": int(options.architecture == "skipgram"),
        "seed": task.seed, "workers": options.threads, "hashfxn": stable_hash,
    }
    if options.method == "fasttext":
        settings["bucket"] = options.buckets
        model_type = FastText
    else:
        model_type = Word2Vec
    model = model_type(**settings)
    documents = TokenDocuments(task.tokens_path, task.bootstrap_seed)
    model.build_vocab(documents, trim_rule=_vocabulary_rule(task))
    model.train(documents, total_examples=model.corpus_count, epochs=model.epochs,
                callbacks=[_epoch_checkpoints(options.epochs)])
    return model


def raw_vectors(task: TrainTask, model):
    """The model's vectors as the cache stores any embedding's (checked like an import's)."""
    from bias.vectors.gensim_readers import from_keyed_vectors
    from bias.vectors.raw import ImportReport

    report = ImportReport(Path(task.trained["corpus"]["file"]).name,
                          f"trained {task.options.method}")
    return from_keyed_vectors(model.wv, len(model.wv.index_to_key), report)


def describe(task: TrainTask) -> str:
    """The embedding's source line, shown on every page: how and on what it was trained."""
    options, trained = task.options, task.trained
    group = trained.get("group")
    replicate = trained.get("replicate")
    return (f"trained here: {options.method} {options.architecture}, {options.dimensions} "
            f"dimensions, window {options.window}, minimum count {options.min_count}, "
            f"{options.epochs} epochs, seed {task.seed}"
            + (f", bootstrap replicate {replicate} of {trained['replicates']}" if replicate
               else "")
            + (", vocabulary of the whole group" if trained.get("vocabulary") else "")
            + f", on {trained['corpus']['file']}"
            + (f" ({group['column']} = {group['value']})" if group else "")
            + f" (sha256 {trained['corpus']['sha256'][:12]}…)")


def train_one(task: TrainTask) -> TrainSummary:
    """Train the model of `task` and save it under `task.name` (atomically); its summary."""
    from bias.corpus.claims import check_worker, save_member

    check_worker(task.trained["run"], task.name)  # before minutes of work, and again to save
    started = time.perf_counter()
    model = fit(task)
    meta = save_member(task, raw_vectors(task, model), describe(task))
    return TrainSummary(task.name, meta["words"], meta["dimensions"],
                        int(model.corpus_total_words) * task.options.epochs,
                        time.perf_counter() - started, meta["sha256"])
