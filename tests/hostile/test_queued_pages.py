"""Issue 26, item 4 (the other pages): the Measures page's heavy permutation measures and every
Debias run wait for a place in the server's one queue of heavy jobs (views/jobs.py), so the
server-wide limit holds whichever page a visitor starts work from."""

from __future__ import annotations

import threading
import time

import pytest

from bias import limits
from bias.errors import BiasInputError
from tests.apptest import open_app
from views.jobs import server_slots


def _others_hold_every_place_for(seconds: float):
    slots = server_slots()
    others = [slots.enter(f"someone else {i}") for i in range(slots.capacity)]
    threading.Timer(seconds, lambda: [slots.leave(t) for t in others]).start()
    return slots


def _measure(page):
    next(b for b in page.button if b.label == "Measure").click().run()


def test_a_heavy_measure_waits_for_a_place_then_runs(home, monkeypatch):
    page = open_app("views/measures.py")  # SC-WEAT, the page's first measure, on its example
    monkeypatch.setattr(limits, "HEAVY_WORK", 0)  # so its 411,840 word-draws count as heavy
    slots = _others_hold_every_place_for(1.5)
    started = time.monotonic()
    _measure(page)
    assert not page.exception
    assert time.monotonic() - started >= 1.4  # it waited for the others' jobs
    assert page.session_state["measures.results"]["sc-weat"].metric == "sc-weat"
    assert slots.running == 0 and slots.waiting == 0
    assert not [b for b in page.button if b.label == "Cancel"]


def test_a_light_measure_never_waits(home):
    page = open_app("views/measures.py")
    _others_hold_every_place_for(3)
    started = time.monotonic()
    _measure(page)  # 16 occupations × 12,870 partitions of WEAT 7's attributes: light
    assert not page.exception and time.monotonic() - started < 2.5
    assert page.session_state["measures.results"]["sc-weat"].metric == "sc-weat"


def test_a_debias_run_waits_in_the_shared_queue(home, monkeypatch):
    from bias.debiasing import protocol

    seen = []

    def debias(*args, progress, **kwargs):
        seen.append(time.monotonic())
        progress(0.5, "halfway")  # a checkpoint of the job's watcher: no error outside it
        raise BiasInputError("Stopped here, in one sentence.")

    page = open_app("views/debias.py")
    monkeypatch.setattr(protocol, "debias", debias)
    slots = _others_hold_every_place_for(1.5)
    started = time.monotonic()
    next(b for b in page.button if b.label == "Debias and check").click().run()
    assert not page.exception
    assert len(seen) == 1 and seen[0] - started >= 1.4  # it started only after the wait
    assert [e.value for e in page.error] == ["Stopped here, in one sentence."]
    assert slots.running == 0 and not [b for b in page.button if b.label == "Cancel"]


@pytest.fixture(autouse=True)
def _empty_queue():
    """Wait for the others' places to be given back before the next test."""
    yield
    slots = server_slots()
    deadline = time.monotonic() + 5
    while (slots.running or slots.waiting) and time.monotonic() < deadline:
        time.sleep(0.1)
