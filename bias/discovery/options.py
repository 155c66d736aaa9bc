"""What BiasWords' filter steps read: the run's options, and what was looked up once for it.

Apart from the steps (`filters`, `mistake_filters`) so both can read them without importing each
other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bias.bounds import Bound, bounded, check_bounds
from bias.discovery.pos import UPOS_TAGS, Tagger
from bias.discovery.seed_profiles import SetProfile
from bias.errors import BiasInputError
from bias.vectors.ambiguity import AmbiguousSeed
from bias.vectors.embeddings import Embedding, WordLookup
from bias.wordsets import SET_KEYS

NEIGHBOURS = Bound("The number of neighbours", 1, 1000)
"""Nearest neighbours per seed word."""
MIN_EDIT = Bound("The minimum edit distance", 0)
"""Letters a candidate must differ from its seed by."""
CONCEPT_NEIGHBOURS = Bound("The number of neighbours of a concept set's seeds", 1, 1000)
"""Nearest neighbours per seed of a concept set when concept fit judges them (issue 36)."""
MAX_FIT_RANK = Bound("The concept rank limit", 1, 100_000, optional=True)
"""At most this many frequent words nearer a candidate than its set's centre; None = off."""
MIN_FIT_LEAN = Bound("The least lean (a multiple of the seeds' median lean)", -10, 10,
                     whole=False, optional=True)
"""A candidate's lean must be at least this multiple of its seeds' median lean; None = off."""
MIN_FIT_SEEDS = Bound("The number of seeds a candidate must be near", 0, 500)
"""0 = off."""
CONCEPT_KEEP = Bound("The number of words a concept set keeps on the encoder's name lean", 1,
                     1000, optional=True)
"""A concept set keeps at most this many words, the best on name lean; None = the static
thresholds decide (as without the encoder)."""
MIN_ZIPF = Bound("The frequency floor (a Zipf value)", 0, 8, whole=False, optional=True)
"""wordfreq's Zipf scale runs from 0 to about 8 (a word of every hundred)."""


