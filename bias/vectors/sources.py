"""Reading word vectors from the files people actually have: `.vec`, `.txt`, word2vec and fastText.

Every reader keeps the first `limit` words (fastText and word2vec files are ordered by frequency, so
these are the most frequent ones) and stops reading as soon as it has them: the first 200,000 words
of the 2,000,000 in a 1.2 GB `cc.de.300.vec.gz` are a tenth of its stream, and a download can stop
there too.

Bad lines never stop an import and are never dropped silently: each one is counted under a reason
in the `ImportReport` (duplicates keep the first occurrence). A file that yields no usable vector at
all, or that cannot be read (not gzip, truncated, unknown format), raises `BiasInputError`.

Text vectors are parsed by our own block parser, not gensim's `load_word2vec_format`, which is far
slower here (2,500-2,900 words/s). Blocks of ~32 MB of lines go to polars' CSV reader in one call
each (no Python code per line, let alone per float), in a thread of their own, while another
thread reads and decompresses the next block and the caller keeps the words of the previous one
(and, in an import, hands its rows to the cache's writer thread). `bench/import_speed.py`
(1,000,000 × 300 fastText-like `.vec.gz`, 2 cores): 117,700 words/s, as fast as only
decompressing, then only parsing, the same file (README, "Speed", has the figures).
"""

from __future__ import annotations

import collections
import functools
import os
import pickle
import stat
import struct
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import numpy as np
import polars as pl
from isal import isal_zlib

from bias.errors import BiasInputError
from bias.vectors.binary_checks import check_fasttext_bin, check_word2vec_binary

if TYPE_CHECKING:
    from gensim.models import KeyedVectors

    from bias.vectors.embeddings import SharedRows

DEFAULT_LIMIT = 200_000

Progress = Callable[[int, int], None]
"""Called as `progress(bytes_read, words_read)`; bytes are those of the file or download itself
(compressed, for a `.gz`), so they can be compared with its size."""


class RowSink(Protocol):
    """Takes the rows a text reader keeps, block by block in order, as it parses them."""

    def add(self, block: np.ndarray) -> None: ...


OpenRows = Callable[[int, int], RowSink]
"""Called once the dimension is known, with the rows expected and the dimension: the cache's
`PendingEntry.open_rows`, so an import writes its rows while it still reads."""


_FASTTEXT_MAGIC = (793712314).to_bytes(4, "little")
_GZIP_MAGIC = b"\x1f\x8b"
_READ_BYTES = 256 << 10  # bytes per read from a file or download
_PARSE_BYTES = 32 << 20  # text per polars call: ~14,000 lines of 300 floats
_PROGRESS_SECONDS = 0.25  # progress is reported as bytes arrive, at most this often
_BLOCKS_IN_FLIGHT = 2  # blocks parsed at once: one more kept the cores busier (+5 %, 1M words)
_MAX_LINE_BYTES = 16 << 20  # a longer "line" means the file is not text vectors
_MAX_DIMENSIONS = 10_000  # a header claiming more is not an embedding (and would cost memory)
_INFLATE_BYTES = 1 << 20  # the most one decompression step may produce (a bomb inflates ~1000×)
_RATIO_GRACE_BYTES = 16 << 20  # the compression ratio is judged after this much text
_TEXT_SUFFIXES = (".vec", ".txt", ".vec.gz", ".txt.gz")
_GENSIM_SUFFIXES = (".kv", ".model", ".wv")
SUPPORTED = "text vectors (.vec, .vec.gz, .txt, .txt.gz), word2vec or fastText .bin, gensim .kv"

# Reasons a line is skipped; the report counts each.
BLANK = "blank line"
NOT_UTF8 = "word is not valid UTF-8"
WRONG_DIMENSION = "wrong number of values"
NOT_A_NUMBER = "a value that is not a number"
NOT_FINITE = "NaN or infinite value"
ALL_ZERO = "all-zero vector"
DUPLICATE = "duplicate word (first kept)"
BAD_WORD = "empty word or word with a line break"


