"""The vector file formats BiasWords reads, each declared once: its name, suffixes, how its content
is recognised, its reader, and where it may come from.

Everything else is derived from `FORMATS`: the dispatch of `bias.vectors.sources.read_vectors`,
the suffixes an upload (`bias.vectors.visitor`) or an address (`bias.vectors.download`) may have,
and the sentences that tell a person which files are accepted (errors, the pages' help text).

Where a file may come from (`Origin`) is a rule of the lab server (docs/security.md): a visitor
may upload text vectors and word2vec or fastText binaries, none of which can run code when read;
an address is streamed, so only text vectors (read as they arrive); a saved gensim file is a
Python pickle, opened only from the command line with `--trust-pickle`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from bias.vectors import gensim_readers
from bias.vectors.import_report import OpenRows, Progress, RawVectors, ReadLimits
from bias.vectors.streams import GZIP_MAGIC, CountingReader
from bias.vectors.text_reader import read_text_vectors

Origin = Literal["command line", "upload", "url", "server path"]
"""Where a file comes from: the command line reads every format (a pickle only when trusted);
the dashboard's visitors are strangers."""


@dataclass(frozen=True)
class ReadJob:
    """One file to read, opened: what every reader may need."""

    path: Path
    stream: CountingReader
    shown: str
    limit: int
    progress: Progress | None
    limits: ReadLimits
    open_rows: OpenRows | None


@dataclass(frozen=True)
class VectorFormat:
    """One format. `sniff` is the leading bytes that identify it; with `sniff_decides` they win
    over the name (a fastText model is a `.bin` like word2vec, told apart by its magic number),
    otherwise they only name a file whose suffix says nothing (a gzip of any name is text)."""

    name: str
    suffixes: tuple[str, ...]
    reader: Callable[[ReadJob], RawVectors]
    sniff: bytes = b""
    sniff_decides: bool = False
    sniffed_suffixes: tuple[str, ...] = ()
    """Suffixes accepted for an upload although they do not name this format (`.gz`): the
    content decides."""
    uploads: bool = False
    urls: bool = False
    server_paths: bool = False
    runs_code: bool = False
    """A pickle: opening it runs any code it carries (read only with `trust_pickle`)."""

    def allowed(self, origin: Origin) -> bool:
        return {
            "command line": True, "upload": self.uploads, "url": self.urls,
            "server path": self.server_paths,
        }[origin]

    def accepted_suffixes(self, origin: Origin) -> tuple[str, ...]:
        if not self.allowed(origin):
            return ()
        return self.suffixes + (self.sniffed_suffixes if origin == "upload" else ())


def _read_text(job: ReadJob) -> RawVectors:
    return read_text_vectors(
        job.stream, source=job.shown, limit=job.limit, progress=job.progress, limits=job.limits,
        open_rows=job.open_rows,
    )


def _read_binary(read: Callable[[Path, int, str], RawVectors]) -> Callable[[ReadJob], RawVectors]:
    """A gensim reader, which reads the whole file at once: progress is reported at the end."""

    def reader(job: ReadJob) -> RawVectors:
        result = read(job.path, job.limit, job.shown)
        if job.progress:
            job.progress(job.path.stat().st_size, len(result.words))
        return result

    return reader


FASTTEXT_MAGIC = (793712314).to_bytes(4, "little")

FORMATS: tuple[VectorFormat, ...] = (
    VectorFormat(
        "fastText binary", (".bin",), _read_binary(gensim_readers.read_fasttext_bin),
        sniff=FASTTEXT_MAGIC, sniff_decides=True, uploads=True, server_paths=True,
    ),
    VectorFormat(
        "gensim KeyedVectors", (".kv", ".model", ".wv"), _read_binary(gensim_readers.read_gensim),
        runs_code=True,
    ),
    VectorFormat(
        "word2vec binary", (".bin", ".bin.gz"), _read_binary(gensim_readers.read_word2vec_binary),
        uploads=True, server_paths=True,
    ),
    VectorFormat(
        "text vectors", (".vec", ".vec.gz", ".txt", ".txt.gz"), _read_text, sniff=GZIP_MAGIC,
        sniffed_suffixes=(".gz",), uploads=True, urls=True, server_paths=True,
    ),
)
"""In the order `detect` tries them."""

PICKLE_SUFFIXES = (".pkl", ".pickle")
"""Python pickles under another name than a gensim suffix: refused as uploads like `.kv`."""


def detect(filename: str, head: bytes) -> VectorFormat | None:
    """The format of a file named `filename` whose first bytes are `head`, or None.

    A deciding magic number first (such a format is known by it alone), then the name's suffix,
    then any other magic number."""
    name = filename.lower()
    for fmt in FORMATS:
        if fmt.sniff_decides and head.startswith(fmt.sniff):
            return fmt
    for fmt in FORMATS:
        if not fmt.sniff_decides and name.endswith(fmt.suffixes):
            return fmt
    for fmt in FORMATS:
        if fmt.sniff and head.startswith(fmt.sniff):
            return fmt
    return None


def suffixes(origin: Origin) -> tuple[str, ...]:
    """Every suffix accepted from `origin`, longest first (so `.vec.gz` matches before `.gz`)."""
    found = dict.fromkeys(s for fmt in FORMATS for s in fmt.accepted_suffixes(origin))
    return tuple(sorted(found, key=len, reverse=True))


def upload_types() -> list[str]:
    """The last parts of the upload suffixes ("vec", "gz", …), as a file picker's `type` wants."""
    return list(dict.fromkeys(s.rsplit(".", 1)[1] for s in suffixes("upload")))


def pickle_suffixes() -> tuple[str, ...]:
    """Names of files that are pickles: never accepted from a visitor."""
    return tuple(s for fmt in FORMATS if fmt.runs_code for s in fmt.suffixes) + PICKLE_SUFFIXES


def accepted(origin: Origin) -> str:
    """The formats accepted from `origin`, for a sentence: "text vectors (.vec, …) or …"."""
    parts: dict[str, list[str]] = {}
    for fmt in reversed(FORMATS):  # text vectors first: what most people have
        for suffix in fmt.accepted_suffixes(origin):
            parts.setdefault(fmt.name, []).append(suffix)
    labels = [f"{name} ({', '.join(found)})" for name, found in parts.items()]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]


def upload_help() -> str:
    """The upload field's help: which files a visitor may upload."""
    text = accepted("upload")
    return text[0].upper() + text[1:]


_AS = {"upload": "an upload", "url": "an address", "server path": "a path on the server"}


def refused(fmt: VectorFormat, origin: Origin, shown: str) -> str:
    """Why a file of format `fmt` is not read when it comes from `origin`."""
    return (
        f"{shown} is {fmt.name}, which this server does not accept as {_AS[origin]}; it accepts "
        f"{accepted(origin)}."
    )
