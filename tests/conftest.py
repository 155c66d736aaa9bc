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
        "browser: end-to-end test in a real headless Chromium (deselect with -m 'not browser')",
    )


def pytest_collection_modifyitems(config, items):
    """The browser tests run first (otherwise in their order). They are the suite's longest and
    mostly wait for a page, and pytest-xdist hands each worker a contiguous half of this list
    (`--dist worksteal`), stealing from the end of the longer queue: so one worker starts them at
    once while the other runs the CPU-bound tests, and the run ends on short tests instead of two
    workers waiting on two browsers, then one long test alone."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is None)


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


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """BIASWORDS_HOME pointing to an empty temporary directory; returns that directory.

    Autouse: no test may read or write the real user's data (~/.biaswords).
    """
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path))
    return tmp_path
