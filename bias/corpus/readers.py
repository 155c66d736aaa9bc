"""A researcher's file as a stream of documents: plain text, CSV/TSV, JSON Lines, a .zip of .txt.

Nothing holds the whole file: every format is read a line (or one .zip member) at a time, and
every read is bounded by `MAX_DOCUMENT_BYTES`, so a 200 MB line is one sentence, not 200 MB of
memory. The file's kind comes from its name's ending; its first bytes are checked first, so a
binary file is refused before anything is cut into words. Each mistake (an empty file, a
missing column, a line that is not UTF-8) is one sentence naming where it is, and so is a file
that cannot be read at all (no permission, a name too long for the system, a pipe, a device,
/proc/self/mem): it is opened as a regular file only, without waiting on a pipe
(`bias.files.open_regular`). A .zip's member count and unpacked size are bounded before any
member is read (`MAX_ZIP_MEMBERS`, `MAX_ZIP_BYTES`).
"""

from __future__ import annotations

import contextlib
import csv
import io
import math
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from bias.corpus.group_values import bin_label
from bias.corpus.options import MAX_DOCUMENT_BYTES, MAX_ZIP_BYTES, MAX_ZIP_MEMBERS, ReadOptions
from bias.errors import BiasInputError
from bias.files import open_regular, parse_json
from bias.limits import shorten

FORMATS = {"txt": "text", "csv": "csv", "tsv": "tsv", "jsonl": "jsonl", "ndjson": "jsonl",
           "zip": "zip"}
"""A file's ending (without its dot) → its kind."""


def _ending(name: str) -> str:
    return name.rpartition(".")[2].lower() if "." in name else ""

_SNIFF_BYTES = 65_536
_TOO_LONG = (
    "is longer than {limit:,} MB; a document is a line, a paragraph or a cell, so the file "
    "probably has no line breaks: split it into documents first."
)


@dataclass(frozen=True)
class Document:
    """One document's text, its group's value (None without a group column), and the values
    of any other columns asked for (`documents(..., columns=...)`), as written, stripped."""

    text: str
    group: str | None = None
    values: tuple[str, ...] = ()


def label(path: Path) -> str:
    """The file's name as a sentence shows it (a 300-character name shortened)."""
    return shorten(path.name, 80)


def corpus_format(path: Path) -> str:
    """The kind of `path` from its ending ('text', 'csv', 'tsv', 'jsonl', 'zip')."""
    kind = FORMATS.get(_ending(path.name))
    if kind is None:
        raise BiasInputError(
            f"{label(path)} is not a corpus file this reads: use .txt (one document per line), "
            ".csv or .tsv (with a text column), .jsonl, or a .zip of .txt files."
        )
    return kind


@contextlib.contextmanager
def opened(path: Path) -> Iterator[BinaryIO]:
    """The corpus file open for reading, or one sentence saying why it cannot be read; a read
    that fails later (a device's input/output error) is one sentence too."""
    try:
        handle = open_regular(path)
    except FileNotFoundError:
        raise BiasInputError(f"There is no corpus file at {shorten(str(path), 200)}.") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        reason = getattr(exc, "strerror", None) or "not a path"
        raise BiasInputError(f"{label(path)} cannot be read ({reason}).") from None
    with handle:
        try:
            yield handle
        except OSError as exc:
            raise BiasInputError(
                f"{label(path)} cannot be read ({exc.strerror or type(exc).__name__})."
            ) from None


def check_file(path: Path) -> str:
    """The file's kind, after checking it exists, is not empty, and is text (or a .zip)."""
    kind = corpus_format(path)
    with opened(path) as handle:
        head = handle.read(_SNIFF_BYTES)
    if not head.strip():
        raise BiasInputError(f"{label(path)} is empty: there are no texts to train on.")
    if kind == "zip":
        if not zipfile.is_zipfile(path):
            raise BiasInputError(f"{label(path)} is not a .zip file.")
        return kind
    if b"\0" in head or head.startswith(b"PK\x03\x04"):
        raise BiasInputError(
            f"{label(path)} is a binary file, not text: save the texts as UTF-8 plain text, CSV "
            "or JSON Lines."
        )
    return kind