@dataclass(frozen=True)
class ReadLimits:
    """Bounds on the work one text vector file may cause, whatever it holds.

    Reading stops at `limit` words, but a hostile file can hold no usable word at all: a gzip bomb
    (261 KB that inflate to gigabytes of blank lines) or millions of duplicate lines. These bounds
    stop it early, in bounded memory, with one sentence. Real files stay far inside them: fastText
    `.vec.gz` files inflate about 2.5 times, and have a handful of skipped lines.
    """

    max_skipped_lines: int = 1_000_000
    """At most `limit` + this many lines are read (skipped lines count too: blank, duplicate,
    broken), so a file of endless lines without a usable word stops early."""
    max_inflated_bytes: int = 64 << 30
    """Decompressed text of a `.gz` in total (a whole 2,000,000 × 300 `cc.*.vec.gz`: 4.5 GB)."""
    max_ratio: int = 100
    """A `.gz` that inflates to more than this many times its compressed size (after the first
    16 MB) is not vector text."""


@dataclass
class ImportReport:
    """What an import read, kept and skipped, for the user and for `meta.json`."""

    source: str
    format: str
    dimensions: int = 0
    words: int = 0
    lines_read: int = 0
    declared_words: int | None = None  # from a "count dimension" header line, if any
    stopped_at_limit: bool = False
    stopped_at_skipped_lines: bool = False
    skipped: dict[str, int] = field(default_factory=dict)
    first_skipped_line: dict[str, int] = field(default_factory=dict)
    shared_words: int = 0  # words of a pruned table that use another word's vector

    def skip(self, reason: str, line: int) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1
        self.first_skipped_line[reason] = min(line, self.first_skipped_line.get(reason, line))

    def summary(self) -> str:
        """One paragraph for a person: what was kept, why reading stopped, what was skipped."""
        text = f"Kept {self.words:,} words × {self.dimensions} dimensions from {self.format}"
        text += f" ({self.lines_read:,} entries read"
        text += (
            ", stopped at the word limit)." if self.stopped_at_limit
            else ", stopped early: too many lines without a usable word)."
            if self.stopped_at_skipped_lines
            else ", whole file)."
        )
        if self.shared_words:
            text += (
                f" {self.shared_words:,} more words have no vector of their own (a pruned table): "
                "each shares the vector of a more frequent word and is reported as a 'shared row'."
            )
        if self.skipped:
            parts = [
                f"{count:,} × {reason} (first at entry {self.first_skipped_line[reason]:,})"
                for reason, count in sorted(self.skipped.items(), key=lambda kv: -kv[1])
            ]
            text += " Skipped: " + "; ".join(parts) + "."
        return text

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True, eq=False)
class Subwords:
    """fastText character n-gram vectors, to build vectors for words outside the vocabulary.

    Computes what gensim's `FastTextKeyedVectors.get_vector` does for an unknown word (the mean of
    its hashed n-gram vectors), but from a plain array, so the cache can store and memory-map it.
    """

    vectors: np.ndarray
    min_n: int
    max_n: int

    def __call__(self, word: str) -> np.ndarray | None:
        from gensim.models.fasttext import ft_ngram_hashes

        hashes = ft_ngram_hashes(word, self.min_n, self.max_n, self.vectors.shape[0])
        if not hashes:
            return None
        return np.asarray(self.vectors[hashes], dtype=np.float32).mean(axis=0)


@dataclass
class RawVectors:
    """Vectors as read, not yet normalised, with the report of how they were read.

    A text import keeps the rows of each parsed block as they came (`vectors`, then `more`): joining
    them, or copying them into a growing matrix, cost a second copy of every row (0.5 s of a 3 s
    import of 200,000 × 300); `row_blocks` gives them in order (the cache writes them one by one).
    """

    words: list[str]
    vectors: np.ndarray
    report: ImportReport
    subwords: Subwords | None = None
    more: tuple[np.ndarray, ...] = ()
    shared: SharedRows | None = None

    def row_blocks(self) -> Iterator[np.ndarray]:
        yield self.vectors
        yield from self.more

    @property
    def dimensions(self) -> int:
        return int(self.vectors.shape[1])


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


class CountingReader:
    """A binary stream that counts the bytes read from it and can look ahead a few bytes.

    `expected_bytes` (an HTTP Content-Length) turns a stream that ends early into an error:
    http.client returns a short read instead of raising when a connection drops, and for an
    uncompressed `.vec` nothing else would notice the missing end.
    """

    def __init__(self, raw: Readable, expected_bytes: int | None = None) -> None:
        self._raw = raw
        self._pending = b""
        self.bytes_read = 0
        self.expected_bytes = expected_bytes

    def peek(self, size: int) -> bytes:
        while len(self._pending) < size:
            more = self._raw.read(size - len(self._pending))
            if not more:
                break
            self._pending += more
        return self._pending[:size]

    def read(self, size: int = -1) -> bytes:
        if self._pending:
            cut = len(self._pending) if size < 0 else size
            data, self._pending = self._pending[:cut], self._pending[cut:]
        else:
            data = self._raw.read(size)
            if not data and size != 0:
                self._check_complete()
        self.bytes_read += len(data)
        return data

    def _check_complete(self) -> None:
        if self.expected_bytes is not None and self.bytes_read < self.expected_bytes:
            raise BiasInputError(
                f"The connection was dropped after {self.bytes_read:,} of "
                f"{self.expected_bytes:,} bytes; run the import again to restart it."
            )


