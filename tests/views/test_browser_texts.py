"""The Your texts page in a real headless Chromium at 1400 and 800 px: upload a grouped CSV,
pick its group column, preview, train and cancel (nothing is left), train again (progress and
Cancel on screen while it runs), then test the family: the chart across groups, the groups in
the order of their values. Screenshots land in
BIASWORDS_SCREENSHOTS (default /tmp)."""

import pytest

from bench.screenshots import settle
from tests.corpus.corpora import write_grouped_csv
from tests.views.chromium_steps import SCREENSHOT_DIR, choose

pytestmark = pytest.mark.browser


def test_upload_preview_train_and_the_chart_across_groups(isolated_server, visitor, tmp_path,
                                                          home):
    corpus = write_grouped_csv(tmp_path / "speeches.csv", {"1990": 0.5, "1970": 1.0,
                                                           "2010": 0.3}, count=200)
    page = visitor(1400, 1300)
    page.goto(f"{isolated_server}/texts", timeout=60_000)
    page.get_by_text("Your texts").first.wait_for(timeout=60_000)
    page.locator('input[type="file"]').set_input_files(str(corpus))
    page.get_by_role("combobox", name="Group column (optional)").wait_for(timeout=30_000)
    choose(page, "Group column (optional)", "decade")
    page.wait_for_timeout(800)
    page.get_by_role("button", name="Preview").click()
    page.get_by_text("Group '1970': 200 documents").wait_for(timeout=30_000)
    page.get_by_role("button", name="Train").click()  # a first training, cancelled
    page.locator('[data-testid="stProgress"]').first.wait_for(timeout=30_000)
    assert page.get_by_role("button", name="Cancel").is_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / "texts_training_1400.png"), full_page=True)
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Cancelled").first.wait_for(timeout=60_000)  # the toast
    # the models already running finish first (a process pool), then are removed
    page.locator('[data-testid="stProgress"]').first.wait_for(state="detached", timeout=120_000)
    page.get_by_text("Nothing trained yet.").wait_for(timeout=60_000)
    assert [entry.name for entry in (home / "embeddings").glob("*")] == []  # nothing kept
    page.wait_for_timeout(1_000)
    page.get_by_role("button", name="Train").click()
    page.get_by_text("Training done").wait_for(timeout=180_000)
    settle(page, 500)  # the rerun that lists the new models redraws the test box: choose after it
    choose(page, "Test", "WEAT 6")
    page.wait_for_timeout(800)
    page.get_by_role("button", name="Run the test on every model").click()
    chart = page.locator(".js-plotly-plot").first
    chart.wait_for(timeout=60_000)
    ticks = page.locator(".js-plotly-plot .xtick text").all_text_contents()
    assert ticks == ["1970", "1990", "2010"]
    page.get_by_text("2010: d =").wait_for(timeout=30_000)
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOT_DIR / "texts_1400.png"), full_page=True)
    page.set_viewport_size({"width": 800, "height": 1300})  # the same tab (a load costs seconds)
    settle(page, 800)
    assert page.locator(".js-plotly-plot .xtick text").all_text_contents() == ticks
    assert page.get_by_text("2010: d =").first.is_visible()
    page.screenshot(path=str(SCREENSHOT_DIR / "texts_800.png"), full_page=True)
