"""A researcher's file as a stream of documents: plain text, CSV/TSV, JSON Lines, a .zip of .txt.

Nothing holds the whole file: every format is read a line (or one .zip member) at a time, and
every read is bounded by `MAX_DOCUMENT_BYTES`, so a 200 MB line is one sentence, not 200 MB of
memory. The file's kind comes from its name's ending; its first bytes are checked first, so a
binary file is refused before anything is cut into words. Each mistake (an empty file, a
missing column, a line that is not UTF-8) is one sentence naming where it is.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from bias.corpus.options import MAX_DOCUMENT_BYTES, ReadOptions
from bias.errors import BiasInputError

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


def corpus_format(path: Path) -> str:
    """The kind of `path` from its ending ('text', 'csv', 'tsv', 'jsonl', 'zip')."""
    kind = FORMATS.get(_ending(path.name))
    if kind is None:
        raise BiasInputError(
            f"{path.name} is not a corpus file this reads: use .txt (one document per line), "
            ".csv or .tsv (with a text column), .jsonl, or a .zip of .txt files."
        )
    return kind


def check_file(path: Path) -> str:
    """The file's kind, after checking it exists, is not empty, and is text (or a .zip)."""
    kind = corpus_format(path)
    if not path.is_file():
        raise BiasInputError(f"There is no corpus file at {path}.")
    with path.open("rb") as handle:
        head = handle.read(_SNIFF_BYTES)
    if not head.strip():
        raise BiasInputError(f"{path.name} is empty: there are no texts to train on.")
    if kind == "zip":
        if not zipfile.is_zipfile(path):
            raise BiasInputError(f"{path.name} is not a .zip file.")
        return kind
    if b"\0" in head or head.startswith(b"PK\x03\x04"):
        raise BiasInputError(
            f"{path.name} is a binary file, not text: save the texts as UTF-8 plain text, CSV "
            "or JSON Lines."
        )
    return kind


def documents(
    path: Path, options: ReadOptions, columns: tuple[str, ...] = ()
) -> Iterator[Document]:
    """Every document of the file in order (empty ones too: the scan counts and skips them),
    with the values of `columns` (covariates of an embedding regression; empty cells as "")."""
    kind = check_file(path)
    if columns and kind in ("text", "zip"):
        raise BiasInputError(
            f"{path.name} has no columns, so it cannot have the columns {', '.join(columns)}; "
            "use a CSV, TSV or JSON Lines file with one column for the text and one per "
            "covariate."
        )
    if options.group_column and kind in ("text", "zip"):
        raise BiasInputError(
            f"{path.name} has no columns, so it cannot have a group column; use a CSV, TSV or "
            "JSON Lines file with one column for the text and one for the group."
        )
    if kind == "zip":
        yield from _zip_documents(path)
        return
    with path.open("rb") as handle:
        if kind == "text":
            yield from _text_documents(handle, path.name, options.documents)
        elif kind == "jsonl":
            yield from _jsonl_documents(handle, path.name, options, columns)
        else:
            yield from _table_documents(handle, path.name, options,
                                        "\t" if kind == "tsv" else ",", columns)


def _lines(handle: BinaryIO, name: str) -> Iterator[str]:
    """The file's lines decoded, each read with a bound (a byte-order mark at the start is
    dropped)."""
    number = 0
    while raw := handle.readline(MAX_DOCUMENT_BYTES + 1):
        number += 1
        if len(raw) > MAX_DOCUMENT_BYTES:
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


def _group_value(value: object, where: str, column: str) -> str:
    text = "" if value is None else str(value).strip()
    if not text:
        raise BiasInputError(f"{where} has no value in the group column '{column}'.")
    return text


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
            group = None if group_at is None else _group_value(row[group_at], where,
                                                               options.group_column or "")
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
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise BiasInputError(f"{where} is not a JSON object.") from None
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
        group = None
        if options.group_column:
            group = _group_value(record[options.group_column], where, options.group_column)
        values = tuple("" if record[key] is None else str(record[key]).strip() for key in columns)
        yield Document(text, group, values)


def _zip_documents(path: Path) -> Iterator[Document]:
    """One document per .txt member, in the archive's order (folders and other files skipped)."""
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise BiasInputError(f"{path.name} cannot be read as a .zip file ({exc}).") from None
    with archive:
        members = [info for info in archive.infolist()
                   if not info.is_dir() and FORMATS.get(_ending(info.filename)) == "text"
                   and not info.filename.startswith("__MACOSX/")]
        if not members:
            raise BiasInputError(f"{path.name} holds no .txt files.")
        for info in members:
            where = f"{info.filename} in {path.name}"
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


def columns(path: Path) -> list[str]:
    """The columns a CSV/TSV's header names, or the keys of a JSON Lines file's first record
    (empty for plain text and .zip): what a page offers as text and group columns."""
    kind = check_file(path)
    if kind not in ("csv", "tsv", "jsonl"):
        return []
    with path.open("rb") as handle:
        for line in _lines(handle, path.name):
            if not line.strip():
                continue
            if kind == "jsonl":
                try:
                    record = json.loads(line)
                except (ValueError, RecursionError):
                    raise BiasInputError(f"The first line of {path.name} is not JSON.") from None
                return [str(key) for key in record] if isinstance(record, dict) else []
            return [c.strip() for c in next(csv.reader([line],
                                                       delimiter="\t" if kind == "tsv" else ","))]
    return []