def read_text_vectors(
    stream: CountingReader,
    *,
    source: str,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
    limits: ReadLimits = ReadLimits(),
    open_rows: OpenRows | None = None,
) -> RawVectors:
    """Parse `.vec`/`.txt` vectors, gzip-compressed or not, from `stream` until `limit` words.

    The first line may be a fastText/word2vec "count dimension" header; GloVe files have none, and
    then the dimension is the most common number of values among the first lines. `limits` bound
    the lines and the decompressed bytes a file may make us read (`ReadLimits`). With
    `open_rows`, the kept rows are also handed, as they are parsed, to the sink it opens.
    """
    compressed = stream.peek(2) == _GZIP_MAGIC
    fmt = "gzip-compressed text vectors" if compressed else "text vectors"
    pending: list[bytes] = []
    pending_bytes = 0
    next_report = 0.0
    source_chunks = _inflate(stream, source, limits) if compressed else _raw_chunks(stream)
    with (
        _TextParser(source, fmt, limit, limits.max_skipped_lines, open_rows) as parser,
        _ReadAhead(source_chunks) as chunks,
    ):
        while not parser.done:
            chunks.ahead = parser.wanted_bytes()
            chunk = chunks.get()
            if chunk is None:
                rest = b"".join(pending)
                if rest.strip():
                    parser.feed(rest)
                break
            pending.append(chunk)
            pending_bytes += len(chunk)
            if progress and time.monotonic() >= next_report:
                progress(stream.bytes_read, parser.words_read())
                next_report = time.monotonic() + _PROGRESS_SECONDS
            if pending_bytes < parser.wanted_bytes():
                continue
            cut = chunk.rfind(b"\n") + 1
            if cut:  # the usual case: the block ends at the last line end of its last chunk
                pending[-1] = chunk[:cut]
                parser.feed(b"".join(pending))  # the one copy of the block's text
                pending, pending_bytes = [chunk[cut:]], len(chunk) - cut
            else:  # the last chunk lies inside one line
                data = b"".join(pending)
                cut = data.rfind(b"\n") + 1
                if cut == 0 and len(data) > _MAX_LINE_BYTES:
                    raise BiasInputError(
                        f"{source} has a line longer than {_MAX_LINE_BYTES >> 20} MB, so it is "
                        f"not a text vector file; BiasWords reads {SUPPORTED}."
                    )
                if cut:
                    parser.feed(data[:cut])
                pending, pending_bytes = [data[cut:]], len(data) - cut
        result = parser.result()
    if progress:
        progress(stream.bytes_read, len(result.words))
    return result


class _ReadAhead:
    """Pulls chunks (read and decompressed) in a background thread while the caller parses.

    Inflating and socket reads release the GIL, so on two cores decompression overlaps with
    parsing (with Python's zlib it cost nearly as much as parsing: 2.8 s for 200,000 × 300 words).
    The thread stays at most `ahead` bytes ahead of the caller, who sets it to the size of its
    next block: enough to overlap, yet a small word limit reads little, and closing (at the word
    limit) stops the download. An exception in the thread is raised again in the caller by `get`.
    """

    def __init__(self, chunks: Iterator[bytes]) -> None:
        self.ahead = _READ_BYTES
        self._chunks = chunks
        self._queue: collections.deque[bytes] = collections.deque()
        self._queued = 0
        self._done = False
        self._stop = False
        self._error: BaseException | None = None
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="biaswords-read", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            for chunk in self._chunks:
                with self._changed:
                    while self._queued >= self.ahead and not self._stop:
                        self._changed.wait(0.1)
                    if self._stop:
                        return
                    self._queue.append(chunk)
                    self._queued += len(chunk)
                    self._changed.notify_all()
        except BaseException as exc:  # handed to the caller by get()
            self._error = exc
        finally:
            with self._changed:
                self._done = True
                self._changed.notify_all()

    def get(self) -> bytes | None:
        """The next chunk, or None at the end of the stream."""
        with self._changed:
            while not self._queue and not self._done:
                self._changed.wait()
            if self._queue:
                chunk = self._queue.popleft()
                self._queued -= len(chunk)
                self._changed.notify_all()
                return chunk
        if self._error is not None:
            raise self._error
        return None

    def __enter__(self) -> _ReadAhead:
        return self

    def __exit__(self, *exc_info: object) -> None:
        with self._changed:
            self._stop = True
            self._changed.notify_all()
        self._thread.join()


