"""What the browser tests do in Chromium as a visitor would, shared by their modules."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = Path(os.environ.get("BIASWORDS_SCREENSHOTS", "/tmp"))
"""Where the tests' screenshots go, for a person to look at."""


def choose(page, label: str, option: str) -> None:
    """Open the selectbox `label`, type to filter, and pick `option`."""
    page.get_by_role("combobox", name=label).click()
    page.keyboard.type(option)
    page.get_by_role("option", name=option).first.click()
