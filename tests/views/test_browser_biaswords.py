"""BiasWords in a real headless Chromium: two visitors of one server never share a curation.

Each browser context is a visitor with its own tab (its own `?draft=` workspace). A hand edit in
the first must change the first's curation only; the second starts from its own, untouched one.
The first draws and validates at 1400 px, and its report opens offline and re-runs; the second
generates at 800 px (the draw is one flow, run once). Screenshots land in BIASWORDS_SCREENSHOTS
(default /tmp).
"""

import json
import re

import pytest

from bench.screenshots import settle
from bias.cli import main
from bias.discovery.curation import curation_path
from bias.report.manifest import read_manifest
from tests.views.chromium_steps import SCREENSHOT_DIR, downloaded, opens_offline

pytestmark = pytest.mark.browser


def open_biaswords(visitor, url, width):
    page = visitor(width, 2400)
    page.goto(f"{url}/biaswords", timeout=60_000)
    page.get_by_text("BiasWords: discover new biased word sets").wait_for(timeout=60_000)
    page.get_by_role("combobox", name="Seed test", exact=True).click()
    page.keyboard.type("WEAT 6")
    page.get_by_role("option", name="WEAT 6").first.click()
    page.wait_for_timeout(1500)
    return page


def draft_of(page) -> str:
    return page.url.split("draft=")[1].split("&")[0]


def saved_kept(draft: str) -> list[bool]:
    path = curation_path("glove-6b-50d", "weat6", draft)
    data = json.loads(path.read_text(encoding="utf-8"))
    return [row["kept"] for key in "XYAB" for row in data["candidates"][key]]


def generate(page) -> None:
    page.get_by_role("button", name="Generate candidates", exact=True).click()
    page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=120_000)
    page.wait_for_timeout(1500)


def draw(page) -> None:
    """Draw and validate; the chart of both distributions must appear."""
    page.get_by_role("button", name="Draw new sets and run WEAT on each", exact=True).click()
    page.get_by_text("Significant draws").first.wait_for(timeout=60_000)
    page.locator(".js-plotly-plot").first.wait_for(timeout=60_000)
    assert page.get_by_text("Baseline: random words").count()
    page.wait_for_timeout(1500)  # let Plotly finish drawing before the screenshot


def report_reproduces(page, chromium, tmp_path, capsys) -> None:
    """The draws' report: one HTML file that opens offline and re-runs with `reproduce`."""
    words = downloaded(page, "Download report", tmp_path, "biaswords.html")
    data = read_manifest(words.read_text(encoding="utf-8"), "b")["results"][0]
    assert data["provenance"]["wordset"]["id"] == "weat6" and data["draws"]
    opens_offline(chromium, words, "Kept candidates per set", "report_biaswords.png")
    assert main(["reproduce", str(words)]) == 0
    assert "every number matches" in capsys.readouterr().out


def test_two_visitors_never_see_each_others_edits(server, visitor, chromium, tmp_path, capsys):
    first = open_biaswords(visitor, server, 1400)
    generate(first)
    mine = draft_of(first)
    before = saved_kept(mine)
    # Untick Keep in the first row (the grid is a canvas: click where the cell is), once the
    # page has stopped running, so that the grid is where it was measured.
    settle(first)
    grid = first.locator('[data-testid="stDataFrame"]').first
    for _ in range(3):  # a click a loaded page missed is made again, not waited for forever
        grid.scroll_into_view_if_needed()
        box = grid.bounding_box()
        first.mouse.click(box["x"] + 37, box["y"] + 35 + 17)  # selects the cell
        first.keyboard.press("Space")  # toggles a checkbox cell, as a keyboard user would
        # The edit reaches the tab's curation file after a rerun: wait for it (bounded), not
        # for a fixed time that a loaded machine may need more than.
        for _ in range(60):
            if saved_kept(mine) != before:
                break
            first.wait_for_timeout(250)
        if saved_kept(mine) != before:
            break
    settle(first)  # and let that rerun finish before the next click
    after = saved_kept(mine)
    assert after[0] is (not before[0]) and after[1:] == before[1:]
    draw(first)
    report_reproduces(first, chromium, tmp_path, capsys)
    # Beside the draws, the baseline in one sentence; after saving, where to use the set, linked
    assert first.get_by_text("Random words of the same kind are significant in").count()
    first.get_by_role("button", name="Save as word set", exact=True).click()
    link = first.get_by_role("link", name="Test it on the WEAT page", exact=True)
    link.wait_for(timeout=30_000)
    assert f"draft={mine}" in link.get_attribute("href")
    assert first.get_by_role("link", name="Run it in a Batch", exact=True).count()
    first.screenshot(path=str(SCREENSHOT_DIR / "biaswords_page_1400.png"), full_page=True)

    second = open_biaswords(visitor, server, 800)
    theirs = draft_of(second)
    assert theirs != mine
    second.get_by_text("No candidates yet").wait_for(timeout=30_000)
    generate(second)
    assert not second.get_by_text("differs from the new candidates").count()
    assert saved_kept(theirs) == before  # the filters' decisions, not the first's edit
    assert saved_kept(mine) == after  # and the first's edit is still there
    # A reason the grid cuts at 800 px is read whole below it, wrapped
    lookup = second.get_by_label("Read why a word was dropped, in full")
    lookup.fill("funding")
    lookup.press("Enter")
    # the static reason, or the encoder's name lean where the server has the encoder
    second.get_by_text(re.compile("frequent words are nearer to it than the centre of set A|"
                                  "of set A on the encoder's lean to its name")).first.wait_for(
        timeout=30_000)  # fmt: skip
    second.screenshot(path=str(SCREENSHOT_DIR / "biaswords_page_800.png"), full_page=True)
