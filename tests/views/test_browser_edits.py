"""In a real Chromium, a visitor's edit survives what used to throw it away: a list pasted with
semicolons is three words, and switching the language away and back brings the edit back."""

import pytest

from bench.screenshots import settle
from tests.views.chromium_steps import SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser

PASTED = "poetry; art; dance"
SHOWN_JS = "[...document.querySelectorAll('textarea')].some(t => t.value === text)"


def test_a_pasted_list_survives_two_language_switches(server, visitor):
    page = visitor(1400, 1600)
    page.goto(server, timeout=60_000)
    y_words = page.get_by_role("textbox", name="Y: words", exact=True)
    y_words.wait_for(timeout=60_000)
    y_words.fill(PASTED)
    # leaving the box keeps the words
    page.get_by_role("textbox", name="X: name", exact=True).click()
    page.get_by_text("3 of 3 words found").first.wait_for(timeout=30_000)
    settle(page, 300)
    choose(page, "Language", "French (fr)")
    page.wait_for_function(f"(text) => !{SHOWN_JS}", arg=PASTED, timeout=30_000)
    settle(page, 300)
    choose(page, "Language", "English (en)")
    page.wait_for_function(f"(text) => {SHOWN_JS}", arg=PASTED, timeout=30_000)
    assert page.get_by_role("textbox", name="Y: words", exact=True).input_value() == PASTED
    assert page.get_by_text("3 of 3 words found").first.is_visible()
    assert page.get_by_text("You changed the lists of WEAT 7").first.is_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_weat_edit_kept_1400.png"),
                    full_page=True)
