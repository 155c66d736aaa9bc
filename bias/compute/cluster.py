"""The tasks on a Dask cluster (`dask.distributed`), with the numbers they would have locally.

A cluster is started by its operator with dask's own commands (`dask scheduler`, `dask worker`;
docs/cluster.md) and named by its scheduler's address (`tcp://HOST:PORT`, or `tls://` with
dask's TLS settings). Each task is submitted as its own future, in task order, and the results
are gathered in that order, so where and when a task ran never changes a number: every seed is
in the task. The same task run twice (a worker died and the scheduler gave it to another) gives
the same result.

What can go wrong is one sentence (`BiasInputError`), never a traceback or a wrong number:

- the address cannot be reached within `CONNECT_SECONDS`;
- a worker runs another BiasWords or another numpy (their arithmetic could differ): the task
  fails on it, naming both versions;
- a task fails with the user's kind of mistake (a worker without the embedding, or with another
  sha256: `bias.vectors.reference`), named with the worker's address;
- a task's workers kept dying (dask's `distributed.scheduler.allowed-failures`, 3 by default);
- the scheduler went away during the job: the job ends, and since results are only put
  together once every task is back, nothing half-made is written.

Progress and Cancel: `checkpoint` is called at least every `POLL_SECONDS` with the share of tasks
done, so a watcher's Cancel stops the job there; the tasks still queued or running are cancelled
on the cluster.
"""

from __future__ import annotations

import contextlib
import logging
import pickle
import re
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from bias.errors import BiasInputError
from bias.jobs import checkpoint

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS = 10.0
"""How long to try to reach the scheduler before saying it cannot be reached."""
POLL_SECONDS = 0.5
"""How often the progress is reported (and Cancel noticed) while tasks run."""
ADDRESS = re.compile(r"(tcp|tls)://(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}")
"""A scheduler's address as dask prints it: `tcp://HOST:PORT` (IPv6 in brackets), or `tls://`."""


def check_address(address: str) -> str:
    """`address` if it can name a scheduler, else `BiasInputError` saying how to write one."""
    if not isinstance(address, str) or not ADDRESS.fullmatch(address.strip()):
        raise BiasInputError(
            f"'{address}' is not a scheduler address; write it as tcp://HOST:PORT "
            "(as `dask scheduler` prints it)."
        )
    return address.strip()


def run_on_cluster(fn: Callable[[T], R], tasks: Sequence[T], scheduler: str) -> list[R]:
    """`[fn(task) for task in tasks]` on the cluster whose scheduler is at `scheduler`."""
    address = check_address(scheduler)
    if not tasks:
        return []
    try:  # distributed before any dask.config.set: its defaults must be loaded to be kept
        import dask.config
        import distributed  # noqa: F401
    except ImportError:
        raise BiasInputError(
            "Running on a cluster needs Dask's distributed on this computer: "
            "pip install 'biaswords[cluster]' (or -r requirements.txt)."
        ) from None

    with _quiet(), dask.config.set({"distributed.comm.timeouts.connect": f"{CONNECT_SECONDS}s"}):
        client = _connect(address)
        try:
            return _gather(client, fn, tasks, address)
        finally:
            client.close(timeout=2)


def _connect(address: str):
    """A client of the scheduler at `address`, or the sentence for why there is none: nobody
    answers, something that is not a Dask scheduler answers (a web server's reply read as
    Dask's frames asks for exabytes), or a peer accepts and stays silent (dask's client would
    wait for it forever, so it is started in a thread given twice `CONNECT_SECONDS`)."""
    from distributed import Client

    outcome: dict = {}
    given_up = threading.Event()

    def start() -> None:
        try:
            client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            outcome["reason"] = _reason(exc)
        except Exception:  # whatever else failed, that address gave no scheduler
            outcome["reason"] = "what answers there does not speak Dask's protocol"
        else:
            outcome["client"] = client
            if given_up.is_set():  # too late: nobody will use it
                client.close(timeout=2)

    starting = threading.Thread(target=start, name="biaswords-connect", daemon=True)
    starting.start()
    starting.join(2 * CONNECT_SECONDS)
    given_up.set()
    if "client" in outcome:
        return outcome["client"]
    _quiet_half_made_clients()
    reason = outcome.get("reason", f"no answer within {2 * CONNECT_SECONDS:g} s")
    raise BiasInputError(
        f"The cluster's scheduler at {address} cannot be reached, or is not a Dask scheduler "
        f"({reason}); check the address and that `dask scheduler` is running there."
    )


def _quiet_half_made_clients() -> None:
    """Keep off the terminal what a client whose start failed says when Python later collects
    it (its `__del__` closes a connection that never was, and times out): the sentence above
    said it all. Only that message is dropped; every other unraisable one still prints."""
    previous = sys.unraisablehook
    if getattr(previous, "drops_half_made_clients", False):
        return

    def hook(unraisable) -> None:
        if getattr(unraisable.object, "__qualname__", "") != "Client.__del__":
            previous(unraisable)

    hook.drops_half_made_clients = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook


_quiet_lock = threading.Lock()
_quiet_jobs: list = [0, {}]  # jobs running in this process, and the levels before them
_NOISY = ("distributed", "tornado", "asyncio")
"""The loggers of dask's client, its network library and its event loop: each of them printed
part of the 36 lines of reconnection attempts and tracebacks a lost scheduler left on the
terminal before its one sentence."""


