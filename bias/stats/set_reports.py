"""What became of each set's words in an embedding (`SetReport`), and the notes a WEAT's reader
must know about them: missing words, phrases, repeats, words in both sets, shared rows, unequal
sizes, one trained model. The notes are codes and data; `bias.report.note_sentences` words them.
Apart from `bias.stats.weat` so the test's own arithmetic stays short.
"""

from __future__ import annotations

from dataclasses import dataclass

from bias.notes import Note
from bias.stats.verdict import Coverage
from bias.vectors.embeddings import Embedding, Match, WordLookup
from bias.wordsets import WordSet


@dataclass(frozen=True)
class SetReport:
    """What became of one set's words in this embedding.

    `used` are the words whose vectors enter the test, `missing` the words the embedding lacks,
    and `repeated` the words whose vector was already in the set (written twice, or "Man" beside
    "man" in a lower-case vocabulary): each vector counts once.
    """

    key: str
    name: str
    words: tuple[str, ...]
    lookups: tuple[WordLookup, ...]
    leave_out_shared: bool = False
    """Leave out the words that only share another word's vector (`WeatOptions.shared_rows`)."""

    def _usable(self, item: WordLookup) -> bool:
        return item.found and not (self.leave_out_shared and item.match is Match.SHARED_ROW)

    @property
    def used_lookups(self) -> tuple[WordLookup, ...]:
        """The first found word of each vector, in order; a word with the vector as its own goes
        before one that only shares it ("géométrie" before "algèbre", which uses its row)."""
        usable = [item for item in self.lookups if self._usable(item)]
        first: dict[str | None, WordLookup] = {}
        for item in sorted(usable, key=lambda item: item.match is Match.SHARED_ROW):  # stable
            first.setdefault(item.found_as, item)
        chosen = {id(item) for item in first.values()}
        return tuple(item for item in usable if id(item) in chosen)

    @property
    def shared_rows(self) -> tuple[WordLookup, ...]:
        """Words found only as a neighbour's vector (a pruned table), used or left out."""
        return tuple(item for item in self.lookups if item.match is Match.SHARED_ROW)

    @property
    def used(self) -> tuple[str, ...]:
        return tuple(item.word for item in self.used_lookups)

    @property
    def missing(self) -> tuple[str, ...]:
        """Single words the embedding lacks (phrases are listed apart, in `phrases`)."""
        return tuple(
            item.word for item in self.lookups if not item.found and not item.is_phrase
        )

    @property
    def phrases(self) -> tuple[str, ...]:
        """Entries of several words the vocabulary does not hold as written (left out)."""
        return tuple(item.word for item in self.lookups if item.is_phrase)

    @property
    def repeated(self) -> tuple[str, ...]:
        first = self.used_lookups
        return tuple(
            item.word for item in self.lookups
            if self._usable(item) and all(item is not f for f in first)
        )

    @property
    def fallbacks(self) -> tuple[WordLookup, ...]:
        """Used words found only under another spelling, or synthesised."""
        return tuple(item for item in self.used_lookups if item.is_fallback)

    @property
    def coverage(self) -> Coverage:
        own = sum(item.found and item.match is not Match.SHARED_ROW for item in self.lookups)
        return Coverage(len(self.words), own, len(self.used), len(self.shared_rows))

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "used": list(self.used),
            "missing": list(self.missing),
            "phrases": list(self.phrases),
            "repeated": list(self.repeated),
            "found_as": {i.word: i.found_as for i in self.fallbacks},
            "shared_rows": [i.word for i in self.shared_rows],
        }



def repeated_note(rep: SetReport) -> Note | None:
    """The words of a set whose vector was already in it, or None. A word that only shares a
    frequent word's row is told once, by the shared_rows note; a word written twice is told
    as such (WEATHub repeats words: French WEAT 7), apart from another spelling ('Man' beside
    'man')."""
    merged = [w for w in rep.repeated if w not in {i.word for i in rep.shared_rows}]
    if not merged:
        return None
    earlier = {w for i, w in enumerate(rep.words) if w in rep.words[:i]}
    return Note("repeated_words", {"set": rep.key, "name": rep.name, "words": merged,
                                   "listed_twice": [w for w in merged if w in earlier]})


def set_notes(reports: dict[str, SetReport], embedding: Embedding, wordset: WordSet) -> list[Note]:
    """What a reader must know about the words used (worded by `bias.report.note_sentences`)."""
    notes = []
    if wordset.language != embedding.language:
        notes.append(Note("language_mismatch", {
            "wordset_language": wordset.language,
            "embedding": embedding.name,
            "embedding_language": embedding.language,
        }))
    for rep in reports.values():
        if rep.missing:
            notes.append(Note("missing_words", {
                "set": rep.key, "name": rep.name, "words": list(rep.missing),
                "total": len(rep.words), "embedding": embedding.name,
            }))
        if rep.phrases:
            notes.append(Note("phrases", {
                "set": rep.key, "name": rep.name, "words": list(rep.phrases),
                "embedding": embedding.name,
            }))
        if (repeats := repeated_note(rep)) is not None:
            notes.append(repeats)
    for first, second in (("X", "Y"), ("A", "B")):
        shared = sorted(
            {item.found_as for item in reports[first].used_lookups}
            & {item.found_as for item in reports[second].used_lookups}
        )
        if shared:
            notes.append(Note("shared_words", {"first": first, "second": second, "words": shared}))
    approximated = {i.word: i.found_as for rep in reports.values() for i in rep.shared_rows}
    if approximated:
        notes.append(Note("shared_rows", {
            "embedding": embedding.name, "count": len(approximated),
            "total": sum(len(rep.words) for rep in reports.values()),  # as the coverage line
            "words": approximated,
            "left_out": next(iter(reports.values())).leave_out_shared,
            "other_language": wordset.language != embedding.language,
        }))
    for first, second in (("X", "Y"), ("A", "B")):
        n1, n2 = len(reports[first].used), len(reports[second].used)
        if n1 != n2:
            notes.append(Note("unequal_sizes", {
                "first": first, "second": second, "first_size": n1, "second_size": n2,
            }))
    if trained := embedding.identity.get("trained"):  # retraining may move d (Antoniak & Mimno)
        notes.append(Note("single_trained_model", {
            "embedding": embedding.name, "family": trained.get("family"),
            "replicates": trained.get("replicates", 1)}))
    return notes
