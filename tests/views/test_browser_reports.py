"""Reports downloaded from the WEAT, Batch and Measures pages in a real Chromium, one tab going
from page to page: one HTML file each that opens with no network, shows its result and methods,
embeds the manifest, and re-runs with `python -m bias reproduce`; the Embeddings page checks one
too. The BiasWords page's report is checked where its draws are made, in
test_browser_biaswords.py (candidates and draws cost seconds of CPU)."""

import pytest

from bench.screenshots import run_weat7, settle
from bias.cli import main
from bias.report.manifest import read_manifest
from tests.views.chromium_steps import downloaded, opens_offline

pytestmark = pytest.mark.browser


def go_to(page, title: str) -> None:
    """To another page by its link in the sidebar, as a visitor would: the tab stays loaded (a
    `goto` would load the whole dashboard into the browser again, seconds of CPU each time)."""
    page.locator('[data-testid="stSidebarNav"]').get_by_role("link", name=title, exact=True).click()


def test_the_weat_batch_and_measures_pages_download_reports_that_reproduce(
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
    page.get_by_role("button", name="Run all", exact=True).wait_for(timeout=60_000)
    page.get_by_role("button", name="Run all", exact=True).click()
    page.get_by_role("tab", name="Forest plot", exact=True).wait_for(timeout=120_000)
    settle(page)
    batch = downloaded(page, "Download report", tmp_path, "batch.html")
    assert r"\begin{tabular}" in batch.read_text(encoding="utf-8")
    opens_offline(chromium, batch, "Table 7", "report_batch.png")
    assert main(["reproduce", str(batch)]) == 0

    go_to(page, "Embeddings")  # the dashboard checks a report too
    page.get_by_text("Check a report").wait_for(timeout=60_000)
    page.locator('[data-testid="stFileUploader"] input[type="file"]').last.set_input_files(
        str(report))
    page.get_by_role("button", name="Check it", exact=True).click()
    page.get_by_text("every number matches").wait_for(timeout=60_000)

    go_to(page, "Measures")
    page.get_by_text("More ways to measure").wait_for(timeout=60_000)
    page.get_by_role("button", name="Measure", exact=True).click()
    page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
    settle(page)
    measure = downloaded(page, "Download report", tmp_path, "measure.html")
    assert read_manifest(measure.read_text(encoding="utf-8"), "m")["results"][0]["metric"]
    opens_offline(chromium, measure, "Numbers", "report_measure.png")
    assert main(["reproduce", str(measure)]) == 0
