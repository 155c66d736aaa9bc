"""The machine-readable manifest inside a report: the results' JSON, provenance included, in one
`<script type="application/json">` element, so the report a reader sees and the data
`python -m bias reproduce` re-runs are one file.

The manifest also records `content_sha256`: the SHA-256 of the page's UTF-8 text with the
manifest element cut out, i.e. of everything the page shows (text, tables, the figures' data,
styles). It is computed once, when the page is written; `reproduce` recomputes it from the file
and says "this report was edited after it was written" when it differs (the manifest's own
numbers are checked by re-running them). It detects edits, not forgery: whoever edits the page
can also write a new digest.
"""

from __future__ import annotations

import hashlib
import json
import re

from bias.errors import BiasInputError

MANIFEST_ID = "biaswords-manifest"

_ELEMENT = re.compile(
    rf'<script type="application/json" id="{MANIFEST_ID}">(.*?)</script>', re.DOTALL)


CONTENT_KEY = "content_sha256"


def content_digest(shown: str) -> str:
    """The SHA-256 (hex) of a page's text without its manifest element."""
    return hashlib.sha256(shown.encode("utf-8")).hexdigest()


def embed(data: dict) -> str:
    """The manifest element; '</' is escaped so no word in the data can end the element."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False).replace("</", "<\\/")
    return f'<script type="application/json" id="{MANIFEST_ID}">{text}</script>'


def with_manifest(before: str, data: dict, after: str) -> str:
    """The page `before` + the manifest of `data` + `after`, the manifest recording the digest
    of `before` + `after` (what the page shows)."""
    return before + embed({**data, CONTENT_KEY: content_digest(before + after)}) + after


def edited(text: str, data: dict) -> bool | None:
    """Whether the page `text` was changed outside its manifest since it was written; None when
    it records no digest (a JSON, or a report written before digests were recorded)."""
    recorded = data.get(CONTENT_KEY)
    found = _ELEMENT.search(text)
    if not isinstance(recorded, str) or found is None:
        return None
    return content_digest(text[: found.start()] + text[found.end():]) != recorded


def is_page(text: str) -> bool:
    """Whether `text` is a report's page (with its manifest element), not a bare JSON."""
    return _ELEMENT.search(text) is not None


def read_manifest(text: str, where: str) -> dict:
    """The manifest of a report (HTML) or the JSON itself, or one sentence saying why not."""
    found = _ELEMENT.search(text)
    try:
        data = json.loads(found.group(1) if found else text)
    except (json.JSONDecodeError, RecursionError, ValueError) as exc:
        raise BiasInputError(
            f"{where} is neither a BiasWords report nor its JSON: no readable manifest in it."
        ) from exc
    if isinstance(data, dict) and "provenance" in data and "results" not in data:
        data = {"kind": "weat", "results": [data]}  # the JSON of one `weat --json`
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise BiasInputError(f"{where} holds no BiasWords results (no 'results' list).")
    return data
