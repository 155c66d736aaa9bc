"""Unsaved dashboard input — typed word lists, chosen options — kept on disk per browser tab.

Streamlit keeps widget values in memory for one browser session; a refresh (F5) or a dropped
connection starts a new session and would lose a list someone spent ten minutes typing. The
dashboard therefore gives each tab a random draft id (in the page address as `?draft=…`) and writes
the tab's values here on every change, atomically. A refresh keeps the address, so the values come
back; another visitor gets another id, so demo visitors never see each other's lists.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from pathlib import Path

from bias.files import home, write_text_atomic

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
    """A fresh id for a new tab; also clears drafts older than `MAX_AGE_DAYS`."""
    cutoff = time.time() - MAX_AGE_DAYS * 86_400
    for old in (home() / "drafts").glob("*.json"):
        if old.stat().st_mtime < cutoff:
            old.unlink(missing_ok=True)
    return secrets.token_hex(8)


def load(draft_id: str) -> dict:
    """The saved values of a tab, or {} when there are none or the file is unreadable."""
    try:
        data = json.loads(_path(draft_id).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save(draft_id: str, values: dict) -> None:
    """Replace a tab's saved values (atomically; values must be JSON: text, numbers, lists)."""
    write_text_atomic(_path(draft_id), json.dumps(values, ensure_ascii=False, sort_keys=True))
