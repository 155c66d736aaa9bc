"""The tasks on this machine: inline when one process is enough, else a process pool.

The pool starts its processes with "spawn": the dashboard runs each visitor in a thread, and a
forked copy of a threaded server can hold a lock some other thread had taken.

The pool's processes end with the command: on Linux each asks the kernel to kill it when the
thread that started it ends (`PR_SET_PDEATHSIG`), so a SIGKILL or SIGTERM of the command also
ends its workers, and no model is saved ten seconds after the command was stopped; a worker
whose parent is already gone when it starts ends at once. A job that stops with an error or
Cancel kills its workers rather than waiting for the tasks they are running.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

from bias.jobs import checkpoint, steps

T = TypeVar("T")
R = TypeVar("R")

_PR_SET_PDEATHSIG = 1
"""prctl(2)'s option: the signal a process receives when its parent thread ends."""


def cores() -> int:
    """The cores this process may use (its affinity, not the machine's count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def end_with_parent(parent: int) -> None:
    """In a pool's process, first: be killed when `parent` ends (Linux), and end now if it
    has ended already (it may have, between the start and this call). Ctrl-C reaches every
    process of the terminal's group: it is left to the parent, which stops the pool, rather
    than printing a traceback from each worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def run_local(fn: Callable[[T], R], tasks: Sequence[T], workers: int | None = None) -> list[R]:
    """`[fn(task) for task in tasks]` in task order, on up to `workers` processes."""
    size = min(len(tasks), workers or cores())
    if size <= 1:  # each task's own checkpoints then report within its share of the job
        return [fn(task) for task in steps(tasks, len(tasks))]
    pool = ProcessPoolExecutor(size, mp_context=multiprocessing.get_context("spawn"),
                               initializer=end_with_parent, initargs=(os.getpid(),))
    try:
        futures: dict[Future[R], int] = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
        results: list[R | None] = [None] * len(tasks)
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in finished:
                results[futures[future]] = future.result()
            checkpoint(len(tasks) - len(pending), len(tasks))
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return results  # type: ignore[return-value]


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool now: its queued tasks cancelled, its running ones killed (a task stopped
    half-way writes nothing: every save is atomic)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            process.join(5)