def documents(
    path: Path, options: ReadOptions, columns: tuple[str, ...] = ()
) -> Iterator[Document]:
    """Every document of the file in order (empty ones too: the scan counts and skips them),
    with the values of `columns` (covariates of an embedding regression; empty cells as "")."""
    kind = check_file(path)
    name = label(path)
    if columns and kind in ("text", "zip"):
        raise BiasInputError(
            f"{name} has no columns, so it cannot have the columns {', '.join(columns)}; "
            "use a CSV, TSV or JSON Lines file with one column for the text and one per "
            "covariate."
        )
    if options.group_column and kind in ("text", "zip"):
        raise BiasInputError(
            f"{name} has no columns, so it cannot have a group column; use a CSV, TSV or "
            "JSON Lines file with one column for the text and one for the group."
        )
    if kind == "zip":
        yield from _zip_documents(path)
        return
    with opened(path) as handle:
        if kind == "text":
            yield from _text_documents(handle, name, options.documents)
        elif kind == "jsonl":
            yield from _jsonl_documents(handle, name, options, columns)
        else:
            yield from _table_documents(handle, name, options,
                                        "\t" if kind == "tsv" else ",", columns)


def _lines(handle: BinaryIO, name: str) -> Iterator[str]:
    """The file's lines decoded, each read with a bound (a byte-order mark at the start is
    dropped)."""
    number = 0
    while raw := handle.readline(MAX_DOCUMENT_BYTES + 2):  # + its line break, \r\n at most
        number += 1
        if len(raw.rstrip(b"\r\n")) > MAX_DOCUMENT_BYTES:
            raise BiasInputError(
                f"Line {number:,} of {name} " + _TOO_LONG.format(limit=MAX_DOCUMENT_BYTES // 10**6)
            )
        try:
            line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError:
            raise BiasInputError(
                f"Line {number:,} of {name} is not UTF-8 text; save the file as UTF-8."
            ) from None
        yield line


def _text_documents(handle: BinaryIO, name: str, mode: str) -> Iterator[Document]:
    if mode == "line":
        for line in _lines(handle, name):
            yield Document(line)
        return
    paragraph: list[str] = []
    size = 0
    for line in _lines(handle, name):
        if line.strip():
            paragraph.append(line)
            size += len(line)
            if size > MAX_DOCUMENT_BYTES:
                raise BiasInputError(
                    f"A paragraph of {name} " + _TOO_LONG.format(limit=MAX_DOCUMENT_BYTES // 10**6)
                )
        elif paragraph:
            yield Document("".join(paragraph))
            paragraph, size = [], 0
    if paragraph:
        yield Document("".join(paragraph))


def _need_text_column(options: ReadOptions, name: str, columns: list[str]) -> str:
    if not options.text_column:
        raise BiasInputError(
            f"Say which column of {name} holds the text (--text-column); its columns are: "
            f"{', '.join(columns[:30])}."
        )
    return options.text_column


def _missing_column(column: str, name: str, columns: list[str]) -> BiasInputError:
    return BiasInputError(
        f"There is no column '{column}' in {name}; its columns are: {', '.join(columns[:30])}."
    )


def _group_value(value: object, where: str, options: ReadOptions) -> str:
    """The cell's group: its text, or its bin's label with `group_bins`."""
    column = options.group_column or ""
    text = "" if value is None else str(value).strip()
    if not text:
        raise BiasInputError(f"{where} has no value in the group column '{column}'.")
    number = 0.0
    with contextlib.suppress(ValueError):
        number = float(text)
    if not math.isfinite(number):  # NaN: how spreadsheets and pandas write "missing"
        raise BiasInputError(
                f"{where} has '{shorten(text, 20)}' in the group column '{column}', which is a "
                "missing value, not a group; give every document its group."
            )
    text = _text(text, where, column)
    return text if options.group_bins is None else bin_label(text, options.group_bins, where,
                                                             column)


def _text(value: str, where: str, key: str) -> str:
    """`value`, if it is text that can be written: JSON's escapes can make a lone surrogate
    ("\\ud800"), which is no character and cannot be saved as UTF-8."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BiasInputError(
            f"{where}: '{shorten(key, 60)}' holds an unpaired surrogate escape (such as "
            "\\ud800), which is not a character; fix the file's text."
        ) from None
    return value


def _table_documents(
    handle: BinaryIO, name: str, options: ReadOptions, delimiter: str, columns: tuple[str, ...]
) -> Iterator[Document]:
    csv.field_size_limit(MAX_DOCUMENT_BYTES)
    reader = csv.reader(_lines(handle, name), delimiter=delimiter)
    try:
        header = next(reader, None)
        if header is None:
            raise BiasInputError(f"{name} is empty: there are no texts to train on.")
        header = [column.strip() for column in header]
        text_column = _need_text_column(options, name, header)
        wanted = [text_column] + ([options.group_column] if options.group_column else [])
        for column in [*wanted, *columns]:
            if column not in header:
                raise _missing_column(column, name, header)
        text_at = header.index(text_column)
        value_at = [header.index(column) for column in columns]
        group_at = header.index(options.group_column) if options.group_column else None
        for row in reader:
            if not row:
                continue
            where = f"Row {reader.line_num:,} of {name}"
            if len(row) != len(header):
                raise BiasInputError(
                    f"{where} has {len(row)} cells where the header has {len(header)}; check "
                    "the file's quoting."
                )
            group = None if group_at is None else _group_value(row[group_at], where, options)
            yield Document(row[text_at], group, tuple(row[at].strip() for at in value_at))
    except csv.Error as exc:
        raise BiasInputError(
            f"{name} cannot be read as {'TSV' if delimiter == chr(9) else 'CSV'} near row "
            f"{reader.line_num:,} ({exc})."
        ) from None


def _jsonl_documents(
    handle: BinaryIO, name: str, options: ReadOptions, columns: tuple[str, ...]
) -> Iterator[Document]:
    for number, line in enumerate(_lines(handle, name), start=1):
        if not line.strip():
            continue
        where = f"Line {number:,} of {name}"
        record = parse_json(line, where, "JSON object")  # a key twice and NaN are refused
        if not isinstance(record, dict):
            raise BiasInputError(f"{where} is not a JSON object.")
        text_key = _need_text_column(options, name, list(record))
        wanted = [text_key] + ([options.group_column] if options.group_column else [])
        for key in [*wanted, *columns]:
            if key not in record:
                raise BiasInputError(
                    f"{where} has no key '{key}'; its keys are: {', '.join(list(record)[:30])}."
                )
        text = record[text_key]
        if not isinstance(text, str):
            raise BiasInputError(f"{where}: '{text_key}' is not text.")
        _text(text, where, text_key)
        group = None
        if options.group_column:
            group = _group_value(record[options.group_column], where, options)
        values = tuple("" if record[key] is None else _text(str(record[key]).strip(), where, key)
                       for key in columns)
        yield Document(text, group, values)


def _zip_documents(path: Path) -> Iterator[Document]:
    """One document per .txt member, in the archive's order (folders and other files skipped)."""
    name = label(path)
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise BiasInputError(f"{name} cannot be read as a .zip file ({exc}).") from None
    with archive:
        members = [info for info in archive.infolist()
                   if not info.is_dir() and FORMATS.get(_ending(info.filename)) == "text"
                   and not info.filename.startswith("__MACOSX/")]
        if not members:
            raise BiasInputError(f"{name} holds no .txt files.")
        _check_zip_size(members, name)
        for info in members:
            where = f"{shorten(info.filename, 80)} in {name}"
            try:
                with archive.open(info) as member:
                    raw = member.read(MAX_DOCUMENT_BYTES + 1)
            except (zipfile.BadZipFile, OSError, NotImplementedError, RuntimeError) as exc:
                raise BiasInputError(f"{where} cannot be read ({exc}).") from None
            if len(raw) > MAX_DOCUMENT_BYTES:
                raise BiasInputError(
                    f"{where} is longer than {MAX_DOCUMENT_BYTES // 10**6:,} MB; split it into "
                    "several files."
                )
            if b"\0" in raw[:_SNIFF_BYTES]:
                raise BiasInputError(f"{where} is a binary file, not text.")
            try:
                yield Document(io.TextIOWrapper(io.BytesIO(raw), "utf-8-sig").read())
            except UnicodeDecodeError:
                raise BiasInputError(f"{where} is not UTF-8 text.") from None


def _check_zip_size(members: list[zipfile.ZipInfo], name: str) -> None:
    """Refuse a .zip of too many files, or too much text once unpacked, before reading any
    (a member is never read past the size its directory declares, so the sum bounds it)."""
    if len(members) > MAX_ZIP_MEMBERS:
        raise BiasInputError(
            f"{name} holds {len(members):,} .txt files; a .zip may hold at most "
            f"{MAX_ZIP_MEMBERS:,}: join small files into one .txt, one document per line."
        )
    unpacked = sum(info.file_size for info in members)
    if unpacked > MAX_ZIP_BYTES:
        raise BiasInputError(
            f"{name} unpacks to {unpacked / 1e9:,.1f} GB of text; a .zip may unpack to at most "
            f"{MAX_ZIP_BYTES / 1e9:,.0f} GB, so this one was not read (train on a part of it)."
        )


def columns(path: Path) -> list[str]:
    """The columns a CSV/TSV's header names, or the keys of a JSON Lines file's first record
    (empty for plain text and .zip): what a page offers as text and group columns."""
    kind = check_file(path)
    if kind not in ("csv", "tsv", "jsonl"):
        return []
    with opened(path) as handle:
        for line in _lines(handle, label(path)):
            if not line.strip():
                continue
            if kind == "jsonl":
                record = parse_json(line, f"The first line of {label(path)}", "JSON object")
                return [str(key) for key in record] if isinstance(record, dict) else []
            return [c.strip() for c in next(csv.reader([line],
                                                       delimiter="\t" if kind == "tsv" else ","))]
    return []