def _check_inflated(inflated: int, compressed: int, source: str, limits: ReadLimits) -> None:
    if inflated > limits.max_inflated_bytes:
        raise BiasInputError(
            f"{source} decompresses to more than {limits.max_inflated_bytes / 1e9:,.0f} GB, the "
            "most BiasWords reads from one file; import fewer words with --limit."
        )
    if inflated > _RATIO_GRACE_BYTES and inflated > limits.max_ratio * max(compressed, 1):
        raise BiasInputError(
            f"{source} decompresses to more than {limits.max_ratio} times its size (vector text "
            "compresses about 3 times), so it is not a vector file; it was not read further."
        )


def _raw_chunks(stream: Readable) -> Iterator[bytes]:
    while chunk := stream.read(_READ_BYTES):
        yield chunk


def _inflate(stream: CountingReader, source: str, limits: ReadLimits) -> Iterator[bytes]:
    """Decompress gzip (also several concatenated members) with ISA-L's zlib-compatible inflater.

    Measured here on 113 MB of text vectors: Python's zlib 0.64 s, `isal_zlib` 0.23 s (GzipFile
    is slower still, 4.9 s against zlib's 2.8 s for 450 MB). Decompression was what kept `.vec.gz`
    imports under 50,000 words/s.

    Bounded for hostile files (`ReadLimits`): one step inflates at most 1 MB (a 256 KB read of a
    bomb would otherwise become 250 MB at once), and the total and the ratio to the compressed
    bytes read are checked after every step.
    """
    inflater = isal_zlib.decompressobj(wbits=31)
    inflated = 0
    try:
        while data := stream.read(_READ_BYTES):
            while True:
                if inflater.eof and data:
                    inflater = isal_zlib.decompressobj(wbits=31)
                out = inflater.decompress(data, _INFLATE_BYTES)
                data = inflater.unused_data if inflater.eof else inflater.unconsumed_tail
                if out:
                    inflated += len(out)
                    _check_inflated(inflated, stream.bytes_read, source, limits)
                    yield out
                if not data and len(out) < _INFLATE_BYTES:
                    break
    except isal_zlib.error as exc:
        raise BiasInputError(f"{source} is damaged: its gzip data cannot be decompressed.") from exc
    if not inflater.eof:
        raise BiasInputError(
            f"{source} ends in the middle of its gzip stream, so the file or download is truncated."
        )


