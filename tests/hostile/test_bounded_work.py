"""Item 8 (the dashboard's part): a hostile upload costs bounded time and memory, in a worker
process, and the server stays free for everyone else."""

from __future__ import annotations

import gzip
import http.server
import threading
import time
from pathlib import Path

import pytest

from bias.errors import BiasInputError
from bias.vectors import store, visitor
from bias.vectors.server_access import ServerAccess


def gzip_bomb(members: int) -> bytes:
    """`members` concatenated gzip members of 1 MB of duplicate lines each (2 KB compressed):
    every line after the first is skipped as a duplicate, so no word limit ever stops it."""
    line = ("the " + " ".join(["0.1"] * 300) + "\n").encode()
    return gzip.compress(line * (1_000_000 // len(line)), 9) * members


def test_a_gzip_bomb_upload_is_stopped_at_the_time_limit(home: Path) -> None:
    bomb = gzip_bomb(3000)  # 6.8 MB that inflate to 3 GB
    started = time.monotonic()
    # Whichever bound comes first: the reader's compression-ratio bound (ReadLimits) or the
    # worker's time limit.
    stopped = r"The import was stopped.*3 seconds|decompresses to more than 100 times its size"
    with pytest.raises(BiasInputError, match=stopped):
        visitor.import_upload(
            bomb, "bomb.vec.gz", name="bomb", language="en", limit=200_000,
            access=ServerAccess(import_seconds=3),
        )
    assert time.monotonic() - started < 15
    assert store.list_cached() == [] and list((home / "uploads").iterdir()) == []


def test_an_import_over_the_memory_limit_is_stopped(home: Path) -> None:
    with pytest.raises(BiasInputError, match=r"The import was stopped.*256 MB of memory"):
        visitor.import_upload(
            b"1 2\na 1 2\n", "small.vec", name="small", language="en", limit=10,
            access=ServerAccess(import_memory_mb=256),
        )
    assert store.list_cached() == []


def test_an_upload_over_the_size_limit_never_reaches_the_disk(home: Path) -> None:
    with pytest.raises(BiasInputError, match="accepts uploads up to 1 MB"):
        visitor.import_upload(
            gzip_bomb(600), "bomb.vec.gz", name="bomb", language="en", limit=10,
            access=ServerAccess(max_upload_mb=1),
        )
    assert not (home / "uploads").exists() or list((home / "uploads").iterdir()) == []


class _Trickle(http.server.BaseHTTPRequestHandler):
    """Sends a plausible header line, then one value every 50 ms, for as long as it is read."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.end_headers()
        try:
            self.wfile.write(b"1000 300\nwort")
            for _ in range(2000):  # bounded: 100 s at most
                self.wfile.write(b" 0.1")
                self.wfile.flush()
                time.sleep(0.05)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: object) -> None:
        pass


def test_a_download_that_never_ends_is_stopped_at_the_time_limit(home: Path) -> None:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Trickle)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/slow.vec"
    access = ServerAccess(urls=True, private_addresses=True, import_seconds=3)
    started = time.monotonic()
    try:
        with pytest.raises(BiasInputError, match=r"The import was stopped.*3 seconds"):
            visitor.import_from_server(url, name="slow", language="en", limit=10, access=access)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert time.monotonic() - started < 15 and store.list_cached() == []
