"""The frequency check of a WEAT (docs/weat.md, "Confounds").

Word frequency shapes embedding associations (Ethayarajh, Duvenaud & Hirst 2019; arXiv:2201.08451
on WEAT and name frequency); `frequency_check` summarises each list's wordfreq Zipf frequencies
and warns when the two target or the two attribute lists differ by at least `FREQUENCY_GAP` in
median Zipf. Results are codes and numbers; `bias.report.confounds_text` words them.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Literal

from bias.serialize import jsonable
from bias.wordsets import WordSet

FREQUENCY_GAP = 1.0
"""Warn when two lists' median Zipf frequencies differ by at least this: one unit of the Zipf
scale (van Heuven et al. 2014) is a factor of 10 in frequency (docs/weat.md, "Confounds")."""

WORDFREQ_LANGUAGES = {"tl": "fil"}
"""Bundled language codes that wordfreq knows under another code (Tagalog as Filipino)."""

FrequencyReason = Literal["language_not_covered", "tokenizer_missing"]


@dataclass(frozen=True)
class SetFrequency:
    """One list's Zipf frequencies from wordfreq (log10 of uses per billion words; 0: unknown)."""

    key: str
    name: str
    words: tuple[str, ...]
    zipf: tuple[float, ...]

    @property
    def unknown(self) -> tuple[str, ...]:
        """The words wordfreq does not know (left out of the median, never silently)."""
        return tuple(w for w, z in zip(self.words, self.zipf, strict=True) if z <= 0)

    @property
    def unknown_share(self) -> float:
        return len(self.unknown) / len(self.words) if self.words else 0.0

    @property
    def median(self) -> float:
        known = [z for z in self.zipf if z > 0]
        return statistics.median(known) if known else math.nan

    def to_dict(self) -> dict:
        return jsonable({"name": self.name, "median_zipf": self.median,
                         "unknown": self.unknown, "unknown_share": self.unknown_share,
                         "zipf": dict(zip(self.words, self.zipf, strict=True))})


@dataclass(frozen=True)
class FrequencyGap:
    """The median Zipf of `first` minus that of `second` (X − Y, A − B)."""

    first: str
    second: str
    difference: float

    @property
    def warning(self) -> bool:
        return math.isfinite(self.difference) and abs(self.difference) >= FREQUENCY_GAP


@dataclass(frozen=True)
class FrequencyCheck:
    """Each list's frequencies and the gaps between the two targets and the two attributes;
    `state` is 'no_frequency_data' (with `reason`) where wordfreq has no list for the language."""

    state: Literal["checked", "no_frequency_data"]
    language: str
    sets: dict[str, SetFrequency]
    gaps: tuple[FrequencyGap, ...] = ()
    reason: FrequencyReason | None = None

    @property
    def warning(self) -> bool:
        return any(gap.warning for gap in self.gaps)

    def to_dict(self) -> dict:
        return jsonable({
            "state": self.state, "language": self.language, "reason": self.reason,
            "warning": self.warning, "threshold": FREQUENCY_GAP,
            "sets": {key: s.to_dict() for key, s in self.sets.items()},
            "gaps": [{"first": g.first, "second": g.second, "difference": g.difference,
                      "warning": g.warning} for g in self.gaps],
        })


def frequency_check(wordset: WordSet, language: str | None = None) -> FrequencyCheck:
    """The wordfreq Zipf frequency of every listed word, summarised per list, and a warning when
    the targets or the attributes differ by FREQUENCY_GAP or more in median Zipf."""
    import wordfreq  # a second of start-up that only this check pays

    language = language or wordset.language
    code = WORDFREQ_LANGUAGES.get(language, language)
    if code not in wordfreq.available_languages():
        return FrequencyCheck("no_frequency_data", language, {}, reason="language_not_covered")
    try:
        sets = {
            key: SetFrequency(key, terms.name, terms.words,
                              tuple(float(wordfreq.zipf_frequency(w, code)) for w in terms.words))
            for key, terms in wordset.sets().items()
        }
    except ModuleNotFoundError:  # Japanese and Chinese need MeCab or jieba to split words
        return FrequencyCheck("no_frequency_data", language, {}, reason="tokenizer_missing")
    gaps = tuple(FrequencyGap(a, b, sets[a].median - sets[b].median)
                 for a, b in (("X", "Y"), ("A", "B")))
    return FrequencyCheck("checked", language, sets, gaps)
