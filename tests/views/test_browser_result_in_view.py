"""After Run the result is where the eyes are: the page moves so that the verdict's box and the
numbers below it (p-value, d) are inside the window, at a laptop's 1400×1000 and a projector's
800×900 (issue 24: they appeared below the fold and Run seemed to change nothing)."""

import pytest

from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser

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


@pytest.mark.parametrize(("width", "height"), [(1400, 1000), (800, 900)])
def test_the_verdict_is_in_view_after_run(server, visitor, width, height):
    page = visitor(width, height)
    page.goto(server, timeout=60_000)
    run = page.get_by_role("button", name="Run test")
    run.wait_for(timeout=60_000)
    run.click()
    page.get_by_text("bias detected at the 5% level").first.wait_for(timeout=60_000)
    page.wait_for_function(VERDICT_IN_VIEW_JS, timeout=10_000)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SCREENSHOT_DIR / f"biaswords_weat_after_run_{width}.png"))
