"""At 800×900 (a projector, a split screen) the pages outside the WEAT result keep their text
whole too (issue 24, item 6): the four lists of a test with long set names, Measures' numbers,
the forest plot's texts. Real Chromium: only a browser cuts what does not fit."""

import pytest

from bench.screenshots import METRIC_SCOPE, clipped_chart_text, settle, truncated
from tests.views.chromium_steps import choose

pytestmark = pytest.mark.browser

# Each of the four lists: its width, and whether its name box shows the whole name.
LISTS_JS = """
() => ['X', 'Y', 'A', 'B'].map(key => {
  const input = document.querySelector(`input[aria-label="${key}: name"]`);
  const column = input.closest('[data-testid="stVerticalBlock"]');
  return {key, width: column.getBoundingClientRect().width,
          whole: input.scrollWidth <= input.clientWidth + 1, name: input.value};
})
"""


def test_lists_measures_and_forest_are_whole_at_800(server, visitor):
    page = visitor(800, 900)
    page.goto(server, timeout=60_000)
    page.get_by_role("button", name="Run test", exact=True).wait_for(timeout=60_000)
    choose(page, "Prepared test", "WEATHub WEAT 15 (English")
    page.wait_for_function(
        "() => document.querySelector('input[aria-label=\"Y: name\"]').value"
        ".startsWith('Non-immigrant')", timeout=60_000)
    settle(page)
    lists = page.evaluate(LISTS_JS)
    assert [entry["name"] for entry in lists][:2] == ["ImmigrantTerms", "Non-immigrantTerms"]
    # Two by two, each wide enough that its notes break between words, not inside them.
    assert all(entry["width"] >= 220 and entry["whole"] for entry in lists), lists

    page.get_by_role("link", name="Measures", exact=True).click()
    settle(page)
    page.locator('[data-testid="stButtonGroup"]').get_by_text("WEAT", exact=True).click()
    settle(page)
    page.get_by_role("button", name="Measure", exact=True).click()
    page.locator(METRIC_SCOPE).first.wait_for(timeout=60_000)
    settle(page)
    metrics = page.locator(METRIC_SCOPE).all_inner_texts()
    assert any("95% interval" in text and " to " in text for text in metrics), metrics
    assert truncated(page, METRIC_SCOPE) == []

    page.get_by_role("link", name="Batch", exact=True).click()
    settle(page)
    page.get_by_role("button", name="Run all", exact=True).click()
    page.get_by_role("tab", name="Forest plot", exact=True).wait_for(timeout=180_000)
    settle(page)
    page.get_by_role("tab", name="Forest plot", exact=True).click()
    settle(page, 1000)
    assert clipped_chart_text(page) == []