@dataclass(frozen=True)
class CandidateOptions:
    """Which filters run and how strict they are; the defaults follow the paper."""

    neighbours: int = bounded(20, NEIGHBOURS)
    min_edit: int = bounded(3, MIN_EDIT)
    pos_filter: bool = True
    edit_filter: bool = True
    clean: bool = True
    sharp_s: bool | None = None
    """Compare ß as ss (duplicates, seed words, edit distance); None means "for German only",
    as the paper did. The table keeps the embedding's own spelling either way, so it can be
    drawn."""
    drop_seed_words: bool = True
    flag_opposed: bool = True
    min_zipf: float | None = bounded(None, MIN_ZIPF)
    """Frequency floor on wordfreq's Zipf scale (3 ≈ once per million words); None = off."""
    keep_ambiguous: bool = False
    """Keep the neighbours of seeds flagged as ambiguous (`ambiguity`); by default they are
    dropped, since "bill" near "Bill" gives legislation, not names."""
    drop_opposite: bool = True
    """Drop a neighbour that is closer (mean cosine) to the opposite set's seeds than to its own
    set's: the paper removed such words (a wife among male words) by hand."""
    drop_attribute_like: bool = True
    """Drop a candidate for X or Y that is closer to the seeds of A or B than to its own set's
    ("husband" among female names, nearer the family words)."""
    group_forms: bool = True
    """Keep one word of each group of forms (director/directors, colour/color) per set."""
    set_pos: dict[str, str] | None = None
    """The expected part of speech per set (e.g. {"B": "NOUN"}); a set not named here gets the
    majority tag of its seeds."""
    # Ours, not the paper's (docs/biaswords.md, "Our filters"); each on by default.
    normal_form: bool = True
    """Drop spellings that Unicode NFKC changes (the ligature in "ﬁlm") and, in an embedding
    that keeps capitals, all-capital variants of a word it also holds ("ROGER" beside "Roger")."""
    drop_function_words: bool = True
    """Drop the language's stop words (spaCy's lists): "le", "cela", "himself" are no gender
    terms."""
    drop_seed_forms: bool = True
    """Drop a candidate whose lemma is a seed's lemma (girls for girl, geometries for
    geometry), whatever its edit distance."""
    drop_ending_neighbours: bool = True
    """Drop a candidate that shares only a long ending with its seed ("accumulation" near
    "addition"): fastText-style vectors are built from word pieces, so such words are near by
    spelling, not meaning. Names and compounds of the seed ("beau-frère") are left alone."""
    names_vs_nouns: bool = True
    """A set of names keeps only first names, a set of common nouns drops names."""
    drop_other_gender: bool = True
    """In a male or female set, drop a candidate of the other gender (husband among female
    terms, a female name among male names)."""
    drop_off_type_seeds: bool = True
    """Drop the neighbours of a seed whose own word type does not go with its set's (the
    adjective "professional" among career nouns brings sports words, the pronoun *lui* among
    male nouns brings *gentiment*). Only with a tagger."""
    drop_weak_side: bool = True
    """Drop a word that leans to its set (mean cosine with its seeds minus with the opposed set's)
    less than the set's seeds do on median: a seed's other sense (sports near "professional",
    holidays near "wedding"). Not in sets of names nor in male or female sets."""
    concept_fit: bool = True
    """In a concept set (not names, not male or female terms), judge each candidate against the
    whole set (`concept_fit`): its concept rank, its lean and the seeds it is near, each with
    its threshold below. Its neighbours are searched wider (`concept_neighbours`) so that the
    strict thresholds still leave words to draw."""
    concept_neighbours: int = bounded(100, CONCEPT_NEIGHBOURS)
    """Neighbours per seed of a concept set while `concept_fit` is on (the paper's `neighbours`
    for the other sets, and for all when it is off)."""
    max_fit_rank: int | None = bounded(20, MAX_FIT_RANK)
    min_fit_lean: float | None = bounded(1.0, MIN_FIT_LEAN)
    min_fit_seeds: int = bounded(3, MIN_FIT_SEEDS)
    concept_keep: int | None = bounded(12, CONCEPT_KEEP)
    """With the encoder, a concept set keeps its best this many words on name lean (`fit_name`,
    the encoder's similarity with the set's name minus with the opposed set's) and the static
    thresholds above only show; without it, or None, the static thresholds decide."""
    drop_genderless: bool = True
    """In a male or female set, drop a word whose meaning has no gender ("child", "parents",
    *individu*), the weakest lean first, while the set keeps `MIN_KEPT` words; the rest stay,
    flagged. Judged by our lists of gendered words where the language has one (English,
    French), else by the tagger's morphology."""

    def __post_init__(self) -> None:
        check_bounds(self)
        for key, tag in (self.set_pos or {}).items():
            if key not in SET_KEYS or tag not in UPOS_TAGS:
                raise BiasInputError(
                    f"The word type of a set must be one of {', '.join(UPOS_TAGS)} for X, Y, A "
                    f"or B; '{key}': '{tag}' is not."
                )

    def uses_sharp_s(self, language: str) -> bool:
        return language == "de" if self.sharp_s is None else self.sharp_s


@dataclass(frozen=True)
class Context:
    """What the steps know besides the table: the run's options and what was looked up once."""

    embedding: Embedding
    options: CandidateOptions
    sharp_s: bool
    lookups: Mapping[str, list[WordLookup]]
    """Each set's found seeds (one per vector)."""
    seed_keys: Mapping[str, str]
    """Folded spelling of every seed (as written and as found) → its set."""
    tagger: Tagger | None
    """The tagger when the word-type filter runs, else None."""
    set_pos: Mapping[str, str | None]
    zipf: Callable[[str], float] | None
    """Word → Zipf frequency when the frequency floor runs, else None."""
    ambiguous: Mapping[tuple[str, str], AmbiguousSeed]
    """(set, seed word) → why the seed is ambiguous."""
    language: str = ""
    cased: bool = False
    """The embedding keeps capitals (`seed_profiles.is_cased`)."""
    profiles: Mapping[str, SetProfile] = field(default_factory=dict)
    stop_words: frozenset[str] | None = None
    lemma: Callable[[str], str] | None = None
    seed_lemmas: Mapping[str, str] = field(default_factory=dict)
    """A seed's lemma → the seed (as written)."""
    set_names: Mapping[str, str] = field(default_factory=dict)
    """Each set's name as written in the word set (concept fit's name lean reads it)."""
    folded_seeds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each set's seeds as written, folded (`table.fold`), computed once for the steps."""
