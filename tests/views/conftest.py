"""Fixtures of the browser tests (marked `browser`; run with `-m browser`: pyproject.toml says why
they are left out of a plain `python -m pytest`).

Starting Streamlit (and the GloVe load its first test triggers) and Chromium costs seconds each,
so both are started once per session: `server` and `chromium`. Each test still starts clean where
it matters: `visitor` opens a page in a fresh browser context (no cookies or storage: a new
Streamlit session with its own `?draft=` workspace), and a test that changes what every visitor
of a server shares (a saved word set) takes `isolated_server`, a server of its own on the test's
own empty BIASWORDS_HOME (the import tests of test_browser_no_embedding.py start theirs, with a
slow fastText address). So no test depends on what another left.

Needs Debian's `chromium-headless-shell` (or `chromium`; bench/streamlit_server.py says why the
shell comes first) and the Python package `playwright` (no browser download); skipped, with the
reason, when neither Chromium is installed or playwright is missing.
"""

from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.streamlit_server import CHROMIUM, CHROMIUM_ARGS, streamlit_server
from tests.views.chromium_steps import ROOT


@pytest.fixture(scope="session")
def chromium():
    """One headless Debian Chromium driven by playwright for the session."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is absent (apt-get install chromium-headless-shell)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def visitor(chromium):
    """`visitor(width, height)` opens a page for a new visitor: a fresh browser context with that
    viewport. Every context the test opened is closed after it."""
    contexts = []

    def open_page(width: int, height: int = 1000):
        contexts.append(chromium.new_context(viewport={"width": width, "height": height}))
        return contexts[-1].new_page()

    try:
        yield open_page
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(scope="session")
def _session_server(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    home = tmp_path_factory.mktemp("server-home")
    with streamlit_server(ROOT, {"BIASWORDS_HOME": str(home)}, timeout=60) as url:
        yield url, home


@pytest.fixture
def server(_session_server, monkeypatch) -> str:
    """The session's dashboard address. For this test BIASWORDS_HOME is that server's home (not
    the autouse per-test `home`), so what the test reads there is what the server wrote."""
    url, home = _session_server
    monkeypatch.setenv("BIASWORDS_HOME", str(home))
    return url


@pytest.fixture
def isolated_server(home) -> Iterator[str]:
    """A dashboard of this test's own on its empty `home`, for a test that changes shared data."""
    with streamlit_server(ROOT, {"BIASWORDS_HOME": str(home)}, timeout=60) as url:
        yield url
