"""Step 2 of BiasWords: the curated candidates on disk, one JSON file per embedding and word set.

Curating a few hundred neighbours by hand takes a while, so the work must survive a page switch,
a browser reload and a server restart. Each save replaces the file atomically, so a crash mid-write
never leaves half a curation behind. Generating the candidates again must not throw hand curation
away: `curation_differs` tells the page to ask first, and `replace_curation` keeps the previous
file as `<name>.prev.json` (`backup_path`) before replacing it; `restore_previous_curation` swaps
the two back. A backup that a further replacement would overwrite is renamed to
`<name>.prev-1.json`, `-2`, … first (`archived_backups`), so no curation is ever deleted.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from bias.discovery.candidates import Candidates
from bias.errors import BiasInputError
from bias.files import home, write_text_atomic
from bias.wordsets import safe_id


def curation_path(embedding: str, wordset_id: str) -> Path:
    """Where the curated candidates of one word set in one embedding are kept."""
    return home() / "curation" / f"{safe_id(embedding)}__{safe_id(wordset_id)}.json"


def backup_path(embedding: str, wordset_id: str) -> Path:
    """Where `replace_curation` keeps the curation it replaced (a `.prev.json` sibling)."""
    return curation_path(embedding, wordset_id).with_suffix(".prev.json")


def archived_backups(embedding: str, wordset_id: str) -> list[Path]:
    """Older backups, oldest first: what `backup_path` held before later replacements."""
    stem = curation_path(embedding, wordset_id).stem
    found = curation_path(embedding, wordset_id).parent.glob(f"{stem}.prev-*.json")
    numbered = [(path.name[len(stem) + len(".prev-") : -len(".json")], path) for path in found]
    return [path for number, path in sorted((int(n), p) for n, p in numbered if n.isdigit())]


def _archive_backup(embedding: str, wordset_id: str) -> None:
    """Rename the current backup to the next free `.prev-<n>.json` (a rename is atomic)."""
    prev = backup_path(embedding, wordset_id)
    if prev.exists():
        stem = curation_path(embedding, wordset_id).stem
        number = len(archived_backups(embedding, wordset_id)) + 1
        os.replace(prev, prev.with_name(f"{stem}.prev-{number}.json"))


def save_curation(candidates: Candidates) -> Path:
    """Save the (curated) candidates atomically; a later `load_curation` returns them."""
    path = curation_path(candidates.embedding, candidates.wordset_id)
    write_text_atomic(path, json.dumps(candidates.to_dict(), ensure_ascii=False, indent=1) + "\n")
    return path


def load_curation(embedding: str, wordset_id: str) -> Candidates | None:
    """The saved candidates for this embedding and word set, or None if there are none."""
    path = curation_path(embedding, wordset_id)
    if not path.exists():
        return None
    try:
        return Candidates.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise BiasInputError(
            f"The saved curation {path} is damaged; delete it to start again."
        ) from exc


def curation_differs(candidates: Candidates) -> bool:
    """True if saving `candidates` would replace a different saved curation of the same test.

    A saved file that cannot be read counts as different too: it may still hold someone's work.
    """
    path = curation_path(candidates.embedding, candidates.wordset_id)
    if not path.exists():
        return False
    try:
        saved = load_curation(candidates.embedding, candidates.wordset_id)
    except BiasInputError:
        return True
    return saved is None or not saved.table.equals(candidates.table)


def replace_curation(candidates: Candidates) -> Path:
    """Save `candidates`, first keeping the current saved curation (if any) in `backup_path`.

    The backup is a byte-for-byte copy written atomically, so even a damaged file is kept; an
    earlier backup is archived first, never overwritten. Saving an identical curation leaves the
    backups alone (nothing would be lost).
    """
    path = curation_path(candidates.embedding, candidates.wordset_id)
    if path.exists() and curation_differs(candidates):
        old = path.read_text(encoding="utf-8")
        _archive_backup(candidates.embedding, candidates.wordset_id)
        write_text_atomic(backup_path(candidates.embedding, candidates.wordset_id), old)
    return save_curation(candidates)


def restore_previous_curation(embedding: str, wordset_id: str) -> Candidates:
    """Bring back the curation kept by `replace_curation`; the current one becomes the backup.

    Swapping instead of overwriting means a restore, too, never loses anything.
    """
    path, prev = curation_path(embedding, wordset_id), backup_path(embedding, wordset_id)
    if not prev.exists():
        raise BiasInputError("There is no earlier curation to restore for this test.")
    previous = prev.read_text(encoding="utf-8")
    current = path.read_text(encoding="utf-8") if path.exists() else None
    try:
        restored = Candidates.from_dict(json.loads(previous))
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise BiasInputError(
            f"The earlier curation {prev} is damaged; it was left as it is."
        ) from exc
    write_text_atomic(path, previous)
    if current is not None:
        write_text_atomic(prev, current)
    else:
        prev.unlink()
    return restored
