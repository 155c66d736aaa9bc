"""Issue 26, item 1: draws × words budgets, checked before any work starts.

Every count below is worked out by hand in its comment. The real budget's refusals cost nothing
(no draw is made), so they are tested at its value; a request just under it would run for
seconds to minutes, so "just under runs" is tested with the budget lowered to a small number
(`small_budget`), where the same arithmetic decides.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bias.discovery.biaswords import validate
from bias.discovery.sampling import DrawOptions
from bias.errors import BiasInputError
from bias.limits import WORK_BUDGET
from bias.stats import budget
from bias.stats.batch import run_batch
from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.permutation import PermutationOptions
from bias.stats.weat import WeatOptions, run_weat
from bias.wordsets import NamedSets, WordSet
from tests.synthetic import planted

OVER = r"more than the {:,} one request may use on this shared server; lower"


@pytest.fixture
def small_budget(monkeypatch):
    """Set the budget to `limit` word-draws for the rest of the test."""
    return lambda limit: monkeypatch.setattr(budget, "WORK_BUDGET", limit)


def test_the_budget_is_a_billion_and_weat_6_at_its_defaults_uses_a_sliver():
    assert WORK_BUDGET == 1_000_000_000
    sizes = {"X": 8, "Y": 8, "A": 8, "B": 8}
    # 8 + 8 targets have C(16, 8) = 12,870 partitions, all counted (≤ the exact limit), each
    # over 16 words; 10,000 bootstrap resamples of all 32 words.
    assert budget.weat_work(sizes, WeatOptions(), 10_000) == 12_870 * 16 + 10_000 * 32 == 525_920


def test_a_weat_just_over_the_budget_is_refused_in_one_sentence_before_any_draw():
    embedding, wordset, _ = planted(sizes=(50, 51, 2, 2))
    options = WeatOptions(method="randomized", iterations=10_000_000, ci_resamples=0)
    # 10,000,000 draws × 101 target words = 1,010,000,000 > 1,000,000,000; at most
    # 1,000,000,000 // 101 = 9,900,990 draws fit.
    with pytest.raises(BiasInputError) as refused:
        run_weat(embedding, wordset, options)
    sentence = str(refused.value)
    assert sentence == (
        "This test would need 1,010,000,000 word-draws (draws × words), more than the "
        "1,000,000,000 one request may use on this shared server; lower the number of draws "
        "(to at most 9,900,990 for these 101 target words) or the number of words.")
    # 50 + 50 words at the same draws is exactly the budget, which is allowed (not run here).
    exact = {"X": 50, "Y": 50, "A": 2, "B": 2}
    assert budget.weat_work(exact, options) == 10_000_000 * 100 == WORK_BUDGET
    budget.check_weat(exact, options)


def test_bootstrap_resamples_count_every_word_of_the_four_sets():
    options = WeatOptions(method="randomized", iterations=1_000, ci_resamples=1_000_000)
    # 1,000 × 200 + 1,000,000 × 400 = 400,200,000 fits; 1,000,000 × 400 alone is 40% of the
    # budget, so 2,500,000 resamples (not allowed by their own bound) would not.
    assert budget.weat_work({k: 100 for k in "XYAB"}, options, 1_000_000) == 400_200_000
    with pytest.raises(BiasInputError, match="lower the bootstrap resamples"):
        budget.check_weat({k: 100 for k in "XYAB"}, options, 2_500_000)


def test_a_weat_just_under_the_budget_runs_and_one_more_word_draw_is_refused(small_budget):
    embedding, wordset, _ = planted()
    options = WeatOptions(method="randomized", iterations=1_000, ci_resamples=100)
    # 1,000 draws × 16 targets + 100 resamples × 32 words = 16,000 + 3,200 = 19,200.
    small_budget(19_200)
    assert run_weat(embedding, wordset, options).test.iterations == 1_000
    small_budget(19_199)
    refused = "would need 19,200 word-draws.*" + OVER.format(19_199)
    with pytest.raises(BiasInputError, match=refused):
        run_weat(embedding, wordset, options)


def test_a_batch_counts_the_sum_of_its_tests_before_running_any(small_budget):
    embedding, wordset, _ = planted()
    other = WordSet("planted2", "Planted again", "en", wordset.X, wordset.Y, wordset.A, wordset.B)
    options = WeatOptions(method="randomized", iterations=1_000, ci_resamples=100)
    ran = []

    def runner(name, ws, opts):
        ran.append(ws.id)
        return run_weat(embedding, ws, opts)

    def batch():
        return run_batch([wordset, other], ["planted"], options, runner=runner,
                         languages={"planted": "en"})

    small_budget(2 * 19_200 - 1)  # two tests of 19,200 each (above)
    with pytest.raises(BiasInputError, match="This batch of 2 test runs would need 38,400"):
        batch()
    assert ran == []  # refused before the first test
    small_budget(2 * 19_200)
    assert [row.ran for row in batch()] == [True, True] and ran == ["planted", "planted2"]


def test_biaswords_draws_and_their_baseline_are_counted_before_any_draw(small_budget):
    embedding, wordset, _ = planted()
    sizes = {k: 8 for k in "XYAB"}
    # Each draw's WEAT enumerates the 12,870 partitions of 8 + 8 words: 205,920 word-draws;
    # the page's 10,000 draws and as many baseline draws: 4,118,400,000 > 1,000,000,000.
    most = DrawOptions(draws=10_000)
    with pytest.raises(BiasInputError, match=(r"^10,000 draws and their baseline would need "
                                              r"4,118,400,000 word-draws.*reshufflings")):
        validate(embedding, wordset, None, most)  # refused before the table is even read
    # 2,428 draws with their baseline fit (2,428 × 2 × 205,920 = 999,947,520); 2,429 do not.
    budget.check_draws(sizes, DrawOptions(draws=2_428))
    with pytest.raises(BiasInputError, match="1,000,359,360 word-draws"):
        budget.check_draws(sizes, DrawOptions(draws=2_429))
    # Without the baseline, twice as many.
    budget.check_draws(sizes, DrawOptions(draws=4_856, baseline=False))
    # Larger sets are drawn at random: 10,000 reshufflings × 50 words = 500,000 per draw;
    # 1,000 draws and their baseline fit, 1,001 × 2 × 500,000 = 1,001,000,000 do not.
    big = {"X": 25, "Y": 25, "A": 8, "B": 8}
    assert budget.weat_work(big, PermutationOptions(iterations=10_000)) == 500_000
    budget.check_draws(big, DrawOptions(draws=1_000, iterations=10_000))
    with pytest.raises(BiasInputError, match="1,001,000,000 word-draws"):
        budget.check_draws(big, DrawOptions(draws=1_001, iterations=10_000))


@pytest.mark.parametrize("metric", ["rnd", "ect", "sc-weat"])
def test_a_measure_with_a_p_value_just_under_runs_and_just_over_is_refused(metric, small_budget):
    embedding, wordset, _ = planted()
    attributes = (wordset.A, wordset.B) if metric == "sc-weat" else (wordset.A,)
    sets = NamedSets("t", "t", "en", (wordset.X, wordset.Y), attributes)
    options = MeasureOptions(test=PermutationOptions(method="randomized", iterations=1_000),
                             p_value=True)
    # RND, ECT: 1,000 partitions of the 16 targets, each read with the 8 attribute words:
    # 24,000. SC-WEAT: 1,000 partitions of A ∪ B for the 16 target words, 16 + 16 = 32 each.
    work = 32_000 if metric == "sc-weat" else 24_000
    small_budget(work)
    measured = run_measure(metric, embedding, sets, options)
    draws = measured.details["iterations"] if metric == "sc-weat" else measured.test.iterations
    assert draws == 1_000
    small_budget(work - 1)
    with pytest.raises(BiasInputError, match=f"This measure's p-value would need {work:,}"):
        run_measure(metric, embedding, sets, options)
    if metric != "sc-weat":  # a 300-d vector counts as 3 words: 1,000 × 24 × 3
        assert budget.measure_work(metric, sets, options.test, True, None, 300) == 72_000
    # Without a p-value RND and ECT draw nothing and are never refused.
    if metric != "sc-weat":
        run_measure(metric, embedding, sets, MeasureOptions(test=options.test))


def test_a_forced_exact_test_of_too_many_partitions_keeps_its_own_sentence():
    embedding, wordset, _ = planted(sizes=(14, 14, 2, 2))  # C(28, 14) = 40,116,600 > 2 × 10^7
    exact = WeatOptions(method="exact", ci_resamples=0)
    assert budget.weat_work({"X": 14, "Y": 14, "A": 2, "B": 2}, exact) == 0
    with pytest.raises(BiasInputError, match="too many to enumerate"):
        run_weat(embedding, wordset, exact)
    rows = run_batch([wordset], ["planted"], exact, languages={"planted": "en"},
                     runner=lambda name, ws, opts: run_weat(embedding, ws, opts))
    assert [row.skipped.code for row in rows] == ["test_not_run"]  # a row, not a failed batch


def test_ripa_counts_its_sign_flips(small_budget):
    _, wordset, _ = planted()
    sets = NamedSets("t", "t", "en", (wordset.X, wordset.Y), (wordset.A,))
    # 8 pairs: 2^8 = 256 sign patterns, all counted, each over 8 pairs and 8 attribute words.
    assert budget.measure_work("ripa", sets, PermutationOptions(), True) == 256 * 16


def test_the_cli_refuses_a_weat_over_the_budget_with_exit_2(tmp_path):
    from bias.vectors.catalog import load_embedding

    words = [w for w in load_embedding("glove-6b-50d").words[200:2000] if w.isalpha()]
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"X": words[:50], "Y": words[50:101], "A": ["he", "man"],
                                "B": ["she", "woman"]}))
    # 10,000,000 × 101 + the default 10,000 resamples × 105 words = 1,011,050,000; the draws
    # that fit: (1,000,000,000 − 1,050,000) // 101 = 9,890,594.
    done = subprocess.run([sys.executable, "-m", "bias", "weat", "--wordset", str(path),
                           "--iterations", "10000000", "--sampled"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert "would need 1,011,050,000 word-draws" in done.stderr
    assert "to at most 9,890,594 for these 101 target words" in done.stderr


def test_the_weat_page_at_its_largest_draws_says_the_engine_s_sentence(home):
    from bias.stats.permutation import MAX_DRAWS
    from bias.vectors.catalog import load_embedding
    from tests.apptest import open_app

    words = [w for w in load_embedding("glove-6b-50d").words[200:2000] if w.isalpha()]
    page = open_app("views/weat.py")
    for key, chosen in (("X", words[:60]), ("Y", words[60:120])):
        box = next(t for t in page.text_area if t.key == f"_weat.words.{key}")
        box.input("\n".join(chosen)).run()
    page.number_input(key="_weat.iterations").set_value(MAX_DRAWS).run()  # the widget's maximum
    next(b for b in page.button if b.label == "Run test").click().run()
    assert not page.exception
    # 10,000,000 draws × 120 targets alone are 1.2 × 10^9 word-draws.
    errors = [e.value for e in page.error]
    assert len(errors) == 1
    assert "word-draws (draws × words), more than the 1,000,000,000" in errors[0]
    assert "weat.result" not in page.session_state


def test_the_biaswords_page_at_its_largest_draws_says_so_before_queueing(home):
    from streamlit.testing.v1 import AppTest

    from views.jobs import server_slots

    page = AppTest.from_file("../../views/biaswords.py", default_timeout=120).run()
    page.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    next(b for b in page.button if b.label == "Generate candidates").click().run()
    slots = server_slots()
    others = [slots.enter(f"someone else {i}") for i in range(slots.capacity)]  # a full queue
    try:
        page.number_input(key="_biaswords.draws").set_value(10_000).run()  # the maximum
        next(b for b in page.button if b.label.startswith("Draw new sets")).click().run()
    finally:
        for ticket in others:
            slots.leave(ticket)
    assert not page.exception
    # 10,000 draws × 2 × 205,920 (above): refused at once, not after waiting for a place.
    assert [e.value for e in page.error] == [
        "10,000 draws and their baseline would need 4,118,400,000 word-draws (draws × words), "
        "more than the 1,000,000,000 one request may use on this shared server; lower the "
        "number of draws or of reshufflings per draw, or the words per draw."]