class _TextParser:
    """Turns blocks of whole lines into kept words and their rows, kept block by block.

    A block is parsed by polars' CSV reader as a table "word v1 … vd" (plus an empty column for the
    trailing space fastText writes): 70,000-160,000 lines of 300 floats per second here, against
    21,000 for one `np.fromstring` over the block, and no Python code runs per line. Blocks must
    be large (tens of MB) for that speed: each call has a fixed cost (8 MB blocks: 46,000/s).
    Only a block polars rejects (a line with too many values, a non-number) is parsed again line
    by line, to find and count the bad lines. At most `limit` + `max_skipped` lines are ever
    parsed, so a file of endless blank or duplicate lines costs bounded work.

    Parsing runs in threads, ahead of the caller: while polars parses blocks n and n + 1 (it
    releases the GIL), this thread takes in block n - 1 (its words checked against those already
    kept) and the read thread inflates the next. Done one after the other, these steps left a
    core idle about half of the time.
    """

    def __init__(
        self, source: str, fmt: str, limit: int, max_skipped: int, open_rows: OpenRows | None
    ) -> None:
        if limit < 1:
            raise BiasInputError(f"The word limit must be at least 1, not {limit}.")
        self.report = ImportReport(source, fmt)
        self.limit = limit
        self.max_lines = limit + max_skipped + 1  # + 1: the header line
        self.words: list[str] = []
        self.seen: set[str] = set()
        self.blocks: list[np.ndarray] = []  # each parsed block's kept rows, never copied again
        self.open_rows = open_rows
        self.sink: RowSink | None = None
        self.lines_queued = 0  # lines handed to the parsing thread, the header included
        self.bytes_queued = 0
        self._parsing = ThreadPoolExecutor(_BLOCKS_IN_FLIGHT, "biaswords-parse")
        self._in_flight: collections.deque[tuple[int, int, Future[ParsedBlock]]] = (
            collections.deque()
        )

    def __enter__(self) -> _TextParser:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._parsing.shutdown(cancel_futures=True)

    @property
    def full(self) -> bool:
        return len(self.words) >= self.limit

    @property
    def done(self) -> bool:
        """Whether reading may stop: the limit is reached or no more lines may be read."""
        if self.report.stopped_at_skipped_lines or self._expected_words() >= self.limit:
            self.drain()  # the blocks in flight decide
        return self.full or self.report.stopped_at_skipped_lines

    def _expected_words(self) -> int:
        return len(self.words) + sum(lines for _, lines, _ in self._in_flight)

    def words_read(self) -> int:
        """Words kept so far plus the lines being parsed (most of them become words), at most the
        limit: what a progress bar shows while blocks are still in flight."""
        return min(self._expected_words(), self.limit)

    def wanted_bytes(self) -> int:
        """Text for the next block: enough for the missing words, once line length is known."""
        if not self.lines_queued:
            return min(1 << 20, _PARSE_BYTES)
        line_bytes = self.bytes_queued / self.lines_queued
        need = int((self.limit - self._expected_words()) * line_bytes * 1.05) + 4096
        return min(max(need, 64 << 10), _PARSE_BYTES)

    def feed(self, block: bytes) -> None:
        """Queue `block` for parsing, then take in the blocks parsed beyond those in flight."""
        report = self.report
        block, lines = self._within_line_bound(block)
        first_line = self.lines_queued
        if first_line == 0:
            head = block.split(b"\n", 100)
            first = head[0].split()
            if len(first) == 2 and first[0].isdigit() and first[1].isdigit():
                report.declared_words, report.dimensions = int(first[0]), int(first[1])
                block, first_line = block[len(head[0]) + 1 :], 1
                self.lines_queued = report.lines_read = 1
                lines -= 1
            else:
                report.dimensions = _guess_dimension(head[:100], report.source)
            if not 1 <= report.dimensions <= _MAX_DIMENSIONS:
                raise BiasInputError(
                    f"{report.source} has {report.dimensions:,} values per word; BiasWords reads "
                    f"vectors of 1 to {_MAX_DIMENSIONS:,} dimensions."
                )
            if self.open_rows is not None:
                expected = min(self.limit, report.declared_words or self.limit)
                self.sink = self.open_rows(expected, report.dimensions)
        if not block:
            return
        self.lines_queued += lines
        self.bytes_queued += len(block)
        parsed = self._parsing.submit(_parse_block, block, report.dimensions)
        self._in_flight.append((first_line, lines, parsed))
        while len(self._in_flight) > _BLOCKS_IN_FLIGHT:
            self._take(*self._in_flight.popleft())

    def drain(self) -> None:
        """Take in every block still being parsed."""
        while self._in_flight:
            self._take(*self._in_flight.popleft())

    def _take(self, first_line: int, lines: int, parsed: Future[ParsedBlock]) -> None:
        """Keep the usable, new words of a parsed block (beyond the limit, none)."""
        report = self.report
        try:
            words, matrix, reasons, usable = parsed.result()
        except MemoryError:
            raise BiasInputError(
                f"There is not enough memory for more than {len(self.words):,} vectors of "
                f"{report.dimensions} values; import fewer words with --limit."
            ) from None
        if self.full:
            return  # read ahead while the limit was not yet sure to be reached
        if (
            reasons is None
            and usable
            and len(words) <= self.limit - len(self.words)
            and len(set(words)) == len(words)
            and self.seen.isdisjoint(words)
        ):  # the usual block: every line is kept, no Python code runs per line
            self._keep(matrix)
            self.words.extend(words)
            self.seen.update(words)
            report.lines_read = first_line + len(words)
            return
        finite = np.isfinite(matrix).all(axis=1)
        nonzero = matrix.any(axis=1)
        keep: list[int] = []
        line_no = first_line
        for i, word in enumerate(words):
            if self.full:
                break
            line_no += 1
            reason = (
                reasons[i] if reasons and reasons[i]
                else NOT_FINITE if not finite[i]
                else ALL_ZERO if not nonzero[i]
                else DUPLICATE if word in self.seen
                else None
            )
            if reason:
                report.skip(reason, line_no)
                continue
            self.seen.add(word)
            self.words.append(word)
            keep.append(i)
        report.lines_read = line_no
        if keep:
            self._keep(matrix[keep])

    def _keep(self, rows: np.ndarray) -> None:
        self.blocks.append(rows)
        if self.sink is not None:
            self.sink.add(rows)

    def _within_line_bound(self, block: bytes) -> tuple[bytes, int]:
        """`block`, cut after the last line the bound allows (and the report told so), and its
        number of lines."""
        room = self.max_lines - self.lines_queued
        ends = block.count(b"\n")
        if ends < room:
            return block, ends + (not block.endswith(b"\n"))
        self.report.stopped_at_skipped_lines = True
        if room <= 0:
            return b"", 0
        ends = np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == ord("\n"))
        return block[: int(ends[room - 1]) + 1], room

    def result(self) -> RawVectors:
        self.drain()
        report = self.report
        report.words = len(self.words)
        report.stopped_at_limit = self.full
        if self.full:
            report.stopped_at_skipped_lines = False
        if not self.words:
            raise BiasInputError(_nothing_usable(report))
        first, *more = self.blocks
        return RawVectors(self.words, first, report, more=tuple(more))


