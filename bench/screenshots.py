"""Screenshots of every dashboard page at 1400 px and 800 px, for a person to look at.

    python bench/screenshots.py [OUTDIR]          (default /tmp/biaswords-shots)

Starts `streamlit run app.py` on a free port with an empty BIASWORDS_HOME, opens each page in
headless Chromium (/usr/bin/chromium, driven by playwright), runs WEAT 7 on the WEAT page and the
default tests on the Batch page, and saves full-page PNGs named `<page>_<width>.png`. It prints
each file and, for the WEAT result, every metric value or label that the browser shows cut off
(the same check as tests/views/test_browser_narrow.py). Nothing is downloaded.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script, `bench` is importable too
from bench.streamlit_server import CHROMIUM, CHROMIUM_ARGS, streamlit_server  # noqa: E402

WIDTHS = (1400, 800)

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


def run_weat7(page, url: str) -> None:
    """Open the WEAT page (WEAT 7 is preselected) and run it until the metrics show."""
    page.goto(url, timeout=60_000)
    page.get_by_role("button", name="Run test").wait_for(timeout=60_000)
    page.get_by_role("button", name="Run test").click()
    page.locator('[data-testid="stMetric"]').first.wait_for(timeout=60_000)
    page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
    settle(page)


def full_shot(page, path: Path, width: int) -> None:
    """Screenshot of the whole page: Streamlit scrolls inside its main area, so the viewport is
    made as tall as that area's content first (and set back afterwards)."""
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('[data-testid=\"stMain\"], "
        "[data-testid=\"stSidebarContent\"]')].map(e => e.scrollHeight), 600)"
    )
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 8000)})
    page.wait_for_timeout(800)
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": width, "height": 1000})


def truncated(page, scope: str) -> list[str]:
    """Texts of the visible labels and values below `scope` that the browser shows cut off."""
    return page.evaluate(TRUNCATED_JS, scope)


def clipped_chart_text(page) -> list[str]:
    """Texts of the visible Plotly charts that reach outside their chart."""
    return page.evaluate(CLIPPED_CHART_TEXT_JS)


def shoot_weat(page, url: str, width: int, outdir: Path) -> list[Path]:
    """WEAT 7 run, one screenshot per result tab; prints what the browser shows cut off."""
    run_weat7(page, url)
    print(f"{width}px WEAT metrics cut off: {truncated(page, METRIC_SCOPE) or 'none'}")
    print(f"{width}px WEAT page labels cut off: {truncated(page, RESULT_SCOPE) or 'none'}")
    print(f"{width}px WEAT histogram text cut off: {clipped_chart_text(page) or 'none'}")
    shots = []
    for i, tab in enumerate(("each-word", "which-words", "table"), start=1):
        page.get_by_role("tab").nth(i).click()
        settle(page, 800)
        print(f"{width}px WEAT {tab} chart text cut off: {clipped_chart_text(page) or 'none'}")
        shots.append(outdir / f"weat-tab-{tab}_{width}.png")
        full_shot(page, shots[-1], width)
    page.get_by_role("tab").first.click()
    settle(page, 800)
    shots.append(outdir / f"weat_{width}.png")
    full_shot(page, shots[-1], width)
    # An edited preset: its own name, and why the published values are gone.
    page.get_by_role("textbox", name="X: words").fill("math\nalgebra\ngeometry\ncalculus")
    page.get_by_role("textbox", name="Y: name").click()
    settle(page, 800)
    page.get_by_role("button", name="Run test").click()
    page.get_by_text("Result: WEAT 7 (edited)").wait_for(timeout=60_000)
    settle(page)
    print(f"{width}px edited WEAT labels cut off: {truncated(page, RESULT_SCOPE) or 'none'}")
    shots.append(outdir / f"weat-edited_{width}.png")
    full_shot(page, shots[-1], width)
    return shots


def shoot_other_pages(page, width: int, outdir: Path) -> list[Path]:
    """Measures, BiasWords, Batch (after running its default tests) and Embeddings, via the
    sidebar."""
    shots = []
    for link in ("Measures", "BiasWords", "Batch", "Embeddings"):
        page.get_by_role("link", name=link).click()
        settle(page)
        if link == "Batch":
            page.get_by_role("button", name="Run all").click()
            page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=120_000)
            settle(page, 2000)
        print(f"{width}px {link} labels cut off: {truncated(page, RESULT_SCOPE) or 'none'}")
        shots.append(outdir / f"{link.lower()}_{width}.png")
        full_shot(page, shots[-1], width)
    return shots


def shoot_all(outdir: Path) -> list[Path]:
    """Every page at every width in WIDTHS; returns the PNG paths."""
    from playwright.sync_api import sync_playwright

    outdir.mkdir(parents=True, exist_ok=True)
    shots = []
    with (
        tempfile.TemporaryDirectory() as home,
        dashboard(Path(home)) as url,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 1000})
            shots += shoot_weat(page, url, width, outdir)
            shots += shoot_other_pages(page, width, outdir)
            page.close()
        browser.close()
    return shots


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/biaswords-shots")
    for shot in shoot_all(target):
        print(shot)
