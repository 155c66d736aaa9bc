"""Training one model with gensim, reproducibly, and saving it as an ordinary embedding.

One task is one model: a group's documents (or the whole corpus), as written once as tokens by
`bias.corpus.scan`, either all of them or a bootstrap sample. A task carries only paths, names,
settings and its own seeds, so `bias.compute.run_tasks` can run it in another process or on
another machine; `train_one` writes the embedding into the cache atomically (`store.save`: a
crash or Cancel leaves nothing half-written) and returns a small summary.

Bit for bit the same vectors from the same corpus, settings and seed need three things:
* one gensim worker thread (with several, the order in which threads update the vectors
  varies from run to run);
* a fixed hash: gensim 3 seeded each word's starting vector from `hashfxn(word + seed)`, and
  Python's `hash` of a string changes with every process (PYTHONHASHSEED); gensim 4.4 draws
  them from a generator seeded by `seed` and no longer calls `hashfxn` here, but it is still
  a setting, so it is given one that cannot vary: `stable_hash`, blake2b's first 8 bytes;
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
group's counts are read again from its token file by each task, so a task still carries only
paths and seeds.

No task reads text: the scan writes each group's documents as numbers beside its token file
(`Numbering`; a token file written otherwise is numbered by the task), gensim's vocabulary is
built from counts of those numbers (`build_vocab_from_freq`, the counts and their order those of
gensim's own pass over the same documents), and every epoch hands gensim the vocabulary's own
strings (`NumberedTokens`). The vocabulary and vectors are the same, bit for bit, as gensim's own
passes over the text would give (tests/corpus/test_training.py); only the time differs
(bench/train_speed.py).
"""

from __future__ import annotations

import hashlib
import tempfile
import time
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice, repeat
from pathlib import Path

import numpy as np

from bias.corpus.options import MAX_CHUNK_TOKENS, TrainOptions
from bias.jobs import checkpoint

_POISSON_BLOCK = 4096
_BLOCK = 1 << 18
"""Numbers read at a time (1 MB): the memory a numbered token file takes in training."""
_FLUSH = 1 << 16
"""Numbers written at a time (256 KB): the memory of each group's numbers in the scan."""
_END = -1
"""Ends each document in a numbered token file."""


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


class Numbering:
    """Documents written as numbers: each word as its number (words numbered in order of first
    appearance), int32, `_END` after each document; the words, in that order, in a text file
    beside (one a line). The scan writes one beside each group's token file
    (`bias.corpus.scan`); a task whose token file has none writes its own (`NumberedTokens.of`).
    Memory: the words and a buffer of `_FLUSH` numbers, never the documents."""

    def __init__(self, numbers_path: str) -> None:
        self.path = numbers_path
        self.index: defaultdict[str, int] = defaultdict()
        self.index.default_factory = self.index.__len__  # a new word gets the next number
        self.number = self.index.__getitem__
        self.buffer = array("i")
        self.target = open(numbers_path, "wb")  # noqa: SIM115 (closed by `close`)

    def add(self, tokens: list[str]) -> None:
        self.buffer.extend(map(self.number, tokens))
        self.buffer.append(_END)
        if len(self.buffer) >= _FLUSH:
            self.buffer.tofile(self.target)
            del self.buffer[:]

    def close(self) -> list[str]:
        """The words, in the order of their numbers (written beside the numbers)."""
        self.buffer.tofile(self.target)
        self.target.close()
        words = list(self.index)
        Path(_words_path(self.path)).write_bytes("\n".join(words).encode("utf-8"))
        return words


def numbers_path(tokens_path: str) -> str:
    """Where the scan writes the numbers of a token file."""
    return tokens_path + ".numbers"


def _words_path(numbers: str) -> str:
    return numbers + ".words"


