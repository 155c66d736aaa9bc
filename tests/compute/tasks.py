"""Task functions for the tests (module level, so a pool's process or a cluster's worker can
import them by name)."""

from __future__ import annotations

import time

import numpy as np


def seeded(task: tuple[int, float]) -> float:
    """A number decided by the task's seed alone, after `seconds` of waiting (a long task)."""
    seed, seconds = task
    time.sleep(seconds)
    return float(np.random.default_rng(seed).standard_normal())


def went_through(dask_scheduler, prefix: str) -> bool:
    """On the scheduler: whether tasks named `prefix` ran there (their keys start with it)."""
    return prefix in dask_scheduler.task_prefixes


def task_count(dask_scheduler, prefix: str) -> int:
    """On the scheduler: a count that grows with the tasks named `prefix` it has handled (their
    states' tallies)."""
    found = dask_scheduler.task_prefixes.get(prefix)
    return 0 if found is None else sum(found.state_counts.values())


def marked(task: tuple[str, int]) -> int:
    """Leaves a file named after its seed in the folder `task[0]`, after 0.2 s (it ran)."""
    from pathlib import Path

    folder, seed = task
    time.sleep(0.2)
    (Path(folder) / str(seed)).touch()
    return seed
