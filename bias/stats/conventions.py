"""Our d recomputed under the conventions of the source whose value is shown beside it.

A published d and ours can differ because the embedding differs (another corpus, other words
missing) or because the source computed d differently: WEATHub divides by the sample standard
deviation (ddof = 1), keeps a word listed twice as two words and averages the words of a phrase;
BiasWords uses ddof = 0, counts one vector once and leaves phrases out. `effect_size_under`
recomputes d on the same embedding with the source's conventions, so a reader sees which part of
a difference is convention and which part is the embedding; what cannot be reproduced here
(e.g. fastText's subword vectors for words this embedding lacks) is returned as codes with the
words concerned, never hidden. Each source's conventions are declared once, as data, with where
each one is written (docs/weat.md, "Published values and their conventions").

Codes (`bias.report` words them):

* applied: the source's conventions that entered this d: 'ddof' always; 'repeats_kept',
  'phrases_averaged' and 'missing_from_subwords' when the test has a repeat, an averaged phrase
  or a word built from subwords;
* not_reproduced (code → the words concerned):
  'missing_words'        the embedding lacks them and cannot build them from subwords (the source
                         built them with fastText when `missing_from_subwords`, else had them);
  'phrase_incomplete'    a phrase with a word this embedding lacks (the source averaged it);
  'phrase_unit_average'  a phrase averaged over unit vectors: the source averaged raw fastText
                         vectors, whose lengths BiasWords does not keep;
  'spelling_fallback'    found only under another spelling ('Visually' as 'visually'), while the
                         source looked the word up as written;
  'empty_set'            a set with no vector left: d is undefined.
* assumed: the fields the source does not state (e.g. 'ddof' for Caliskan), read as declared.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from bias.errors import BiasInputError
from bias.serialize import jsonable
from bias.stats.effect_size import effect_size
from bias.vectors.embeddings import Embedding, Match, WordLookup
from bias.wordsets import SET_KEYS, WordSet

Ties = Literal["at_least", "strictly_greater"]

_SPELLING_FALLBACKS = (Match.LOWER, Match.CAPITALISED, Match.SHARP_S)


@dataclass(frozen=True)
class Convention:
    """How one source computed WEAT, and where each choice is written (`documented`, keyed by
    field name; a field missing from `stated` is not written by the source and is assumed)."""

    name: str
    title: str
    ddof: int
    """0: population standard deviation of the associations; 1: sample standard deviation."""
    repeats_kept: bool
    """A word listed twice counts twice (BiasWords counts one vector once)."""
    phrases_averaged: bool
    """A multi-word entry is the mean of its words' vectors (BiasWords leaves it out)."""
    missing_from_subwords: bool
    """Words outside the vocabulary were built from character n-grams (fastText .bin)."""
    exact_spelling: bool
    """Words were looked up as written, without BiasWords' lower-case/capitalised fallbacks."""
    ties: Ties
    """How the permutation p counts the observed statistic and ties: 'at_least' (≥, so the
    observed partition counts itself) or 'strictly_greater' (>, so p can be 0)."""
    p_can_be_zero: bool
    """Whether the source's p is k/N, printed as 0 when no partition exceeds the observed one."""
    stated: frozenset[str]
    documented: dict[str, str] = field(compare=False)


_WEATHUB_CODE = "iamshnoo/weathub src/weat.py and src/encoding_utils.py (commit 0c770aa)"

WEATHUB = Convention(
    name="weathub",
    title="WEATHub (Mukherjee, Raj, Zhu & Anastasopoulos 2023)",
    ddof=1,
    repeats_kept=True,
    phrases_averaged=True,
    missing_from_subwords=True,
    exact_spelling=True,
    ties="strictly_greater",
    p_can_be_zero=True,
    stated=frozenset({"ddof", "repeats_kept", "phrases_averaged", "missing_from_subwords",
                      "exact_spelling", "ties", "p_can_be_zero"}),
    documented={
        "ddof": f"{_WEATHUB_CODE}: WEAT.compute_effect_size divides by "
                "np.std(associations, ddof=1) (+1e-8)",
        "repeats_kept": f"{_WEATHUB_CODE}: every listed entry is encoded and enters the test; "
                        "no de-duplication",
        "phrases_averaged": f"{_WEATHUB_CODE}: encode_words_a splits an entry on spaces and "
                            "takes np.mean of fastText get_word_vector over its words",
        "missing_from_subwords": f"{_WEATHUB_CODE}: fastText cc.<lang>.300.bin "
                                 "get_word_vector, which builds any word from n-grams",
        "exact_spelling": f"{_WEATHUB_CODE}: get_word_vector(word) on the word as written",
        "ties": f"{_WEATHUB_CODE}: process_partition counts si > test_statistic",
        "p_can_be_zero": f"{_WEATHUB_CODE}: p = total_true / total over up to 100,000 distinct "
                         "partitions; src/run_weat.py prints format(p, '.3f'), so p < 0.0005 "
                         "reads 0.000",
    },
)

