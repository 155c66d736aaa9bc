"""Tasks on a loopback Dask cluster: 8 CPU-bound tasks on 2 single-thread workers vs 1, and the
cost of a task itself. Asserts nothing; prints figures (and whether every run gave the same
numbers).

The cluster is started with dask's own commands (`dask scheduler`, `dask worker --nthreads 1`)
on 127.0.0.1, as `tests/compute/loopback.py` does for the tests. Two workloads:

- `train` (default): 8 bootstrap replicates of word2vec (`python -m bias train`'s tasks,
  `bias.corpus.train_model.train_one`: CBOW 100d, `--epochs` passes, one thread, each its own
  seeds) on `--corpus` (default the 42 US presidential addresses of `docs/examples/`; the
  figures in docs/cluster.md are of all 124, 487,807 words), written to the shared
  BIASWORDS_HOME; the same numbers means the same sha256 of every model's vectors;
- `weat`: 8 WEAT randomization tests (Caliskan's WEAT 3 on the bundled GloVe, 100 target words,
  `--iterations` reshufflings, each its own seed), the kind of task a Batch row is; the workers
  load GloVe before the clock starts.

    python bench/cluster_speed.py [--workload train|weat] [--epochs 2] [--iterations 300000]
                                  [--repeats 2] [--corpus FILE.csv]
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
CORPUS = Path(__file__).resolve().parent.parent / "docs" / "examples" / "presidential-addresses.csv"


def weat_tasks(iterations: int, count: int = TASKS) -> list[WeatTask]:
    ref = reference(load_embedding(DEFAULT_EMBEDDING))
    wordset = get_wordset("weat3")
    return [WeatTask(ref, wordset, WeatOptions(iterations=iterations, seed=seed,
                                                ci_resamples=0))
            for seed in range(count)]


def weat_numbers(outcomes) -> list[tuple[float, float]]:
    return [(o.result.p_value, o.result.effect_size) for o in outcomes]


def train_tasks(folder: Path, family: str, epochs: int, corpus: Path = CORPUS) -> list:
    """The 8 replicate tasks `train` would run for this corpus, saving as `family`.r1 … .r8."""
    from bias.corpus.claims import claimed, new_run
    from bias.corpus.options import ReadOptions, TrainOptions
    from bias.corpus.scan import scan
    from bias.corpus.train_corpus import plan

    scanned = scan(corpus, "en", ReadOptions(text_column="text"), folder)
    run = new_run()
    tasks = plan(scanned, TrainOptions(replicates=TASKS, epochs=epochs, seed=5), family,
                 replace=True, run=run)
    # the run's names, held until the benchmark ends (its data folder is removed then)
    claimed(run, family).__enter__().take([task.name for task in tasks])
    return tasks


def model_digests(summaries) -> list[str]:
    """The sha256 of each trained model's vectors, as saved."""
    from bias.vectors import store

    return [store.read_meta(summary.name)["sha256"] for summary in summaries]


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
    parser.add_argument("--workload", choices=("train", "weat"), default="train")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=300_000)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    print(f"load average at start: {' '.join(f'{v:.1f}' for v in os.getloadavg())}; "
          f"{os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        os.environ["BIASWORDS_HOME"] = str(home)  # this process and the workers share it
        cluster = loopback.start(Path(folder), home, workers=2)
        try:
            figures = measure(cluster, args, Path(folder))
        finally:
            cluster.stop()
    report(args, *figures)


def measure(cluster: loopback.Loopback, args, folder: Path) -> tuple:
    """Run the workload here, on 2 workers and on 1, and the empty tasks."""
    if args.workload == "train":
        from bias.corpus.train_model import train_one

        fn, same = train_one, model_digests
        work = folder / "home" / "corpus-work" / "bench"
        work.mkdir(parents=True)
        tasks = {where: train_tasks(work, f"bench-{where}", args.epochs, args.corpus)
                 for where in ("here", "two", "one")}
    else:
        fn, same = run_test, weat_numbers
        tasks = dict.fromkeys(("here", "two", "one"), weat_tasks(args.iterations))
        run_tasks(run_test, weat_tasks(1000, 4), scheduler=cluster.address)  # GloVe loaded
    address = cluster.address
    here, local, _ = best_of(args.repeats, lambda: run_tasks(fn, tasks["here"], workers=1))
    two, on_two, cpu_two = best_of(args.repeats, lambda: run_tasks(
        fn, tasks["two"], scheduler=address), address)
    trivial = [(seed, 0.0) for seed in range(TRIVIAL)]
    per_task, _, _ = best_of(args.repeats, lambda: run_tasks(seeded, trivial, scheduler=address))
    single, _, _ = best_of(args.repeats, lambda: run_tasks(seeded, trivial[:1],
                                                           scheduler=address))
    retire_one(cluster)
    one, on_one, cpu_one = best_of(args.repeats, lambda: run_tasks(
        fn, tasks["one"], scheduler=address), address)
    identical = same(local) == same(on_two) == same(on_one)
    return here, one, two, cpu_one, cpu_two, identical, per_task, single


def report(args, here, one, two, cpu_one, cpu_two, identical, per_task, single) -> None:
    what = (f"word2vec replicates (CBOW 100d, {args.epochs} epochs, one thread)"
            if args.workload == "train"
            else f"WEAT 3 randomization tasks ({args.iterations:,} reshufflings each)")
    print(f"{TASKS} {what}, best of {args.repeats}:")
    print(f"  this process, one after the other   {here:7.2f} s")
    print(f"  cluster, 1 worker                   {one:7.2f} s")
    print(f"  cluster, 2 workers                  {two:7.2f} s   speed-up {one / two:.2f}x "
          "over 1 worker")
    print(f"  same numbers everywhere: {identical}")
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