def _parse_block(block: bytes, dim: int) -> ParsedBlock:
    """`Parsed`, and whether every row is finite and not all zero (the usual case), for the
    parsing thread: numpy's checks release the GIL too."""
    words, matrix, reasons = _parse_table(block, dim) or _parse_lines(block, dim)
    usable = bool(np.isfinite(matrix).all()) and bool(matrix.any(axis=1).all())
    return words, matrix, reasons, usable


Parsed = tuple[list[str], np.ndarray, list[str | None] | None]
"""Per line of a block: the word, its values (a row of the matrix) and a reason to skip it (None
for all: the block is well-formed)."""
ParsedBlock = tuple[list[str], np.ndarray, list[str | None] | None, bool]
"""`Parsed`, and whether every row is usable (finite, not all zero)."""


def _parse_table(block: bytes, dim: int) -> Parsed | None:
    """The fast path: the whole block as one polars table, or None if polars rejects it."""
    first = block[: block.find(b"\n")].rstrip(b"\r")
    padded = first.endswith(b" ")
    try:
        table = pl.read_csv(
            block,
            has_header=False,
            separator=" ",
            quote_char=None,
            schema=_schema(dim, padded),
            encoding="utf8-lossy",
        )
    except pl.exceptions.PolarsError:
        return None
    values = [f"v{i}" for i in range(dim)]
    words = table["word"].to_list()
    matrix = table.select(values).to_numpy(order="c").astype(np.float32, copy=False)
    nulls = table.select(values).null_count().row(0)
    padding = table["pad"].null_count() if padded else table.height
    if not any(nulls) and padding == table.height and not _lossy(table["word"]):
        return words, matrix, None
    short = table.select(pl.any_horizontal(pl.col(values).is_null())).to_series()
    if padded:
        short = short | table["pad"].is_not_null()
    reasons: list[str | None] = [
        (BLANK if word is None and bad else BAD_WORD) if word is None or not word.strip()
        else WRONG_DIMENSION if bad
        else NOT_UTF8 if "\ufffd" in word
        else None
        for word, bad in zip(words, short.to_list(), strict=True)
    ]
    return words, matrix, reasons


def _lossy(words: pl.Series) -> bool:
    """Whether a word is missing, had bytes that are not UTF-8 (read as U+FFFD) or is only white
    space that is not a plain space (a no-break space, U+2028…): such blocks take the slow path,
    which names the reason for each line."""
    return bool(
        words.null_count()
        or words.str.contains("\ufffd", literal=True).any()
        or (words.str.strip_chars().str.len_bytes() == 0).any()
    )


@functools.cache
def _schema(dim: int, padded: bool) -> dict[str, pl.DataType]:
    schema: dict[str, pl.DataType] = {"word": pl.String()}
    schema.update({f"v{i}": pl.Float32() for i in range(dim)})
    if padded:
        schema["pad"] = pl.String()
    return schema


