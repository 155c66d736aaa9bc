"""In a real Chromium: German with only English installed offers vectors, not English lists (a
layout: at 1400 and 800 px); a Batch of three languages on one embedding shows the skipped tests
with their reasons (a flow: at 1400 px). Screenshots go to $BIASWORDS_SCREENSHOTS (default /tmp)."""

import pytest

from bench.screenshots import settle
from tests.views.chromium_steps import SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser


def test_german_with_only_english_offers_download_or_upload(server, visitor):
    """At 1400, then 800 px: the same page resized (a page load costs seconds of CPU)."""
    page = visitor(1400, 1600)
    page.goto(server, timeout=60_000)
    page.get_by_text("Is there bias in these words?").wait_for(timeout=60_000)
    choose(page, "Language", "German (de)")
    page.get_by_text("There is no German embedding here yet").wait_for(timeout=30_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('textarea')]"
        ".some(t => t.value.startsWith('Mathematik'))",
        timeout=30_000,
    )
    settle(page, 300)  # the rerun that drew the panel has finished (Run's state included)
    for width in (1400, 800):
        page.set_viewport_size({"width": width, "height": 1600})
        settle(page, 500)
        assert page.get_by_role("tab", name="Download fastText German", exact=True).is_visible()
        assert page.get_by_role("tab", name="Upload a vector file", exact=True).count() == 1
        assert page.get_by_role("button", name="Download German vectors", exact=True).is_visible()
        assert page.get_by_text("MB to download").first.is_visible()
        assert page.get_by_role("button", name="Run test", exact=True).is_disabled()
        assert page.get_by_text("Run the German test on English vectors anyway").count() == 1
        page.screenshot(path=str(SCREENSHOT_DIR / f"biaswords_weat_german_{width}.png"),
                        full_page=True)


def test_batch_of_three_languages_on_one_embedding_lists_the_skipped(server, visitor):
    page = visitor(1400, 1800)
    page.goto(f"{server}/batch", timeout=60_000)
    page.get_by_text("Many tests at once").wait_for(timeout=60_000)
    languages = page.get_by_role("combobox", name="Languages", exact=True)
    for option in ("German (de)", "Italian (it)"):
        languages.click()
        page.keyboard.type(option)
        page.get_by_role("option", name=option).first.click()
        page.wait_for_timeout(800)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Run all", exact=True).click()
    header = page.get_by_role("heading", name="tests run on")
    header.wait_for(timeout=120_000)
    assert header.inner_text().endswith("skipped") and " 0 skipped" not in header.inner_text()
    warning = page.get_by_text("Not run:")
    warning.wait_for(timeout=30_000)
    for name in ("German", "Italian"):
        reason = f"No chosen embedding is in {name} (chosen: English)"
        assert page.get_by_text(reason).first.is_visible()
    page.get_by_role("tab", name="Forest plot", exact=True).click()
    page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
    page.wait_for_timeout(1000)
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_batch_1400.png"), full_page=True)
