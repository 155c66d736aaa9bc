"""One way to fan out independent work: replicates, groups, Batch rows, BiasWords draws.

Each task is a picklable value that carries everything its result depends on, its seed included,
and `fn` a module-level function of one task. `run_tasks` returns the results in task order, so a
number never depends on which worker computed it or when it arrived. Without a scheduler the
tasks run on this machine (a process pool sized to the cores, or inline for one task or one
worker); with a scheduler address they run on that cluster (`bias.compute.cluster`, Dask).
Progress and Cancel go through `bias.jobs`: one checkpoint per finished task.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

from bias.compute.local import run_local

T = TypeVar("T")
R = TypeVar("R")

SCHEDULER_VARIABLE = "BIASWORDS_SCHEDULER"
"""The environment variable in which a server's operator names the dashboard's cluster
(docs/security.md); the command line takes `--scheduler` instead."""


def configured_scheduler() -> str | None:
    """The scheduler address the operator set in `SCHEDULER_VARIABLE`, checked; None when unset
    (the dashboard's work then runs on its own machine)."""
    address = os.environ.get(SCHEDULER_VARIABLE, "").strip()
    if not address:
        return None
    from bias.compute.cluster import check_address

    return check_address(address)


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    scheduler: str | None = None,
    workers: int | None = None,
) -> list[R]:
    """`[fn(task) for task in tasks]`, computed locally or on the cluster at `scheduler`.

    `workers` caps the local processes (default: the cores this process may use); it is ignored
    on a cluster, whose size its operator chose.
    """
    if scheduler:
        from bias.compute.cluster import run_on_cluster

        return run_on_cluster(fn, tasks, scheduler)
    return run_local(fn, tasks, workers)
