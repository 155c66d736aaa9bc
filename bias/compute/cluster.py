"""The tasks on a Dask cluster (issue 33): not built yet, so a scheduler address is refused."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from bias.errors import BiasInputError

T = TypeVar("T")
R = TypeVar("R")


def run_on_cluster(fn: Callable[[T], R], tasks: Sequence[T], scheduler: str) -> list[R]:
    raise BiasInputError(f"Running on a cluster ({scheduler}) is not available yet.")
