"""SC-WEAT: planted sign, effect size and exact p equal to full enumeration, seeded draws."""

import pytest

from bias.report.note_sentences import notes_text
from bias.stats.measure_result import MeasureOptions
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


def plain_holm(p):
    """Holm's step-down rule written out: the i-th smallest p times (m − i), never below the
    previous adjusted value, capped at 1."""
    order = sorted(range(len(p)), key=lambda i: p[i])
    out, running = [0.0] * len(p), 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(p) - rank) * p[i]))
        out[i] = running
    return out


def test_each_word_carries_its_holm_adjusted_p():
    embedding, sets, _ = planted_sets(strength=0.3, sizes=(5, 5, 6, 6))
    words = [f"x{i}" for i in range(5)] + [f"y{i}" for i in range(5)] + ["other1", "other2"]
    result = run_scweat(embedding, sets, words)
    raw = [r.p_value for r in result.per_word]
    assert [r.extra["p_holm"] for r in result.per_word] == pytest.approx(plain_holm(raw))
    assert result.to_dict()["per_word"][0]["p_holm"] == result.per_word[0].extra["p_holm"]
    assert result.details["correction"] == "holm"


def test_the_count_of_leaning_words_is_corrected_for_their_number():
    """16 words, two with p = 0.01 and 0.03 leaning to B: uncorrected '2 lean to B', after Holm
    (0.16 and 0.45) none."""
    from dataclasses import replace

    from bias.report.measures_text import result_sentence

    embedding, sets, _ = planted_sets()
    base = run_scweat(embedding, sets, [f"x{i}" for i in range(5)])
    p = [0.01, 0.03] + [0.5] * 14
    rows = tuple(replace(base.per_word[0], word=f"w{i}", value=-0.5 if i < 2 else 0.1,
                         p_value=p[i], extra={"p_holm": h})
                 for i, h in enumerate(plain_holm(p)))
    sentence = result_sentence(replace(base, per_word=rows))
    a, b = base.details["attribute_a"], base.details["attribute_b"]
    assert sentence == (
        f"Of 16 words, 0 lean clearly to '{a}' and 0 to '{b}' (p < 0.05 after Holm's correction "
        f"for 16 tests); the others could be chance. Without the correction, 0 would lean to "
        f"'{a}' and 2 to '{b}': with 16 words some p-values fall below 0.05 by chance alone.")
    one = replace(base, per_word=(replace(rows[0], extra={"p_holm": 0.01}),))
    assert result_sentence(one) == f"The word leans clearly to '{b}' (p < 0.05)."
