"""In a real Chromium, on a fresh server with the bundled encoder: choosing Japanese on the WEAT
page makes the encoder active and runs a Japanese test with no import step; its result is looked
at at 1400 and 800 px. Screenshots go to
$BIASWORDS_SCREENSHOTS (default /tmp)."""

import pytest

from bench.screenshots import settle
from bench.streamlit_server import streamlit_server
from tests.views.chromium_steps import ROOT, SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser


@pytest.fixture
def encoder_server(home):
    with streamlit_server(ROOT, {"BIASWORDS_HOME": str(home), "BIASWORDS_ENCODER": "on"},
                          timeout=60) as url:
        yield url


def test_japanese_runs_on_the_encoder_with_no_import_step(encoder_server, visitor):
    page = visitor(1400, 1800)
    page.goto(encoder_server, timeout=60_000)
    page.get_by_text("Is there bias in these words?").wait_for(timeout=60_000)
    choose(page, "Language", "Japanese (ja)")
    page.get_by_text("any word, computed when a test uses it").wait_for(timeout=30_000)
    settle(page, 300)
    assert page.get_by_text("There is no Japanese embedding here yet").count() == 0
    page.get_by_role("button", name="Run test", exact=True).click()
    details = page.get_by_text("the test under every extraction method").first
    details.wait_for(timeout=120_000)  # the fold's label names the method panel inside it
    details.click()
    page.get_by_text("The same test under every extraction method").first.wait_for(
        timeout=120_000)
    # The panel's heading comes before its table of methods: wait for the table's line too.
    page.get_by_text("Not comparable: a different kind of model").first.wait_for(timeout=60_000)
    for width in (1400, 800):  # the same page resized (a page load costs seconds of CPU)
        page.set_viewport_size({"width": width, "height": 1800})
        settle(page, 500)
        assert page.get_by_text("Not comparable: a different kind of model").first.is_visible()
        assert page.get_by_text("Sentence encoder intfloat/multilingual-e5-small").count() == 1
        page.screenshot(path=str(SCREENSHOT_DIR / f"biaswords_weat_encoder_ja_{width}.png"),
                        full_page=True)
