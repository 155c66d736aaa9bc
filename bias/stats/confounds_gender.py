"""The grammatical-gender control of a WEAT (docs/weat.md, "Confounds").

In German, French, Italian or Spanish "Mann"/"homme" is masculine and "Frau"/"femme" feminine, and
so are many career, family, math or arts words; embeddings encode grammatical gender (Gonen et al.
2019; Omrani Sabbaghi & Caliskan 2022), so a "male vs. female terms" test partly measures it.
`grammatical_gender_control` puts masculine and feminine *inanimate* nouns (bundled under
`wordsets/controls/`) in place of the male and female lists and reports that control's d beside
the test's, with a warning when it is at least `CONTROL_SHARE` of the test's d in the same
direction. Results are codes and numbers; `bias.report.confounds_text` words them.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from bias.errors import BiasInputError
from bias.files import read_json
from bias.serialize import jsonable
from bias.stats.effect_size import effect_size
from bias.stats.weat import SetReport, WeatResult
from bias.vectors.embeddings import Embedding
from bias.wordsets import TermSet, WordSet
from bias.wordsets.library import BUNDLED_DIR

GRAMMATICAL_GENDER: dict[str, tuple[str, ...]] = {
    "ar": ("masculine", "feminine"),
    "da": ("common", "neuter"),
    "de": ("masculine", "feminine", "neuter"),
    "el": ("masculine", "feminine", "neuter"),
    "es": ("masculine", "feminine"),
    "fr": ("masculine", "feminine"),
    "hi": ("masculine", "feminine"),
    "it": ("masculine", "feminine"),
    "ku": ("masculine", "feminine"),
    "mr": ("masculine", "feminine", "neuter"),
    "pa": ("masculine", "feminine"),
    "ru": ("masculine", "feminine", "neuter"),
    "sv": ("common", "neuter"),
    "ur": ("masculine", "feminine"),
}
"""The bundled languages whose inanimate nouns have a grammatical gender, and its values. The
others have none on nouns (en, bn, ckb, fa, ja, ko, th, tl, tr, vi, zh) or only for people
(te: masculine vs. non-masculine, every inanimate noun is non-masculine)."""

CONTROL_DIR = BUNDLED_DIR / "controls"
"""`wordsets/controls/grammatical-gender-<language>.json` (format: wordsets/controls/README.md)."""

CONTROL_SHARE = 0.5
"""Warn when the control's d is at least this share of the test's d, in the same direction: then
grammatical gender alone could account for half the effect or more (docs/weat.md)."""

CONTROL_DRAWS = 500
"""Random draws of control nouns, each as many as the test has words in the lists they stand in
for: d grows with the number of attribute words, so a 20-noun control beside a 5-word list would
look larger for its length alone."""

CONTROL_MIN_FOUND = 4
"""Fewest nouns of each control list the embedding must have for the control to run (the
verdict's own floor, bias.stats.verdict.MIN_SET_WORDS)."""

_MALE = {"male", "men", "man", "männer", "mann", "männlich", "hommes", "homme", "masculin",
         "uomini", "uomo", "maschile", "hombres", "hombre", "masculino", "män", "manlig"}
_FEMALE = {"female", "women", "woman", "frauen", "frau", "weiblich", "femmes", "femme",
           "féminin", "donne", "donna", "femminile", "mujeres", "mujer", "femenino", "kvinnor",
           "kvinna", "kvinnlig"}
"""Words for men and for women in a list's name, in English (every bundled set) and in the
languages of the paper and its controls, for a user's own sets ("Männer", "Femmes")."""
_NOT_PEOPLE = {"attributes", "dominated", "adjectives", "verbs", "entities", "titles",
               "subjects", "stereotypical", "occupations"}


def _tokens(name: str) -> set[str]:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)  # "MaleTerms" -> "Male Terms"
    return set(re.findall(r"[^\W\d_]+", spaced.lower()))


def denotes(name: str) -> Literal["male", "female"] | None:
    """Whether a list's name says it holds words for men or for women ("Male terms", "FemaleNames",
    "Target 1 (male words)", "Male"), else None. Names of lists *associated* with a gender
    ("Male-dominated study subjects", "Stereotypical male adjectives", "Male entities") are not
    words for people and give None."""
    tokens = _tokens(name)
    if tokens & _NOT_PEOPLE:
        return None
    if tokens & _FEMALE:
        return "female"
    if tokens & _MALE:
        return "male"
    return None


@dataclass(frozen=True)
class GenderPair:
    """The two lists of a gender test that hold words for men and for women."""

    role: Literal["targets", "attributes"]
    male: str
    """Its key: X or Y for targets, A or B for attributes."""
    female: str


def gender_pair(wordset: WordSet) -> GenderPair | None:
    """The male and female lists of a test, from the lists' names: a gender test is one whose two
    targets (or else two attributes) are named as words for men and for women (`denotes`)."""
    for role, (first, second) in (("targets", ("X", "Y")), ("attributes", ("A", "B"))):
        sides = {denotes(getattr(wordset, first).name): first,
                 denotes(getattr(wordset, second).name): second}
        if set(sides) == {"male", "female"}:
            return GenderPair(role, sides["male"], sides["female"])
    return None


