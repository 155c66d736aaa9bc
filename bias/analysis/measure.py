"""One measure, as every face runs it: the measure, RIPA's check of its pairs, the work it asks
for, and the correction when several measures of one word set are read at once.

The command line (`python -m bias measure`), the Measures page and `reproduce` call `run` here
instead of calling `run_measure` with options each put together on their own, so the same
options give the same numbers on every face (tests/analysis/test_faces_agree_measures.py):
WEAT's own test takes the measure's draws and seed unless given its own options
(`MeasureAnalysisOptions.weat`), as both faces always ran it. No face runs fewer draws for
speed, so a measure's result has no draws note.

The Measures page keeps the last result of each measure: when two or more with a p-value were
run on the same word set and embedding, a reader reads them together, so `compare` gives each
p-value also Holm-adjusted over them (as SC-WEAT's words and Batch's tests are), and the
measures' directions (`measures_disagree`) call a measure significant only after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from bias.stats.budget import measure_request_work
from bias.stats.confounds_measures import (
    MeasureAgreement,
    PairsCheck,
    measures_disagree,
    ripa_pairs,
)
from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions, MeasureResult
from bias.stats.pvalues import ALPHA, holm
from bias.stats.weat import WeatOptions
from bias.stats.wefat import parse_values
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets
from bias.wordsets.parsing import parse_words

Loader = Callable[[str], Embedding]
Values = tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class MeasureAnalysisOptions:
    """Which measure, its options, and WEAT's own where the measure is WEAT."""

    metric: str = "sc-weat"
    """The measure (`bias.stats.measure_catalog.METRICS`); the Measures page opens on it."""
    measure: MeasureOptions = field(default_factory=MeasureOptions)
    weat: WeatOptions | None = None
    """WEAT's options; None: the default WEAT with the measure's draws and seed."""

    @classmethod
    def of(cls, metric: str, *, seed: int | None = None, iterations: int | None = None,
           p_value: bool | None = None) -> MeasureAnalysisOptions:
        """The defaults with what a face lets its user change (None keeps the default)."""
        defaults = MeasureOptions()
        test = replace(defaults.test, seed=defaults.seed if seed is None else seed,
                       iterations=defaults.test.iterations if iterations is None
                       else iterations)
        return cls(metric, replace(defaults, test=test,
                                   p_value=defaults.p_value if p_value is None else p_value))

    @property
    def weat_options(self) -> WeatOptions:
        if self.weat is not None:
            return self.weat
        return WeatOptions(iterations=self.measure.test.iterations, seed=self.measure.seed)


@dataclass(frozen=True)
class MeasureAnalysis:
    """One measure's result with what belongs to it: for RIPA, whether its target lists are
    natural pairs (`ripa_pairs`; None for every other measure)."""

    result: MeasureResult
    pairs: PairsCheck | None
    options: MeasureAnalysisOptions

    @property
    def metric(self) -> str:
        return self.result.metric


def read_words(text: str) -> tuple[str, ...]:
    """SC-WEAT's words from typed text (one per line, or separated by commas)."""
    return tuple(parse_words(text))


def read_values(text: str) -> Values | None:
    """WEFAT's table from pasted or read text; None when there is none (blank text)."""
    return tuple(parse_values(text)) if text.strip() else None


def work(options: MeasureAnalysisOptions, sets: NamedSets, words: Sequence[str] | None,
         dimensions: int) -> int:
    """Every word-draw `run` will ask for (a page queues a request over `HEAVY_WORK`)."""
    return measure_request_work(options.metric, sets, options.measure, words, dimensions,
                                options.weat_options.ci_resamples)


def run(options: MeasureAnalysisOptions, embedding: str | Embedding, sets: NamedSets, *,
        words: Sequence[str] | None = None, values: Sequence[tuple[str, float]] | None = None,
        load: Loader = load_embedding) -> MeasureAnalysis:
    """The measure of `sets` on `embedding` (a name, or vectors already loaded): SC-WEAT on
    `words` (None: every target word), WEFAT on `values`. Raises `BiasInputError` for input a
    measure cannot take."""
    vectors = load(embedding) if isinstance(embedding, str) else embedding
    result = run_measure(options.metric, vectors, sets, options.measure,
                         words=None if words is None else list(words),
                         values=None if values is None else list(values),
                         weat_options=options.weat_options)
    pairs = ripa_pairs(vectors, sets) if options.metric == "ripa" else None
    return MeasureAnalysis(result, pairs, options)


@dataclass(frozen=True)
class MeasuresCompared:
    """Measures run on one word set and embedding, read together: their directions on WEAT's
    scale, significant only after the correction, and each p-value Holm-adjusted over the
    measures that have one (`tested`, in the order given)."""

    agreement: MeasureAgreement
    tested: tuple[str, ...]
    p_values: tuple[float, ...]
    p_holm: tuple[float, ...]

    def adjusted(self, metric: str) -> float | None:
        """`metric`'s Holm-adjusted p-value; None when it has no p-value or is read alone."""
        if metric not in self.tested or len(self.tested) < 2:
            return None
        return self.p_holm[self.tested.index(metric)]


def compare(results: Sequence[MeasureResult], alpha: float = ALPHA) -> MeasuresCompared:
    """The measures of `results` (one word set and embedding) read together."""
    tested = [r for r in results if r.p_value is not None]
    adjusted = [float(p) for p in holm([r.p_value for r in tested])] if tested else []
    held = {r.metric: p < alpha for r, p in zip(tested, adjusted, strict=True)}
    agreement = measures_disagree(results, alpha)
    directions = tuple(replace(d, significant=held.get(d.metric)) for d in agreement.directions)
    return MeasuresCompared(replace(agreement, directions=directions),
                            tuple(r.metric for r in tested),
                            tuple(float(r.p_value) for r in tested), tuple(adjusted))
