"""The Debias page in real headless Chromium at 1400 and 800 px: hard debias runs, and the
before/after on held-out words, each held-out word's SC-WEAT, the recoverability figures and the
verdict are shown whole."""

import pytest

from bench.screenshots import METRIC_SCOPE, full_shot, settle, truncated
from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser


def test_hard_debias_on_the_page_at_1400_and_800_px(isolated_server, visitor):
    """On a server of its own: the runs save two derived embeddings, which other tests' servers
    must not see."""
    url = isolated_server
    for width in (1400, 800):
        page = visitor(width, 1000)
        page.goto(f"{url}/debias", timeout=60_000)
        run = page.get_by_role("button", name="Debias and check")
        run.wait_for(timeout=60_000)
        if width == 800:  # the second run saves under another name
            name = page.get_by_role("textbox", name="Save the debiased embedding as")
            name.fill("glove-6b-50d-hard-800")
            name.press("Tab")
            settle(page, 500)
        run.click()
        page.get_by_text("Bias was hidden, not removed").wait_for(timeout=120_000)
        settle(page)
        for label in ("Before (held-out words)", "After (held-out words)",
                      "k-means alignment", "Linear classifier", "RBF classifier"):
            assert page.locator(METRIC_SCOPE).filter(has_text=label).first.is_visible()
        assert page.get_by_text("WEAT 6: male vs. female names").first.is_visible()
        assert truncated(page, METRIC_SCOPE) == [], width
        page.get_by_text("Each held-out word's own lean (SC-WEAT)").first.click()
        settle(page, 1000)
        table = page.locator('[data-testid="stDataFrame"]').first
        assert table.is_visible() and table.bounding_box()["width"] <= width
        assert page.get_by_text("Male names -0.06 → -0.66").first.is_visible()
        full_shot(page, SCREENSHOT_DIR / f"debias_{width}.png", width)
        page.close()
