"""A real Dask cluster on this machine's loopback, started as docs/cluster.md says.

The scheduler's and the workers' blocks of docs/cluster.md ("Start a cluster") are run by bash
as they are written, so the page and the tests cannot drift: the scheduler from an empty folder,
the workers from this checkout (the page's "BiasWords folder"), both with this environment's
`dask` first on PATH (its environment switched on) and without PYTHONPATH or BIASWORDS_HOME
(the page's lines set what is needed). Only the machine-specific words are replaced: the
page's address by 127.0.0.1 and a free port, `/shared/biaswords` by the test's folder, four
workers per machine by one; options that keep a test apart are added to the `dask` line (no
dashboards, the address in a file, no memory limit, a scratch folder). A replaced word missing
from the page fails loudly: edit `SCHEDULER_WORDS` or `WORKER_WORDS` with the page. `stop` ends
exactly the processes `start` began (each in its own session, by its process id).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "cluster.md"
PAGE_ADDRESS = "tcp://10.0.0.5:8786"
SCHEDULER_WORDS = {"--host 10.0.0.5": "--host 127.0.0.1"}
"""The scheduler block's machine-specific words and what the test puts in their place."""
WORKER_WORDS = {"--nworkers 4": "--nworkers 1"}
"""The worker block's (beside the address and the shared folder, replaced per cluster)."""
SHARED_HOME = "/shared/biaswords"


def page_block(command: str) -> str:
    """The fenced block of docs/cluster.md's "Start a cluster" that runs `command`."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Start a cluster", 1)[1].split("\n## ", 1)[0]
    blocks = [b for b in re.findall(r"^```\n(.*?)^```", section, re.M | re.S) if command in b]
    if len(blocks) != 1:
        raise AssertionError(f"docs/cluster.md: expected one block with `{command}`, found "
                             f"{len(blocks)}")
    return blocks[0]


def as_test(block: str, words: dict[str, str], command: str, options: list[str]) -> str:
    """`block` with `words` replaced (each must be there) and `options` after `command`."""
    for old, new in words.items():
        if old not in block:
            raise AssertionError(f"docs/cluster.md no longer says {old!r} in {block!r}")
        block = block.replace(old, new)
    lines = block.splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith(command)]
    if len(at) != 1:
        raise AssertionError(f"docs/cluster.md: expected one `{command}` line in {block!r}")
    lines[at[0]] += " " + " ".join(options)
    return "\n".join(lines) + "\n"


def environment() -> dict[str, str]:
    """This process's environment as a new terminal would have it with the venv switched on:
    its `dask` first on PATH, nothing of BiasWords set."""
    unset = ("PYTHONPATH", "BIASWORDS_HOME", "BIASWORDS_SCHEDULER")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def run_block(script: str, cwd: Path, log: Path) -> subprocess.Popen:
    with log.open("wb") as out:
        return subprocess.Popen(["bash", "-e", "-c", script], cwd=cwd, env=environment(),
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


@dataclass
class Loopback:
    address: str
    home: Path
    folder: Path
    scheduler: subprocess.Popen
    workers: list[subprocess.Popen] = field(default_factory=list)

    def add_worker(self) -> subprocess.Popen:
        """One worker process, started by the page's worker block."""
        log = self.folder / f"worker-{len(self.workers)}.log"
        script = as_test(page_block("dask worker"),
                         {PAGE_ADDRESS: self.address, SHARED_HOME: shlex.quote(str(self.home)),
                          **WORKER_WORDS},
                         "dask worker",
                         ["--no-dashboard", "--host", "127.0.0.1", "--memory-limit", "0",
                          "--local-directory", str(self.folder)])
        worker = run_block(script, ROOT, log)
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


def start(folder: Path, home: Path, workers: int = 2) -> Loopback:
    """A scheduler on a free loopback port and `workers` workers, ready to take tasks."""
    folder.mkdir(parents=True, exist_ok=True)
    address_file = folder / "scheduler.json"
    empty = folder / "scheduler-folder"  # "in any folder": nothing of BiasWords there
    empty.mkdir(exist_ok=True)
    script = as_test(page_block("dask scheduler"), SCHEDULER_WORDS, "dask scheduler",
                     ["--port", "0", "--no-dashboard", "--scheduler-file", str(address_file)])
    scheduler = run_block(script, empty, folder / "scheduler.log")
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
