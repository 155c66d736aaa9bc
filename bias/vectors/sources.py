"""Reading a vector file from disk: the reader is chosen by `bias.vectors.formats` from the file's
content and name.

Every reader keeps the first `limit` words and stops reading as soon as it has them. Bad lines
never stop an import and are never dropped silently (`bias.vectors.import_report.ImportReport`). A
file that yields no usable vector at all, or that cannot be read (not gzip, truncated, unknown
format), raises `BiasInputError`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from bias.errors import BiasInputError
from bias.vectors import formats
from bias.vectors.import_report import (
    DEFAULT_LIMIT,
    WORD_LIMIT,
    OpenRows,
    Progress,
    RawVectors,
    ReadLimits,
)
from bias.vectors.streams import CountingReader


def read_vectors(
    path: str | os.PathLike[str],
    *,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
    trust_pickle: bool = False,
    label: str | None = None,
    limits: ReadLimits = ReadLimits(),
    open_rows: OpenRows | None = None,
    origin: formats.Origin = "command line",
) -> RawVectors:
    """Read the first `limit` words of a vector file, choosing the reader by content and suffix.

    fastText `.bin` is recognised by its magic number, gzip by its header; `.bin`/`.bin.gz`
    without the fastText magic is word2vec binary, `.kv`/`.model`/`.wv` a saved gensim KeyedVectors.
    Those gensim files are Python pickles, and unpickling runs whatever code the file carries: they
    are refused unless `trust_pickle` (the command line's `--trust-pickle`, never the dashboard).
    `label` is how messages name the file when `path` is only a temporary copy (an upload).
    Text readers hand their rows to the sink `open_rows` opens as they parse (the others do not).
    A format the registry does not allow from `origin` (a dashboard's upload or server path) is
    refused whatever its name said.
    """
    path = Path(path).expanduser()
    shown = label or str(path)
    _check_regular_file(path, shown)
    WORD_LIMIT.check(limit)
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise BiasInputError(f"{shown} cannot be opened ({exc.strerror or exc}).") from exc
    with handle:
        reader = CountingReader(handle)
        # an upload's copy carries the suffix of the visitor's file
        fmt = formats.detect(path.name, reader.peek(4))
        if fmt is None:
            raise BiasInputError(
                f"BiasWords cannot tell the format of {Path(shown).name}; it reads "
                f"{formats.accepted('command line')}."
            )
        if fmt.runs_code and not trust_pickle:
            raise BiasInputError(pickle_refused(shown))
        if not fmt.allowed(origin):
            raise BiasInputError(formats.refused(fmt, origin, Path(shown).name))
        return fmt.reader(
            formats.ReadJob(path, reader, shown, limit, progress, limits, open_rows)
        )


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
