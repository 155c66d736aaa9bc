"""SC-WEAT: planted sign, effect size and exact p equal to full enumeration, seeded draws."""

import pytest

from bias.report.notes import notes_text
from bias.stats.measure import MeasureOptions
from bias.stats.scweat import run_scweat
from bias.stats.weat import WeatOptions
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import planted_sets, vectors


@pytest.mark.parametrize("alternative", ["greater", "two-sided"])
def test_planted_lean_sign_effect_and_exact_p(alternative):
    embedding, sets, raw = planted_sets(strength=1.0, sizes=(3, 3, 5, 5))
    words = ["x0", "x1", "y0", "other3"]
    options = MeasureOptions(test=WeatOptions(alternative=alternative))
    result = run_scweat(embedding, sets, words, options)
    A, B = (vectors(a, raw) for a in sets.attributes)
    for row in result.per_word:
        association, effect, p = plain.sc_weat(list(raw[row.word]), A, B,
                                               two_sided=alternative == "two-sided")
        assert row.value == pytest.approx(effect, abs=1e-6)
        assert row.extra["association"] == pytest.approx(association, abs=1e-6)
        assert row.p_value == pytest.approx(p)
    by_word = {row.word: row for row in result.per_word}
    assert by_word["x0"].value > 0 and by_word["y0"].value < 0  # X planted towards A
    assert by_word["x0"].p_value < 0.05
    assert (by_word["y0"].p_value > 0.95) == (alternative == "greater")
    assert result.p_method == "exact" and result.details["iterations"] == 252


def test_two_sided_by_default():
    assert MeasureOptions().test.alternative == "two-sided"


def test_default_words_are_the_targets_and_draws_are_seeded():
    embedding, sets, _ = planted_sets(strength=1.0, sizes=(3, 3, 12, 12))
    options = MeasureOptions(test=WeatOptions(method="randomized", iterations=2000, seed=9))
    first = run_scweat(embedding, sets, None, options)
    assert [r.word for r in first.per_word] == ["x0", "x1", "x2", "y0", "y1", "y2"]
    again = run_scweat(embedding, sets, None, options)
    assert [r.p_value for r in first.per_word] == [r.p_value for r in again.per_word]
    assert first.p_method == "randomized" and first.details["seed"] == 9
    assert min(r.p_value for r in first.per_word) >= 1 / 2001


def test_missing_words_are_named():
    embedding, sets, _ = planted_sets()
    result = run_scweat(embedding, sets, ["x0", "zzz-missing"])
    assert result.to_dict()["sets"]["Words"]["missing"] == ["zzz-missing"]
    assert any("zzz-missing" in w for w in notes_text(result.notes))
