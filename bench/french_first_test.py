"""French on a fresh server, in a real headless Chromium: how long a visitor waits.

Starts `streamlit run app.py` with an empty BIASWORDS_HOME, opens the WEAT page (page open),
chooses French and waits for the four French lists (this first choice converts the bundled
spaCy vectors into the home, once), then presses Run and waits for the histogram. Then a second
server on the same home (the converted copy already there: what every later start sees) does the
same. Asserts nothing; prints seconds.

    python bench/french_first_test.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script, `bench` is importable too
from bench.dashboard_speed import HISTOGRAM_DRAWN, open_page  # noqa: E402
from bench.streamlit_server import CHROMIUM, CHROMIUM_ARGS, streamlit_server  # noqa: E402

FRENCH_LISTS = (
    "() => ['mathématiques', 'poésie', 'homme', 'femme'].every(w => "
    "[...document.querySelectorAll('textarea')].some(t => t.value.startsWith(w)))"
)


def visit(browser, url: str) -> dict[str, float]:
    context, page, opened = open_page(browser, url)
    start = time.perf_counter()
    page.get_by_role("combobox", name="Language").click()
    page.keyboard.type("French (fr)")
    page.get_by_role("option", name="French (fr)").first.click()
    page.wait_for_function(FRENCH_LISTS, timeout=90_000)
    chosen = time.perf_counter() - start
    page.wait_for_timeout(1500)
    start = time.perf_counter()
    page.get_by_role("button", name="Run test").click()
    page.wait_for_function(HISTOGRAM_DRAWN, timeout=90_000)
    run = time.perf_counter() - start
    context.close()
    return {"page open": opened, "French chosen → lists": chosen, "Run → histogram": run}


def main() -> None:
    from playwright.sync_api import sync_playwright

    home = tempfile.mkdtemp(prefix="biaswords-bench-")
    env = {"BIASWORDS_HOME": home, "PYTHONPATH": str(ROOT)}
    figures = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for label in ("fresh home (converts once)", "converted copy there"):
            with streamlit_server(ROOT, env) as url:
                figures[label] = visit(browser, url)
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; one new server each")
    print(f"{'step':24} " + " ".join(f"{label:>28}" for label in figures))
    for key in next(iter(figures.values())):
        print(f"{key:24} " + " ".join(f"{f[key]:27.2f}s" for f in figures.values()))


if __name__ == "__main__":
    main()
