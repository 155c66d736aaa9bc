"""What a researcher chooses when training on their texts: how to read the file, how to cut it
into words, and how to train. Every default and bound is written here once; the command line,
the page and docs/corpus.md read them from here.

Why these defaults (docs/corpus.md says it for a non-programmer):

* word2vec CBOW, 100 dimensions, window 5, minimum count 5, negative sampling 5: gensim's own
  defaults, which are also what Antoniak & Mimno (2018) and Rodriguez & Spirling (2022) used as
  their baseline; nothing here claims to be better tuned than that.
* 10 epochs, not gensim's 5: corpora of social scientists are small (a few million words), and
  on small corpora more passes make the vectors less noisy (Rodriguez & Spirling 2022).
* one worker thread: with one thread gensim's training is deterministic, so the same corpus,
  settings and seed give the same vectors bit for bit; parallelism goes across replicates and
  groups instead (`bias.compute.run_tasks`). More threads are allowed and recorded as not
  bit-reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bias.bounds import Bound, bounded, check_bounds
from bias.corpus.group_values import check_order
from bias.errors import BiasInputError

METHODS = ("word2vec", "fasttext")
ARCHITECTURES = ("cbow", "skipgram")
DOCUMENT_MODES = ("line", "paragraph")
NUMBER_MODES = ("drop", "keep", "token")

DIMENSIONS = Bound("The number of dimensions", 2, 1_000)
WINDOW = Bound("The window", 1, 50)
MIN_COUNT = Bound("The minimum count", 1, 1_000_000)
EPOCHS = Bound("The number of epochs", 1, 100)
NEGATIVE = Bound("The number of negative samples", 1, 50)
REPLICATES = Bound("The number of replicates", 1, 100, unit="replicates",
                   reason="each replicate is a whole training run")
SEED = Bound("The seed", 0, 2**32 - 1)
BUCKETS = Bound("The number of fastText buckets", 1_000, 10_000_000)
THREADS = Bound("The number of threads per model", 1, 64)
GROUP_BINS = Bound("The width of a group's bin", 1, 1_000_000, optional=True)
PERMUTATIONS = Bound("The number of permutations", 1, 999, unit="permutations",
                     reason="each permutation trains 2 models")
DEFAULT_PERMUTATIONS = 39
"""Permutations of the test between two groups (`bias.stats.group_difference`): the smallest p
is then 1/40 = 0.025, below 0.05 (19 would give 0.05 at best); 80 models are trained."""

MAX_DOCUMENT_BYTES = 10_000_000
"""The longest document (a line, a paragraph, a cell, a file in a .zip), in bytes, a line's
break not counted: 10 MB as docs/corpus.md says it (10,000,000 bytes, not 10 MiB); a whole book
is about 1 MB. Longer is almost always a file without line breaks, which would be one document
and make bootstrap replicates meaningless; it is refused before any training."""

MAX_ZIP_MEMBERS = 100_000
"""Most files in a .zip (each one document): a hundred thousand is a large corpus of letters
or articles; a .zip of millions of tiny files is a way to make the reading take hours."""

MAX_ZIP_BYTES = 1_000_000_000
"""Most text a .zip may unpack to, summed over its .txt files as its directory declares them
(a member is never read past its declared size), checked before any is read: 10 times the
largest upload a server takes, about 170 million words. A 25 MB .zip of 1,000 files of 9.9 MB
each unpacks to 10 GB, and was read to the end."""

MAX_CHUNK_TOKENS = 10_000
"""gensim trains on at most 10,000 tokens of a sentence and silently drops the rest; longer
documents are handed to it in pieces of this size, so no word is lost."""

MIN_DOCUMENTS = 10
"""Fewest documents per model: a bootstrap sample of fewer documents is mostly the same few
documents repeated, and a group of fewer is too thin to compare."""

MIN_VOCABULARY = 20
"""Fewest distinct words at the minimum count: below that there is nothing to embed."""

MAX_GROUPS = 50
"""Most group values (one model, or one set of replicates, each)."""

GROUP_SEPARATOR = "-"
"""Between the name and a group value: NAME-<value>."""

REPLICATE_SUFFIX = ".r"
"""Between a name and a replicate's number: NAME.r1 … NAME.rN (NAME-1990.r3 with a group)."""

