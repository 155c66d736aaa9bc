"""Start the dashboard on this machine for a browser test or a benchmark, and stop it after.

One copy for `tests/views/conftest.py`, `bench/screenshots.py`, `bench/dashboard_speed.py` and
`bench/load_test.py`: `streamlit run app.py` on a free loopback port, ready once its health check
answers, and the Debian Chromium they all drive, with the flags they all launch it with. The
server's output goes to a temporary file (a pipe nobody reads could fill and stall it) and is
shown if the server does not start.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_BUILDS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
"""Debian's packages `chromium-headless-shell` and `chromium`, from the same source; playwright
drives either (no browser is downloaded). The headless shell is Chromium without the browser's
own user interface: the browser tests' Chromium costs about a quarter less CPU on it (27 s
against 35 s for tests/views/test_browser_narrow.py, server included), and renders pages the
same way."""
CHROMIUM = next((path for path in CHROMIUM_BUILDS if Path(path).exists()), CHROMIUM_BUILDS[-1])
"""The first of `CHROMIUM_BUILDS` installed here."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def streamlit_server(
    folder: Path, env: Mapping[str, str], timeout: float = 90
) -> Iterator[str]:
    """`streamlit run app.py` in `folder` with `env` added to this process's environment; yields
    its address once it answers, raises RuntimeError with its output if it does not in time."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless", "true",
           "--server.port", str(port), "--server.address", "127.0.0.1",
           "--browser.gatherUsageStats", "false"]  # fmt: skip
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen(
            cmd, cwd=folder, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + timeout
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                        if response.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    output = log.read().decode(errors="replace")
                    raise RuntimeError(f"streamlit did not start in {folder}:\n{output}")
                time.sleep(0.3)
            yield url
        finally:
            proc.terminate()
            proc.wait(timeout=20)
