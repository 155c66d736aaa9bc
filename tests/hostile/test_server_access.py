"""Item 2: server paths and addresses are opt-in, private addresses refused, no file probing."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bias.cli import main
from bias.errors import BiasInputError
from bias.vectors import visitor
from bias.vectors.download import import_embedding
from bias.vectors.server_access import ServerAccess
from tests.hostile.helpers import small_vec

OPEN = ServerAccess(paths=True, urls=True)


class _Counting(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []  # noqa: RUF012 - shared on purpose: the test reads it

    def do_GET(self) -> None:
        _Counting.hits.append(self.path)
        self.send_error(404)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def local_server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    _Counting.hits.clear()
    yield f"127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_defaults_allow_neither_paths_nor_addresses(tmp_path: Path) -> None:
    access = ServerAccess.from_environment({})
    assert (access.paths, access.urls, access.private_addresses) == (False, False, False)
    path = small_vec(tmp_path / "ok.vec")
    with pytest.raises(BiasInputError, match=r"switched off on this server.*BIASWORDS_ALLOW_PATHS"):
        visitor.import_from_server(str(path), name="x", language="en", limit=5, access=access)
    with pytest.raises(BiasInputError, match="BIASWORDS_ALLOW_URLS=1"):
        visitor.import_from_server(
            "https://example.org/a.vec", name="x", language="en", limit=5, access=access
        )


def test_settings_come_from_the_environment() -> None:
    access = ServerAccess.from_environment(
        {"BIASWORDS_ALLOW_PATHS": "1", "BIASWORDS_ALLOW_URLS": "yes",
         "BIASWORDS_MAX_UPLOAD_MB": "5"}
    )
    assert (access.paths, access.urls, access.max_upload_mb) == (True, True, 5)
    with pytest.raises(BiasInputError, match="must be 1 \\(on\\) or 0 \\(off\\)"):
        ServerAccess.from_environment({"BIASWORDS_ALLOW_PATHS": "maybe"})
    with pytest.raises(BiasInputError, match="positive whole number"):
        ServerAccess.from_environment({"BIASWORDS_MAX_UPLOAD_MB": "-3"})


def test_missing_unreadable_folder_and_device_paths_get_one_message(tmp_path: Path) -> None:
    messages = set()
    for text in [str(tmp_path / "missing.vec"), str(tmp_path), "/dev/zero", "a\x00b"]:
        with pytest.raises(BiasInputError) as caught:
            visitor.readable_server_file(text, OPEN)
        messages.add(str(caught.value).replace(visitor._shown(text), "PATH"))
    assert messages == {"There is no vector file this server can read at PATH."}


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}", "169.254.169.254", "10.0.0.1",
     "192.168.1.1"],
)
def test_private_addresses_are_refused_before_connecting(local_server: str, host: str) -> None:
    port = local_server.rsplit(":", 1)[1]
    url = f"http://{host.format(port=port)}/vectors.vec"
    with pytest.raises(BiasInputError, match="on the server's own network"):
        visitor.import_from_server(url, name="x", language="en", limit=5, access=OPEN)
    assert _Counting.hits == []


def test_private_addresses_can_be_allowed(local_server: str) -> None:
    access = ServerAccess(urls=True, private_addresses=True)
    with pytest.raises(BiasInputError, match="answered 404"):
        visitor.import_from_server(
            f"http://{local_server}/v.vec", name="x", language="en", limit=5, access=access
        )
    assert _Counting.hits == ["/v.vec"]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("ftp://example.org/v.vec", "only http:// and https:// addresses, not ftp://"),
        ("file:///etc/passwd", "is a file:// address; give the file's path instead"),
        ("gopher://x/v.vec", "not gopher://"),
    ],
)
def test_other_schemes_get_their_own_sentence(source: str, message: str, capsys) -> None:
    with pytest.raises(BiasInputError, match=message):
        import_embedding(source, name="x", language="en")
    with pytest.raises(BiasInputError, match=message):
        visitor.import_from_server(source, name="x", language="en", limit=5, access=OPEN)
    assert main(["import", source, "--name", "x", "--language", "en", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and "There is no file" not in err and err.count("\n") == 1
