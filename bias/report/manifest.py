"""The machine-readable manifest inside a report: the results' JSON, provenance included, in one
`<script type="application/json">` element, so the report a reader sees and the data
`python -m bias reproduce` re-runs are one file."""

from __future__ import annotations

import json
import re

from bias.errors import BiasInputError

MANIFEST_ID = "biaswords-manifest"

_ELEMENT = re.compile(
    rf'<script type="application/json" id="{MANIFEST_ID}">(.*?)</script>', re.DOTALL)


def embed(data: dict) -> str:
    """The manifest element; '</' is escaped so no word in the data can end the element."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False).replace("</", "<\\/")
    return f'<script type="application/json" id="{MANIFEST_ID}">{text}</script>'


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
