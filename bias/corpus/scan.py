"""One pass over the corpus before any training: its words counted per group, and each group's
documents written once as tokens (one document a line, words separated by spaces) into a work
folder, and beside them as numbers (`bias.corpus.train_model.Numbering`), so that every epoch and
every replicate reads numbers instead of cutting, or even reading, the text again.

Memory holds the word counts (the vocabulary, as gensim's own vocabulary pass does), never the
texts. The work folder (`home()/corpus-work/<id>`) is locked while it is used and removed at
the end; a killed run's folder has a free lock and is removed by the next scan.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import shutil
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from bias.corpus.group_values import order_values
from bias.corpus.options import GROUP_SEPARATOR, MAX_GROUPS, ReadOptions
from bias.corpus.readers import check_file, documents
from bias.corpus.tokens import tokeniser
from bias.corpus.train_model import NumberedTokens, Numbering, numbers_path
from bias.errors import BiasInputError
from bias.files import home, locked
from bias.jobs import tick
from bias.serialize import NOT_SERIALISED
from bias.vectors.npy_files import sha256

_SLUG = re.compile(r"[^a-z0-9_-]+")


@dataclass(frozen=True)
class GroupScan:
    """One group's documents (the whole corpus without a group column)."""

    value: str | None
    slug: str | None
    """The value as it appears in the embedding's name (NAME-<slug>)."""
    documents: int
    empty_documents: int
    tokens: int
    tokens_path: str = field(metadata=NOT_SERIALISED)
    counts: Counter[str] = field(repr=False, compare=False, metadata=NOT_SERIALISED)

    def vocabulary(self, min_count: int) -> int:
        """Distinct words appearing at least `min_count` times: the rows of the model."""
        return sum(1 for count in self.counts.values() if count >= min_count)


@dataclass(frozen=True)
class CorpusScan:
    """What the pass found: the file's identity, and each group in the order of its values
    (`bias.corpus.group_values.order_values`: the user's, numbers as numbers, or first seen)."""

    file: str
    path: str
    format: str
    sha256: str
    bytes: int
    language: str
    read: ReadOptions
    groups: tuple[GroupScan, ...]

    @property
    def documents(self) -> int:
        return sum(group.documents for group in self.groups)

    @property
    def tokens(self) -> int:
        return sum(group.tokens for group in self.groups)

    @property
    def grouped(self) -> bool:
        return self.groups[0].value is not None

    def record(self) -> dict:
        """The corpus as the provenance records it."""
        return {"file": self.file, "path": self.path, "format": self.format,
                "sha256": self.sha256, "bytes": self.bytes, "documents": self.documents,
                "tokens": self.tokens}


def slug(value: str) -> str:
    """A group value as part of an embedding's name."""
    text = _SLUG.sub(GROUP_SEPARATOR, value.lower()).strip(GROUP_SEPARATOR)
    if not text:
        raise BiasInputError(f"The group value '{value[:40]}' has no letter or digit to name "
                             "its embedding by.")
    return text


class _Group:
    def __init__(self, value: str | None, folder: Path, number: int) -> None:
        self.value = value
        self.path = folder / f"group-{number}.tokens"
        self.handle: BinaryIO = self.path.open("wb")
        self.numbering = Numbering(numbers_path(str(self.path)))  # what training reads
        self.documents = self.empty = self.tokens = 0

    def add(self, tokens: list[str]) -> None:
        if not tokens:
            self.empty += 1
            return
        self.documents += 1
        self.tokens += len(tokens)
        self.numbering.add(tokens)
        self.handle.write(" ".join(tokens).encode("utf-8") + b"\n")

    def close(self) -> Counter[str]:
        """The group's word counts, in order of first appearance."""
        self.handle.close()
        words = self.numbering.close()
        return Counter(dict(zip(words, NumberedTokens(self.numbering.path).counts.tolist(),
                                strict=True)))


def scan(path: Path, language: str, read: ReadOptions, folder: Path) -> CorpusScan:
    """Read `path` once into token files under `folder` and count its words, per group."""
    kind = check_file(path)
    cut = tokeniser(language, read)
    groups: dict[str | None, _Group] = {}
    counts: dict[str | None, Counter[str]] = {}
    size = path.stat().st_size
    try:
        for document in documents(path, read):
            group = groups.get(document.group)
            if group is None:
                if len(groups) >= MAX_GROUPS:
                    raise BiasInputError(
                        f"The group column '{read.group_column}' has more than {MAX_GROUPS} "
                        "values; each value trains its own model, so group coarser (decades "
                        "rather than years)."
                    )
                group = groups[document.group] = _Group(document.group, folder, len(groups))
            group.add(cut(document.text))
            tick(0.0)  # a point where Cancel stops the scan, at most TICK_SECONDS apart
    finally:
        for value, group in groups.items():
            counts[value] = group.close()
    if not groups or not any(group.tokens for group in groups.values()):
        raise BiasInputError(f"{path.name} holds no words to train on.")
    order = [None] if None in groups else order_values(list(groups), read.group_order)
    slugs = {value: None if value is None else slug(value) for value in order}
    if len(set(slugs.values())) < len(slugs):
        raise BiasInputError(
            f"Two values of the group column '{read.group_column}' would give the same "
            "embedding name (they differ only in case or punctuation); make them distinct."
        )
    return CorpusScan(
        file=path.name, path=str(path.resolve()), format=kind, sha256=sha256(path), bytes=size,
        language=language, read=read,
        groups=tuple(
            GroupScan(value, slugs[value], groups[value].documents, groups[value].empty,
                      groups[value].tokens, str(groups[value].path), counts[value])
            for value in order
        ),
    )


def _work_root() -> Path:
    return home() / "corpus-work"


@contextlib.contextmanager
def work_folder() -> Iterator[Path]:
    """A private folder for one training's token files, removed when the block ends; folders
    of killed runs (their lock free) are removed first."""
    root = _work_root()
    root.mkdir(parents=True, exist_ok=True)
    for old in root.iterdir():
        with locked(f"corpus-work-{old.name}", wait=False) as free:
            if free:
                shutil.rmtree(old, ignore_errors=True)
    name = secrets.token_hex(8)
    with locked(f"corpus-work-{name}"):  # before the folder exists: no cleaner can take it
        folder = root / name
        folder.mkdir()
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
