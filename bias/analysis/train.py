"""A training on a researcher's own texts, as every face runs it: the preview (what training
would give, nothing trained), the training of a family of models, and the test whether two of
its groups differ (documents permuted between them, models trained again).

The command line (`python -m bias train`) and the Your texts page call these functions with one
`TrainAnalysisOptions`, so the same corpus, reading and settings give the same family, vector
for vector (tests/analysis/test_faces_agree_discovery.py). A face that bounds the work of one
request (the dashboard's `bias.limits.TRAINING_WORK`) says so in `max_work`; the command line
trains what it is asked to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bias.corpus.group_permutation import check_pair
from bias.corpus.options import DEFAULT_PERMUTATIONS, ReadOptions, TrainOptions
from bias.corpus.preview import CorpusPreview
from bias.corpus.train_corpus import TrainResult, inspect_corpus, train_corpus
from bias.errors import BiasInputError
from bias.stats.group_difference import GroupDifference, compare_groups
from bias.stats.verdict import MIN_SET_WORDS
from bias.wordsets import WordSet


@dataclass(frozen=True)
class TrainAnalysisOptions:
    """How a corpus is read and trained on, what is checked before, and the comparison's
    permutations; every default is the engine's (`ReadOptions`, `TrainOptions`)."""

    language: str
    read: ReadOptions = field(default_factory=ReadOptions)
    train: TrainOptions = field(default_factory=TrainOptions)
    wordsets: tuple[WordSet, ...] = ()
    """Tests whose words must get vectors (checked before training, shown in the preview)."""
    permutations: int = DEFAULT_PERMUTATIONS
    """Permutations of the test between two groups (2 models each)."""
    max_work: int | None = None
    """Words one request may train on (words × epochs × models), None for no bound."""
    replace: bool = False
    """Replace earlier models trained under the same name."""

    def _common(self) -> dict:
        return {"language": self.language, "read": self.read, "options": self.train,
                "wordsets": self.wordsets, "min_set_words": MIN_SET_WORDS}


@dataclass(frozen=True)
class TrainAnalysis:
    """A training and, if asked, the test between two of its groups."""

    trained: TrainResult
    compared: GroupDifference | None = None
    options: TrainAnalysisOptions | None = None

    def to_dict(self) -> dict:
        extra = {} if self.compared is None else {"group_difference": self.compared.to_dict()}
        return self.trained.to_dict() | extra


def preview(options: TrainAnalysisOptions, path: Path) -> CorpusPreview:
    """What training would give (nothing trained); `problem` says why it would be refused."""
    return inspect_corpus(Path(path), **options._common())


def check_comparison(options: TrainAnalysisOptions, shown: CorpusPreview,
                     groups: Sequence[str], wordset: WordSet | None) -> None:
    """Refuse, before any model is trained, a comparison without a word set, of groups the
    corpus does not have, or (with `max_work`) of more work than one request may do."""
    if wordset is None:
        raise BiasInputError("Comparing two groups needs a word set to compare them by.")
    check_pair([group.value for group in shown.groups], groups)
    if options.max_work is None:
        return
    tokens = sum(group.tokens for group in shown.groups if group.value in groups)
    work = tokens * options.train.epochs * (options.permutations + 1)
    if work > options.max_work:
        raise BiasInputError(
            f"Comparing these groups trains {options.permutations + 1} pairs of models on their "
            f"{tokens:,} words × {options.train.epochs} epochs, more than this server trains "
            f"for one request ({options.max_work:,} words); use fewer permutations or epochs.")


def train(options: TrainAnalysisOptions, path: Path, name: str, *,
          scheduler: str | None = None, workers: int | None = None) -> TrainAnalysis:
    """Train the family `name` on `path` and save its models as embeddings."""
    trained = train_corpus(Path(path), name=name, scheduler=scheduler, workers=workers,
                           replace=options.replace, max_work=options.max_work,
                           **options._common())
    return TrainAnalysis(trained, None, options)


def compare(options: TrainAnalysisOptions, path: Path, groups: tuple[str, str],
            wordset: WordSet, *, scheduler: str | None = None,
            workers: int | None = None) -> GroupDifference:
    """Whether `wordset`'s d differs between two groups (`bias.stats.group_difference`)."""
    return compare_groups(Path(path), language=options.language, groups=groups,
                          wordset=wordset, read=options.read, options=options.train,
                          permutations=options.permutations, scheduler=scheduler,
                          workers=workers)


def run(options: TrainAnalysisOptions, path: Path, name: str,
        groups: tuple[str, str] | None = None, *, scheduler: str | None = None,
        workers: int | None = None) -> TrainAnalysis:
    """Training and, with `groups`, the test between them by the first word set (the command
    line): the comparison's mistakes said before any model is trained."""
    wordset = options.wordsets[0] if options.wordsets else None
    if groups:
        check_comparison(options, preview(options, path), groups, wordset)
    trained = train(options, path, name, scheduler=scheduler, workers=workers).trained
    compared = (compare(options, path, groups, wordset, scheduler=scheduler, workers=workers)
                if groups and wordset is not None else None)
    return TrainAnalysis(trained, compared, options)
