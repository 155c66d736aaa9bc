"""Ten visitors on one dashboard while an eleventh runs the heaviest job the pages allow, or
uploads a gzip bomb: does anyone notice?

Starts `streamlit run app.py` on 127.0.0.1 (a free port, a temporary BIASWORDS_HOME; no other
traffic), then drives headless Chromium (`bench/streamlit_server.CHROMIUM`) in four phases:

1. alone:  one visitor loads the WEAT page and runs the prepared test, `--rounds` times;
2. ten:    ten browser contexts do the same at once;
3. heavy:  the same ten, while another context runs the heaviest job a page allows: BiasWords
           draws of WEAT 6's candidates (8 words a set: exact tests of 12,870 arrangements) and
           as many baseline draws, as many as the work budget lets one request have
           (`heaviest_draws`: 2,428; the page's maximum, 10,000, is refused at once). Then that
           context closes, and the server's CPU use in the seconds after says whether its job
           stopped with its tab;
4. bomb:   the same ten, while another context uploads a gzip bomb (a few MB that inflate to
           gigabytes of duplicate lines) on the Embeddings page and waits for its rejection
           (`--no-bomb` leaves it out).

It prints every visitor's page-load and WEAT times per round, the medians, the ratio of phase 3 to
phase 2 (the heavy job's cost to the others; the issue's target is 1.5×) and of phase 4 to phase 2
(the bomb's; the bar is 2×), and whether the bomb was rejected. Every wait has a timeout and every
loop a fixed number of rounds.

    python bench/load_test.py [--visitors 10] [--rounds 2] [--no-bomb] [--bomb-mb 3000]
                              [--import-seconds 40]
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


def server_cpu_seconds(port: int) -> float:
    """User + system CPU seconds of the `streamlit run` process listening on `port` so far."""
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in b" ".join(cmdline) and str(port).encode() in cmdline:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    raise RuntimeError(f"no streamlit process on port {port}")


def heaviest_draws() -> int:
    """The most BiasWords draws of WEAT 6 (and their baseline) the work budget allows."""
    from bias.limits import WORK_BUDGET
    from bias.stats.budget import listed_sizes, weat_work
    from bias.stats.permutation import PermutationOptions
    from bias.wordsets.library import get_wordset

    per_draw = weat_work(listed_sizes(get_wordset("weat6")), PermutationOptions())
    return min(10_000, WORK_BUDGET // (2 * per_draw))


async def heavy_job(browser, url: str, running: asyncio.Event, done: asyncio.Event) -> str:
    """Start the heaviest BiasWords draws the budget allows, tell `running`, keep the tab open
    until `done`, then close it. Returns what the page showed while the job ran."""
    context = await browser.new_context(viewport={"width": 1400, "height": 2400})
    page = await context.new_page()
    try:
        await page.goto(f"{url}/biaswords", timeout=TIMEOUT_MS)
        await page.get_by_text("BiasWords: discover new biased word sets").wait_for(
            timeout=TIMEOUT_MS)
        await page.get_by_role("combobox", name="Seed test", exact=True).click()
        await page.keyboard.type("WEAT 6")
        await page.get_by_role("option", name="WEAT 6").first.click()
        await page.wait_for_timeout(1500)
        await page.get_by_role("button", name="Generate candidates").click()
        await page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=TIMEOUT_MS)
        for label, value in (("Draws", str(heaviest_draws())),):
            box = page.get_by_label(label, exact=True)
            await box.fill(value)
            await box.press("Enter")
            await page.wait_for_timeout(1000)
        await page.get_by_role("button", name="Draw new sets and run WEAT on each").click()
        bar = page.locator('[data-testid="stProgress"]').first
        await bar.wait_for(timeout=TIMEOUT_MS)
        shown = (await page.locator('[data-testid="stMain"]').inner_text()).count("Cancel")
        running.set()
        await done.wait()
        return f"job running with its progress bar and {shown} Cancel button(s)"
    except Exception as exc:  # a timeout is a result here, not a crash of the benchmark
        running.set()
        return f"HEAVY JOB NOT STARTED ({type(exc).__name__}: {str(exc).splitlines()[0]})"
    finally:
        await context.close()


async def heavy_phase(url: str, visitors: int, rounds: int):
    """Phase 3: the visitors while one heavy job runs; its tab closes when they are done."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        running, done = asyncio.Event(), asyncio.Event()
        job = asyncio.create_task(heavy_job(browser, url, running, done))
        await running.wait()
        await asyncio.sleep(5)  # the job is well under way
        people = [Visitor(f"visitor {i + 1}") for i in range(visitors)]
        await asyncio.gather(*(visit(browser, url, person, rounds) for person in people))
        done.set()
        outcome = await job
        await browser.close()
    return people, outcome


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
    parser.add_argument("--no-bomb", action="store_true", help="leave out phase 4")
    parser.add_argument("--bomb-mb", type=int, default=3000, help="inflated size of the bomb")
    parser.add_argument("--import-seconds", type=int, default=40,
                        help="BIASWORDS_IMPORT_SECONDS of the server")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is absent (apt-get install chromium-headless-shell)")
    with tempfile.TemporaryDirectory() as tmp:
        bomb = gzip_bomb(Path(tmp) / "bomb.vec.gz", args.bomb_mb)
        print(f"bomb: {bomb.stat().st_size / 1e6:.1f} MB inflating to {args.bomb_mb:,} MB; "
              f"server import limit {args.import_seconds} s; {os.cpu_count()} cores")
        env = {"BIASWORDS_HOME": str(Path(tmp) / "home"),
               "BIASWORDS_IMPORT_SECONDS": str(args.import_seconds)}
        with streamlit_server(ROOT, env) as url:
            port = int(url.rsplit(":", 1)[1])
            asyncio.run(phase(url, 1, 1, None))  # warm-up: GloVe loaded, caches filled
            alone, _ = asyncio.run(phase(url, 1, args.rounds, None))
            ten, _ = asyncio.run(phase(url, args.visitors, args.rounds, None))
            heavy, job = asyncio.run(heavy_phase(url, args.visitors, args.rounds))
            time.sleep(2)  # the closed tab's job reaches its next checkpoint
            before = server_cpu_seconds(port)
            time.sleep(5)
            after_close = (server_cpu_seconds(port) - before) / 5
            if not args.no_bomb:
                loaded, outcome = asyncio.run(phase(url, args.visitors, args.rounds, bomb))
    alone_load, _ = report("1. one visitor alone", alone)
    ten_load, ten_weat = report(f"2. {args.visitors} visitors at once", ten)
    heavy_load, heavy_weat = report(f"3. {args.visitors} visitors at once + one heavy job", heavy)
    print(f"\nheavy job: {job}")
    print(f"page load with the heavy job / without: {heavy_load / ten_load:.2f}× (target: 1.5×); "
          f"WEAT {heavy_weat / ten_weat:.2f}×")
    print(f"server CPU in the 5 s after the heavy job's tab closed: {after_close:.2f} cores "
          "(about 0 when the job stopped with its tab)")
    if not args.no_bomb:
        bomb_load, bomb_weat = report(f"4. {args.visitors} visitors at once + the bomb upload",
                                      loaded)
        seconds, message = outcome
        print(f"\nbomb upload answered after {seconds:.1f} s: {message[:160]}")
        print(f"page load with the bomb / without: {bomb_load / ten_load:.2f}× (bar: 2×); "
              f"WEAT {bomb_weat / ten_weat:.2f}×")
    print(f"{args.visitors} visitors / one alone: {ten_load / alone_load:.2f}×")


if __name__ == "__main__":
    main()