CALISKAN = Convention(
    name="caliskan",
    title="Caliskan, Bryson & Narayanan 2017",
    ddof=0,
    repeats_kept=False,
    phrases_averaged=False,
    missing_from_subwords=False,
    exact_spelling=False,
    ties="strictly_greater",
    p_can_be_zero=True,
    stated=frozenset({"repeats_kept", "ties", "p_can_be_zero"}),
    documented={
        "ddof": "not stated: Science 356:183, Methods, writes std-dev over w in X ∪ Y without "
                "saying which; read as the population SD (ddof = 0), as WEFE's np.std does "
                "(the R packages sweater and PsychWordVec use sd(), ddof = 1)",
        "repeats_kept": "Methods: X, Y, A, B are sets of words, so a word is in a set once",
        "phrases_averaged": "not stated; the ten tests' lists are single words",
        "missing_from_subwords": "not stated; GloVe and word2vec have no subword vectors",
        "exact_spelling": "not stated",
        "ties": "Methods: one-sided p = Pr_i[s(X_i, Y_i, A, B) > s(X, Y, A, B)] over all "
                "partitions (strictly greater)",
        "p_can_be_zero": "Methods: the share of partitions that exceed, so 0 when none does",
    },
)

PAPER_CONVENTION = Convention(
    name="paper",
    title="Kurpicz-Briki & Leoni 2021",
    ddof=0,
    repeats_kept=False,
    phrases_averaged=False,
    missing_from_subwords=False,
    exact_spelling=False,
    ties="at_least",
    p_can_be_zero=False,
    stated=frozenset({"ties"}),
    documented={
        "ddof": "not stated: section 2.1 says 'The effect size d is computed as Caliskan et "
                "al. (2017)', so as Caliskan (assumed ddof = 0); its |d| above 2 (Table 7) "
                "cannot come from either ddof",
        "repeats_kept": "not stated; the lists have no repeats and the BiasWords clean-up "
                        "(section 2.4) removes duplicates",
        "phrases_averaged": "not stated; the lists are single words",
        "missing_from_subwords": "not stated: fastText vectors (section 2.2), .bin or .vec not "
                                 "said",
        "exact_spelling": "not stated",
        "ties": "section 2.1: the probability of 'the observed (or greater) difference', from "
                "a randomization test of 100,000 iterations",
        "p_can_be_zero": "not stated; every p in Tables 7–9 is above 0",
    },
)

CONVENTIONS: dict[str, Convention] = {
    c.name: c for c in (WEATHUB, CALISKAN, PAPER_CONVENTION)
}
"""Every source whose conventions are known, by name."""


def convention_for(wordset: WordSet) -> Convention | None:
    """The convention of the source of `wordset`'s published value; None without one.

    Decided by who computed the value, not who printed the lists: WEATHub's sets (ids starting
    'weathub-') carry WEATHub's values; Caliskan's WEAT 1-10, and the paper's '-ori' sets, whose
    values are Caliskan's Table 1 (`reported.where` names Caliskan), carry Caliskan's; the
    paper's own tests carry the paper's."""
    reported = wordset.reported
    if reported is None:
        return None
    if wordset.from_weathub:
        return WEATHUB
    if "Caliskan" in reported.where or (
        not wordset.from_paper and "Caliskan" in str(wordset.source.get("citation", ""))
    ):
        return CALISKAN
    if wordset.from_paper:
        return PAPER_CONVENTION
    return None


