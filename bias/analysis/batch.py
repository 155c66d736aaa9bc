"""A batch, as every face runs it: many tests on many embeddings (the paper's Table 7), each test
pooled over the embeddings it ran on, and trained replicate groups summarised per test.

The command line (`python -m bias batch`) and the Batch page call `plan` and `run` here instead
of putting the batch, its pooling and its replicate summaries together each on their own, so
the same tests, embeddings and options give the same rows, adjusted p-values and pooled effects
on both (tests/analysis/test_faces_agree_measures.py). No face runs fewer draws for speed, so a
batch has no draws note.

`plan` is known before anything runs: the embeddings (a trained family or replicate group by its
members, `bias.corpus.family.resolve`), a batch over the work budget refused at once (a page
asks before the batch waits for a place in the server's queue), and the chosen embeddings that
are one embedding at heart (`related`: a debiased copy beside its parent), which a face that
was asked to pool refuses with its own words. `summarise` gives the rows what belongs to them:
replicates of one corpus are not separate studies, so they are summarised by their group
(`from_batch`) and left out of the pooling; a family with a derived embedding is not pooled
(`unpooled` says why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bias.corpus.family import Family, Slice, resolve
from bias.errors import BiasInputError
from bias.notes import Note
from bias.stats.batch import BatchOptions, BatchRow, Runner, check_batch_work, run_batch
from bias.stats.pooling import PooledEffect, Related, pool, related, unpooled
from bias.stats.weat import WeatOptions
from bias.suggest import no_such
from bias.vectors.catalog import available_embeddings
from bias.wordsets import WordSet

if TYPE_CHECKING:  # imported when a trained group is chosen: scipy.stats is slow to import
    from bias.stats.replicates import AcrossGroups, ReplicateResult

Group = Family | Slice


@dataclass(frozen=True)
class BatchAnalysisOptions:
    """The WEAT's options for every test, and how tests are paired with embeddings."""

    weat: WeatOptions = field(default_factory=WeatOptions)
    batch: BatchOptions = field(default_factory=BatchOptions)


@dataclass(frozen=True)
class BatchPlan:
    """What a batch will run: its tests, the embeddings (groups by their members), the trained
    groups chosen, each embedding's language, and the chosen embeddings that are related."""

    tests: tuple[WordSet, ...]
    embeddings: tuple[str, ...]
    groups: tuple[Group, ...]
    languages: Mapping[str, str]
    related: tuple[Related, ...]
    options: BatchAnalysisOptions


@dataclass(frozen=True)
class BatchAnalysis:
    """A batch with what belongs to it: the rows (p-values adjusted over the whole batch), each
    test family pooled over its embeddings, the families left unpooled and why, and each
    trained group's summary per test."""

    rows: tuple[BatchRow, ...]
    pooled: tuple[PooledEffect, ...]
    unpooled: tuple[Note, ...]
    summaries: tuple[ReplicateResult | AcrossGroups, ...] = ()


def _members(group: Group) -> list[str]:
    from bias.stats.replicates import members

    return members(group)


def replicate_groups(names: Sequence[str], languages: Mapping[str, str]
                     ) -> tuple[list[Group], list[str]]:
    """The trained families and replicate groups among `names` (an embedding's own name wins),
    and the names with each group replaced by its members."""
    groups, expanded = [], []
    for name in names:
        group = None if name in languages else resolve(name)
        if group is None:
            expanded.append(name)
        else:
            groups.append(group)
            expanded += _members(group)
    return groups, expanded


def plan(options: BatchAnalysisOptions, tests: Sequence[WordSet], names: Sequence[str], *,
         languages: Mapping[str, str] | None = None) -> BatchPlan:
    """The batch of `tests` on the embeddings `names` (`languages`: each embedding's language,
    default the catalog's). Raises `BiasInputError` for an unknown name or a batch over the
    work budget."""
    if languages is None:
        languages = {info.name: info.language for info in available_embeddings()}
    groups, expanded = replicate_groups(names, languages)
    embeddings = list(dict.fromkeys(expanded))
    unknown = [name for name in embeddings if name not in languages]
    if unknown:
        raise BiasInputError(
            no_such(f"There is no embedding called '{unknown[0]}'", unknown[0], languages)
            + f" Available: {', '.join(languages)}."
        )
    check_batch_work(tests, embeddings, options.weat, options.batch, dict(languages))
    return BatchPlan(tuple(tests), tuple(embeddings), tuple(groups), languages,
                     tuple(related(embeddings)), options)


def summarise(rows: Sequence[BatchRow], groups: Sequence[Group] = (),
              tests: Sequence[WordSet] = ()) -> BatchAnalysis:
    """The rows with their pooled effects, unpooled families and group summaries."""
    replicated = {name for group in groups for name in _members(group)}
    summaries: list = []
    if groups:
        from bias.stats.replicates import from_batch

        summaries = from_batch(rows, groups, tests)
    return BatchAnalysis(tuple(rows),
                         tuple(pool([row for row in rows if row.embedding not in replicated])),
                         tuple(unpooled(rows)), tuple(summaries))


def run(chosen: BatchPlan, *, runner: Runner | None = None,
        scheduler: str | None = None) -> BatchAnalysis:
    """Run the planned batch: as tasks (here, or on the cluster at `scheduler`), or one by one
    through `runner` (a page's cache; the numbers are the same)."""
    rows = run_batch(list(chosen.tests), list(chosen.embeddings), chosen.options.weat,
                     chosen.options.batch, runner=runner, languages=dict(chosen.languages),
                     scheduler=scheduler)
    return summarise(rows, chosen.groups, chosen.tests)
