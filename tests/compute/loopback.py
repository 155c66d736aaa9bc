"""A real Dask cluster on this machine's loopback, started with dask's own commands.

`dask scheduler` and `dask worker` run as subprocesses, as an operator would start them
(docs/cluster.md): on 127.0.0.1 only, without dashboards, each worker one process with one
thread, all sharing one BIASWORDS_HOME and this checkout on their path. `stop` ends exactly the
processes `start` began (by their process ids).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DASK = str(Path(sys.executable).with_name("dask"))


@dataclass
class Loopback:
    address: str
    home: Path
    folder: Path
    scheduler: subprocess.Popen
    workers: list[subprocess.Popen] = field(default_factory=list)

    def add_worker(self) -> subprocess.Popen:
        log = (self.folder / f"worker-{len(self.workers)}.log").open("wb")
        worker = subprocess.Popen(
            [DASK, "worker", self.address, "--nthreads", "1", "--nworkers", "1",
             "--no-dashboard", "--host", "127.0.0.1", "--memory-limit", "0",
             "--local-directory", str(self.folder)],
            cwd=ROOT, env=environment(self.home), stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.workers.append(worker)
        return worker

    def wait_for_workers(self, count: int, timeout: float = 60) -> None:
        from distributed import Client

        with Client(self.address, timeout=timeout, set_as_default=False) as client:
            client.wait_for_workers(count, timeout=timeout)

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)  # its own session: the nanny and its child
        for process in [*self.workers, self.scheduler]:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "BIASWORDS_HOME": str(home), "PYTHONPATH": str(ROOT),
            "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def start(folder: Path, home: Path, workers: int = 2) -> Loopback:
    """A scheduler on a free loopback port and `workers` workers, ready to take tasks."""
    folder.mkdir(parents=True, exist_ok=True)
    address_file = folder / "scheduler.json"
    log = (folder / "scheduler.log").open("wb")
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(address_file)],
        cwd=ROOT, env=environment(home), stdout=log, stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while not address_file.exists() or not address_file.read_text().strip():
        if scheduler.poll() is not None or time.monotonic() > deadline:
            log_text = (folder / "scheduler.log").read_text()
            raise RuntimeError(f"dask scheduler did not start: {log_text}")
        time.sleep(0.1)
    cluster = Loopback(json.loads(address_file.read_text())["address"], home, folder, scheduler)
    for _ in range(workers):
        cluster.add_worker()
    if workers:
        cluster.wait_for_workers(workers)
    return cluster
