"""What an embedding regression run returns (bias.analysis.regress): the numbers, the words and
texts behind them, where they come from and what they cannot show."""

from __future__ import annotations

from dataclasses import dataclass, field

from bias.analysis.regress_options import RegressOptions
from bias.provenance import Provenance
from bias.regression.regression import Regression
from bias.serialize import NOT_SERIALISED, jsonable


@dataclass(frozen=True)
class CorpusSummary:
    file: str
    documents: int
    tokens: int
    forms: dict[str, int]
    """Each form of the target found, and how often."""
    instances: int
    dropped: int
    """Instances none of whose context words has a vector (left out, counted here)."""
    context_tokens: int
    without_vector: int
    """Context tokens with no vector in the embedding, left out of the averages."""
    clusters: str
    """'document' or 'instance': what the errors, jackknife and permutations treat as a unit."""
    units: int


@dataclass(frozen=True)
class ContextLine:
    """One instance as a keyword-in-context line, with where it comes from."""

    document: int
    """1-based, in the file's order."""
    left: str
    keyword: str
    right: str
    covariates: dict[str, str]
    cosine: float


@dataclass(frozen=True)
class DocumentInfluence:
    document: int
    covariates: dict[str, str]
    estimate_without: float
    change: float


@dataclass(frozen=True)
class CoefficientReading:
    """What lies behind one coefficient's number."""

    name: str
    nearest_contexts: tuple[ContextLine, ...]
    most_influential: tuple[DocumentInfluence, ...]
    without_most_influential: float


@dataclass(frozen=True)
class GroupNeighbours:
    covariate: str
    level: str
    instances: int
    neighbours: tuple[tuple[str, float], ...]
    """The nearest words of the group's average use, with the observed cosine (conText's
    ranking)."""
    corrected: tuple[float, ...]
    """Each neighbour's cosine with the average's length corrected for noise (NaN where the
    group is too small to say): the observed cosine is biased toward 0, this is not."""
    intervals: tuple[tuple[float, float], ...]
    """An interval around each corrected cosine (its jackknife over the group's documents;
    −1 to 1 where nothing can be said): docs/regression.md, "The interval beside each
    neighbour"."""
    cosines: tuple[tuple[str, float], ...]
    """The group average's cosine with each of the chosen words."""


@dataclass(frozen=True)
class Leaning:
    """Whether a level's uses lean more to the first attribute list than the reference's do:
    each group's mean cosine with A minus with B, their difference, and a two-sided p-value
    from shuffling documents between the two groups."""

    covariate: str
    level: str
    reference: str
    first: str
    second: str
    """The two attribute lists' names."""
    level_leaning: float
    reference_leaning: float
    difference: float
    p_value: float


@dataclass(frozen=True)
class NeighbourRatio:
    """conText's `nns_ratio` for one word of the two groups' neighbours: its cosine with the
    level's average over its cosine with the reference's (above 1: nearer the level's use),
    a permutation p of |ratio − 1|, and whose neighbour it is ('level', 'reference', 'shared')."""

    word: str
    ratio: float
    p_value: float
    neighbour_of: str


@dataclass(frozen=True)
class GroupRatios:
    covariate: str
    level: str
    reference: str
    words: tuple[NeighbourRatio, ...]


@dataclass(frozen=True)
class FittedEmbedding:
    """What the model expects a use of the target to look like at one setting of a covariate
    (the others at their reference level, or their mean), compared with the chosen words."""

    covariate: str
    setting: str
    """A level, or a percentile of a numeric covariate ('5th percentile')."""
    value: str
    cosines: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class RegressResult:
    kind: str
    target: str
    covariates: tuple[str, ...]
    corpus: CorpusSummary
    transform: str
    regression: Regression
    groups: tuple[GroupNeighbours, ...]
    readings: tuple[CoefficientReading, ...]
    fitted: tuple[FittedEmbedding, ...]
    missing_words: tuple[str, ...]
    """Chosen words with no vector (no cosine is given for them)."""
    ratios: tuple[GroupRatios, ...]
    leanings: tuple[Leaning, ...]
    missing_attribute_words: tuple[str, ...]
    """Attribute words with no vector, left out of the leanings."""
    limits: tuple[str, ...]
    """Codes of what this result cannot show (worded by bias/report/regression_text.py)."""
    provenance: Provenance
    options: RegressOptions = field(metadata=NOT_SERIALISED)

    def to_dict(self) -> dict:
        """JSON-ready, with the coefficients at the top (name, squared_norm,
        squared_norm_corrected, interval, p_value, instances, …) and every option."""
        data = jsonable(self) | {"options": jsonable(self.options)}
        data["coefficients"] = data["regression"].pop("coefficients")
        for coefficient in data["coefficients"]:  # `readings` names them by document
            coefficient.pop("most_influential")
        return data
