"""Before training, what will come out: documents, tokens and vocabulary per group, and for a
chosen word set how many of its words will get a vector (those that appear at least the
minimum count times), how many appear as often as a steady vector needs, and whether the two
target (and the two attribute) lists are balanced in frequency in the corpus itself
(`bias.corpus.counts`). `bias.report.corpus_text` words it ("7 of your 8 career words appear at
least 5 times; 'salary' appears twice").

`check_trainable` turns what cannot give a usable model into one sentence before any training:
too few documents for a model, too small a vocabulary (one word repeated a million times), a
word set in another language, or a set with too few of its words in the corpus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bias.corpus.counts import CountBalance, SetCoverage, WordCount, balances
from bias.corpus.language_guess import LanguageGuess, guess_language
from bias.corpus.options import MIN_DOCUMENTS, MIN_VOCABULARY, TrainOptions
from bias.corpus.scan import CorpusScan, GroupScan
from bias.errors import BiasInputError
from bias.serialize import jsonable
from bias.vectors.catalog import language_name
from bias.wordsets import WordSet


@dataclass(frozen=True)
class GroupPreview:
    value: str | None
    documents: int
    empty_documents: int
    tokens: int
    vocabulary: int
    """Distinct words at the minimum count."""
    sets: tuple[SetCoverage, ...]
    balances: tuple[CountBalance, ...] = ()
    """The targets' and the attributes' balance of counts in this group (`counts.balances`)."""


@dataclass(frozen=True)
class CorpusPreview:
    file: str
    sha256: str
    language: str
    min_count: int
    replicates: int
    wordset: str | None
    groups: tuple[GroupPreview, ...]
    problem: str | None = None
    """Why training would be refused (`check_trainable`'s sentence), or None."""
    language_guess: LanguageGuess | None = None
    """The language the corpus's frequent words look to be in (`bias.corpus.language_guess`);
    `bias.report.corpus_text.language_warning` says when it is not the chosen one."""

    def to_dict(self) -> dict:
        data = jsonable(self)
        for shown, group in zip(data["groups"], self.groups, strict=True):
            shown["sets"] = [coverage.to_dict() for coverage in group.sets]
            shown["balances"] = [balance.to_dict() for balance in group.balances]
        return data


def _count(group: GroupScan, word: str) -> int:
    """The count of the form the embedding's lookup would find: as written, else lower-case,
    else capitalised (`Embedding.lookup`'s order)."""
    for form in (word, word.lower(), word.capitalize()):
        if form in group.counts:
            return group.counts[form]
    return 0


def _coverage(group: GroupScan, wordset: WordSet, min_count: int) -> tuple[SetCoverage, ...]:
    return tuple(
        SetCoverage(key, terms.name, tuple(WordCount(w, _count(group, w)) for w in terms.words),
                    min_count)
        for key, terms in wordset.sets().items()
    )


def preview(scan: CorpusScan, options: TrainOptions,
            wordsets: Sequence[WordSet] = ()) -> CorpusPreview:
    """What training `scan` with `options` will give, with each word set's coverage (the first
    set's; several sets are checked by `check_trainable`)."""
    first = wordsets[0] if wordsets else None
    return CorpusPreview(
        file=scan.file, sha256=scan.sha256, language=scan.language, min_count=options.min_count,
        replicates=options.replicates, wordset=first.id if first else None,
        groups=tuple(_group_preview(group, options.min_count, first) for group in scan.groups),
        language_guess=guess_language([group.counts for group in scan.groups], scan.language),
    )


def _group_preview(group: GroupScan, min_count: int, wordset: WordSet | None) -> GroupPreview:
    sets = _coverage(group, wordset, min_count) if wordset else ()
    return GroupPreview(group.value, group.documents, group.empty_documents, group.tokens,
                        group.vocabulary(min_count), sets, balances(sets))


def _where(group: GroupScan, scan: CorpusScan) -> str:
    return scan.file if group.value is None else f"the group '{group.value}' of {scan.file}"


def _opening(where: str) -> str:
    """`_where` at the start of a sentence: "The group …", but a file's name as it is written
    ("valid.txt", never "Valid.txt")."""
    return f"T{where[1:]}" if where.startswith("the ") else where


def check_trainable(scan: CorpusScan, options: TrainOptions,
                    wordsets: Sequence[WordSet] = (), min_set_words: int = 1) -> None:
    """Raise `BiasInputError` with one sentence if training cannot give what was asked: with
    `wordsets`, each of their lists needs `min_set_words` words that will get a vector (the
    verdict's floor, `bias.stats.verdict.MIN_SET_WORDS`, passed down by the caller)."""
    for wordset in wordsets:
        if wordset.language != scan.language:
            raise BiasInputError(
                f"The word set {wordset.id} is in {language_name(wordset.language)} but the "
                f"corpus is being trained as {language_name(scan.language)}; choose a word set "
                "of the corpus's language."
            )
    for group in scan.groups:
        where = _where(group, scan)
        if group.documents < MIN_DOCUMENTS:
            raise BiasInputError(
                f"{_opening(where)} has only {group.documents} document"
                f"{'' if group.documents == 1 else 's'} with words; each model needs at least "
                f"{MIN_DOCUMENTS}, so that replicates and comparisons mean something."
            )
        vocabulary = group.vocabulary(options.min_count)
        if vocabulary < MIN_VOCABULARY:
            raise BiasInputError(
                f"Only {vocabulary} distinct word{'' if vocabulary == 1 else 's'} of {where} "
                f"appear at least {options.min_count} times ({group.tokens:,} words in all); a "
                f"model needs at least {MIN_VOCABULARY}: the corpus is too small or repetitive."
            )
        for wordset in wordsets:
            _check_sets(group, scan, wordset, options.min_count, min_set_words)


def _check_sets(group: GroupScan, scan: CorpusScan, wordset: WordSet, min_count: int,
                min_set_words: int) -> None:
    coverage = _coverage(group, wordset, min_count)
    short = [c for c in coverage if len(c.enough) < min_set_words]
    if not short:
        return
    found = sum(len(c.enough) for c in coverage)
    listed = sum(len(c.words) for c in coverage)
    worst = min(short, key=lambda c: len(c.enough))
    hint = (f" Is the corpus really in {language_name(scan.language)}?"
            if found <= listed // 10 else "")
    raise BiasInputError(
        f"{_opening(_where(group, scan))} is too small for "
        f"{wordset.id}: only {len(worst.enough)} of its {len(worst.words)} {worst.name} words "
        f"appear at least {min_count} times, and a set needs {min_set_words} for a verdict."
        + hint
    )