@dataclass(frozen=True)
class GenderControlList:
    """A bundled control: inanimate nouns of two grammatical genders in one language.

    `first` stands in for the male list and `second` for the female one. `aligned` says whether
    the language's male terms take the first gender and its female terms the second (German,
    French, Italian, Spanish: der Mann, die Frau); in Swedish both are common gender (en man,
    en kvinna), so there the control is shown but cannot explain a male/female effect.
    """

    id: str
    title: str
    language: str
    genders: tuple[str, str]
    aligned: bool
    first: TermSet
    second: TermSet
    source: dict[str, str]
    notes: tuple[str, ...]


def read_control_list(path: Path) -> GenderControlList:
    """Read and check one control file; a bad file is one sentence."""
    data = read_json(path, "control-list file")
    where = path.name
    try:
        sets = data["sets"]
        lists = [TermSet(sets[k]["name"], tuple(sets[k]["words"])) for k in ("first", "second")]
        genders = tuple(data["genders"])
        control = GenderControlList(
            id=data["id"], title=data["title"], language=data["language"],
            genders=genders, aligned=data["aligned"], first=lists[0], second=lists[1],
            source=dict(data["source"]), notes=tuple(data["notes"]),
        )
    except (KeyError, TypeError) as exc:
        raise BiasInputError(
            f"{where}: a control list needs id, title, language, genders, aligned, sets "
            f"(first, second: name and words), source and notes ({exc})."
        ) from exc
    words = control.first.words + control.second.words
    if (len(genders) != 2 or not all(isinstance(w, str) and w.strip() == w and w for w in words)
            or len(set(words)) != len(words) or not isinstance(control.aligned, bool)):
        raise BiasInputError(
            f"{where}: two genders, a true/false 'aligned', and distinct words without spaces "
            "around them, please."
        )
    return control


@functools.cache
def control_list(language: str) -> GenderControlList | None:
    """The bundled control of a language, or None where none is bundled."""
    path = CONTROL_DIR / f"grammatical-gender-{language}.json"
    return read_control_list(path) if re.fullmatch(r"[a-z]{2,3}", language) and path.is_file() \
        else None


GenderState = Literal[
    "not_gender_test", "no_grammatical_gender", "no_control_list", "language_mismatch",
    "control_missing", "no_effect_size", "unaligned", "warning", "clear",
]


@dataclass(frozen=True)
class GrammaticalGenderControl:
    """The grammatical-gender control of one WEAT, or why there is none.

    States: `not_gender_test` (no male/female lists, `gender_pair`), `no_grammatical_gender` (the
    language has none on nouns), `no_control_list` (it has, but no list is bundled yet),
    `language_mismatch` (the embedding is in another language than the test, so the nouns' vectors
    would not be those of the test's language), `control_missing` (fewer than CONTROL_MIN_FOUND
    nouns of a list in the embedding),
    `no_effect_size` (the test has no d), `unaligned` (the control ran, but the language's male and
    female terms share a grammatical gender: Swedish), `warning` (d_control ≥ CONTROL_SHARE·d_test
    in the same direction), `clear` (it ran and is smaller, or points the other way).
    """

    state: GenderState
    language: str
    test_effect_size: float
    pair: GenderPair | None = None
    control_id: str | None = None
    genders: tuple[str, str] | None = None
    sets: dict[str, SetReport] | None = None
    """What became of the control nouns: 'first' and 'second' (missing nouns are listed)."""
    sizes: tuple[int, int] | None = None
    """Nouns drawn per list in each draw (as many as the test used in the lists replaced)."""
    draws: int = 0
    seed: int = 0
    effect_size: float = math.nan
    """The control's d, the mean over the draws; same sign as the test's d means grammatical
    gender pushes the same way."""
    effect_size_low: float = math.nan
    effect_size_high: float = math.nan
    """5th and 95th percentiles of the control's d over the draws (which nouns were drawn)."""

    @property
    def share(self) -> float:
        """The control's d as a share of the test's (negative: opposite direction)."""
        if not math.isfinite(self.effect_size) or not self.test_effect_size:
            return math.nan
        return self.effect_size / self.test_effect_size

    @property
    def warning(self) -> bool:
        return self.state == "warning"

    def to_dict(self) -> dict:
        sets = None if self.sets is None else {
            key: {**rep.to_dict(), "listed": len(rep.words)} for key, rep in self.sets.items()
        }
        return jsonable({
            "state": self.state, "warning": self.warning, "language": self.language,
            "test_effect_size": self.test_effect_size, "effect_size": self.effect_size,
            "effect_size_low": self.effect_size_low, "effect_size_high": self.effect_size_high,
            "share": self.share, "threshold": CONTROL_SHARE, "pair": self.pair,
            "control": self.control_id, "genders": self.genders, "sizes": self.sizes,
            "draws": self.draws, "seed": self.seed, "sets": sets,
        })


