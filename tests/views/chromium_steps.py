"""What the browser tests do in Chromium as a visitor would, shared by their modules."""

import os
from pathlib import Path

from bench.screenshots import clipped_chart_text

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = Path(os.environ.get("BIASWORDS_SCREENSHOTS", "/tmp"))
"""Where the tests' screenshots go, for a person to look at."""


def choose(page, label: str, option: str) -> None:
    """Open the selectbox named exactly `label` (another box's label may contain it), type to
    filter, and pick `option`."""
    page.get_by_role("combobox", name=label, exact=True).click()
    page.keyboard.type(option)
    page.get_by_role("option", name=option).first.click()


def downloaded(page, label: str, tmp_path, name: str):
    """Press the download button `label` and save what the browser receives as tmp_path/name."""
    with page.expect_download(timeout=60_000) as info:
        page.get_by_role("button", name=label).click()
    path = tmp_path / name
    info.value.save_as(path)
    return path


def opens_offline(chromium, path, expected: str, shot: str) -> None:
    """The report alone, in a context with no network at all: every part is in the file."""
    context = chromium.new_context(offline=True, viewport={"width": 1000, "height": 1200})
    try:
        page = context.new_page()
        failed = []
        page.on("requestfailed", lambda request: failed.append(request.url))
        page.goto(path.as_uri())
        page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        assert page.get_by_text(expected).first.is_visible()
        assert page.get_by_text("Methods").first.is_visible()
        assert failed == []
        page.wait_for_timeout(1000)  # Plotly lays out its text
        assert clipped_chart_text(page) == []  # every title, axis label and legend whole
        page.screenshot(path=str(SCREENSHOT_DIR / shot), full_page=True)
    finally:
        context.close()
