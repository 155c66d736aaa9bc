"""One WEAT, as every face runs it: the test, its confound checks and the encoder's method
sensitivity, on a single embedding or on a trained family.

The command line, the WEAT page, the Your texts page and `reproduce` call `run` here instead of
putting these pieces together each on their own, so the same options give the same numbers on
every face (tests/analysis/test_faces_agree.py). "An embedding name" is resolved once here: a
trained family or replicate group (`bias.corpus.family.resolve`) runs over its replicates
(`bias.stats.replicates.run_trained`), anything else is one embedding.

A face that runs fewer draws for speed (the Your texts page tests every replicate) asks for it
with `WeatAnalysisOptions.for_speed()`; the result then carries `draws_note` (numbers), which the
page and the command line word beside the numbers (`bias.report.weat_report.draws_line`), so a
p-value that differs from a full run's in its last digits is never unexplained.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bias.corpus.family import Family, Slice, resolve
from bias.provenance import Provenance
from bias.stats.confounds import WeatConfounds, weat_confounds
from bias.stats.encoder_methods import MethodSensitivity, method_sensitivity
from bias.stats.weat import WeatOptions, WeatResult, run_weat
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Embedding
from bias.wordsets import WordSet

if TYPE_CHECKING:  # imported when a family is run: scipy.stats would double a one-test CLI's time
    from bias.stats.replicates import AcrossGroups, ReplicateResult

Runner = Callable[[str, WordSet, WeatOptions], WeatResult]
"""A WEAT on an embedding named: the page passes its cached one (`views.shared.cached_weat`)."""
Loader = Callable[[str], Embedding]

SPEED_DRAWS = 10_000
SPEED_RESAMPLES = 1_000
"""Draws and interval resamples of a face that tests many models at once (`for_speed`)."""


@dataclass(frozen=True)
class WeatAnalysisOptions:
    """The WEAT's own options plus what the faces add around it."""

    weat: WeatOptions = field(default_factory=WeatOptions)
    confounds: bool = True
    """The grammatical-gender control and the frequency check (single embeddings only)."""
    encoder_methods: bool = True
    """On the encoder, the same test under every extraction method."""
    group_of_one: bool = False
    """A name that is one trained model (no replicates, no groups) is tested as a group of one,
    as the Your texts page shows every trained name (`run_trained`)."""
    fewer_for_speed: bool = False
    """Set by `for_speed`: the result then says how many draws it ran instead of the default."""

    @classmethod
    def for_speed(cls, **kwargs) -> WeatAnalysisOptions:
        """Fewer draws and resamples than the default, for a face that runs many tests."""
        weat = replace(kwargs.pop("weat", WeatOptions()), iterations=SPEED_DRAWS,
                       ci_resamples=SPEED_RESAMPLES)
        return cls(weat=weat, fewer_for_speed=True, **kwargs)


@dataclass(frozen=True)
class DrawsNote:
    """A run for speed: its interval resamples and (when reshufflings were drawn, not all
    counted) its draws, each beside the default. Numbers only: `bias.report` words them, as the
    README says of every note."""

    resamples: int
    default_resamples: int
    draws: int | None
    """None when every reshuffling was counted, so no draws were made."""
    default_draws: int


@dataclass(frozen=True)
class WeatAnalysis:
    """One WEAT with what belongs to it. `result` is a `WeatResult` on one embedding, or the
    test over a replicate group (`ReplicateResult`) or across a family's groups (`AcrossGroups`);
    confound checks and method sensitivity exist for one embedding only."""

    result: WeatResult | ReplicateResult | AcrossGroups
    confounds: WeatConfounds | None
    sensitivity: MethodSensitivity | None
    options: WeatAnalysisOptions

    @property
    def trained(self) -> bool:
        """Whether the test ran over trained replicates (a group or a family)."""
        return not isinstance(self.result, WeatResult)

    @property
    def provenance(self) -> Provenance | None:
        """What `reproduce` re-runs (each replicate's result holds its own)."""
        return self.result.provenance if isinstance(self.result, WeatResult) else None

    @property
    def draws_note(self) -> DrawsNote | None:
        """When a face asked for fewer draws than the default, how many (worded beside the
        numbers by `bias.report.weat_report.draws_line`); the draws only when some reshufflings
        were drawn (counting them all needs no draws)."""
        if not self.options.fewer_for_speed:
            return None
        default, ran = WeatOptions(), self.options.weat
        drawn = any(result.method == "randomized" for result in self._weat_results())
        return DrawsNote(ran.ci_resamples, default.ci_resamples,
                         ran.iterations if drawn else None, default.iterations)

    def _weat_results(self) -> list[WeatResult]:
        if isinstance(self.result, WeatResult):
            return [self.result]
        groups = getattr(self.result, "groups", (self.result,))  # across groups, or one group
        return [result for group in groups for result in group.results]


def trained_group(name: str) -> Family | Slice | None:
    """The trained family or replicate group `name` stands for, or None for one embedding."""
    return resolve(name)


def encoder_sensitivity(result: WeatResult, wordset: WordSet, options: WeatOptions,
                        runner: Runner | None = None) -> MethodSensitivity | None:
    """The test of an encoder result under every extraction method; None for other results."""
    if runner is None:
        return method_sensitivity(result, wordset, options)
    return method_sensitivity(result, wordset, options, runner=runner)


def run(options: WeatAnalysisOptions, embedding: str | Embedding, wordset: WordSet, *,
        runner: Runner | None = None, load: Loader = load_embedding) -> WeatAnalysis:
    """The WEAT of `wordset` on `embedding` (a name, or vectors already loaded) with everything
    the options ask for. `runner` and `load` let a face use its caches; the numbers are the
    same. Raises `BiasInputError` for an unknown name or lists that cannot run."""
    if isinstance(embedding, str) and (options.group_of_one
                                       or trained_group(embedding) is not None):
        from bias.stats.replicates import run_trained

        return WeatAnalysis(run_trained(embedding, wordset, options.weat), None, None, options)
    vectors = None if isinstance(embedding, str) else embedding
    if vectors is None and runner is None:
        vectors = load(str(embedding))
    result = (run_weat(vectors, wordset, options.weat) if runner is None or vectors is not None
              else runner(str(embedding), wordset, options.weat))
    confounds = None
    if options.confounds:
        confounds = weat_confounds(vectors if vectors is not None else load(str(embedding)),
                                   wordset, result)
    sensitivity = (encoder_sensitivity(result, wordset, options.weat, runner)
                   if options.encoder_methods else None)
    return WeatAnalysis(result, confounds, sensitivity, options)