def _parse_lines(block: bytes, dim: int) -> Parsed:
    """The exact path, line by line, for a block with lines polars cannot read."""
    lines = block.split(b"\n")
    if lines and not lines[-1]:
        lines.pop()
    words: list[str] = []
    reasons: list[str | None] = []
    matrix = np.zeros((len(lines), dim), dtype=np.float32)
    for i, line in enumerate(lines):
        word_bytes, _, rest = line.partition(b" ")
        row = _floats(rest)
        try:
            word = word_bytes.decode("utf-8")
        except UnicodeDecodeError:
            word, reason = "", NOT_UTF8
        else:
            reason = (
                BLANK if not line.strip()
                else BAD_WORD if not word.strip()
                else NOT_A_NUMBER if row is None
                else WRONG_DIMENSION if row.size != dim
                else None
            )
        if reason is None:
            matrix[i] = row
        words.append(word)
        reasons.append(reason)
    return words, matrix, reasons


def _guess_dimension(lines: list[bytes], source: str) -> int:
    """The most common number of values per line among the first 100 non-blank lines."""
    counts = Counter(len(line.split()) - 1 for line in lines[:100] if line.strip())
    dim = counts.most_common(1)[0][0] if counts else 0
    if dim < 1:
        raise BiasInputError(
            f"{source} does not look like text vectors (a word then numbers on each line); "
            f"BiasWords reads {SUPPORTED}."
        )
    return dim


