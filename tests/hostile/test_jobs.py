"""Item 4: heavy jobs stop between blocks, report their progress, and wait their turn in one
queue per server with their place in it (bias.jobs, views/jobs.py)."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from bias import limits
from bias.discovery.sampling import DrawOptions, draw_from_pools
from bias.jobs import Cancelled, checkpoint, part, steps, watching
from bias.stats.batch import run_batch
from bias.stats.permutation import PermutationOptions, permutation_test
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import DEFAULT_EMBEDDING
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from views.jobs import Slots, server_slots


def stop_after(calls: int, seen: list[float]):
    def report(fraction: float) -> None:
        seen.append(fraction)
        if len(seen) >= calls:
            raise Cancelled
    return report


def test_a_randomization_test_of_ten_million_draws_stops_at_its_third_checkpoint():
    s = np.random.default_rng(0).standard_normal(60)
    seen: list[float] = []
    started = time.monotonic()
    with pytest.raises(Cancelled), watching(stop_after(3, seen)):
        permutation_test(s, 30, PermutationOptions(iterations=10_000_000))
    # Blocks of 66,666 draws of 60 values: three blocks are 2% of the work, not the whole.
    assert seen == pytest.approx([0.0, 66_666 / 1e7, 2 * 66_666 / 1e7])
    assert time.monotonic() - started < 5  # the full test takes about a minute here


def test_without_a_watcher_the_test_is_the_same_to_the_bit():
    s = np.random.default_rng(1).standard_normal(40)
    options = PermutationOptions(iterations=200_000, seed=3)
    seen: list[float] = []
    with watching(seen.append):
        watched = permutation_test(s, 20, options)
    plain = permutation_test(s, 20, options)
    assert watched.p_value == plain.p_value and watched.exceed == plain.exceed
    assert np.array_equal(watched.null_distribution, plain.null_distribution)
    assert seen == sorted(seen) and seen[0] >= 0 and seen[-1] < 1


def test_nested_steps_report_shares_of_the_whole_in_order():
    seen: list[float] = []
    with watching(seen.append):
        for _ in steps(range(4), 4):
            for _ in steps(range(2), 2):
                checkpoint(1, 2)
    assert seen == sorted(seen)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert 0.0625 in seen and 0.5 in seen  # the first half-step of the first step; step 3


def test_checkpoints_do_nothing_without_a_watcher():
    checkpoint(5, 10)
    assert list(steps(range(3), 3)) == [0, 1, 2]


def test_a_batch_stops_between_tests():
    seen: list[float] = []
    ran: list[str] = []

    def runner(name, wordset, options):
        ran.append(wordset.id)
        return None

    tests = [get_wordset(i) for i in ("weat1", "weat2", "weat3", "weat4")]
    with pytest.raises(Cancelled), watching(stop_after(2, seen)):
        run_batch(tests, [DEFAULT_EMBEDDING], WeatOptions(), runner=runner,
                  languages={DEFAULT_EMBEDDING: "en"})
    assert ran == ["weat1"] and seen == [0.0, 0.25]


def test_biaswords_draws_stop_between_draws(monkeypatch):
    calls: list[int] = []
    monkeypatch.setattr("bias.stats.tasks.run_weat",
                        lambda *a, **k: calls.append(1) or pytest.fail("no WEAT after cancel"))
    seen: list[float] = []
    pools = {key: [f"{key}{i}" for i in range(3)] for key in "XYAB"}
    in_memory = type("Embedding", (), {"name": "x", "identity": {}})()  # never loaded: cancelled
    with pytest.raises(Cancelled), watching(stop_after(1, seen)):
        draw_from_pools(in_memory, get_wordset("weat7"), pools, dict.fromkeys("XYAB", 1),
                        DrawOptions(draws=10_000), np.random.SeedSequence(0),
                        np.random.SeedSequence(1))
    assert calls == [] and seen == [0.0]


def test_one_slot_serves_jobs_in_order_of_arrival_with_their_places():
    slots = Slots(capacity=1)
    first, second, third = slots.enter("a"), slots.enter("b"), slots.enter("c")
    assert [slots.position(t) for t in (first, second, third)] == [0, 1, 2]
    assert slots.wait(first, 0) and not slots.wait(second, 0.01)
    slots.leave(first)
    assert slots.position(second) == 0 and slots.position(third) == 1
    assert slots.running == 1 and slots.waiting == 1


def test_a_visitors_new_job_cancels_their_earlier_one():
    slots = Slots(capacity=1)
    old = slots.enter("tab")
    new = slots.enter("tab")
    assert old.cancelled and not new.cancelled
    with pytest.raises(Cancelled):
        slots.wait(old, 0)


def test_threads_never_run_more_jobs_than_slots():
    slots = Slots(capacity=2)
    running = peak = 0
    lock = threading.Lock()

    def job(owner: int) -> None:
        nonlocal running, peak
        ticket = slots.enter(owner)
        try:
            while not slots.wait(ticket, 0.05):
                pass
            with lock:
                running += 1
                peak = max(peak, running)
            time.sleep(0.02)
            with lock:
                running -= 1
        finally:
            slots.leave(ticket)

    threads = [threading.Thread(target=job, args=(i,)) for i in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert peak == 2 and slots.running == 0 and slots.waiting == 0


def test_a_heavy_weat_on_the_page_waits_for_the_slot_then_runs_and_gives_it_back(home,
                                                                                monkeypatch):
    app = open_app("views/weat.py")
    monkeypatch.setattr(limits, "HEAVY_WORK", 0)  # so WEAT 7's 525,920 word-draws count as heavy
    slots = server_slots()
    others = [slots.enter(f"someone else {i}") for i in range(slots.capacity)]
    threading.Timer(1.5, lambda: [slots.leave(t) for t in others]).start()
    started = time.monotonic()
    next(b for b in app.button if b.label == "Run test").click().run()
    assert not app.exception
    assert time.monotonic() - started >= 1.4  # it waited for the others' jobs
    assert app.session_state["weat.result"].title.startswith("WEAT 7")
    assert slots.running == 0 and slots.waiting == 0
    assert not [b for b in app.button if b.label == "Cancel"]  # the job's box is gone


def test_two_parts_share_one_progress_bar_as_the_draws_and_their_baseline_do():
    seen: list[float] = []
    with watching(seen.append):
        for index in range(2):  # bias.discovery.biaswords.validate: draws, then baseline
            with part(index, 2):
                for _ in steps(range(2), 2):
                    checkpoint()
    assert seen == [0.0, 0.0, 0.25, 0.25, 0.5, 0.5, 0.5, 0.75, 0.75, 1.0]


def test_a_refused_heavy_run_leaves_one_sentence_and_no_progress_bar(home, monkeypatch):
    from bias.errors import BiasInputError
    from views import shared

    def refuse(*args, **kwargs):
        raise BiasInputError("Too much, in one sentence.")

    app = open_app("views/weat.py")
    monkeypatch.setattr(shared, "run_weat", refuse)
    monkeypatch.setattr(limits, "HEAVY_WORK", 0)  # a heavy job: queued
    app.number_input(key="_weat.seed").set_value(99)  # not a result the server has kept
    next(b for b in app.button if b.label == "Run test").click().run()
    assert not app.exception
    assert [e.value for e in app.error] == ["Too much, in one sentence."]
    assert not [b for b in app.button if b.label == "Cancel"]
    assert server_slots().running == 0
