"""Ten visitors on one dashboard while an eleventh uploads a gzip bomb: does anyone notice?

Starts `streamlit run app.py` on 127.0.0.1 (a free port, a temporary BIASWORDS_HOME; no other
traffic), then drives headless Chromium (/usr/bin/chromium, playwright) in three phases:

1. alone:  one visitor loads the WEAT page and runs the prepared test, `--rounds` times;
2. ten:    ten browser contexts do the same at once;
3. bomb:   the same ten, while another context uploads a gzip bomb (a few MB that inflate to
           gigabytes of duplicate lines) on the Embeddings page and waits for its rejection.

It prints every visitor's page-load and WEAT times per round, the medians, and the ratio of
phase 3 to phase 2 (the bomb's cost to the others; the issue's bar is 2×), and whether the bomb was
rejected. Every wait has a timeout and every loop a fixed number of rounds.

    python bench/load_test.py [--visitors 10] [--rounds 2] [--bomb-mb 3000] [--import-seconds 40]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script, `bench` is importable too
from bench.streamlit_server import CHROMIUM, CHROMIUM_ARGS, streamlit_server  # noqa: E402

TIMEOUT_MS = 180_000


@dataclass
class Visitor:
    name: str
    loads: list[float] = field(default_factory=list)
    weats: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def gzip_bomb(path: Path, members: int) -> Path:
    """`members` × 1 MB of one duplicated line, 2 KB compressed each."""
    line = ("the " + " ".join(["0.1"] * 300) + "\n").encode()
    path.write_bytes(gzip.compress(line * (1_000_000 // len(line)), 9) * members)
    return path


async def visit(browser, url: str, visitor: Visitor, rounds: int) -> None:
    context = await browser.new_context(viewport={"width": 1400, "height": 1600})
    page = await context.new_page()
    try:
        for _ in range(rounds):
            started = time.perf_counter()
            await page.goto(url, timeout=TIMEOUT_MS)
            await page.get_by_role("button", name="Run test").wait_for(timeout=TIMEOUT_MS)
            visitor.loads.append(time.perf_counter() - started)
            started = time.perf_counter()
            await page.get_by_role("button", name="Run test").click(timeout=TIMEOUT_MS)
            await page.locator('[data-testid="stMetric"]').first.wait_for(timeout=TIMEOUT_MS)
            visitor.weats.append(time.perf_counter() - started)
    except Exception as exc:  # a timeout is a result here, not a crash of the benchmark
        visitor.errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
    finally:
        await context.close()


async def upload_bomb(browser, url: str, bomb: Path) -> tuple[float, str]:
    context = await browser.new_context(viewport={"width": 1400, "height": 1600})
    page = await context.new_page()
    started = time.perf_counter()
    try:
        await page.goto(f"{url}/embeddings", timeout=TIMEOUT_MS)
        await page.get_by_role("tab", name="Upload a file").click(timeout=TIMEOUT_MS)
        await page.locator('input[type="file"]').set_input_files(str(bomb), timeout=TIMEOUT_MS)
        await page.get_by_role("button", name="Import upload").click(timeout=TIMEOUT_MS)
        alert = page.locator('[data-testid="stAlertContentError"]').first
        await alert.wait_for(timeout=TIMEOUT_MS)
        text = (await alert.inner_text()).strip()
        return time.perf_counter() - started, text.splitlines()[-1]  # after the icon's name
    except Exception as exc:
        return time.perf_counter() - started, f"NOT REJECTED ({type(exc).__name__})"
    finally:
        await context.close()


async def phase(url: str, visitors: int, rounds: int, bomb: Path | None):
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        people = [Visitor(f"visitor {i + 1}") for i in range(visitors)]
        jobs = [visit(browser, url, person, rounds) for person in people]
        bomb_job = upload_bomb(browser, url, bomb) if bomb else None
        if bomb_job is not None:
            *_, outcome = await asyncio.gather(*jobs, bomb_job)
        else:
            await asyncio.gather(*jobs)
            outcome = None
        await browser.close()
    return people, outcome


def report(title: str, people: list[Visitor]) -> tuple[float, float]:
    print(f"\n{title}")
    for person in people:
        loads = ", ".join(f"{t:5.1f}" for t in person.loads)
        weats = ", ".join(f"{t:5.1f}" for t in person.weats)
        errors = f"  errors: {person.errors}" if person.errors else ""
        print(f"  {person.name:11} page load s: [{loads}]  WEAT s: [{weats}]{errors}")
    loads = [t for p in people for t in p.loads]
    weats = [t for p in people for t in p.weats]
    load_median = statistics.median(loads) if loads else float("nan")
    weat_median = statistics.median(weats) if weats else float("nan")
    print(f"  median page load {load_median:.1f} s, median WEAT {weat_median:.1f} s")
    return load_median, weat_median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--bomb-mb", type=int, default=3000, help="inflated size of the bomb")
    parser.add_argument("--import-seconds", type=int, default=40,
                        help="BIASWORDS_IMPORT_SECONDS of the server")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is absent (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        bomb = gzip_bomb(Path(tmp) / "bomb.vec.gz", args.bomb_mb)
        print(f"bomb: {bomb.stat().st_size / 1e6:.1f} MB inflating to {args.bomb_mb:,} MB; "
              f"server import limit {args.import_seconds} s; {os.cpu_count()} cores")
        env = {"BIASWORDS_HOME": str(Path(tmp) / "home"),
               "BIASWORDS_IMPORT_SECONDS": str(args.import_seconds)}
        with streamlit_server(ROOT, env) as url:
            asyncio.run(phase(url, 1, 1, None))  # warm-up: GloVe loaded, caches filled
            alone, _ = asyncio.run(phase(url, 1, args.rounds, None))
            ten, _ = asyncio.run(phase(url, args.visitors, args.rounds, None))
            loaded, outcome = asyncio.run(phase(url, args.visitors, args.rounds, bomb))
    alone_load, _ = report("1. one visitor alone", alone)
    ten_load, ten_weat = report(f"2. {args.visitors} visitors at once", ten)
    bomb_load, bomb_weat = report(f"3. {args.visitors} visitors at once + the bomb upload", loaded)
    seconds, message = outcome
    print(f"\nbomb upload answered after {seconds:.1f} s: {message[:160]}")
    print(f"page load with the bomb / without: {bomb_load / ten_load:.2f}× (bar: 2×); "
          f"WEAT {bomb_weat / ten_weat:.2f}×; {args.visitors} visitors / one alone: "
          f"{ten_load / alone_load:.2f}×")


if __name__ == "__main__":
    main()
