"""The tasks on this machine: inline when one process is enough, else a process pool.

The pool starts its processes with "spawn": the dashboard runs each visitor in a thread, and a
forked copy of a threaded server can hold a lock some other thread had taken.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

from bias.jobs import checkpoint, steps

T = TypeVar("T")
R = TypeVar("R")


def cores() -> int:
    """The cores this process may use (its affinity, not the machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_local(fn: Callable[[T], R], tasks: Sequence[T], workers: int | None = None) -> list[R]:
    """`[fn(task) for task in tasks]` in task order, on up to `workers` processes."""
    size = min(len(tasks), workers or cores())
    if size <= 1:  # each task's own checkpoints then report within its share of the job
        return [fn(task) for task in steps(tasks, len(tasks))]
    with ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures: dict[Future[R], int] = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
        results: list[R | None] = [None] * len(tasks)
        pending = set(futures)
        try:
            while pending:
                finished, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in finished:
                    results[futures[future]] = future.result()
                checkpoint(len(tasks) - len(pending), len(tasks))
        except BaseException:
            for future in pending:
                future.cancel()
            raise
    return results  # type: ignore[return-value]
