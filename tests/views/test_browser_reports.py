"""Reports downloaded from the WEAT, Batch, Measures and BiasWords pages in a real Chromium: one
HTML file each that opens with no network, shows its result and methods, embeds the manifest,
and re-runs with `python -m bias reproduce`; the Embeddings page checks one too."""

import pytest

from bench.screenshots import clipped_chart_text, run_weat7, settle
from bias.cli import main
from bias.report.manifest import read_manifest
from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser


def go_to(page, title: str) -> None:
    """To another page by its link in the sidebar, as a visitor would: the tab stays loaded (a
    `goto` would load the whole dashboard into the browser again, seconds of CPU each time)."""
    page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title, exact=True).click()


def downloaded(page, label: str, tmp_path, name: str):
    with page.expect_download(timeout=60_000) as info:
        page.get_by_role("button", name=label).click()
    path = tmp_path / name
    info.value.save_as(path)
    return path


def opens_offline(chromium, path, expected: str, shot: str) -> None:
    """The report alone, in a context with no network at all: every part is in the file."""
    context = chromium.new_context(offline=True, viewport={"width": 1000, "height": 1200})
    try:
        page = context.new_page()
        failed = []
        page.on("requestfailed", lambda request: failed.append(request.url))
        page.goto(path.as_uri())
        page.locator(".js-plotly-plot").first.wait_for(timeout=30_000)
        assert page.get_by_text(expected).first.is_visible()
        assert page.get_by_text("Methods").first.is_visible()
        assert failed == []
        page.wait_for_timeout(1000)  # Plotly lays out its text
        assert clipped_chart_text(page) == []  # every title, axis label and legend whole
        page.screenshot(path=str(SCREENSHOT_DIR / shot), full_page=True)
    finally:
        context.close()


def test_the_weat_and_batch_pages_download_reports_that_reproduce(
        server, visitor, chromium, tmp_path, capsys):
    page = visitor(1400, 1000)
    run_weat7(page, server)
    report = downloaded(page, "Download report", tmp_path, "weat.html")
    data = read_manifest(report.read_text(encoding="utf-8"), "weat.html")
    assert data["results"][0]["wordset"] == "weat7"
    assert data["results"][0]["verdict"]["state"] == "holds"
    opens_offline(chromium, report, "Bias detected at the 5% level, and it holds",
                  "report_weat.png")
    assert main(["reproduce", str(report)]) == 0
    assert "every number matches" in capsys.readouterr().out

    go_to(page, "Batch")
    page.get_by_role("button", name="Run all").wait_for(timeout=60_000)
    page.get_by_role("button", name="Run all").click()
    page.get_by_role("tab", name="Forest plot").wait_for(timeout=120_000)
    settle(page)
    batch = downloaded(page, "Download report", tmp_path, "batch.html")
    assert r"\begin{tabular}" in batch.read_text(encoding="utf-8")
    opens_offline(chromium, batch, "Table 7", "report_batch.png")
    assert main(["reproduce", str(batch)]) == 0

    go_to(page, "Embeddings")  # the dashboard checks a report too
    page.get_by_text("Check a report").wait_for(timeout=60_000)
    page.locator('[data-testid="stFileUploader"] input[type="file"]').last.set_input_files(
        str(report))
    page.get_by_role("button", name="Check it").click()
    page.get_by_text("every number matches").wait_for(timeout=60_000)


def test_the_measures_and_biaswords_pages_download_reports_that_reproduce(
        server, visitor, chromium, tmp_path, capsys):
    from tests.views.test_browser_biaswords import draw, generate

    page = visitor(1400, 1400)
    page.goto(f"{server}/measures", timeout=60_000)
    page.get_by_text("More ways to measure").wait_for(timeout=60_000)
    page.get_by_role("button", name="Measure").click()
    page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
    settle(page)
    measure = downloaded(page, "Download report", tmp_path, "measure.html")
    assert read_manifest(measure.read_text(encoding="utf-8"), "m")["results"][0]["metric"]
    opens_offline(chromium, measure, "Numbers", "report_measure.png")
    assert main(["reproduce", str(measure)]) == 0

    go_to(page, "BiasWords")
    page.get_by_text("BiasWords: discover new biased word sets").wait_for(timeout=60_000)
    page.get_by_role("combobox", name="Seed test", exact=True).click()
    page.keyboard.type("WEAT 6")
    page.get_by_role("option", name="WEAT 6").first.click()
    page.wait_for_timeout(1500)
    generate(page)
    draw(page)
    words = downloaded(page, "Download report", tmp_path, "biaswords.html")
    data = read_manifest(words.read_text(encoding="utf-8"), "b")["results"][0]
    assert data["provenance"]["wordset"]["id"] == "weat6" and data["draws"]
    opens_offline(chromium, words, "Kept candidates per set", "report_biaswords.png")
    assert main(["reproduce", str(words)]) == 0
    assert "every number matches" in capsys.readouterr().out
