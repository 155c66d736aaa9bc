"""In a real Chromium, the WEAT page's panel for a language without vectors, both ways out of it:

- Download, then Cancel: the fastText address points to a slow server on this machine (never the
  internet), the visitor cancels while the progress bar moves, and nothing is saved;
- Upload: a small German `.vec` is chosen in the file dialog, imported, becomes the active
  embedding, and the German test runs on it.
"""

import gzip
import http.server
import tempfile
import threading
import time
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from bench.streamlit_server import streamlit_server
from tests.language_vectors import write_vec
from tests.views.chromium_steps import ROOT, SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser


class _Trickle(http.server.BaseHTTPRequestHandler):
    """Serves one gzip file 16 KB at a time, four times a second: a download that takes minutes."""

    body = b""

    def do_GET(self) -> None:  # the name http.server calls
        self.send_response(200)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        try:
            for start in range(0, len(self.body), 16_384):
                self.wfile.write(self.body[start : start + 16_384])
                self.wfile.flush()
                time.sleep(0.25)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the import was cancelled and its worker closed the connection

    def log_message(self, *args: object) -> None:
        pass


@cache
def _big_german_vec_gz() -> bytes:
    """A German `cc.de.300.vec.gz` of 100,000 words (about 3 MB), the same bytes every time:
    made once per process (formatting its 800,000 numbers costs about a second of CPU)."""
    with tempfile.TemporaryDirectory() as folder:
        text = Path(folder) / "big.vec"
        write_vec(text, "de")
        lines = text.read_text(encoding="utf-8").splitlines()[1:]
    values = np.random.default_rng(0).normal(size=(100_000, 8))
    filler = [f"fuell{i} " + " ".join(f"{v:.5f}" for v in row) for i, row in enumerate(values)]
    return gzip.compress(
        "\n".join([f"{len(lines) + len(filler)} 8", *lines, *filler, ""]).encode(), 1
    )


@pytest.fixture
def slow_fasttext():
    """A loopback server with a German `cc.de.300.vec.gz` of 100,000 words (about 3 MB, over a
    minute at its pace: Cancel is always in time); yields its base URL."""
    _Trickle.body = _big_german_vec_gz()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Trickle)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()


@pytest.fixture
def slow_server(home, slow_fasttext):
    """A dashboard of this test's own (it imports, or must import nothing) whose fastText address
    is the slow loopback server."""
    env = {
        "BIASWORDS_HOME": str(home),
        "BIASWORDS_FASTTEXT_BASE": slow_fasttext,
        "BIASWORDS_ALLOW_PRIVATE_ADDRESSES": "1",  # the slow server is on loopback
    }
    with streamlit_server(ROOT, env, timeout=60) as url:
        yield url


def open_german(visitor, url: str, width: int):
    page = visitor(width, 1600)
    page.goto(url, timeout=60_000)
    page.get_by_text("Is there bias in these words?").wait_for(timeout=60_000)
    choose(page, "Language", "German (de)")
    page.get_by_text("There is no German embedding here yet").wait_for(timeout=30_000)
    return page


def test_a_cancelled_download_saves_nothing(slow_server, visitor, home):
    page = open_german(visitor, slow_server, 1400)
    page.get_by_role("button", name="Download German vectors", exact=True).click()
    page.get_by_text("Downloading fastText German:").first.wait_for(timeout=30_000)
    cancel = page.get_by_role("button", name="Cancel", exact=True)
    cancel.wait_for(timeout=30_000)
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_weat_download_1400.png"), full_page=True)
    assert _Trickle.body and page.get_by_text("There is no German embedding here yet").is_visible()
    cancel.click()
    page.get_by_text("Download cancelled; nothing was saved.").wait_for(timeout=30_000)
    assert page.get_by_text("There is no German embedding here yet").is_visible()
    assert page.get_by_role("button", name="Run test", exact=True).is_disabled()
    folder = Path(home) / "embeddings"
    deadline = time.monotonic() + 20  # the killed worker's leftovers go with the next listing
    while folder.exists() and any(folder.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not folder.exists() or not any(folder.iterdir())


def test_an_uploaded_file_becomes_the_embedding_and_the_test_runs(slow_server, visitor, tmp_path):
    vec = tmp_path / "meine-vektoren.vec"
    write_vec(vec, "de")
    page = open_german(visitor, slow_server, 1400)
    page.get_by_role("tab", name="Upload a vector file", exact=True).click()
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(vec))
    page.get_by_text("meine-vektoren.vec").first.wait_for(timeout=30_000)
    page.get_by_role("button", name="Import as German", exact=True).click()
    run = page.get_by_role("button", name="Run test", exact=True)
    page.wait_for_function(
        "() => ![...document.querySelectorAll('h4')]"
        ".some(h => h.innerText.includes('There is no German embedding'))",
        timeout=60_000,
    )
    page.wait_for_function(
        "() => [...document.querySelectorAll('button')]"
        ".some(b => b.innerText.includes('Run test') && !b.disabled)",
        timeout=30_000,
    )
    assert page.get_by_text("meine-vektoren").first.is_visible()  # the sidebar names it
    run.click()
    metric = page.locator('[data-testid="stMetric"]').first
    metric.wait_for(timeout=60_000)
    assert "p-value" in metric.inner_text()
    page.locator('[data-testid="stMain"] .js-plotly-plot').first.wait_for(timeout=60_000)
    page.wait_for_timeout(1000)
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_weat_uploaded_1400.png"),
                    full_page=True)