class NumberedTokens:
    """A token file's documents as numbers, so that no epoch reads text.

    Why: gensim looks every token up in its vocabulary (a dict), and a string split freshly from
    a line must be hashed first; the words handed to gensim here are the vocabulary's own string
    objects, whose hash Python keeps, so an epoch costs what gensim costs on lists held in
    memory (bench/train_speed.py), with memory flat in the corpus's size. The counts come from
    the numbers too (one pass of numpy), in place of gensim's vocabulary pass (`vocabulary`).
    """

    def __init__(self, path: str) -> None:
        self.path = path
        text = Path(_words_path(path)).read_bytes().decode("utf-8")
        self.words: list[str] = text.split("\n") if text else []
        self.counts = np.zeros(len(self.words), np.int64)
        self.pieces = self.total = 0
        for block, ends in self.blocks():
            lengths = np.diff(ends, prepend=-1) - 1
            self.total += int(lengths.sum())
            self.pieces += int(np.where(lengths <= MAX_CHUNK_TOKENS, 1,
                                        -(-lengths // MAX_CHUNK_TOKENS)).sum())
            self.counts += np.bincount(block[block != _END], minlength=self.counts.size)

    @classmethod
    def of(cls, tokens_path: str, folder: str) -> NumberedTokens:
        """The numbers the scan wrote beside `tokens_path`, or, for a token file written
        otherwise (an equal-size sample, a permutation's side), its lines numbered into
        `folder`: the same numbers either way (the scan's words hold no space, so each line
        splits back into them)."""
        numbers = numbers_path(tokens_path)
        if not Path(_words_path(numbers)).is_file():
            numbers = str(Path(folder) / "tokens.numbers")
            numbering = Numbering(numbers)
            try:
                with open(tokens_path, encoding="utf-8", buffering=1 << 20) as handle:
                    for line in handle:
                        numbering.add(line.split())
            finally:
                numbering.close()
        return cls(numbers)

    def blocks(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """The file in blocks of whole documents: (numbers, the positions of their `_END`s)."""
        parts: list[np.ndarray] = []
        with open(self.path, "rb") as handle:
            while data := handle.read(_BLOCK * 4):
                read = np.frombuffer(data, np.int32)
                ends = np.flatnonzero(read == _END)
                if not ends.size:  # inside a document longer than a block
                    parts.append(read)
                    continue
                block = np.concatenate((*parts, read)) if parts else read
                done = block.size - read.size + ends[-1] + 1
                yield block[:done], ends + (block.size - read.size)
                parts = [block[done:]]

    def vocabulary(self, bootstrap_seed: int | None) -> tuple[dict[str, int], int, int]:
        """(each word's count, in order of first appearance; the sentences; the tokens) of the
        documents `TokenDocuments` gives gensim: what gensim's own vocabulary pass over them
        would count, so that its vocabulary and vectors are the same as after that pass."""
        if bootstrap_seed is None:
            return dict(zip(self.words, self.counts.tolist(), strict=True)), self.pieces, self.total
        counts = np.zeros(len(self.words), np.int64)
        never = np.iinfo(np.int64).max
        first = np.full(len(self.words), never)
        seen = pieces = total = 0
        draws = poisson_counts(bootstrap_seed)
        for block, ends in self.blocks():
            times = np.fromiter(islice(draws, ends.size), np.int64, ends.size)
            lengths = np.diff(ends, prepend=-1) - 1
            pieces += int((times * -(-lengths // MAX_CHUNK_TOKENS)).sum())
            total += int((times * lengths).sum())
            repeats = np.repeat(times, lengths + 1)  # each document's words and its end
            taken = (block != _END) & (repeats > 0)
            chosen = block[taken]
            counts += np.bincount(np.repeat(chosen, repeats[taken]), minlength=counts.size)
            fresh = np.flatnonzero(first[chosen] == never)  # few after the first block
            words, at = np.unique(chosen[fresh], return_index=True)
            first[words] = seen + fresh[at]
            seen += chosen.size
        order = np.argsort(first)[: int((first != never).sum())].tolist()
        return {self.words[i]: int(counts[i]) for i in order}, pieces, total


def poisson_counts(seed: int) -> Iterator[int]:
    """How many times each document is in the bootstrap sample of `seed`, in file order."""
    rng = np.random.default_rng(seed)
    while True:
        yield from rng.poisson(1.0, _POISSON_BLOCK).tolist()


class TokenDocuments:
    """The documents of a numbered token file, each given to gensim in pieces of at most
    `MAX_CHUNK_TOKENS`; with `bootstrap_seed`, each document as many times as its Poisson(1)
    count, the same counts on every pass."""

    def __init__(self, numbered: NumberedTokens, bootstrap_seed: int | None) -> None:
        self.numbered = numbered
        self.bootstrap_seed = bootstrap_seed

    def __iter__(self) -> Iterator[list[str]]:
        # gensim's one worker trains while this runs in its producer thread
        words = np.array([*self.numbered.words, ""], dtype=object)  # _END (-1): the ""
        draws = repeat(1) if self.bootstrap_seed is None else poisson_counts(self.bootstrap_seed)
        for block, ends in self.numbered.blocks():
            tokens = words[block].tolist()  # the same string objects every time
            start = 0
            for end, times in zip(ends.tolist(), draws, strict=False):  # draws: endless
                document = tokens[start:end]
                start = end + 1
                if self.bootstrap_seed is None:
                    if len(document) <= MAX_CHUNK_TOKENS:
                        yield document
                    else:
                        yield from _pieces(document)
                elif times:
                    pieces = _pieces(document)
                    for _ in range(times):
                        yield from pieces


def _pieces(tokens: list[str]) -> list[list[str]]:
    return [tokens[i : i + MAX_CHUNK_TOKENS] for i in range(0, len(tokens), MAX_CHUNK_TOKENS)]


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
    """The provenance kept in meta.json (`bias.corpus.train_corpus.provenance_record`)."""
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


def fixed_vocabulary(tokens_path: str, min_count: int) -> frozenset[str]:
    """The words at least `min_count` times in every document of a token file (read as text:
    the pooled documents of the test between two groups, `bias.corpus.group_permutation`)."""
    counts: Counter[str] = Counter()
    with open(tokens_path, encoding="utf-8", buffering=1 << 20) as handle:
        for line in handle:
            counts.update(line.split())
    return frozenset(word for word, count in counts.items() if count >= min_count)


def _vocabulary_rule(task: TrainTask, numbered: NumberedTokens
                     ) -> Callable[[str, int, int], int] | None:
    """gensim's `trim_rule` for `task`: keep exactly the vocabulary of the token file
    `trained["vocabulary_of"]` when given (the test between two groups: both groups'
    documents); else None (its own counts at the minimum count) for a model on every document
    once; else the whole group's vocabulary (its words at the minimum count in the whole token
    file, from its numbers)."""
    least = task.options.min_count
    source = task.trained.get("vocabulary_of")
    if source is not None:
        keep = fixed_vocabulary(source, least)
    elif task.bootstrap_seed is None or task.trained.get("vocabulary") != FIXED_VOCABULARY:
        return None
    else:
        keep = frozenset(word for word, count in zip(numbered.words, numbered.counts.tolist(),
                                                     strict=True) if count >= least)
    from gensim.utils import RULE_DISCARD, RULE_KEEP

    return lambda word, count, min_count: RULE_KEEP if word in keep else RULE_DISCARD


def untrained(task: TrainTask):
    """gensim's model of `task`, with its settings and seed, before any vocabulary."""
    from gensim.models import FastText, Word2Vec

    options = task.options
    settings = {
        "vector_size": options.dimensions, "window": options.window,
        "min_count": options.min_count, "epochs": options.epochs,
        "negative": options.negative, "sg": int(options.architecture == "skipgram"),
        "seed": task.seed, "workers": options.threads, "hashfxn": stable_hash,
    }
    if options.method == "fasttext":
        return FastText(bucket=options.buckets, **settings)
    return Word2Vec(**settings)


def fit(task: TrainTask):
    """The trained gensim model of `task` (not saved): `train_one` saves it, `reproduce`
    compares it."""
    model = untrained(task)
    folder = Path(task.tokens_path).parent  # the scan's work folder: removed with it
    with tempfile.TemporaryDirectory(prefix=".numbers-", dir=folder) as numbers:
        numbered = NumberedTokens.of(task.tokens_path, numbers)
        counts, sentences, tokens = numbered.vocabulary(task.bootstrap_seed)
        # gensim's own vocabulary pass over the same documents would count the same
        model.build_vocab_from_freq(counts, corpus_count=sentences,
                                    trim_rule=_vocabulary_rule(task, numbered))
        model.corpus_total_words = tokens
        model.train(TokenDocuments(numbered, task.bootstrap_seed),
                    total_examples=model.corpus_count, epochs=model.epochs,
                    callbacks=[_epoch_checkpoints(task.options.epochs)])
    return model


def raw_vectors(task: TrainTask, model):
    """The model's vectors as the cache stores any embedding's (checked like an import's)."""
    from bias.vectors.gensim_readers import from_keyed_vectors
    from bias.vectors.import_report import ImportReport

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
