"""Shared fixtures. Keep this small; page-specific helpers belong in their test files."""

import pytest


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "browser: end-to-end test in a real headless Chromium (deselect with -m 'not browser')",
    )


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """BIASWORDS_HOME pointing to an empty temporary directory; returns that directory.

    Autouse: no test may read or write the real user's data (~/.biaswords).
    """
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path))
    # The bundled encoder (bias.vectors.encoder) is listed only where a test switches it on (the
    # encoder's own tests, tests/**/test_*encoder*.py): elsewhere the tests describe the static
    # embeddings, and a language without one, as before it existed (and never run the model).
    monkeypatch.setenv("BIASWORDS_ENCODER", "off")
    return tmp_path
