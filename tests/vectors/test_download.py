"""Downloads, against a local HTTP server on 127.0.0.1: these tests never touch the internet."""

from __future__ import annotations

import contextlib
import gzip
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors import catalog, download, store
from bias.vectors.embeddings import Embedding
from bias.wordsets.parsing import parse_wordset

WORDS = [f"wort{i}" for i in range(4000)]
MATRIX = np.random.default_rng(7).standard_normal((len(WORDS), 40)).astype(np.float32)
TEXT = (
    f"{len(WORDS)} 40\n"
    + "".join(
        w + " " + " ".join(f"{x:.5f}" for x in row) + " \n"
        for w, row in zip(WORDS, MATRIX, strict=True)
    )
).encode()
GZ = gzip.compress(TEXT)
# 5 MB of gzip (rows repeat every 500 lines, beyond gzip's 32 KB window), for the early stop.
_ROWS = [" ".join(f"{x:.4f}" for x in row) for row in MATRIX[:500, :20].repeat(5, axis=1)]
BIG = gzip.compress(
    "".join(f"big{i} {_ROWS[i % 500]} \n" for i in range(40_000)).encode(), compresslevel=1
)


class Handler(http.server.BaseHTTPRequestHandler):
    """Serves the test vectors; the first path segment picks how the response goes wrong."""

    requests: ClassVar[list[str]] = []

    def do_GET(self) -> None:
        Handler.requests.append(self.path)
        mode, _, filename = self.path.strip("/").partition("/")
        body = GZ if filename.endswith(".gz") else TEXT
        if mode == "big":
            mode, body = "ok", BIG
        if mode not in ("ok", "dropped", "truncated"):
            self.send_error(404, "Not Found")
            return
        if mode == "truncated":  # a complete response whose gzip stream is cut short
            body = body[: len(body) // 2]
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if mode == "dropped":  # promise the whole body, send half, close the connection
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.close()
            return
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(body)  # the client may stop reading at its word limit

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("BIASWORDS_FASTTEXT_BASE", raising=False)
    Handler.requests.clear()
    return tmp_path / "home"


def no_cache(home: Path) -> bool:
    folder = home / "embeddings"
    return not folder.exists() or not any(folder.iterdir())


def unit(matrix: np.ndarray) -> np.ndarray:
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_fasttext_url() -> None:
    assert download.fasttext_url("de") == (
        "https://dl.fbaipublicfiles.com/fasttext/vectors-crawl/cc.de.300.vec.gz"
    )
    assert download.fasttext_url("sv", "http://mirror/ft/") == "http://mirror/ft/cc.sv.300.vec.gz"
    with pytest.raises(BiasInputError, match="is not a language code"):
        download.fasttext_url("Deutsch")


def test_fasttext_download_streams_the_first_words(server: str) -> None:
    seen: list[tuple[int, int]] = []
    info, report = download.download_fasttext(
        "de", limit=4000, base=f"{server}/ok", progress=lambda b, w: seen.append((b, w))
    )
    assert info.name == download.fasttext_name("de") == "fasttext-cc-de-300"
    assert (info.language, info.words, info.dimensions) == ("de", 4000, 40)
    assert Handler.requests == ["/ok/cc.de.300.vec.gz"]
    assert seen[-1] == (len(GZ), 4000)
    assert [b for b, _ in seen] == sorted(b for b, _ in seen)
    embedding = catalog.load_embedding("fasttext-cc-de-300")
    assert list(embedding.words) == WORDS
    np.testing.assert_allclose(embedding.vectors, unit(MATRIX), atol=1e-4)
    assert report.declared_words == 4000 and not report.skipped


def test_base_address_from_the_environment(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BIASWORDS_FASTTEXT_BASE", f"{server}/ok")
    info, _ = download.download_fasttext("sv", name="sv-small", limit=10)
    assert info.name == "sv-small" and info.words == 10
    assert Handler.requests == ["/ok/cc.sv.300.vec.gz"]


def test_plain_vec_url(server: str) -> None:
    info, report = download.import_embedding(
        f"{server}/ok/vectors.vec", name="plain", language="it", limit=100
    )
    assert info.words == 100 and report.stopped_at_limit and report.format == "text vectors"


def test_http_404(server: str, home: Path) -> None:
    with pytest.raises(BiasInputError, match="The server answered 404 Not Found"):
        download.download_fasttext("xx", base=f"{server}/missing")
    assert no_cache(home)


@pytest.mark.parametrize("filename", ["cc.de.300.vec.gz", "vectors.vec"])
def test_connection_dropped_midway(server: str, home: Path, filename: str) -> None:
    with pytest.raises(BiasInputError, match=r"The connection was dropped after .* bytes"):
        download.import_embedding(f"{server}/dropped/{filename}", name="de-x", language="de")
    assert no_cache(home)


def test_truncated_gzip_download(server: str, home: Path) -> None:
    with pytest.raises(BiasInputError, match="ends in the middle of its gzip stream"):
        download.download_fasttext("de", base=f"{server}/truncated")
    assert no_cache(home)


def test_an_interrupted_download_can_be_restarted(server: str, home: Path) -> None:
    with pytest.raises(BiasInputError):
        download.download_fasttext("de", base=f"{server}/dropped")
    info, _ = download.download_fasttext("de", base=f"{server}/ok")
    assert info.words == 4000
    assert [path.name for path in (home / "embeddings").iterdir()] == [info.name]


def test_no_server(home: Path) -> None:
    with pytest.raises(BiasInputError) as caught:
        download.download_fasttext("de", base="http://127.0.0.1:9", timeout=5)
    message = str(caught.value)
    assert message.startswith("The download needs an internet connection, and 127.0.0.1 cannot")
    assert "import a vector file you already have instead: upload it" in message
    assert no_cache(home)


def test_urls_must_name_text_vectors(server: str, home: Path) -> None:
    with pytest.raises(BiasInputError, match="Only text vectors"):
        download.import_embedding(f"{server}/ok/model.bin", name="b", language="de")
    assert Handler.requests == [] and no_cache(home)


def test_existing_names_are_refused_before_downloading(server: str) -> None:
    download.download_fasttext("de", base=f"{server}/ok", limit=5)
    Handler.requests.clear()
    with pytest.raises(BiasInputError, match="already imported"):
        download.download_fasttext("de", base=f"{server}/ok", limit=5)
    assert Handler.requests == []
    info, _ = download.download_fasttext("de", base=f"{server}/ok", limit=7, replace=True)
    assert info.words == 7 and len(store.load_cached(info.name)) == 7


def test_the_download_stops_after_the_word_limit(server: str) -> None:
    seen: list[int] = []
    info, report = download.download_fasttext(
        "it", base=f"{server}/big", limit=100, progress=lambda b, w: seen.append(b)
    )
    assert info.words == 100 and report.stopped_at_limit and info.dimensions == 100
    assert max(seen) < len(BIG) / 4, f"read {max(seen):,} of {len(BIG):,} bytes"


def test_served_vectors_give_the_same_weat_as_the_vectors_themselves(server: str) -> None:
    """The issue's acceptance: a .vec.gz written here (gzip + text, not project code), served on
    loopback, imported, then WEAT on the cache equals WEAT on the original matrix."""
    sets = {key: WORDS[8 * i : 8 * i + 8] for i, key in enumerate("XYAB")}
    wordset = parse_wordset(sets, where="test", default_id="served", origin="file")
    info, _ = download.download_fasttext("de", base=f"{server}/ok")
    options = WeatOptions(method="randomized", iterations=20_000, seed=5)
    imported = run_weat(catalog.load_embedding(info.name), wordset, options)
    direct = run_weat(Embedding.from_raw("direct", "de", WORDS, MATRIX), wordset, options)
    # The file holds 5 decimals, so associations agree to about 1e-5.
    assert imported.effect_size == pytest.approx(direct.effect_size, abs=1e-4)
    assert imported.statistic == pytest.approx(direct.statistic, abs=1e-5)
    assert imported.p_value == pytest.approx(direct.p_value, abs=2e-3)


def test_fasttext_estimate() -> None:
    estimate = download.fasttext_estimate(200_000)
    assert (estimate.download_bytes, estimate.cache_bytes) == (125_000_000, 240_000_000)
