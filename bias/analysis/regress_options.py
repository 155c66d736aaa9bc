"""The options of an embedding regression (bias.analysis.regress): every default and bound written
once; the command line's flags and a page's fields read them from here."""

from __future__ import annotations

from dataclasses import dataclass

from bias.bounds import Bound, bounded, check_bounds
from bias.corpus.options import GROUP_BINS
from bias.errors import BiasInputError
from bias.regression.design import parse_terms
from bias.regression.instances import Target
from bias.vectors.bundled import DEFAULT_EMBEDDING

WINDOW = Bound("The window", 1, 50)
MIN_CHARS = Bound("The shortest word kept", 1, 50)
MIN_COUNT = Bound("The minimum count", 1, 1_000_000)
PERMUTATIONS = Bound("The number of permutations", 1, 100_000, unit="permutations",
                     reason="10,000 already resolve a p-value to 0.0001")
SEED = Bound("The seed", 0, 2**32 - 1)
NEIGHBOURS = Bound("The number of neighbours", 1, 100)
CONTEXTS = Bound("The number of nearest contexts", 1, 100)
TRANSFORMS = ("corpus", "none")
"""Besides a path to a D × D matrix file."""
CLUSTERS = ("auto", "document", "instance")
FEW_INSTANCES = 50
"""Instances per group below which a group's average is noisy (Rodriguez et al. 2023: about 50
give a cosine of 0.8 with a full-corpus embedding)."""
FEW_CLUSTERS = 50
"""Clusters (documents, or instances when each is its own) below which the bias correction
subtracts too little (CR1's standard errors are too small with few clusters) and the result says
so: bench/regression_coverage.py measures it, docs/regression.md has the figures."""
MAX_WORDS = 100
"""Most words to compare the groups' and fitted embeddings with."""
PERCENTILES = (5, 95)
"""Where a numeric covariate's fitted embedding is shown (conText's quick start shows 5–95%)."""
PAD = "·"
"""How a keyword-in-context line shows a word left out by the padding."""


@dataclass(frozen=True)
class RegressOptions:
    """Everything a regression run depends on; every default is written here once."""

    target: str
    covariates: str
    """Columns and interactions: 'party, gender' or 'party + gender + party*gender'."""
    text_column: str | None = None
    embedding: str = DEFAULT_EMBEDDING
    language: str = "en"
    """The corpus's language: how it is cut into words, and its stop words."""
    transform: str = "corpus"
    """'corpus' (estimated on the corpus, Khodak et al.), 'none' (a plain average) or a path to
    a D × D matrix (.npy, or numbers separated by spaces)."""
    weighting: str = "log"
    """The corpus transform's word weights: 'log' (log count, conText's choice for small
    corpora) or a whole number (words seen at least that often, weight 1)."""
    window: int = bounded(6, WINDOW)
    min_chars: int = bounded(3, MIN_CHARS)
    min_count: int = bounded(5, MIN_COUNT)
    stop_words: bool = False
    case_sensitive: bool = False
    categorical: tuple[str, ...] = ()
    """Covariates to treat as categories even though their values are numbers."""
    references: tuple[tuple[str, str], ...] = ()
    """(covariate, level) pairs: the reference level of a categorical covariate."""
    bins: tuple[tuple[str, int], ...] = ()
    """(covariate, width) pairs: a numeric covariate put in bins of that width, each bin a
    category labelled as the Your texts page labels its groups ('1950s' for a year in bins of
    10; bias.corpus.group_values.bin_label), in the order of their numbers, the first the
    reference unless one is named."""
    clusters: str = "auto"
    """'document', 'instance', or 'auto': by document when a document has several instances."""
    permutations: int = bounded(1000, PERMUTATIONS)
    seed: int = bounded(0, SEED)
    level: float = 0.95
    neighbours: int = bounded(10, NEIGHBOURS)
    contexts: int = bounded(5, CONTEXTS)
    """Resamples of each group's documents for its neighbours' intervals (conText's 100)."""
    attributes: str | None = None
    """A WEAT test (id or file) whose attribute lists A and B each group's uses are compared
    with: does group X's use lean more to A (career) than the reference's, with a p-value?"""
    words: tuple[str, ...] = ()
    """Words to compare with: each group's average and each fitted embedding (a numeric
    covariate at its 5th and 95th percentiles, a categorical one at each level) get their
    cosine with each (conText's `cos_sim`)."""

    def __post_init__(self) -> None:
        check_bounds(self)
        if self.clusters not in CLUSTERS:
            raise BiasInputError(f"Clusters are one of {', '.join(CLUSTERS)}.")
        if not 0.5 <= self.level < 1:
            raise BiasInputError("The interval's level must be from 0.5 to below 1 (e.g. 0.95).")
        if self.weighting != "log" and not str(self.weighting).isdigit():
            raise BiasInputError("The transform's weighting is 'log' or a whole number.")
        if len(self.words) > MAX_WORDS:
            raise BiasInputError(f"Compare with at most {MAX_WORDS} words.")
        Target(self.target, self.case_sensitive)
        parse_terms(self.covariates)
        self._check_bins()

    def _check_bins(self) -> None:
        binned = [column for column, _ in self.bins]
        for column, width in self.bins:
            if column not in self.covariate_columns:
                raise BiasInputError(f"'{column}' is put in bins but is not one of the "
                                     "covariates; choose it as a covariate too.")
            if width is None:
                raise BiasInputError(f"Give the width of the bins of '{column}' (10: decades).")
            GROUP_BINS.check(width)
        if len(set(binned)) < len(binned):
            raise BiasInputError("A covariate is put in bins twice; give each one width.")

    @property
    def terms(self) -> tuple[tuple[str, ...], ...]:
        return parse_terms(self.covariates)

    @property
    def covariate_columns(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(name for term in self.terms for name in term))
