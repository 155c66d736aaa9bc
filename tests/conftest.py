"""Shared fixtures. Keep this small; page-specific helpers belong in their test files."""

import os
import sys
from functools import cache

import pytest

from bias.vectors.encoder import SWITCH


def pytest_configure(config):
    # The bundled encoder (bias.vectors.encoder) is listed only where a test switches it on (the
    # encoder's own tests, with monkeypatch): elsewhere the tests describe the static embeddings,
    # and a language without one, as before it existed (and never run the model). Set for the
    # whole process, so session and module fixtures (the shared dashboard, candidates kept for a
    # module) see it too, not only what runs inside a test.
    os.environ[SWITCH] = "off"
    config.addinivalue_line(
        "markers",
        "browser: end-to-end test in a real headless Chromium (run only with -m browser)",
    )


def pytest_collection_modifyitems(config, items):
    """Each worker starts on its share of the browser tests. They are the suite's longest and
    mostly wait for a page (Chromium and the dashboard's server do the work, in processes of
    their own), and a worker that takes them all cannot end the run before their serial time
    (about 440 s of the 490 s the whole command took on 2026-12-01, when they all came first on
    one worker): so they are shared out.

    pytest-xdist's `--dist worksteal` hands worker i the next len(pending) // (workers - i) tests
    of this list, in order, and an idle worker steals from the end of the longest queue: so the
    list is laid out as one queue per worker, of exactly those lengths, each beginning with every
    workers-th browser test (in their order) and ending on short CPU-bound ones that can be
    stolen. With one worker (`-n 0`) the browser tests simply come first."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    browser = [item for item in items if item.get_closest_marker("browser") is not None]
    others = [item for item in items if item.get_closest_marker("browser") is None]
    laid_out, taken = [], 0
    for worker in range(workers):
        size = (len(items) - len(laid_out)) // (workers - worker)
        share = browser[worker::workers]
        fill = max(0, size - len(share))
        laid_out += share + others[taken:taken + fill]
        taken += fill
    items[:] = laid_out + others[taken:]


def pytest_runtest_setup(item):
    """Once AppTest is imported, its scan for Streamlit components is made once per process."""
    if "streamlit.testing.v1" in sys.modules:
        _scan_components_once()


@cache
def _scan_components_once() -> None:
    """Every new AppTest reads the metadata of every installed package (about 340 here) looking
    for Streamlit components: 0.2 s of CPU, on each of the suite's hundreds of AppTests. The
    installed packages cannot change during a run, so the first scan's answer is kept and given
    to every later AppTest (streamlit imports the scanner when it runs, so patching the module
    attribute reaches it)."""
    from streamlit.components.v2 import manifest_scanner

    manifest_scanner.scan_component_manifests = cache(manifest_scanner.scan_component_manifests)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The folder of corpora the server's operator offers (`BIASWORDS_CORPORA`), empty: a test
    writes its corpora there, and the pages' "On the server" choice lists them."""
    from bias.corpus.sources import ENV

    offered = tmp_path / "corpora"
    offered.mkdir()
    monkeypatch.setenv(ENV, str(offered))
    return offered


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """BIASWORDS_HOME pointing to an empty temporary directory; returns that directory.

    Autouse: no test may read or write the real user's data (~/.biaswords).
    """
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path))
    return tmp_path
