"""The live-demo path in a real headless Chromium: the project beside a baseline, and the ratio.

Starts `streamlit run app.py` twice on free ports, each with an empty BIASWORDS_HOME: once for this
checkout, once for a baseline commit exported with `git archive` into a temporary folder (default
`62c1077`, main when issue 13 was filed). Both servers run side by side, each warmed by one
visit, and every repeat measures both in turn (the order alternating), so a change in the
machine's load falls on both alike. For each server:

- page open: a fresh browser context (empty cache, as a new visitor) from `goto` to the WEAT page
  ready (its word lists shown);
- Run → histogram: the visitor reads the page for 3 s, presses Run, and the clock stops when the
  permutation histogram is drawn (a `.js-plotly-plot` with its bars);
- edit with a result shown: a word added to list X, then the time until the page has rerun and
  says that the result no longer matches the lists.

Each figure is the median of `--repeats` fresh contexts. Asserts nothing; prints seconds.

    python bench/dashboard_speed.py [--baseline COMMIT] [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script, `bench` is importable too
from bench.streamlit_server import CHROMIUM, CHROMIUM_ARGS, streamlit_server  # noqa: E402

READING_SECONDS = 3.0
HISTOGRAM_DRAWN = (
    "() => [...document.querySelectorAll('[data-testid=\"stMain\"] .js-plotly-plot')]"
    ".some(p => p.querySelector('.bars path, .plot .trace'))"
)


def streamlit(folder: Path):
    """The dashboard of the checkout in `folder`, with an empty BIASWORDS_HOME; yields its URL."""
    home = tempfile.mkdtemp(prefix="biaswords-bench-")
    return streamlit_server(folder, {"BIASWORDS_HOME": home, "PYTHONPATH": str(folder)})


def open_page(browser, url: str):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, timeout=90_000)
    page.get_by_role("textbox", name="X: words").wait_for(timeout=90_000)
    page.get_by_role("button", name="Run test").wait_for(timeout=90_000)
    return context, page, time.perf_counter() - start


def measure(browser, url: str) -> dict[str, float]:
    context, page, opened = open_page(browser, url)
    page.wait_for_timeout(READING_SECONDS * 1000)
    start = time.perf_counter()
    page.get_by_role("button", name="Run test").click()
    page.wait_for_function(HISTOGRAM_DRAWN, timeout=90_000)
    histogram = time.perf_counter() - start
    page.wait_for_timeout(1500)
    words = page.get_by_role("textbox", name="X: words")
    start = time.perf_counter()
    words.fill(words.input_value() + "\nalgebra")
    page.get_by_role("textbox", name="Y: words").click()  # leaving the box sends the edit
    page.get_by_text("changed since this result").first.wait_for(timeout=90_000)
    edit = time.perf_counter() - start
    context.close()
    return {"page open": opened, "Run → histogram": histogram, "edit, result shown": edit}


def run_all(folders: list[Path], browser, repeats: int) -> list[dict[str, float]]:
    """The medians of each checkout's figures; its servers run side by side and every repeat
    measures each of them in turn (the order alternating), so all see the same load."""
    with ExitStack() as stack:
        urls = [stack.enter_context(streamlit(folder)) for folder in folders]
        for url in urls:
            context, _, _ = open_page(browser, url)  # warm the server: imports, GloVe
            context.close()
        runs: list[list[dict[str, float]]] = [[] for _ in folders]
        for repeat in range(repeats):
            order = range(len(urls)) if repeat % 2 == 0 else reversed(range(len(urls)))
            for i in order:
                runs[i].append(measure(browser, urls[i]))
    return [{key: statistics.median(run[key] for run in mine) for key in mine[0]} for mine in runs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", default="62c1077", help="commit to compare with")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        base = Path(tmp) / "baseline"
        base.mkdir()
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        ours, theirs = run_all([ROOT, base], browser, args.repeats)
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"median of {args.repeats} fresh browser contexts; baseline {args.baseline}")
    print(f"{'step':24} {'project':>9} {'baseline':>9} {'speed-up':>9}")
    for key in ours:
        print(f"{key:24} {ours[key]:8.2f}s {theirs[key]:8.2f}s {theirs[key] / ours[key]:8.1f}x")


if __name__ == "__main__":
    main()