def _noisy_loggers() -> list[logging.Logger]:
    """Every logger under `_NOISY`, its children included: dask's logging configuration gives
    some of them (`distributed.client`, …) their own level, which a parent's never overrides."""
    names = [name for name in list(logging.root.manager.loggerDict)
             if name.split(".")[0] in _NOISY]
    return [logging.getLogger(name) for name in {*_NOISY, *names}]


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """No log records of dask's client while jobs run: a lost scheduler is said in one sentence
    by `_scheduler_gone`, not in the tracebacks of its reconnection attempts. Counted, so the
    dashboard's jobs in several threads give the levels back only when the last one ends."""
    with _quiet_lock:
        if _quiet_jobs[0] == 0:
            _quiet_jobs[1] = {logger: logger.level for logger in _noisy_loggers()}
            for logger in _quiet_jobs[1]:
                logger.setLevel(logging.CRITICAL + 1)
        _quiet_jobs[0] += 1
    try:
        yield
    finally:
        with _quiet_lock:
            _quiet_jobs[0] -= 1
            if _quiet_jobs[0] == 0:
                for logger, level in _quiet_jobs[1].items():
                    logger.setLevel(level)


def _gather(client, fn: Callable[[T], R], tasks: Sequence[T], address: str) -> list[R]:
    from bias.version import library_versions, version

    expected = (version(), library_versions()["numpy"])
    job = uuid.uuid4().hex  # keys unique per job: two visitors' tasks never share a result
    futures = client.map(pickle.loads, [packed(fn, task, expected) for task in tasks],
                         key=[f"{_name(fn)}-{i}-{job}" for i in range(len(tasks))], pure=False)
    try:
        pending, delay = list(futures), 0.01
        while pending:
            checkpoint(len(tasks) - len(pending), len(tasks))
            if client.status != "running":
                raise _scheduler_gone(address)
            for future in pending:
                if future.status in ("error", "cancelled"):
                    _raise_failure(future, address)
            pending = [future for future in pending if future.status != "finished"]
            if pending:
                time.sleep(delay)
                delay = min(2 * delay, POLL_SECONDS)  # a quick job is not kept waiting
        checkpoint(len(tasks), len(tasks))
        return [future.result() for future in futures]
    except BaseException:
        if client.status == "running":
            client.cancel(futures)
        raise


def _raise_failure(future, address: str) -> None:
    """The sentence for a task that did not finish: the user's mistake as the worker said it,
    a task whose workers kept dying, or the scheduler gone; any other error is a bug and is
    raised as it is."""
    from distributed.scheduler import KilledWorker

    if future.status == "cancelled":
        raise _scheduler_gone(address)
    exc = future.exception()
    if isinstance(exc, BiasInputError):
        raise BiasInputError(str(exc)) from None
    if isinstance(exc, KilledWorker):
        raise BiasInputError(
            "The workers that ran one of the tasks kept stopping (each was lost while running "
            "it, more often than the cluster allows); nothing was kept. Check the workers' "
            "memory and logs."
        ) from None
    raise exc


def _scheduler_gone(address: str) -> BiasInputError:
    return BiasInputError(
        f"The connection to the cluster's scheduler at {address} was lost during the job, so it "
        "stopped and nothing was kept; start the scheduler again and rerun."
    )


def _on_worker(fn: Callable[[T], R], task: T, expected: tuple[str, str]) -> R:
    """Run `fn(task)` on a worker: refused when the worker's BiasWords or numpy is not the
    client's, and a mistake's sentence prefixed with the worker's address."""
    from distributed import get_worker

    from bias.version import library_versions, version

    here = (version(), library_versions()["numpy"])
    worker = get_worker().address
    if here != expected:
        raise BiasInputError(
            f"The worker at {worker} runs BiasWords {here[0]} with numpy {here[1]}, this "
            f"computer BiasWords {expected[0]} with numpy {expected[1]}; install the same "
            "versions on every worker, so that a number does not depend on where it ran."
        )
    try:
        return fn(task)
    except BiasInputError as exc:
        raise BiasInputError(f"On the worker at {worker}: {exc}") from None


class _Call:
    """`_on_worker(fn, task, expected)`, called when its pickle is loaded (`__reduce__`)."""

    def __init__(self, fn: Callable, task: object, expected: tuple[str, str]) -> None:
        self.arguments = (fn, task, expected)

    def __reduce__(self):
        return _on_worker, self.arguments


def packed(fn: Callable[[T], R], task: T, expected: tuple[str, str]) -> bytes:
    """A task as the scheduler sees it: bytes, whose `pickle.loads` on a worker runs
    `_on_worker(fn, task, expected)` and returns its result.

    Why: Dask's scheduler unpickles every task graph it is sent, so a task naming our functions
    or dataclasses would need BiasWords on the scheduler too ("Scheduler and Client have
    different environments"). Submitted as `pickle.loads(bytes)`, a task names only the
    standard library, and a plain `dask scheduler` in any environment with Dask runs it
    (docs/cluster.md). The workers, which compute, need BiasWords; the scheduler needs nothing
    of ours (tests/compute/test_cluster.py starts it without)."""
    return pickle.dumps(_Call(fn, task, expected), protocol=pickle.HIGHEST_PROTOCOL)


def _name(fn: Callable) -> str:
    return getattr(fn, "__name__", "task")


def _reason(exc: BaseException) -> str:
    """Why the client could not start, in a few words: dask's first line ("Timed out trying to
    connect to … after 10 s" where nobody listens), but a silent peer's handshake timeout,
    which a loaded machine reaches before our wait ends, said as our wait's end is."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    if text.startswith("Timed out during handshake"):  # a peer that accepted, then said nothing
        return f"no answer within {CONNECT_SECONDS:g} s"
    return text[:200]
