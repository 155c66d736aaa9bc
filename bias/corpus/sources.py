"""Where a dashboard visitor's corpus comes from: their upload, kept on disk, or one of the files
the server's operator put in `BIASWORDS_CORPORA` (chosen from a list, never a typed path).

An upload is written once under `home()/corpora/<sha256>/`, named by its content (the same
file uploaded twice is one copy), with the visitor's file name reduced to safe characters, so
the trained embeddings' provenance can point at it and `reproduce --trained` can read it again.
Nothing uploaded is ever unpickled or executed: it is read as text by `bias.corpus.readers`.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from bias.corpus.readers import FORMATS, corpus_format
from bias.errors import BiasInputError
from bias.files import home, write_bytes_atomic

ENV = "BIASWORDS_CORPORA"
MAX_LISTED = 200
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def upload_types() -> list[str]:
    """The endings a corpus upload may have (for the file uploader)."""
    return list(FORMATS)


def server_corpora() -> list[Path]:
    """The corpus files of the operator's folder (`BIASWORDS_CORPORA`), sorted; none if unset."""
    folder = os.environ.get(ENV)
    if not folder or not Path(folder).is_dir():
        return []
    found = []
    for path in sorted(Path(folder).iterdir()):
        try:
            corpus_format(path)
        except BiasInputError:
            continue
        if path.is_file() and not path.is_symlink():
            found.append(path)
    return found[:MAX_LISTED]


def keep_upload(data: bytes, filename: str) -> Path:
    """The path of a stored copy of an uploaded corpus (written once per content)."""
    safe = _UNSAFE.sub("-", Path(filename).name).strip("-.")[:80] or "corpus.txt"
    corpus_format(Path(safe))  # refuses an ending that is no corpus format
    digest = hashlib.sha256(data).hexdigest()
    path = home() / "corpora" / digest / safe
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
    return path
