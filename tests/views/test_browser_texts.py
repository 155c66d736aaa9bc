"""The Your texts page in a real headless Chromium at 1400 and 800 px, one flow as a new visitor
would go: upload a small German CSV, group its year column by decade, preview (the page says it
looks German while English is chosen), visit another page and come back (the upload and the
settings are still there), train and cancel (nothing is left), train again (progress and Cancel
on screen while it runs), then test the family: the chart across the decades, and the decade whose
model knows only two women's names says why it cannot decide. Screenshots land in
BIASWORDS_SCREENSHOTS (default /tmp)."""

import re

import pytest

from bench.screenshots import full_shot, settle
from tests.corpus.corpora import write_german_csv
from tests.views.chromium_steps import SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser


def test_a_german_corpus_by_decade_kept_across_pages_trained_and_tested(isolated_server, visitor,
                                                                        tmp_path, home):
    corpus = write_german_csv(tmp_path / "reden.csv", range(1956, 1964), count=40,
                              two_women=range(1960, 1964))
    page = visitor(1400, 1300)
    page.goto(f"{isolated_server}/texts", timeout=60_000)
    page.get_by_text("Your texts").first.wait_for(timeout=60_000)
    page.locator('input[type="file"]').set_input_files(str(corpus))
    page.get_by_role("combobox", name="Group column (optional)",
                     exact=True).wait_for(timeout=30_000)
    choose(page, "Group column (optional)", "year")
    page.get_by_role("combobox", name="Group by", exact=True).wait_for(timeout=30_000)
    choose(page, "Group by", "decade")
    page.wait_for_timeout(800)
    page.get_by_role("button", name="Preview", exact=True).click()
    page.get_by_text("This corpus looks German, but English is chosen").wait_for(timeout=30_000)
    page.get_by_text("Group '1950s': 160 documents").wait_for(timeout=30_000)
    assert page.get_by_role("button", name="Switch to German", exact=True).is_visible()
    settle(page, 500)
    full_shot(page, SCREENSHOT_DIR / "texts_preview_1400.png", 1400)

    page.get_by_role("link", name="Measures", exact=True).click()  # another page, and back
    page.get_by_text("More ways to measure").wait_for(timeout=60_000)
    page.get_by_role("link", name="Your texts", exact=True).click()
    page.get_by_text("Using reden.csv, uploaded earlier in this tab").wait_for(timeout=60_000)
    page.get_by_text("Group '1950s': 160 documents").wait_for(timeout=30_000)  # its preview too
    assert page.get_by_role("combobox", name="Group by", exact=True).input_value() == "decade"

    page.get_by_role("button", name="Train", exact=True).click()  # a first training, cancelled
    page.locator('[data-testid="stProgress"]').first.wait_for(timeout=30_000)
    assert page.get_by_role("button", name="Cancel", exact=True).is_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / "texts_training_1400.png"), full_page=True)
    page.get_by_role("button", name="Cancel", exact=True).click()
    page.get_by_text("Cancelled").first.wait_for(timeout=60_000)  # the toast
    # the models already running finish first (a process pool), then are removed
    page.locator('[data-testid="stProgress"]').first.wait_for(state="detached", timeout=120_000)
    page.get_by_text("Nothing trained yet.").wait_for(timeout=60_000)
    assert [entry.name for entry in (home / "embeddings").glob("*")] == []  # nothing kept
    page.wait_for_timeout(1_000)
    page.get_by_role("button", name="Train", exact=True).click()
    page.get_by_text("Training done").wait_for(timeout=180_000)
    page.get_by_text("Choose one under Active embedding in the sidebar").wait_for()
    assert page.get_by_text("--embedding").count() == 0
    settle(page, 500)  # the rerun that lists the new models redraws the test box: choose after it
    choose(page, "Test", "WEAT 6")
    page.wait_for_timeout(800)
    page.get_by_role("button", name="Run the test on every model", exact=True).click()
    chart = page.locator(".js-plotly-plot").first
    chart.wait_for(timeout=60_000)
    ticks = page.locator(".js-plotly-plot .xtick text").all_text_contents()
    assert ticks == ["1950s", "1960s"]
    why = "1960s: d = .*cannot decide \\(one model: a list has fewer than 4 words with a vector\\)"
    page.get_by_text(re.compile(why)).wait_for(timeout=30_000)
    full_shot(page, SCREENSHOT_DIR / "texts_1400.png", 1400)
    page.set_viewport_size({"width": 800, "height": 1300})  # the same tab (a load costs seconds)
    settle(page, 800)
    assert page.locator(".js-plotly-plot .xtick text").all_text_contents() == ticks
    full_shot(page, SCREENSHOT_DIR / "texts_800.png", 800)
