"""The Debias page in real headless Chromium at 1400 and 800 px: hard debias runs, and the
before/after on held-out words, each held-out word's SC-WEAT, the recoverability figures and the
verdict are shown whole."""

import pytest

from bench.screenshots import METRIC_SCOPE, full_shot, settle, truncated
from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser


def test_hard_debias_on_the_page_at_1400_and_800_px(isolated_server, visitor):
    """On a server of its own: the runs save derived embeddings, which other tests' servers must
    not see. Pressing "Debias and check" again with the defaults redoes this tab's own copy, never
    "already imported" (issue 35, item 1), and the next visitor's default is the next free name."""
    url = isolated_server
    for width, saved, presses in ((1400, "glove-6b-50d-hard", 2), (800, "glove-6b-50d-hard-2", 1)):
        page = visitor(width, 1000)
        page.goto(f"{url}/debias", timeout=60_000)
        run = page.get_by_role("button", name="Debias and check")
        run.wait_for(timeout=60_000)
        assert page.get_by_role("textbox", name="Save the debiased embedding as").input_value() \
            == saved
        run.click()
        page.get_by_text("Bias was hidden, not removed").wait_for(timeout=120_000)
        settle(page)
        if presses == 2:  # the second press, as a presenter who warmed up the page makes it
            run.click()
            page.get_by_text(f"This tab saved {saved} before; a new run replaces it.").wait_for(
                timeout=60_000)
            page.get_by_role("button", name="Cancel").wait_for(state="hidden", timeout=120_000)
            settle(page)
            full_shot(page, SCREENSHOT_DIR / f"debias_second_press_{width}.png", width)
        assert page.get_by_text("already imported").count() == 0
        assert page.get_by_text(f"Saved as {saved}; the original is unchanged.").is_visible()
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
