"""A person's own word sets: what an edit of a published test becomes, the title it is saved
under, and saving it without ever replacing another set.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import replace
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import create_exclusive
from bias.limits import MAX_TITLE_CHARS, shorten
from bias.wordsets import TermSet, WordSet
from bias.wordsets.library import bundled_wordsets, user_dir, user_wordsets
from bias.wordsets.parsing import read_wordset


def safe_id(title: str) -> str:
    """A file-name-safe id from any title: ASCII lower case, digits and dashes."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:60] or "my-word-set"


def edited(preset: WordSet | None, sets: dict[str, TermSet], language: str) -> WordSet:
    """The test a person has in front of them after choosing `preset` and maybe changing lists.

    While the four lists equal the preset's, that is the preset itself, with its source and the
    values its source reported. Once any list differs it is a different test: it keeps the
    preset's name marked "(edited)" (e.g. "WEAT 7 (edited): math vs. arts, …"), gets its own id
    (so exports are not named like the published test), and drops the reported values, which
    belong to the published lists only. Without a preset, it is "My word set" in `language`.
    """
    if preset is None:
        return WordSet("my-word-set", "My word set", language, **sets, origin="user")
    if preset.sets() == sets:
        return preset
    if preset.edited_from is not None:  # already an edit: stays one
        return replace(preset, **sets)
    head, colon, rest = preset.title.partition(":")
    return WordSet(
        id=f"{preset.id}-edited",
        title=shorten(f"{head} (edited){colon}{rest}", MAX_TITLE_CHARS),
        language=preset.language,
        **sets,
        variant_of=preset.id,
        origin="user",
        edited_from=preset.id,
    )


def titled(wordset: WordSet, title: str) -> WordSet:
    """`wordset` as the person saves it: a typed title names it (and gives its id); without one
    it keeps its name. A saved edit is the person's own set, a variant of the original."""
    title = title.strip()
    if not title or title == wordset.title:
        return replace(wordset, edited_from=None)
    return replace(wordset, id=safe_id(title), title=title, edited_from=None)


def save_user_wordset(wordset: WordSet) -> WordSet:
    """Save a user word set and return it as saved (with its final id).

    The id is sanitised into a file name; an id that a bundled set uses gets a `user-` prefix, so
    a bundled set is never shadowed or overwritten. A different user set already saved under that
    id is never replaced either: the new one gets `-2`, `-3`, … (saving the very same set again
    changes nothing). Each id is taken with an exclusive create, so two visitors (or two server
    processes) saving different sets under one title at the same moment both keep theirs. The
    caller shows the final id.
    """
    base = safe_id(wordset.id or wordset.title)
    if base in bundled_wordsets():
        base = f"user-{base}"
    number = 1
    while True:
        new_id = base if number == 1 else f"{base}-{number}"
        saved = replace(wordset, id=new_id, origin="user")
        path = user_dir() / f"{new_id}.json"
        text = json.dumps(saved.to_dict(), ensure_ascii=False, indent=2) + "\n"
        if create_exclusive(path, text) or _same_set(path, saved):
            return saved
        number += 1


def _same_set(path: Path, wordset: WordSet) -> bool:
    """Whether the user set saved at `path` is `wordset` (a damaged file never is)."""
    try:
        existing = read_wordset(path, origin="user")
    except BiasInputError:
        return False
    return replace(existing, id="", origin="") == replace(wordset, id="", origin="")


def delete_user_wordset(wordset_id: str) -> None:
    """Delete the user set saved as `wordset_id` (views/operator.py asks who may). Bundled sets
    are not files of the user's folder, and an id is only ever a saved file's own name."""
    if safe_id(wordset_id) != wordset_id or wordset_id not in user_wordsets():
        raise BiasInputError(f"There is no saved set '{wordset_id[:60]}' to delete.")
    try:
        (user_dir() / f"{wordset_id}.json").unlink()
    except FileNotFoundError:
        pass  # another visitor deleted it a moment ago: it is gone either way
    except OSError as exc:
        raise BiasInputError(
            f"The saved set '{wordset_id}' could not be deleted ({exc.strerror})."
        ) from None
