"""End to end in a real headless Chromium: the dashboard runs a preset and shows its result; then,
in the same tab, typed lists survive a page switch and a refresh. Fixtures (server, Chromium):
conftest.py.
"""

import pytest

from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser


def test_run_a_preset_then_typed_lists_survive_a_page_switch_and_a_refresh(server, visitor):
    page = visitor(1400, 2600)
    page.goto(server, timeout=60_000)
    page.get_by_text("Is there bias in these words?").wait_for(timeout=60_000)
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_start.png"), full_page=True)

    # Choose a preset: open the selectbox and pick WEAT 8.
    page.get_by_role("combobox", name="Prepared test", exact=True).click()
    page.keyboard.type("WEAT 8: science")  # the list is long: type to filter it, as users do
    page.get_by_role("option", name="WEAT 8: science vs. arts").first.click()
    page.get_by_text("science", exact=True).first.wait_for(timeout=30_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('textarea')]"
        ".some(t => t.value.startsWith('science'))",
        timeout=30_000,
    )
    page.get_by_role("button", name="Run test", exact=True).click()

    metric = page.locator('[data-testid="stMetric"]').first
    metric.wait_for(timeout=60_000)
    assert "p-value" in metric.inner_text()
    page.locator('[data-testid="stMain"] .js-plotly-plot').first.wait_for(timeout=60_000)
    verdict = page.get_by_text("bias detected at the 5% level").first
    assert verdict.is_visible()
    page.wait_for_timeout(1000)  # let Plotly finish drawing before the screenshot
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_result.png"), full_page=True)
    typed_lists_survive_a_page_switch_and_a_refresh(page)


def typed_lists_survive_a_page_switch_and_a_refresh(page):
    """In the same tab (a page load costs seconds of CPU): lists typed over the preset's."""
    words = page.get_by_role("textbox", name="X: words", exact=True)
    words.fill("doctor\nengineer")
    page.get_by_role("textbox", name="Y: name", exact=True).click()  # leaving the box saves it
    page.wait_for_timeout(1500)
    page.get_by_role("link", name="Batch", exact=True).click()
    page.get_by_text("Many tests at once").wait_for(timeout=30_000)
    page.get_by_role("link", name="WEAT test", exact=True).click()
    words.wait_for(timeout=30_000)
    assert words.input_value() == "doctor\nengineer"
    page.reload()
    page.get_by_role("textbox", name="X: words", exact=True).wait_for(timeout=60_000)
    assert "draft=" in page.url
    assert page.get_by_role("textbox", name="X: words",
                            exact=True).input_value() == "doctor\nengineer"
