"""How much one request may ask for: every bound on the size of a visitor's input, in one place.

A dashboard for a room runs every visitor's tests in one server process. Each bound below says
why it is where it is; docs/security.md lists them all. They are checked before any work starts
(`check_set_words` runs when a set of words is made, `bias.wordsets.TermSet`), so an oversized
input costs one sentence, never minutes of computation or gigabytes of memory.
"""

from __future__ import annotations

from bias.errors import BiasInputError

MAX_SET_WORDS = 1_000
"""Words per set, for every measure (WEAT, the measures of `bias.stats.measures`, BiasWords' seed
tests, Batch): the published sets have 8 to 50 words, and every measure's work and memory grow with
the product of its sets' sizes, so a larger set would let one visitor slow the room for everyone."""

MAX_SCWEAT_WORDS = 500
"""Words SC-WEAT measures in one run: each word costs a pass over every partition of A ∪ B."""

MAX_SEEDS_PER_SET = 500
"""Distinct seed words per set BiasWords accepts (the paper's sets have 8 to 50): each seed's
neighbours are looked up, tagged and shown in one table read by a person."""


def check_set_words(name: str, count: int) -> None:
    """Refuse a set of more than `MAX_SET_WORDS` words, in one sentence that says why."""
    if count > MAX_SET_WORDS:
        raise BiasInputError(
            f"The set '{name}' has {count:,} words; a set may have at most {MAX_SET_WORDS:,} "
            "(the published sets have 8 to 50, and the work grows with the product of the sets' "
            "sizes on a server shared by the whole room)."
        )