SEGMENTED_LANGUAGES = frozenset({"zh", "ja", "th", "lo", "km", "my"})
"""Languages written without spaces between words: a Unicode word pattern cannot cut them."""


@dataclass(frozen=True)
class ReadOptions:
    """How the file is read into documents (and groups)."""

    text_column: str | None = None
    """The column (CSV, TSV) or key (JSON Lines) holding the text; needed for those formats."""
    group_column: str | None = None
    """A column or key whose values (decade, party, outlet) each get their own model."""
    documents: Literal["line", "paragraph"] = "line"
    """A .txt file: one document per line, or per paragraph (blank lines between them, for
    running text). A .zip holds one document per .txt file."""
    lowercase: bool = True
    """Lower-case every word (word sets are mostly lower-case; names are found either way)."""
    numbers: Literal["drop", "keep", "token"] = "drop"
    """Numbers: left out, kept as words, or each replaced by the word '<num>'."""
    group_order: tuple[str, ...] = ()
    """The groups' order as the user gives it (every value once); empty: numbers as numbers,
    else the order in which the values first appear (`bias.corpus.group_values`)."""
    group_bins: int | None = bounded(None, GROUP_BINS)
    """Group by bins of this width of a numeric group column (10: a year column's decades,
    labelled '1950s'); None: each value its own group (`bias.corpus.group_values.bin_label`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "group_order", check_order(self.group_order))  # JSON: a list
        check_bounds(self)
        if (self.group_order or self.group_bins) and self.group_column is None:
            raise BiasInputError("A group order or bins need a group column.")
        if self.documents not in DOCUMENT_MODES:
            raise BiasInputError("Documents are one per 'line' or one per 'paragraph'.")
        if self.numbers not in NUMBER_MODES:
            raise BiasInputError("Numbers are 'drop', 'keep' or 'token'.")
        for column in (self.text_column, self.group_column):
            if column is not None and (not column.strip() or len(column) > 200):
                raise BiasInputError("A column name must be 1 to 200 characters.")
        if self.group_column is not None and self.group_column == self.text_column:
            raise BiasInputError("The group column must be another column than the text.")


@dataclass(frozen=True)
class TrainOptions:
    """How each model is trained (gensim's parameters, named as gensim names them)."""

    method: Literal["word2vec", "fasttext"] = "word2vec"
    architecture: Literal["cbow", "skipgram"] = "cbow"
    dimensions: int = bounded(100, DIMENSIONS)
    window: int = bounded(5, WINDOW)
    min_count: int = bounded(5, MIN_COUNT)
    epochs: int = bounded(10, EPOCHS)
    negative: int = bounded(5, NEGATIVE)
    replicates: int = bounded(1, REPLICATES)
    """1: one model on the whole corpus. More: that many models, each on a bootstrap sample of
    the documents with its own seed (Antoniak & Mimno 2018)."""
    seed: int = bounded(0, SEED)
    buckets: int = bounded(200_000, BUCKETS)
    """fastText only: rows of its character n-gram table. fastText's own 2,000,000 cost 800 MB
    per model at 100 dimensions; a researcher's corpus rarely has more distinct n-grams than
    this, and colliding ones only share a row."""
    threads: int = bounded(1, THREADS)
    """gensim's worker threads per model; only 1 is bit-reproducible."""
    equal_groups: bool = False
    """Train every group on the same number of documents: a seeded sample, without
    replacement and in file order, of as many documents as the smallest group has
    (`bias.corpus.group_sampling`), so that a group's size cannot pass for its bias. Documents,
    not words: groups whose documents differ in length still differ in words (the preview
    says how many each keeps)."""

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise BiasInputError(f"The method must be one of {', '.join(METHODS)}.")
        if self.architecture not in ARCHITECTURES:
            raise BiasInputError(f"The architecture must be one of {', '.join(ARCHITECTURES)}.")
        check_bounds(self)

    @property
    def reproducible(self) -> bool:
        return self.threads == 1
