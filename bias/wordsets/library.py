"""The word sets there are: the bundled ones (`wordsets/`) and the user's own
(`BIASWORDS_HOME/wordsets/`), read once and again only when a file changes, and lookup by id.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import home, read_json
from bias.limits import shorten
from bias.suggest import no_such
from bias.wordsets import NamedSets, WordSet
from bias.wordsets.parsing import named_sets_of, parse_named_sets, read_wordset


def _bundled_dir() -> Path:
    """`wordsets/` of the checkout, or its copy inside an installed package (`pip install .` maps
    the folder to `bias/bundled_wordsets`, see pyproject.toml), so ids work outside the checkout."""
    package = Path(__file__).resolve().parents[1]  # bias/
    installed = package / "bundled_wordsets"
    return installed if installed.is_dir() else package.parent / "wordsets"


BUNDLED_DIR = _bundled_dir()


def user_dir() -> Path:
    return home() / "wordsets"


def _signature(directory: Path) -> tuple[tuple[str, int, int, int], ...]:
    """Name, inode, modification time and size of every `*.json` file in `directory`.

    It changes whenever a file is added, removed, replaced (an atomic save is a new inode) or
    rewritten in place, so a cache keyed by it never serves a stale set; a few hundred `stat`
    calls cost about a millisecond, against 40-90 ms to read and check the files again.
    """
    try:
        entries = list(os.scandir(directory))
    except (FileNotFoundError, NotADirectoryError):
        return ()
    signature = []
    for entry in entries:
        if entry.name.endswith(".json"):
            try:
                info = entry.stat()
            except OSError:  # a dangling link, or deleted since the listing: reading says which
                signature.append((entry.name, 0, 0, 0))
                continue
            signature.append((entry.name, info.st_ino, info.st_mtime_ns, info.st_size))
    return tuple(sorted(signature))


@functools.lru_cache(maxsize=16)
def _read_dir(
    directory: Path, origin: str, signature: tuple
) -> tuple[dict[str, WordSet], dict[str, str]]:
    """The word sets of `directory` by id, and its unreadable files (file name → why).

    Cached per directory and `_signature`: the key holds the directory itself, so two users'
    folders (two BIASWORDS_HOMEs) never share an entry. A bundled file that cannot be read is a
    bug of ours and raises; a user's is listed as damaged and the others still load.
    """
    found: dict[str, WordSet] = {}
    damaged: dict[str, str] = {}
    for name, *_ in signature:
        path = directory / name
        try:
            wordset = read_wordset(path, origin)
        except BiasInputError as exc:
            if origin == "bundled":
                raise
            damaged[name] = str(exc)
            continue
        found[wordset.id] = wordset
    return found, damaged


def _scan(directory: Path, origin: str) -> tuple[dict[str, WordSet], dict[str, str]]:
    found, damaged = _read_dir(directory, origin, _signature(directory))
    return dict(found), dict(damaged)  # copies: a caller's change never reaches the cache


def bundled_wordsets() -> dict[str, WordSet]:
    """The word sets shipped in `wordsets/`, by id.

    Read once per process (400-odd files take 40-90 ms; a dashboard page lists them on every
    rerun) and again only when a file changes (`tools/weathub.py` rewrote them); WordSets are
    frozen, so sharing them is safe.
    """
    return _scan(BUNDLED_DIR, "bundled")[0]


def user_wordsets() -> dict[str, WordSet]:
    """The user's saved word sets, by id; a broken file is left out here rather than hiding the
    rest, and listed by `damaged_user_wordsets` so it never vanishes without a word.

    Read again only when a file in the folder changes, so a set saved a moment ago (by this
    process or another) is listed on the next call.
    """
    return _scan(user_dir(), "user")[0]


def damaged_user_wordsets() -> dict[str, str]:
    """The user's saved word-set files that cannot be read: file name → the sentence why."""
    return _scan(user_dir(), "user")[1]


def all_wordsets(language: str | None = None) -> list[WordSet]:
    """Bundled then user sets, optionally only those of one language."""
    bundled = bundled_wordsets()
    merged = bundled | {k: v for k, v in user_wordsets().items() if k not in bundled}
    return [ws for ws in merged.values() if language is None or ws.language == language]


_BUNDLED_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
"""What a bundled set's id looks like; each is stored as `<id>.json` (a test checks both)."""


def get_wordset(id_or_path: str) -> WordSet:
    """A word set by bundled/user id, or from a JSON file path.

    A bundled id is read from its own file: `python -m bias weat --wordset weat7` then reads one
    file, not all 400-odd (90 ms of a one-second command). A name the file system cannot even
    look up (a 100,000-character id, a NUL byte) is no word set either.
    """
    try:
        if _BUNDLED_ID.fullmatch(id_or_path) and (BUNDLED_DIR / f"{id_or_path}.json").is_file():
            wordset = read_wordset(BUNDLED_DIR / f"{id_or_path}.json", "bundled")
            if wordset.id == id_or_path:
                return wordset
        for collection in (bundled_wordsets(), user_wordsets()):
            if id_or_path in collection:
                return collection[id_or_path]
        path = Path(id_or_path).expanduser()
        if path.suffix == ".json" or path.exists() or "/" in id_or_path:
            return read_wordset(path)
    except (OSError, ValueError) as exc:
        if isinstance(exc, BiasInputError):
            raise
        raise _unknown(id_or_path) from exc
    raise _unknown(id_or_path)


def _unknown(id_or_path: str) -> BiasInputError:
    """No word set by that id: the closest ids offered (`bias.suggest`)."""
    return BiasInputError(
        no_such(f"There is no word set '{shorten(id_or_path, 60)}'", id_or_path,
                (ws.id for ws in all_wordsets()))
        + " Use `python -m bias wordsets` to list them, or give the path of a JSON file."
    )


def get_named_sets(id_or_path: str) -> NamedSets:
    """Named sets by word-set id (the four-set form), or from a JSON file in either form."""
    path = Path(id_or_path).expanduser()
    try:
        is_file = path.suffix == ".json" and path.is_file()
    except (OSError, ValueError):  # a name too long to look up is no file; get_wordset says so
        is_file = False
    if is_file:
        data = read_json(path, "word-set file")
        return parse_named_sets(data, where=path.name, default_id=path.stem)
    return named_sets_of(get_wordset(id_or_path))
