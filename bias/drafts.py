"""Unsaved dashboard input — typed word lists, chosen options — kept on disk per browser tab.

Streamlit keeps widget values in memory for one browser session; a refresh (F5) or a dropped
connection starts a new session and would lose a list someone spent ten minutes typing. The
dashboard therefore gives each tab a random draft id (in the page address as `?draft=…`) and writes
the tab's values here on every change, atomically. A refresh keeps the address, so the values come
back; another visitor gets another id, so demo visitors never see each other's lists.

A draft file is hostile input like any other (a crash, a full disk, a hand edit): `read` checks it
and never discards one silently. A damaged file is kept aside (`<id>.damaged-<time>.json`), every
value that can still be read is recovered (a file cut short keeps the entries before the cut), and
the caller gets a sentence to show. Each value must be text, a number, true/false or a list of
those; whether it fits the widget it is for is `fits`, asked by the page that knows the default.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import home, remove_stale, write_text_atomic

MAX_AGE_DAYS = 30
"""Drafts untouched for this long are removed when a new tab starts."""

_ID = re.compile(r"[0-9a-f]{16}")


def valid_id(text: str) -> bool:
    return bool(_ID.fullmatch(text or ""))


def _path(draft_id: str) -> Path:
    if not valid_id(draft_id):
        raise ValueError(f"not a draft id: {draft_id!r}")
    return home() / "drafts" / f"{draft_id}.json"


def new_id() -> str:
    """A fresh id for a new tab; also clears drafts older than `MAX_AGE_DAYS`, and what killed
    writes left in the data folders (`bias.files.remove_stale`), so they do not grow forever."""
    folder = home() / "drafts"
    remove_stale(folder, "*.json", MAX_AGE_DAYS * 86_400)
    for leftovers in (folder, home() / "wordsets", *(home() / "curation").glob("*/")):
        remove_stale(leftovers)
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Draft:
    """A tab's saved values as read, and what was wrong with the file (None if nothing)."""

    values: dict
    problem: str | None = None


def read(draft_id: str) -> Draft:
    """A tab's saved values, checked; a damaged file is kept aside, its readable part recovered
    and written back, and `problem` says so in a sentence for the user."""
    if not valid_id(draft_id):
        return Draft({})
    path = _path(draft_id)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Draft({})
    except OSError:
        return Draft({}, "This tab's saved input could not be read, so the page starts afresh.")
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        parsed = None
    values = _plain_values(parsed) if isinstance(parsed, dict) else None
    if values is not None and len(values) == len(parsed):
        return Draft(values)
    if values is None:
        values = _plain_values(_salvage(data.decode("utf-8", "replace")))
    kept = path.with_name(f"{draft_id}.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    os.replace(path, kept)
    if values:
        with contextlib.suppress(BiasInputError):  # a full disk: the tab still has them
            save(draft_id, values)
    return Draft(  # the file's name, never the server's folders
        values,
        f"This tab's saved input was damaged; {len(values)} value(s) could be recovered and the "
        f"damaged file was kept on the server as {kept.name}.",
    )


def load(draft_id: str) -> dict:
    """The saved values of a tab ({} when there are none); see `read` for damaged files."""
    return read(draft_id).values


def save(draft_id: str, values: dict) -> None:
    """Replace a tab's saved values (atomically; values must be JSON: text, numbers, lists)."""
    write_text_atomic(_path(draft_id), json.dumps(values, ensure_ascii=False, sort_keys=True))


def fits(value: object, default: object) -> bool:
    """Whether a saved `value` can stand in for a widget whose default is `default`: the same
    kind (a whole number for a whole number, text for text, a list of the same kind…)."""
    if isinstance(default, bool) or default is None:
        return type(value) is type(default)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(default, float):
        return (
            isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        )
    if isinstance(default, str):
        return isinstance(value, str)
    if isinstance(default, list | tuple):
        kind = type(default[0]) if default else str
        return isinstance(value, list) and all(fits(item, kind()) for item in value)
    return False


def _plain(value: object) -> bool:
    scalar = (str, int, float, bool, type(None))
    if isinstance(value, list):
        return all(isinstance(item, scalar) for item in value)
    return isinstance(value, scalar)


def _plain_values(data: object) -> dict:
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if _plain(value)}


def _salvage(text: str) -> dict:
    """The entries of a JSON object that can be read before the point where it is damaged."""
    decoder = json.JSONDecoder()
    values: dict = {}
    pos = text.find("{") + 1
    if pos == 0:
        return values
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        try:
            key, pos = decoder.raw_decode(text, pos)
            while pos < len(text) and text[pos] in " \t\r\n":
                pos += 1
            if not isinstance(key, str) or text[pos : pos + 1] != ":":
                return values
            pos += 1
            while pos < len(text) and text[pos] in " \t\r\n":
                pos += 1
            value, pos = decoder.raw_decode(text, pos)
        except (ValueError, RecursionError):
            return values
        values[key] = value
