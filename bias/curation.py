"""Step 2 of BiasWords: the curated candidates on disk, one JSON file per embedding and word set.

Curating a few hundred neighbours by hand takes a while, so the work must survive a page switch,
a browser reload and a server restart. Each save replaces the file atomically, so a crash mid-write
never leaves half a curation behind.
"""

from __future__ import annotations

import json
from pathlib import Path

from bias.candidates import Candidates
from bias.errors import BiasInputError
from bias.files import home, write_text_atomic
from bias.wordsets import safe_id


def curation_path(embedding: str, wordset_id: str) -> Path:
    """Where the curated candidates of one word set in one embedding are kept."""
    return home() / "curation" / f"{safe_id(embedding)}__{safe_id(wordset_id)}.json"


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
