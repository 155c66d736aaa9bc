"""Dashboard imports run in a worker process: one visitor's import cannot starve the others.

Streamlit serves every visitor from one Python process. An import parsed in that process holds
its GIL and both cores for as long as the file takes, so a hostile upload (a gzip bomb, a file
declaring millions of words) slowed every other visitor's page five-fold. Here the import runs in
a separate process (`python -m bias.vectors.worker`) that:

- runs at the lowest CPU priority (`nice 19`) with one polars thread, so page loads of other
  visitors are served first;
- has a memory ceiling (`RLIMIT_AS`) and a CPU-time ceiling (`RLIMIT_CPU`), plus a wall-clock
  deadline enforced by the dashboard, all from `ServerAccess`; beyond them it is stopped and the
  visitor gets one sentence;
- is one of at most `ServerAccess.concurrent_imports` at a time; a further visitor is asked to try
  again rather than queued behind an unbounded line.

The protocol is one JSON request on stdin and JSON lines on stdout: progress, then the result or
the user's error sentence. The cache itself is shared: the worker saves with the same atomic,
locked `store.save`, and the dashboard's catalog notices the new files by their version.
"""

from __future__ import annotations

import json
import os
import queue
import resource
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import FULL_DISK, write_error
from bias.vectors import store
from bias.vectors.bundled import EmbeddingInfo
from bias.vectors.formats import Origin
from bias.vectors.import_report import ImportReport, Progress
from bias.vectors.server_access import ServerAccess

FASTTEXT, FILE, URL = "fasttext", "file", "url"
"""The kinds of import (`ImportRequest.kind`), written here only."""


@dataclass(frozen=True)
class ImportRequest:
    """One import, as plain values that cross the process boundary.

    `kind` is `FASTTEXT` (source: a language code), `FILE` (a path the dashboard has checked, or
    an upload's temporary copy) or `URL` (an address the dashboard has checked). `label` is how
    the cache and messages name the source (an upload's own file name); `origin` is where a file
    comes from ("upload" or "server path"), which decides the formats it may have.
    """

    kind: str
    source: str
    name: str
    language: str
    limit: int
    label: str | None = None
    private_addresses: bool = False
    origin: Origin = "command line"


_OUT_OF_MEMORY = 3
_NO_THREAD = "can't start new thread"
"""CPython's RuntimeError when a thread's stack cannot be mapped: under `RLIMIT_AS`, that is the
memory ceiling (the readers start threads), so it is reported like a MemoryError."""
_SLOTS: dict[int, threading.BoundedSemaphore] = {}
_SLOTS_LOCK = threading.Lock()
_BUSY = (
    "Another import is running on this server; try again when it has finished (it then appears "
    "in the list above)."
)


def run_import(
    request: ImportRequest, access: ServerAccess, progress: Progress | None = None
) -> tuple[EmbeddingInfo, ImportReport]:
    """Run `request` in a worker process within `access`'s limits; raises `BiasInputError`."""
    with _SLOTS_LOCK:
        slots = _SLOTS.setdefault(
            access.concurrent_imports, threading.BoundedSemaphore(access.concurrent_imports)
        )
    if not slots.acquire(blocking=False):
        raise BiasInputError(_BUSY)
    try:
        return _supervise(request, access, progress)
    finally:
        slots.release()


