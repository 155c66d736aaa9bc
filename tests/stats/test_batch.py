"""The batch loop: rows, errors as rows, language pairing, progress, p-value adjustment."""

import math

import pytest

from bias.stats.batch import run_batch, summary, to_frame
from bias.stats.pvalues import benjamini_hochberg, holm
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets import get_wordset, parse_wordset

FAST = WeatOptions(method="randomized", iterations=2000, seed=1)


def test_rows_match_run_weat_and_are_adjusted():
    sets = [get_wordset("weat7"), get_wordset("weat8")]
    calls = []
    rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST, progress=lambda *a: calls.append(a))
    assert [r.wordset for r in rows] == ["weat7", "weat8"]
    emb = load_embedding(DEFAULT_EMBEDDING)
    for row, ws in zip(rows, sets, strict=True):
        direct = run_weat(emb, ws, FAST)
        assert row.p_value == direct.p_value
        assert row.effect_size == pytest.approx(direct.effect_size)
        assert row.reported_p == ws.reported.p_value
        assert row.error is None
    p = [r.p_value for r in rows]
    assert [r.p_holm for r in rows] == pytest.approx(list(holm(p)))
    assert [r.p_bh for r in rows] == pytest.approx(list(benjamini_hochberg(p)))
    assert calls[0] == (0, 2, f"weat7 on {DEFAULT_EMBEDDING}")
    assert calls[-1] == (2, 2, "done")


def test_user_error_becomes_a_row_and_is_left_out_of_adjustment():
    bad = parse_wordset(
        {"X": ["qqqzzzx"], "Y": ["math"], "A": ["man"], "B": ["woman"]},
        where="test",
        default_id="bad",
        origin="file",
    )
    rows = run_batch([bad, get_wordset("weat7")], [DEFAULT_EMBEDDING], FAST)
    assert rows[0].error and "qqqzzzx" in rows[0].error
    assert math.isnan(rows[0].p_value) and math.isnan(rows[0].p_holm)
    assert rows[1].p_holm == rows[1].p_value  # a family of one is not adjusted
    frame = to_frame(rows)
    assert frame.height == 2 and frame["error"][0] == rows[0].error


def test_language_pairing_skips_other_languages():
    sets = [get_wordset("weat7"), get_wordset("weat7-ita")]
    langs = {DEFAULT_EMBEDDING: "en"}
    rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST, languages=langs)
    assert [r.wordset for r in rows] == ["weat7"]
    rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST, languages=langs, same_language_only=False)
    assert [r.wordset for r in rows] == ["weat7", "weat7-ita"]


def test_custom_runner_is_used():
    seen = []

    def runner(name, ws, options):
        seen.append((name, ws.id, options))
        return run_weat(load_embedding(name), ws, options)

    run_batch([get_wordset("weat7")], [DEFAULT_EMBEDDING], FAST, runner=runner)
    assert seen == [(DEFAULT_EMBEDDING, "weat7", FAST)]


def test_reported_texts_keep_bounds_and_signs():
    rows = run_batch([get_wordset("weat7-swe"), get_wordset("weat6")], ["glove-6b-50d"],
                     WeatOptions(iterations=1000), same_language_only=False)
    swe, eng = rows
    assert swe.reported_p_text == "< 10⁻³" and swe.reported_d_text.startswith("|d| = ")
    assert eng.reported_d_text == "d = 1.81"
    assert eng.detected is True
    text = summary(rows)
    assert "Values marked |d| were reported without their sign." in text
    assert f"{sum(r.detected is True for r in rows)} of 2 tests detect a bias" in text
