"""In a real Chromium: "Test it on the WEAT page" after BiasWords' "Save as word set" shows the
saved set. The BiasWords page set the WEAT page's fields from its own run; the WEAT page then
drew its language as Arabic (the first option) and its lists empty, while its notes counted the
saved words, and Run tested Arabic WEAT 7 (issue 42, seen in the walk at 1400 and 800 px),
when the WEAT page had been open before.
Ten draws keep it cheap; the draw saved is the one the page picks."""

import json

import pytest

from bench.screenshots import settle
from tests.views.chromium_steps import SCREENSHOT_DIR, choose
from tests.views.test_browser_biaswords import generate

pytestmark = pytest.mark.browser


def test_the_saved_draw_is_the_weat_pages_test(isolated_server, visitor, home):
    page = visitor(800, 2400)
    page.goto(isolated_server, timeout=60_000)  # the WEAT page first: its boxes exist
    page.get_by_role("button", name="Run test", exact=True).wait_for(timeout=60_000)
    settle(page)
    page.get_by_role("link", name="BiasWords", exact=True).click()
    choose(page, "Seed test", "WEAT 6")
    settle(page)
    generate(page)
    draws = page.get_by_role("spinbutton", name="Draws", exact=True)
    draws.fill("10")
    draws.press("Enter")
    settle(page)
    page.get_by_role("button", name="Draw new sets and run WEAT on each", exact=True).click()
    page.get_by_role("button", name="Save as word set", exact=True).click(timeout=120_000)
    link = page.get_by_role("link", name="Test it on the WEAT page", exact=True)
    link.click(timeout=30_000)
    page.get_by_role("button", name="Run test", exact=True).wait_for(timeout=60_000)
    settle(page)
    (saved,) = (home / "wordsets").glob("biaswords-weat6-*.json")
    data = json.loads(saved.read_text(encoding="utf-8"))
    shown = {key: (page.get_by_role("textbox", name=f"{key}: name").input_value(),
                   page.get_by_role("textbox", name=f"{key}: words").input_value().split("\n"))
             for key in "XYAB"}
    page.screenshot(path=str(SCREENSHOT_DIR / "saved_draw_on_weat_800.png"), full_page=True)
    assert shown == {key: (data["sets"][key]["name"], data["sets"][key]["words"])
                     for key in "XYAB"}
    assert page.get_by_role("combobox", name="Language", exact=True).input_value() == "English (en)"
    page.get_by_role("button", name="Run test", exact=True).click()
    page.get_by_text(f"Result: {data['title']}").wait_for(timeout=60_000)
    assert page.get_by_text("Picked among 10 draws on this embedding").count()
