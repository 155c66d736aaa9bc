"""Issue 26's leftovers on the WEAT and Batch pages: a WEAT is a heavy (queued) job by its work
(word-draws, `bias.stats.budget.weat_work` over `bias.limits.HEAVY_WORK`), not by its draws
alone, and both pages check the work budget before a job enters the server's queue, so a request
over it is refused at once, not after waiting its turn (as the BiasWords page does)."""

import pytest

from bias import limits
from bias.stats import budget
from tests.apptest import open_app
from views.jobs import server_slots


@pytest.fixture
def entered(monkeypatch):
    """The owners of every ticket that entered the server's queue during the test."""
    slots = server_slots()
    seen = []
    enter = slots.enter

    def spy(owner):
        seen.append(owner)
        return enter(owner)

    monkeypatch.setattr(slots, "enter", spy)
    return seen


def _run_weat(app, method, draws, seed=0):
    app.radio(key="_weat.method").set_value(method)
    app.number_input(key="_weat.seed").set_value(seed)
    app.number_input(key="_weat.iterations").set_value(draws).run()
    next(b for b in app.button if b.label == "Run test").click().run()
    assert not app.exception


def test_many_draws_on_few_words_are_light(home, entered):
    app = open_app()  # WEAT 7: 8 + 8 target words
    _run_weat(app, "randomized", 1_500_000, seed=11)  # more draws than the old 1,000,000 line
    # 1,500,000 × 16 + 10,000 × 32 word-draws, under HEAVY_WORK: it never queued
    assert limits.HEAVY_WORK > 1_500_000 * 16 + 10_000 * 32
    assert entered == [] and app.session_state["weat.result"].test.iterations == 1_500_000


def test_a_weat_is_heavy_by_its_work_not_its_draws(home, entered, monkeypatch):
    monkeypatch.setattr(limits, "HEAVY_WORK", 1_000_000)
    app = open_app()
    _run_weat(app, "randomized", 100_000, seed=12)  # 1,920,000 word-draws: heavy now
    assert len(entered) == 1 and not app.error
    assert server_slots().running == 0


def test_an_over_budget_weat_is_refused_before_it_queues(home, entered, monkeypatch):
    monkeypatch.setattr(budget, "WORK_BUDGET", 1_000_000)
    app = open_app()
    _run_weat(app, "randomized", 1_000_001, seed=13)
    assert entered == []
    [error] = [e.value for e in app.error]
    assert error.startswith("This test would need 16,320,016 word-draws")
    assert "weat.result" not in app.session_state


def test_an_over_budget_batch_is_refused_before_it_queues(home, entered, monkeypatch):
    monkeypatch.setattr(budget, "WORK_BUDGET", 1_000_000)
    page = open_app("views/batch.py")
    page.multiselect(key="_batch.tests").set_value(["weat7", "weat8"]).run()
    next(b for b in page.button if b.label == "Run all").click().run()
    assert not page.exception and entered == []
    [error] = [e.value for e in page.error]
    assert error.startswith("This batch of 2 test runs would need")
    assert page.session_state.get("batch.rows") is None
