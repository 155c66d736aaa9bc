"""Shared fixtures. Keep this small; page-specific helpers belong in their test files."""

import pytest


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "browser: end-to-end test in a real headless Chromium (deselect with -m 'not browser')",
    )


@pytest.fixture
def home(tmp_path, monkeypatch):
    """BIASWORDS_HOME pointing to an empty temporary directory; returns that directory."""
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path))
    return tmp_path