def _floats(data: bytes) -> np.ndarray | None:
    """Whitespace-separated floats, or None if anything in `data` is not a number."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        try:
            return np.fromstring(data, dtype=np.float32, sep=" ")
        except (ValueError, DeprecationWarning):
            return None


def _nothing_usable(report: ImportReport) -> str:
    if report.lines_read == 0:
        return f"{report.source} is empty."
    if not report.skipped:
        return f"{report.source} has a header line but no vectors."
    reason, count = max(report.skipped.items(), key=lambda kv: kv[1])
    detail = f" (expected {report.dimensions})" if reason == WRONG_DIMENSION else ""
    return (
        f"{report.source} has no usable vectors: {count:,} of {report.lines_read:,} lines were "
        f"skipped for {reason}{detail}."
    )


def read_vectors(
    path: str | os.PathLike[str],
    *,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
    trust_pickle: bool = False,
    label: str | None = None,
    limits: ReadLimits = ReadLimits(),
    open_rows: OpenRows | None = None,
) -> RawVectors:
    """Read the first `limit` words of a vector file, choosing the reader by content and suffix.

    fastText `.bin` is recognised by its magic number, gzip by its header; `.bin`/`.bin.gz`
    without the fastText magic is word2vec binary, `.kv`/`.model`/`.wv` a saved gensim KeyedVectors.
    Those gensim files are Python pickles, and unpickling runs whatever code the file carries: they
    are refused unless `trust_pickle` (the command line's `--trust-pickle`, never the dashboard).
    `label` is how messages name the file when `path` is only a temporary copy (an upload).
    Text readers hand their rows to the sink `open_rows` opens as they parse (the others do not).
    """
    path = Path(path).expanduser()
    shown = label or str(path)
    _check_regular_file(path, shown)
    if limit < 1:
        raise BiasInputError(f"The word limit must be at least 1, not {limit}.")
    name = path.name.lower()  # an upload's copy carries the suffix of the visitor's file
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise BiasInputError(f"{shown} cannot be opened ({exc.strerror or exc}).") from exc
    with handle:
        reader = CountingReader(handle)
        head = reader.peek(4)
        if head == _FASTTEXT_MAGIC:
            result = _read_fasttext_bin(path, limit, shown)
        elif name.endswith(_GENSIM_SUFFIXES):
            if not trust_pickle:
                raise BiasInputError(pickle_refused(shown))
            result = _read_gensim(path, limit, shown)
        elif name.endswith((".bin", ".bin.gz")):
            result = _read_word2vec_binary(path, limit, shown)
        elif name.endswith(_TEXT_SUFFIXES) or head[:2] == _GZIP_MAGIC:
            return read_text_vectors(
                reader, source=shown, limit=limit, progress=progress, limits=limits,
                open_rows=open_rows,
            )
        else:
            raise BiasInputError(
                f"BiasWords cannot tell the format of {Path(shown).name}; it reads {SUPPORTED}."
            )
    if progress:
        progress(path.stat().st_size, len(result.words))
    return result


def pickle_refused(shown: str) -> str:
    """Why a gensim `.kv`/`.model`/`.wv` file is not opened without `trust_pickle`."""
    return (
        f"{shown} is a saved gensim file, a Python pickle that can run any code when opened, so "
        "BiasWords opens it only from the command line with --trust-pickle, for a file you made "
        "yourself; to import it safely, save it as text vectors with gensim's "
        "KeyedVectors.save_word2vec_format and import that."
    )


def _check_regular_file(path: Path, shown: str) -> None:
    """A vector file must be a regular file: a folder or a device (/dev/zero) gets its own
    sentence rather than "no file", and a device is never read (it may never end)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        raise BiasInputError(f"There is no file at {shown}.") from None
    if stat.S_ISDIR(mode):
        raise BiasInputError(f"{shown} is a folder; give the path of a vector file inside it.")
    if not stat.S_ISREG(mode):
        raise BiasInputError(
            f"{shown} is not a regular file (a device or a pipe), so it is not read."
        )


# Exceptions gensim raises on damaged or mismatched files (it has no error type of its own).
_GENSIM_READ_ERRORS = (
    ValueError, EOFError, OSError, UnicodeDecodeError, NotImplementedError, KeyError, IndexError,
    AttributeError, TypeError, AssertionError, MemoryError, struct.error, pickle.UnpicklingError,
)


def _read_word2vec_binary(path: Path, limit: int, shown: str) -> RawVectors:
    from gensim.models import KeyedVectors

    check_word2vec_binary(path, limit, shown)
    try:
        kv = KeyedVectors.load_word2vec_format(str(path), binary=True, limit=limit)
    except _GENSIM_READ_ERRORS as exc:
        raise BiasInputError(f"{shown} cannot be read as word2vec binary vectors: {exc}.") from exc
    return _from_keyed_vectors(kv, limit, ImportReport(shown, "word2vec binary"))


def _read_fasttext_bin(path: Path, limit: int, shown: str) -> RawVectors:
    """A fastText model: gensim loads all of it (it has no partial reader), then we keep `limit`."""
    from gensim.models.fasttext import load_facebook_vectors

    check_fasttext_bin(path, shown)
    try:
        kv = load_facebook_vectors(str(path))
    except _GENSIM_READ_ERRORS as exc:
        raise BiasInputError(f"{shown} cannot be read as a fastText model: {exc}.") from exc
    return _from_keyed_vectors(kv, limit, ImportReport(shown, "fastText binary model"))


def _read_gensim(path: Path, limit: int, shown: str) -> RawVectors:
    """A gensim `KeyedVectors.save` file. Loading unpickles it: only with `trust_pickle`."""
    from gensim.models import KeyedVectors

    try:
        kv = KeyedVectors.load(str(path), mmap="r")
    except _GENSIM_READ_ERRORS as exc:
        raise BiasInputError(f"{shown} cannot be read as gensim KeyedVectors: {exc}.") from exc
    if not isinstance(kv, KeyedVectors):
        raise BiasInputError(f"{shown} is a saved gensim {type(kv).__name__}, not KeyedVectors.")
    return _from_keyed_vectors(kv, limit, ImportReport(shown, "gensim KeyedVectors"))


def _from_keyed_vectors(kv: KeyedVectors, limit: int, report: ImportReport) -> RawVectors:
    """Keep the first `limit` usable words of gensim vectors, with the same checks as text files."""
    from gensim.models.fasttext import FastTextKeyedVectors

    keys = kv.index_to_key
    matrix = np.asarray(kv.vectors, dtype=np.float32)
    report.dimensions = int(matrix.shape[1]) if matrix.ndim == 2 else 0
    finite = np.isfinite(matrix).all(axis=1)
    nonzero = matrix.any(axis=1)
    words: list[str] = []
    rows: list[int] = []
    seen: set[str] = set()
    entry = 0
    for entry, word in enumerate(keys, start=1):
        if len(words) >= limit:
            entry -= 1
            break
        reason = (
            BAD_WORD if not isinstance(word, str) or not word.strip() or "\n" in word
            else NOT_FINITE if not finite[entry - 1]
            else ALL_ZERO if not nonzero[entry - 1]
            else DUPLICATE if word in seen
            else None
        )
        if reason:
            report.skip(reason, entry)
            continue
        seen.add(word)
        words.append(word)
        rows.append(entry - 1)
    report.lines_read = entry
    report.words = len(words)
    report.stopped_at_limit = len(words) >= limit
    if not words:
        raise BiasInputError(_nothing_usable(report))
    subwords = None
    if isinstance(kv, FastTextKeyedVectors) and kv.bucket:
        ngrams = np.asarray(kv.vectors_ngrams, dtype=np.float32)
        subwords = Subwords(ngrams, int(kv.min_n), int(kv.max_n))
    return RawVectors(words, matrix[rows], report, subwords)
