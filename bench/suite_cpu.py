"""A pytest plugin that prints what each test costs in CPU seconds, not only in wall seconds.

On a shared machine wall times swing with the load (the suite took 258 s idle and 770 s beside six
other engineers), but the CPU a test burns moves much less: so the suite is profiled by both. A
test's CPU is this process's (all threads) plus that of every process it started: reaped ones (a
`python -m bias` run, a finished Streamlit server) and live ones (the session's Streamlit server
and Chromium, read from /proc, Linux only), setup, call and teardown together. Collection's CPU is
printed too. The figures of tests that use no browser add up to the run's CPU by `/usr/bin/time`.
Chromium's, though, are counted while its processes live and not all of them are reaped into the
tree when they end, so the browser tests' figures add up to more than the run's whole CPU: read
those as a ranking, and take a phase's total from `/usr/bin/time -v python -m pytest -n 0 -m
browser ...`. Run it on one worker (`-n 0`; under xdist the figures overlap). Asserts nothing.

    python -m pytest -p bench.suite_cpu -n 0 -q -p no:cacheprovider [-m browser] [PATHS]
    BIASWORDS_SUITE_CPU=cpu.tsv python -m pytest -p bench.suite_cpu ...   # every test, to a file
"""

from __future__ import annotations

import os
import resource
import time
from pathlib import Path

import pytest

_TICK = os.sysconf("SC_CLK_TCK")
_SHOWN = 25


def _live_descendants_cpu(pid: int) -> float:
    """User + system CPU of every live descendant of `pid`, with the children each has reaped."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            try:
                fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended meanwhile: its CPU reaches us through its parent
            total += sum(int(f) for f in fields[11:15]) / _TICK
            total += _live_descendants_cpu(int(child))
    return total


def tree_cpu() -> float:
    """CPU seconds of this process, the children it reaped, and its live descendants."""
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + reaped.ru_utime + reaped.ru_stime + _live_descendants_cpu(
        os.getpid())


_start = {"cpu": tree_cpu(), "wall": time.perf_counter()}
_START = pytest.StashKey[tuple[float, float, bool]]()
_CALLED = pytest.StashKey[tuple[float, float]]()
_rows: list[tuple[float, float, str]] = []
_collection: list[tuple[float, float]] = []


def pytest_collection_finish(session):
    _collection.append((tree_cpu() - _start["cpu"], time.perf_counter() - _start["wall"]))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    item.stash[_START] = (tree_cpu(), time.perf_counter(), nextitem is None)
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if _START not in item.stash:
        return
    cpu, wall, last = item.stash[_START]
    if call.when == "call" or (call.when == "setup" and call.excinfo is not None):
        item.stash[_CALLED] = (tree_cpu() - cpu, time.perf_counter() - wall)
    if call.when == "teardown":  # the last report, which xdist relays to the controller
        # The last test's teardown also ends the session (Chromium's processes may end unreaped,
        # taking their CPU out of the tree): it is counted up to the end of its call.
        spent = item.stash.get(_CALLED, (0.0, 0.0)) if last else (
            tree_cpu() - cpu, time.perf_counter() - wall)
        outcome.get_result().user_properties.append(("cpu", spent))


def pytest_runtest_logreport(report):
    if report.when != "teardown":
        return
    for key, value in report.user_properties:
        if key == "cpu":
            _rows.append((value[0], value[1], report.nodeid))


def pytest_terminal_summary(terminalreporter):
    if not _rows:
        return
    write = terminalreporter.write_line
    browser = [r for r in _rows if "/test_browser" in r[2]]
    other = [r for r in _rows if "/test_browser" not in r[2]]
    write("")
    if _collection and not os.environ.get("PYTEST_XDIST_WORKER"):
        cpu, wall = _collection[0]
        write(f"collection (with start-up): {cpu:7.1f} s CPU {wall:7.1f} s wall")
    for label, rows in (("browser tests", browser), ("other tests", other), ("all", _rows)):
        write(f"{label:27}: {sum(r[0] for r in rows):7.1f} s CPU "
              f"{sum(r[1] for r in rows):7.1f} s wall ({len(rows)} tests)")
    write(f"the {_SHOWN} costliest in CPU (setup + call + teardown):")
    for cpu, wall, nodeid in sorted(_rows, reverse=True)[:_SHOWN]:
        write(f"{cpu:7.2f} s CPU {wall:7.2f} s wall  {nodeid}")
    target = os.environ.get("BIASWORDS_SUITE_CPU")
    if target:
        lines = [f"{cpu:.3f}\t{wall:.3f}\t{nodeid}" for cpu, wall, nodeid in sorted(_rows)]
        Path(target).write_text("cpu\twall\ttest\n" + "\n".join(lines) + "\n", encoding="utf-8")
