"""The software's version, from its one source: the `version` of pyproject.toml, which building
the package copies into its metadata.

Run from a checkout (pyproject.toml beside `bias/`), the file is read; installed, the package
metadata is. Either way every report, JSON and `--version` prints the same string, so a result
can be cited with the release that made it.
"""

from __future__ import annotations

import functools
import importlib.metadata
import tomllib
from pathlib import Path

PACKAGE = "biaswords"

_PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@functools.cache
def version() -> str:
    if _PYPROJECT.is_file():
        with _PYPROJECT.open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    return importlib.metadata.version(PACKAGE)


@functools.cache
def library_versions() -> dict[str, str]:
    """The versions of the libraries whose arithmetic a result depends on."""
    out = {}
    for name in ("numpy", "scipy", "polars", "gensim"):
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out
