"""Reading text vectors (`.vec`, `.txt`, gzip-compressed or not) from a file or a download.

The reader keeps the first `limit` words (fastText and word2vec files are ordered by frequency, so
these are the most frequent ones) and stops reading as soon as it has them: the first 200,000 words
of the 2,000,000 in a 1.2 GB `cc.de.300.vec.gz` are a tenth of its stream, and a download can stop
there too. Bad lines are counted in the `ImportReport` (`bias.vectors.import_report`).

Text vectors are parsed by our own block parser, not gensim's `load_word2vec_format`, which is far
slower here (2,500-2,900 words/s). Blocks of ~32 MB of lines go to polars' CSV reader in one call
each (`bias.vectors.text_blocks`: no Python code per line, let alone per float), in a thread of
their own, while another thread reads and decompresses the next block (`bias.vectors.streams`)
and the caller keeps the words of the previous one (and, in an import, hands its rows to the
cache's writer thread). `bench/import_speed.py` (1,000,000 × 300 fastText-like `.vec.gz`, 2 cores):
117,700 words/s, as fast as only decompressing, then only parsing, the same file (README, "Speed",
has the figures).
"""

from __future__ import annotations

import collections
import re
import time
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from bias.errors import BiasInputError
from bias.vectors.import_report import (
    ALL_ZERO,
    DEFAULT_LIMIT,
    DUPLICATE,
    NOT_FINITE,
    WORD_LIMIT,
    ImportReport,
    OpenRows,
    Progress,
    RawVectors,
    ReadLimits,
    RowSink,
    check_dimensions,
    nothing_usable,
)
from bias.vectors.streams import GZIP_MAGIC, CountingReader, ReadAhead, inflate, raw_chunks
from bias.vectors.text_blocks import ParsedBlock, guess_dimension, parse_block

_PARSE_BYTES = 32 << 20  # text per polars call: ~14,000 lines of 300 floats
_PROGRESS_SECONDS = 0.25  # progress is reported as bytes arrive, at most this often
_BLOCKS_IN_FLIGHT = 2  # blocks parsed at once: one more kept the cores busier (+5 %, 1M words)
_MAX_LINE_BYTES = 16 << 20  # a longer "line" means the file is not text vectors
_HEADER_NUMBER = re.compile(rb"[+-]?[0-9]+")
"""A field of a "count dimension" first line; a sign is read too, so '-1 -5' is a header that
is refused, not a word '-1' with one value."""
_MAX_HEADER_DIGITS = 11  # more words than this is no file's count


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
    compressed = stream.peek(2) == GZIP_MAGIC
    fmt = "gzip-compressed text vectors" if compressed else "text vectors"
    pending: list[bytes] = []
    pending_bytes = 0
    next_report = 0.0
    source_chunks = inflate(stream, source, limits) if compressed else raw_chunks(stream)
    with (
        _TextParser(source, fmt, limit, limits.max_skipped_lines, open_rows) as parser,
        ReadAhead(source_chunks) as chunks,
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
            pending = _feed_whole_lines(parser, pending, source)
            pending_bytes = len(pending[0])
        result = parser.result()
    if progress:
        progress(stream.bytes_read, len(result.words))
    return result


def _feed_whole_lines(parser: _TextParser, pending: list[bytes], source: str) -> list[bytes]:
    """Hand the whole lines of the `pending` chunks to `parser`; the rest of a line is returned."""
    chunk = pending[-1]
    cut = chunk.rfind(b"\n") + 1
    if cut:  # the usual case: the block ends at the last line end of its last chunk
        pending[-1] = chunk[:cut]
        parser.feed(b"".join(pending))  # the one copy of the block's text
        return [chunk[cut:]]
    data = b"".join(pending)  # the last chunk lies inside one line
    cut = data.rfind(b"\n") + 1
    if cut == 0 and len(data) > _MAX_LINE_BYTES:
        raise BiasInputError(
            f"{source} has a line longer than {_MAX_LINE_BYTES >> 20} MB, so it is "
            "not a text vector file (a word then its numbers on each line)."
        )
    if cut:
        parser.feed(data[:cut])
    return [data[cut:]]


def _header(fields: list[bytes], source: str) -> tuple[int, int]:
    """(words, dimensions) of a "count dimension" first line, or one sentence when it declares
    no words or an absurd number of them (the dimension is checked with every reader's)."""
    line = b" ".join(fields).decode()[:40]
    if any(len(f.lstrip(b"+-")) > _MAX_HEADER_DIGITS for f in fields) or int(fields[0]) < 1:
        raise BiasInputError(
            f"{source} begins with the header line '{line}', which does not declare a number of "
            "words (at least one) and of values per word, so the file is damaged or not word "
            "vectors."
        )
    return int(fields[0]), int(fields[1])


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
        WORD_LIMIT.check(limit)
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
            if len(first) == 2 and all(_HEADER_NUMBER.fullmatch(f) for f in first):
                report.declared_words, report.dimensions = _header(first, report.source)
                block, first_line = block[len(head[0]) + 1 :], 1
                self.lines_queued = report.lines_read = report.header_lines = 1
                lines -= 1
            else:
                report.dimensions = guess_dimension(head[:100], report.source)
            check_dimensions(report.dimensions, report.source)
            if self.open_rows is not None:
                expected = min(self.limit, report.declared_words or self.limit)
                self.sink = self.open_rows(expected, report.dimensions)
        if not block:
            return
        self.lines_queued += lines
        self.bytes_queued += len(block)
        parsed = self._parsing.submit(parse_block, block, report.dimensions)
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
            raise BiasInputError(nothing_usable(report))
        first, *more = self.blocks
        return RawVectors(self.words, first, report, more=tuple(more))

