"""At 1400 and 800 px (a laptop, a projector or a split screen) the WEAT result is in view after
Run and every number and label of it stays whole; at 800 px saving and editing beside a result
keep it.

Real headless Chromium: Streamlit cuts what does not fit with an ellipsis, which only a browser
shows. The checks are those of `bench/screenshots.py`, which also takes the pictures to look at.
"""

import pytest

from bench.screenshots import METRIC_SCOPE, clipped_chart_text, run_weat7, settle
from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser

# Labels and values below the result's header (the tabs, downloads, save box) that are cut off.
RESULT_LABELS_CUT_JS = """
() => {
  const header = [...document.querySelectorAll('h3')]
    .find(h => h.textContent.startsWith('Result:'));
  const top = header.getBoundingClientRect().top;
  return [...document.querySelectorAll('[data-testid="stMain"] .stMarkdownEllipsis')]
    .filter(el => el.offsetParent !== null && el.getBoundingClientRect().top > top)
    .filter(el => el.scrollWidth > el.clientWidth + 1 || el.textContent.trim().endsWith('…'))
    .map(el => el.textContent.trim());
}
"""


# After Run the verdict's box and the first number below it are inside the window (issue 24: they
# appeared below the fold and Run seemed to change nothing).
VERDICT_IN_VIEW_JS = """
() => {
  const verdict = [...document.querySelectorAll('[data-testid="stAlert"]')]
    .find(el => el.innerText.toLowerCase().includes('bias detected at the 5% level'));
  const numbers = document.querySelector('[data-testid="stMetric"]');
  return [verdict, numbers].every(el => {
    const r = el?.getBoundingClientRect();
    return r && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  });
}
"""

# Every number of the result's boxes (ours and the reported ones) that is cut off.
METRICS_CUT_JS = """
() => [...document.querySelectorAll('[data-testid="stMetric"] *')]
  .filter(el => el.children.length === 0 && el.textContent.trim())
  .filter(el => el.scrollWidth > el.clientWidth + 1
             || el.closest('.stMarkdownEllipsis')?.scrollWidth
                > el.closest('.stMarkdownEllipsis')?.clientWidth + 1
             || el.textContent.trim().endsWith('…'))
  .map(el => el.textContent.trim())
"""


def weat7_result(visitor, url: str, width: int = 800):
    """A new visitor's WEAT page at `width` px after Run on WEAT 7 (preselected)."""
    page = visitor(width, 1000)
    run_weat7(page, url)
    return page


def result_is_whole(page, width: int) -> None:
    metrics = page.locator(METRIC_SCOPE)
    assert metrics.count() == 4  # ours and the reported ones
    texts = metrics.all_inner_texts()
    assert any("0.00023" in t for t in texts) and any("Reported effect size" in t for t in texts)
    assert page.evaluate(METRICS_CUT_JS) == [], width
    assert page.evaluate(RESULT_LABELS_CUT_JS) == [], width
    for tab in range(4):
        page.get_by_role("tab").nth(tab).click()
        settle(page, 800)
        assert clipped_chart_text(page) == [], f"tab {tab} at {width} px"
    page.get_by_role("tab").nth(0).click()


def test_a_weat_result_in_view_and_whole_at_1400_and_800_then_run_as_edited(server, visitor):
    """One page (a page load and a run cost seconds each): Run at a laptop's 1400×1000, then
    at a projector's 800×900 (the same run, answered from the cache): each time the verdict is
    in view after Run and every number, label and chart text of the result is whole. Then an
    edited preset runs as edited and keeps the edit."""
    page = visitor(1400, 1000)
    page.goto(server, timeout=60_000)
    for width, height in ((1400, 1000), (800, 900)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page, 400)
        page.get_by_role("button", name="Run test", exact=True).click()
        page.get_by_text("bias detected at the 5% level").first.wait_for(timeout=60_000)
        page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
        page.wait_for_function(VERDICT_IN_VIEW_JS, timeout=10_000)
        settle(page, 500)
        page.screenshot(path=str(SCREENSHOT_DIR / f"biaswords_weat_after_run_{width}.png"))
        result_is_whole(page, width)

    words = page.get_by_role("textbox", name="X: words", exact=True)
    words.fill("math\nalgebra\ngeometry\ncalculus")
    # leaving the box keeps the words
    page.get_by_role("textbox", name="Y: name", exact=True).click()
    settle(page, 800)
    page.get_by_role("button", name="Run test", exact=True).click()
    page.get_by_text("Result: WEAT 7 (edited)").wait_for(timeout=60_000)
    settle(page)  # the previous result's elements stay on screen until the rerun replaces them
    assert words.input_value() == "math\nalgebra\ngeometry\ncalculus"
    assert page.get_by_text("You changed the lists of WEAT 7").first.is_visible()
    assert page.locator(METRIC_SCOPE).count() == 2  # no published values beside an edit


def test_saving_beside_a_result_confirms_and_keeps_the_result(isolated_server, visitor):
    page = weat7_result(visitor, isolated_server)  # a saved word set is every visitor's
    page.get_by_text("Save these lists as my word set").click()
    title = page.get_by_role("textbox", name="Title", exact=True)
    title.fill("Maths and arts, for the talk")
    title.press("Tab")  # leaving the box keeps the title
    page.get_by_role("button", name="Save word set", exact=True).click()
    confirm = page.get_by_text("Saved as your word set 'Maths and arts, for the talk'").first
    confirm.wait_for(timeout=30_000)
    settle(page, 500)
    assert confirm.is_visible()
    assert page.locator(METRIC_SCOPE).count() == 4  # the result is still there
    assert page.get_by_text("press Run again").count() == 0
