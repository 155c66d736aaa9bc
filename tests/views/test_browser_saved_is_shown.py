"""In a real Chromium: what is saved is what is shown. Names and words filled about 50 ms apart
(as pasting does) reached the saved word set as the defaults ('Target Y', 'Attribute B') while
the boxes showed what was typed (issue 42); the saved file must equal the screen."""

import json

import pytest

from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser

TYPED = {
    "X": ("Career", "executive\nmanagement\nprofessional\ncorporation"),
    "Y": ("Home", "home\nparents\nchildren\nfamily"),
    "A": ("Men", "John\nPaul\nMike\nKevin"),
    "B": ("Women", "Amy\nJoan\nLisa\nSarah"),
}


def test_names_and_words_filled_50_ms_apart_are_saved_as_shown(isolated_server, visitor, home):
    page = visitor(1400, 2200)
    page.goto(isolated_server, timeout=60_000)
    page.get_by_role("textbox", name="Y: words", exact=True).wait_for(timeout=60_000)
    for key, (name, words) in TYPED.items():
        page.get_by_role("textbox", name=f"{key}: name").fill(name)
        page.wait_for_timeout(50)
        page.get_by_role("textbox", name=f"{key}: words").fill(words)
        page.wait_for_timeout(50)
    page.get_by_text("Save these lists as my word set").click()
    title = page.get_by_role("textbox", name="Title", exact=True)
    title.fill("Typed fast")
    page.wait_for_timeout(50)
    page.get_by_role("button", name="Save word set", exact=True).click()
    page.get_by_text("Saved as your word set").first.wait_for(timeout=30_000)
    shown = {key: (page.get_by_role("textbox", name=f"{key}: name").input_value(),
                   page.get_by_role("textbox", name=f"{key}: words").input_value())
             for key in TYPED}
    page.screenshot(path=str(SCREENSHOT_DIR / "biaswords_saved_is_shown_1400.png"),
                    full_page=True)
    saved = json.loads((home / "wordsets" / "typed-fast.json").read_text(encoding="utf-8"))
    on_disk = {key: (saved["sets"][key]["name"], "\n".join(saved["sets"][key]["words"]))
               for key in TYPED}
    assert shown == TYPED
    assert on_disk == shown