def _subset_masks(rng: np.random.Generator, total: int, size: int, draws: int) -> np.ndarray:
    """`draws` rows of `total` booleans with `size` True each, uniformly at random."""
    order = np.argsort(rng.random((draws, total)), axis=1)
    masks = np.zeros((draws, total), dtype=bool)
    np.put_along_axis(masks, order[:, :size], True, axis=1)
    return masks


def control_effect_sizes(
    first: np.ndarray, second: np.ndarray, others: tuple[np.ndarray, np.ndarray], role: str,
    sizes: tuple[int, int], draws: int, seed: int,
) -> np.ndarray:
    """The control's d for `draws` random choices of `sizes` nouns from each list.

    `first`/`second` are the unit vectors of the nouns in place of the male/female lists,
    `others` those of the other pair (A, B when the nouns are targets; X, Y when they are
    attributes); the nouns keep the role and the side of the lists they replace."""
    rng = np.random.default_rng(seed)
    m1 = _subset_masks(rng, first.shape[0], sizes[0], draws).astype(np.float64) / sizes[0]
    m2 = _subset_masks(rng, second.shape[0], sizes[1], draws).astype(np.float64) / sizes[1]
    if role == "targets":  # associations of each noun with A, B are fixed; the draws pick nouns
        a, b = others
        s1 = (first @ a.T).mean(axis=1) - (first @ b.T).mean(axis=1)
        s2 = (second @ a.T).mean(axis=1) - (second @ b.T).mean(axis=1)
        rows = []
        for w1, w2 in zip(m1 > 0, m2 > 0, strict=True):
            rows.append(np.concatenate([s1[w1], s2[w2]]))
        return np.asarray(effect_size(np.array(rows).T, sizes[0]), dtype=np.float64)
    x, y = others  # the nouns are the attributes: every target word's association per draw
    targets = np.vstack([x, y])
    s = (targets @ first.T) @ m1.T - (targets @ second.T) @ m2.T  # (targets, draws)
    return np.asarray(effect_size(s, x.shape[0]), dtype=np.float64)


def grammatical_gender_control(
    embedding: Embedding, wordset: WordSet, result: WeatResult, *,
    draws: int = CONTROL_DRAWS, seed: int = 0,
) -> GrammaticalGenderControl:
    """The test run again with inanimate masculine and feminine nouns in place of its male and
    female lists, against its other two lists as used, so that its d shows how much grammatical
    gender alone gives (module docstring; docs/weat.md, "Confounds")."""
    if result.wordset_id != wordset.id:
        raise BiasInputError(
            f"The result is of {result.wordset_id}, not of {wordset.id}: run the control on the "
            "word set the result was computed from."
        )
    language = wordset.language
    base = {"language": language, "test_effect_size": result.effect_size}
    pair = gender_pair(wordset)
    if pair is None:
        return GrammaticalGenderControl("not_gender_test", **base)
    base["pair"] = pair
    if language not in GRAMMATICAL_GENDER:
        return GrammaticalGenderControl("no_grammatical_gender", **base)
    control = control_list(language)
    if control is None:
        return GrammaticalGenderControl("no_control_list", **base)
    if embedding.language != language:
        return GrammaticalGenderControl("language_mismatch", **base)
    reports = {
        key: SetReport(key, terms.name, terms.words, tuple(embedding.lookup_all(terms.words)))
        for key, terms in (("first", control.first), ("second", control.second))
    }
    base |= {"control_id": control.id, "genders": control.genders, "sets": reports}
    if any(len(rep.used) < CONTROL_MIN_FOUND for rep in reports.values()):
        return GrammaticalGenderControl("control_missing", **base)
    if not math.isfinite(result.effect_size):
        return GrammaticalGenderControl("no_effect_size", **base)
    nouns = [embedding.vectors_for(reports[k].used_lookups).astype(np.float64)
             for k in ("first", "second")]
    other_keys = ("A", "B") if pair.role == "targets" else ("X", "Y")
    others = tuple(embedding.vectors_for(result.sets[k].used_lookups).astype(np.float64)
                   for k in other_keys)
    sizes = tuple(min(len(result.sets[k].used), noun.shape[0])
                  for k, noun in zip((pair.male, pair.female), nouns, strict=True))
    if pair.male in ("Y", "B"):  # the male list is second: the masculine nouns go second too
        nouns, sizes = nouns[::-1], sizes[::-1]
    d = control_effect_sizes(nouns[0], nouns[1], others, pair.role, sizes, draws, seed)
    d = d[np.isfinite(d)]
    mean = float(d.mean()) if d.size else math.nan
    low, high = (float(v) for v in np.percentile(d, [5, 95])) if d.size else (math.nan, math.nan)
    if pair.male in ("Y", "B"):
        sizes = sizes[::-1]
    ran = base | {"sizes": sizes, "draws": draws, "seed": seed, "effect_size": mean,
                  "effect_size_low": low, "effect_size_high": high}
    if not control.aligned:
        return GrammaticalGenderControl("unaligned", **ran)
    share = mean / result.effect_size if result.effect_size else math.nan
    state: GenderState = "warning" if share >= CONTROL_SHARE else "clear"
    return GrammaticalGenderControl(state, **ran)
