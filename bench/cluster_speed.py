"""Tasks on a loopback Dask cluster: 8 CPU-bound tasks on 2 single-thread workers vs 1, and the
cost of a task itself. Asserts nothing; prints figures (and whether every run gave the same
numbers).

The cluster is started with dask's own commands (`dask scheduler`, `dask worker --nthreads 1`)
on 127.0.0.1, as `tests/compute/loopback.py` does for the tests. Each task is a real WEAT
randomization test (Caliskan's WEAT 3 on the bundled GloVe: 50 + 50 target words, 32 + 32
attributes, `--iterations` random reshufflings, its own seed), the kind of task a Batch row or
a replicate is: seconds of numpy on one core, a few hundred bytes sent, a result back. The
workers load GloVe before the clock starts (a first, small task each).

    python bench/cluster_speed.py [--iterations 400000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.compute import run_tasks
from bias.stats.tasks import WeatTask, run_test
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.vectors.reference import reference
from bias.wordsets.library import get_wordset
from tests.compute import loopback
from tests.compute.tasks import seeded

TASKS = 8
TRIVIAL = 200


def weat_tasks(iterations: int, count: int = TASKS) -> list[WeatTask]:
    ref = reference(load_embedding(DEFAULT_EMBEDDING))
    wordset = get_wordset("weat3")
    return [WeatTask(ref, wordset, WeatOptions(iterations=iterations, seed=seed,
                                                ci_resamples=0))
            for seed in range(count)]


def numbers(outcomes) -> list[tuple[float, float]]:
    return [(o.result.p_value, o.result.effect_size) for o in outcomes]


def best_of(repeats: int, run, address: str | None = None) -> tuple[float, list, float]:
    """(best wall seconds, result, the workers' CPU seconds in that best run)."""
    best, result, cpu = float("inf"), None, 0.0
    for _ in range(repeats):
        before = workers_cpu(address)
        start = time.perf_counter()
        result = run()
        wall = time.perf_counter() - start
        if wall < best:
            best, cpu = wall, workers_cpu(address) - before
    return best, result, cpu


def workers_cpu(address: str | None) -> float:
    """CPU seconds used so far by the cluster's worker processes (0 without a cluster)."""
    if address is None:
        return 0.0
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:
        return sum(client.run(time.process_time).values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=400_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{v:.1f}' for v in os.getloadavg())}; "
          f"{os.cpu_count()} cores")
    tasks = weat_tasks(args.iterations)
    with tempfile.TemporaryDirectory() as folder:
        cluster = loopback.start(Path(folder), Path(folder) / "home", workers=2)
        try:
            run_tasks(run_test, weat_tasks(1000, 4), scheduler=cluster.address)  # warm
            here, local, _ = best_of(args.repeats, lambda: run_tasks(run_test, tasks,
                                                                     workers=1))
            two, on_two, cpu_two = best_of(args.repeats, lambda: run_tasks(
                run_test, tasks, scheduler=cluster.address), cluster.address)
            trivial = [(seed, 0.0) for seed in range(TRIVIAL)]
            per_task, _, _ = best_of(args.repeats, lambda: run_tasks(
                seeded, trivial, scheduler=cluster.address))
            single, _, _ = best_of(args.repeats, lambda: run_tasks(
                seeded, trivial[:1], scheduler=cluster.address))
            retire_one(cluster)
            one, on_one, cpu_one = best_of(args.repeats, lambda: run_tasks(
                run_test, tasks, scheduler=cluster.address), cluster.address)
        finally:
            cluster.stop()
    same = numbers(local) == numbers(on_two) == numbers(on_one)
    print(f"{TASKS} WEAT 3 randomization tasks ({args.iterations:,} reshufflings each), "
          f"best of {args.repeats}:")
    print(f"  this process, one after the other   {here:7.2f} s")
    print(f"  cluster, 1 worker                   {one:7.2f} s")
    print(f"  cluster, 2 workers                  {two:7.2f} s   speed-up {one / two:.2f}x "
          "over 1 worker")
    print(f"  same numbers everywhere: {same}")
    print(f"  the workers' CPU: {cpu_one:.2f} s on 1 worker, {cpu_two:.2f} s on 2, i.e. "
          f"{cpu_one / one:.2f} and {cpu_two / two:.2f} cores' worth while they ran (the rest "
          "of the machine's 2 cores went to other processes)")
    print(f"task overhead: {per_task / TRIVIAL * 1000:.1f} ms per task ({TRIVIAL} empty tasks "
          f"in {per_task:.2f} s on 2 workers); one empty task, connection included: "
          f"{single * 1000:.0f} ms")
    print(f"load average at end: {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


def retire_one(cluster: loopback.Loopback) -> None:
    """Leave one worker: the other is stopped (by its process id) and the cluster waits."""
    from distributed import Client

    last = cluster.workers.pop()
    os.killpg(last.pid, 15)
    last.wait(timeout=30)
    with Client(cluster.address, timeout=30, set_as_default=False) as client:
        deadline = time.monotonic() + 30
        while len(client.scheduler_info()["workers"]) > 1 and time.monotonic() < deadline:
            time.sleep(0.2)


if __name__ == "__main__":
    main()
