"""A saved curation's parts read back (`Candidates.from_dict`): its options, notes and ambiguous
seeds, including files saved by earlier versions, which named fewer switches and wrote notes as
sentences."""

from __future__ import annotations

from collections.abc import Mapping

from bias.discovery.filters import STEPS
from bias.discovery.options import CandidateOptions
from bias.notes import Note
from bias.vectors.ambiguity import AmbiguousSeed


def saved_options(saved: Mapping) -> CandidateOptions:
    """The options a curation was made with. A file saved before our filters existed names none
    of their switches: they were off then, so they are off here (not today's defaults); one
    saved before concept fit's name lean (`concept_keep`) was judged without it."""
    older = {name for step in STEPS if step.ours for name in step.switches} - set(saved)
    before_name = {"concept_keep": None} if "concept_keep" not in saved else {}
    return CandidateOptions(**{**dict.fromkeys(older, False), **before_name, **saved})


def saved_note(item) -> Note:
    """A saved note; a sentence saved by an earlier version (before notes were codes) is kept
    as it was written, under the code `text`."""
    if isinstance(item, str):
        return Note("text", {"text": item})
    return Note(str(item["code"]), {k: v for k, v in item.items() if k != "code"})


def saved_ambiguous(items) -> dict[str, tuple[AmbiguousSeed, ...]]:
    """The ambiguous seeds a curation was saved with, per set."""
    found: dict[str, list[AmbiguousSeed]] = {}
    for item in items:
        seed = AmbiguousSeed(
            str(item["set"]), str(item["word"]), str(item["found_as"]), str(item["match"]),
            float(item["cohesion"]), float(item["set_median"]), tuple(item["neighbours"]),
        )  # fmt: skip
        found.setdefault(seed.set, []).append(seed)
    return {k: tuple(v) for k, v in found.items()}