@dataclass(frozen=True)
class ConventionalEffectSize:
    """d on this embedding under one source's conventions, and what could not be reproduced."""

    convention: str
    effect_size: float
    """nan when undefined (a set left empty, or no spread)."""
    applied: tuple[str, ...]
    """The source's conventions that entered this d (module docstring)."""
    not_reproduced: dict[str, tuple[str, ...]]
    """Code → the words concerned (module docstring)."""
    assumed: tuple[str, ...]
    """The convention's fields its source does not state."""
    entries: dict[str, int]
    """How many entries of each set entered this d (repeats and phrases included)."""

    @property
    def reproduced(self) -> bool:
        """Whether every listed word entered as the source would have had it."""
        return not self.not_reproduced

    def to_dict(self) -> dict:
        return jsonable(self)


def _vector(embedding: Embedding, item: WordLookup) -> np.ndarray:
    return embedding.vectors_for([item])[0].astype(np.float64)


def _set_vectors(
    embedding: Embedding, words: tuple[str, ...], convention: Convention,
    gaps: dict[str, list[str]], applied: set[str],
) -> list[np.ndarray]:
    """The vectors of one set's entries under `convention`, noting every gap in `gaps`."""
    vectors: list[np.ndarray] = []
    seen: set[str] = set()
    for item in embedding.lookup_all(words):
        if item.found:
            key = str(item.found_as)
            if key in seen and not convention.repeats_kept:
                continue
            if key in seen:
                applied.add("repeats_kept")
            if convention.exact_spelling and item.match in _SPELLING_FALLBACKS:
                gaps["spelling_fallback"].append(item.word)
            if item.match is Match.SYNTHESISED and convention.missing_from_subwords:
                applied.add("missing_from_subwords")
            seen.add(key)
            vectors.append(_vector(embedding, item))
        elif item.is_phrase and convention.phrases_averaged:
            parts = embedding.lookup_all(item.word.split())
            if not all(part.found for part in parts):
                gaps["phrase_incomplete"].append(item.word)
                continue
            if item.word in seen and not convention.repeats_kept:
                continue
            seen.add(item.word)
            if convention.exact_spelling and any(p.match in _SPELLING_FALLBACKS for p in parts):
                gaps["spelling_fallback"].append(item.word)
            applied.add("phrases_averaged")
            gaps["phrase_unit_average"].append(item.word)
            mean = np.mean([_vector(embedding, part) for part in parts], axis=0)
            vectors.append(mean / np.linalg.norm(mean))
        elif not item.is_phrase:
            gaps["missing_words"].append(item.word)
    return vectors


def effect_size_under(
    source_convention: Convention | str, embedding: Embedding, wordset: WordSet
) -> ConventionalEffectSize:
    """d of `wordset` on `embedding`, computed as the source computed it, where that can be
    reproduced; the rest is listed in `not_reproduced`."""
    convention = (
        CONVENTIONS.get(source_convention) if isinstance(source_convention, str)
        else source_convention
    )
    if convention is None:
        raise BiasInputError(
            f"No source convention is called '{source_convention}'; known: "
            f"{', '.join(CONVENTIONS)}."
        )
    gaps: dict[str, list[str]] = {code: [] for code in (
        "missing_words", "phrase_incomplete", "phrase_unit_average", "spelling_fallback",
        "empty_set")}
    applied = {"ddof"}
    vectors = {
        key: _set_vectors(embedding, terms.words, convention, gaps, applied)
        for key, terms in wordset.sets().items()
    }
    gaps["empty_set"] = [key for key in SET_KEYS if not vectors[key]]
    d = math.nan
    if not gaps["empty_set"]:
        targets = np.vstack(vectors["X"] + vectors["Y"])
        s = (targets @ np.vstack(vectors["A"]).T).mean(axis=1) - (
            targets @ np.vstack(vectors["B"]).T).mean(axis=1)
        n = s.size
        if n > convention.ddof:
            # effect_size divides by the population SD; the sample SD is sqrt(n/(n-1)) larger.
            d = float(effect_size(s, len(vectors["X"]))) * math.sqrt((n - convention.ddof) / n)
    return ConventionalEffectSize(
        convention=convention.name,
        effect_size=d,
        applied=tuple(sorted(applied)),
        not_reproduced={code: tuple(words) for code, words in gaps.items() if words},
        assumed=tuple(sorted(
            f for f in convention.documented if f not in convention.stated
        )),
        entries={key: len(v) for key, v in vectors.items()},
    )
