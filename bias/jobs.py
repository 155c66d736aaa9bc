"""Heavy work that can be stopped between blocks, and that says how far it has got.

A randomization test of 10^7 draws, a Batch of forty tests or a hundred BiasWords draws run for
minutes. The engine's long loops call `checkpoint` between blocks (and iterate their outer steps
through `steps`); with no watcher installed both cost one context-variable read and do nothing,
so a notebook or `python -m bias` runs as before. A caller that wants progress or a way to stop
installs a watcher with `watching(report)`: `report(fraction)` is called at every checkpoint with
the share of the whole job done (0 to 1, nested steps scaled into their parent's step), and
whatever it raises (`Cancelled`, or the dashboard's own interruption of a rerun or a closed tab)
ends the work at that point, leaving nothing half-made behind (results are frozen dataclasses
built at the end).

Context variables are per thread, so every visitor's job has its own watcher.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


class Cancelled(Exception):
    """Raised by a watcher to stop a job (the person pressed Cancel, or left)."""


TICK_SECONDS = 0.2
"""How often `tick` is a checkpoint: Cancel (or a closed tab) stops a loop within this, plus one
step of the loop (a corpus's document, at most 10 MB: about a second to cut into words)."""


@dataclass
class _Watch:
    report: Callable[[float], None]
    spans: list[tuple[float, float]] = field(default_factory=lambda: [(0.0, 1.0)])
    """(start, width) of the step being worked on, innermost last, as shares of the whole job."""
    last: float = field(default_factory=lambda: time.monotonic())
    """When `tick` last was a checkpoint."""


_current: ContextVar[_Watch | None] = ContextVar("bias_job_watch", default=None)


@contextmanager
def watching(report: Callable[[float], None]) -> Iterator[None]:
    """Run the block with `report` called at every checkpoint of the engine's loops."""
    token = _current.set(_Watch(report))
    try:
        yield
    finally:
        _current.reset(token)


def checkpoint(done: float = 0.0, total: float = 1.0) -> None:
    """A point where the work may stop: `done` of `total` of the current step is finished."""
    watch = _current.get()
    if watch is None:
        return
    start, width = watch.spans[-1]
    watch.report(start + width * (min(done / total, 1.0) if total > 0 else 0.0))


def tick(done: float = 0.0, total: float = 1.0) -> None:
    """A checkpoint at most every `TICK_SECONDS`, for a loop whose steps may be tiny or huge
    (a corpus's documents: a word each, or 10 MB): counting steps stopped a scan of 10 MB
    documents only every 2.5 GB."""
    watch = _current.get()
    if watch is None or time.monotonic() - watch.last < TICK_SECONDS:
        return
    watch.last = time.monotonic()
    checkpoint(done, total)


@contextmanager
def part(index: int, count: int) -> Iterator[None]:
    """Run the block as part `index` (from 0) of `count` equal parts of the current step, e.g.
    BiasWords' draws, then the same number of baseline draws."""
    watch = _current.get()
    if watch is None:
        yield
        return
    start, width = watch.spans[-1]
    watch.spans.append((start + width * index / count, width / count))
    try:
        yield
    finally:
        watch.spans.pop()


def steps(items: Iterable[T], total: int) -> Iterator[T]:
    """`items` (there are `total` of them), with a checkpoint before each; checkpoints inside
    the caller's loop body report within that item's share of the job."""
    watch = _current.get()
    if watch is None:
        yield from items
        return
    start, width = watch.spans[-1]
    share = width / max(total, 1)
    for i, item in enumerate(items):
        watch.spans.append((start + share * i, share))
        try:
            watch.report(start + share * i)
            yield item
        finally:
            watch.spans.pop()
    watch.report(start + width)