def _supervise(
    request: ImportRequest, access: ServerAccess, progress: Progress | None
) -> tuple[EmbeddingInfo, ImportReport]:
    env = dict(os.environ)
    package_root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    env["POLARS_MAX_THREADS"] = "1"
    env["BIASWORDS_WORKER_LIMITS"] = json.dumps(
        {"memory_mb": access.import_memory_mb, "seconds": access.import_seconds}
    )
    deadline = time.monotonic() + access.import_seconds
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(
            [sys.executable, "-m", "bias.vectors.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=env,
            text=True,
        )
        lines: queue.Queue[str | None] = queue.Queue()
        reader = threading.Thread(target=_pump, args=(child.stdout, lines), daemon=True)
        try:
            assert child.stdin is not None
            child.stdin.write(json.dumps(asdict(request)))
            child.stdin.close()
            reader.start()
            while True:
                try:
                    line = lines.get(timeout=max(deadline - time.monotonic(), 0.01))
                except queue.Empty:
                    raise BiasInputError(_stopped(access)) from None
                if line is None:
                    break
                message = json.loads(line)
                if "progress" in message and progress is not None:
                    progress(*message["progress"])
                elif "done" in message:
                    done = message["done"]
                    return EmbeddingInfo(**done["info"]), ImportReport(**done["report"])
                elif "error" in message:
                    raise BiasInputError(message["error"])
                elif "bug" in message:
                    raise RuntimeError(f"The import worker failed:\n{message['bug']}")
            child.wait(timeout=10)
            errors.seek(0)
            tail = errors.read()[-4000:].decode("utf-8", "replace")
            if child.returncode < 0 or child.returncode == _OUT_OF_MEMORY:
                raise BiasInputError(_stopped(access))
            raise RuntimeError(f"The import worker ended without a result:\n{tail}")
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
                # An import writes its cache files while it reads: a killed one (cancelled, out
                # of time or memory) leaves a partial hidden entry, whose lock died with it.
                store.clean_leftovers()


def _pump(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)
    lines.put(None)


def _stopped(access: ServerAccess) -> str:
    seconds = access.import_seconds
    duration = f"{seconds} seconds" if seconds < 120 else f"{seconds // 60} minutes"
    return (
        "The import was stopped: it needed more than this server allows for one import "
        f"({access.import_memory_mb:,} MB of memory, {duration}); a vector file that big, or a "
        "damaged one, can be imported with the command line."
    )


def _worker_main() -> None:
    """The child side: apply the limits, run the request, report on stdout.

    The readers (polars, ISA-L, numpy) are imported before the memory ceiling: polars maps its
    native library when first imported, and under a small `RLIMIT_AS` that half-fails (a
    NameError inside polars) instead of raising MemoryError, so a visitor would see a bug
    rather than the sentence that the import needed more than the server allows."""
    from bias.vectors import download  # noqa: F401

    limits = json.loads(os.environ.get("BIASWORDS_WORKER_LIMITS", "{}"))
    os.nice(19)
    if "memory_mb" in limits:
        size = limits["memory_mb"] << 20
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    if "seconds" in limits:
        resource.setrlimit(resource.RLIMIT_CPU, (limits["seconds"], limits["seconds"] + 5))

    def say(message: dict) -> None:
        print(json.dumps(message), flush=True)

    def progress(bytes_read: int, words: int) -> None:
        say({"progress": [bytes_read, words]})

    try:
        request = ImportRequest(**json.loads(sys.stdin.read()))
        info, report = _run(request, progress)
    except BiasInputError as exc:
        say({"error": str(exc)})
    except MemoryError:  # printing may fail too: the exit code says it
        sys.exit(_OUT_OF_MEMORY)
    except Exception as exc:
        if _NO_THREAD in str(exc):  # a thread's stack did not fit under the memory ceiling
            sys.exit(_OUT_OF_MEMORY)
        if isinstance(exc, OSError) and exc.errno in FULL_DISK:  # the cache found no room
            say({"error": str(write_error(exc))})
        else:  # a bug: hand the traceback to the dashboard, which shows it
            say({"bug": traceback.format_exc()})
    else:
        say({"done": {"info": info.to_dict(), "report": report.to_dict()}})


def _run(request: ImportRequest, progress: Progress) -> tuple[EmbeddingInfo, ImportReport]:
    from bias.vectors import download

    if request.kind == FASTTEXT:
        return download.download_fasttext(
            request.source, name=request.name, limit=request.limit, progress=progress,
            private_addresses=request.private_addresses,
        )
    if request.kind not in (FILE, URL):
        raise ValueError(f"unknown import kind {request.kind!r}")
    return download.import_embedding(
        request.source,
        name=request.name,
        language=request.language,
        limit=request.limit,
        progress=progress,
        label=request.label,
        private_addresses=request.private_addresses,
        origin=request.origin,
    )


if __name__ == "__main__":
    _worker_main()
