"""A WEAT as a task (`bias.compute.run_tasks`): what Batch rows and BiasWords' draws fan out.

A task names its embedding by name and sha256 (`bias.vectors.reference`), never by its matrix,
and carries its seed in its options, so it gives the same numbers in this process, in a local
pool's or on a cluster's worker. The functions that run one are module-level, so a worker
imports them by name; each returns only what its caller keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bias.errors import BiasInputError
from bias.stats.budget import local_workers
from bias.stats.verdict import Coverage
from bias.stats.weat import EmptySetError, WeatOptions, WeatResult, run_weat
from bias.vectors.reference import EmbeddingRef, resolve
from bias.wordsets import WordSet


@dataclass(frozen=True)
class WeatTask:
    """One WEAT: the embedding by name and sha256, the word sets, the options (seed included)."""

    embedding: EmbeddingRef
    wordset: WordSet
    options: WeatOptions


@dataclass(frozen=True)
class Outcome:
    """A test's result, or why it did not run (and the words found, for a refused one)."""

    result: WeatResult | None
    reason: str | None = None
    coverage: dict[str, Coverage] | None = None


def run_test(task: WeatTask) -> Outcome:
    """The whole result of one test (a Batch row). A missing or different embedding fails the
    task, and so the job (`resolve`); the test's own refusal (a set without words) is only this
    test's outcome."""
    embedding = resolve(task.embedding)
    return outcome(lambda: run_weat(embedding, task.wordset, task.options))


def outcome(run: Callable[[], WeatResult]) -> Outcome:
    """`run()`'s result, or the sentence of the test's refusal (a task's, or the in-process
    runner's of `bias.stats.batch`)."""
    try:
        return Outcome(run())
    except BiasInputError as exc:
        return Outcome(None, str(exc), exc.coverage if isinstance(exc, EmptySetError) else None)


def run_draw(task: WeatTask) -> tuple[float, float, str]:
    """(p, d, method) of one BiasWords draw: all a draw keeps, so little comes back."""
    result = run_weat(resolve(task.embedding), task.wordset, task.options)
    return result.p_value, float(result.effect_size), result.method


def workers_for(tasks: Sequence[WeatTask], work: int) -> int | None:
    """`workers` for `run_tasks` run locally: this process for small work (`local_workers`), and
    always for an embedding that exists only in this process."""
    return local_workers(work) if all(task.embedding.shareable for task in tasks) else 1
