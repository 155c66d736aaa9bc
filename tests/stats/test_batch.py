"""The batch: pairing by language, skipped rows with reasons, adjustment, Table 7, forest plot."""

import math

import numpy as np
import pytest

from bias.jobs import watching
from bias.notes import Note
from bias.report.batch_report import header, skipped_groups, skipped_texts, summary
from bias.report.charts.forest import forest_figure
from bias.stats.batch import BatchOptions, counts, run_batch, table7, to_frame
from bias.stats.permutation import PermutationTest
from bias.stats.pvalues import benjamini_hochberg, holm
from bias.stats.verdict import decide
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.vectors.embeddings import Embedding
from bias.wordsets.library import get_wordset
from bias.wordsets.parsing import parse_wordset

FAST = WeatOptions(method="randomized", iterations=2000, seed=1)
EN = {DEFAULT_EMBEDDING: "en"}


def test_rows_match_run_weat_and_are_adjusted_over_the_whole_batch():
    sets = [get_wordset("weat7"), get_wordset("weat8"), get_wordset("weat6")]
    shares = []
    with watching(shares.append):  # progress as the dashboard sees it (bias.jobs)
        rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST)
    assert [r.wordset for r in rows] == ["weat7", "weat8", "weat6"]
    emb = load_embedding(DEFAULT_EMBEDDING)
    for row, ws in zip(rows, sets, strict=True):
        direct = run_weat(emb, ws, FAST)
        assert (row.p_value, row.effect_size) == (direct.p_value, pytest.approx(direct.effect_size))
        assert (row.reported_p, row.reported_d) == (ws.reported.p_value, ws.reported.effect_size)
        assert row.ran and row.language == "en" and row.embedding_language == "en"
    p = [r.p_value for r in rows]
    assert [r.p_holm for r in rows] == pytest.approx(list(holm(p)))
    assert [r.p_bh for r in rows] == pytest.approx(list(benjamini_hochberg(p)))
    assert shares[0] == 0.0 and shares[-1] == 1.0 and shares == sorted(shares)
    assert 1 / 3 in shares and 2 / 3 in shares  # the second and third test start


def test_hand_computed_adjustment_of_three_rows():
    """p = 0.01, 0.04, 0.03: Holm 0.03, 0.06, 0.06; BH 0.03, 0.04, 0.04."""
    p_values = iter([0.01, 0.04, 0.03])

    class Fake:
        def __init__(self):
            self.p_value, self.effect_size = next(p_values), 1.0
            self.method, self.iterations, self.coverage = "exact", 10, {}
            self.interval, self.verdict = None, decide(
                PermutationTest(1.0, self.p_value, "exact", "greater", 12870, 1, None, None,
                                1 / 12870), 1.0, None, {})

    sets = [get_wordset("weat7"), get_wordset("weat8"), get_wordset("weat6")]
    rows = run_batch(sets, ["x"], runner=lambda *a: Fake(), languages={"x": "en"})
    assert [r.p_holm for r in rows] == pytest.approx([0.03, 0.06, 0.06])
    assert [r.p_bh for r in rows] == pytest.approx([0.03, 0.04, 0.04])


def test_a_test_that_cannot_run_is_a_row_with_its_reason_outside_the_adjustment():
    bad = parse_wordset({"X": ["qqqzzzx"], "Y": ["math"], "A": ["man"], "B": ["woman"]},
                        where="test", default_id="bad", origin="file")
    rows = run_batch([bad, get_wordset("weat7")], [DEFAULT_EMBEDDING], FAST, languages=EN)
    assert rows[0].skipped.code == "test_not_run"
    assert "qqqzzzx" in skipped_texts(rows)[0]
    assert math.isnan(rows[0].p_value) and math.isnan(rows[0].p_holm)
    assert rows[1].p_holm == rows[1].p_value  # a family of one is not adjusted
    assert counts(rows) == (1, 1) and header(rows) == "1 test run on 1 embedding, 1 skipped"
    frame = to_frame(rows, skipped_texts(rows))
    assert frame.height == 2 and frame["skipped"][0] == skipped_texts(rows)[0]
    assert frame["p_value"][0] is None
    # Refused because X lost its only word: the gap is still counted (it read 0 before).
    assert (rows[0].missing_words, rows[0].words_listed, rows[0].verdict) == (1, 4, None)
    assert rows[1].verdict == "holds" and rows[1].to_dict()["coverage"] == {
        "found": 32, "listed": 32}


def test_tests_of_other_languages_are_skipped_with_a_reason_never_dropped():
    sets = [get_wordset("weat7"), get_wordset("weat7-ita"), get_wordset("weathub-de-weat7")]
    rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST, languages=EN)
    assert [(r.wordset, r.embedding) for r in rows] == [
        ("weat7", DEFAULT_EMBEDDING), ("weat7-ita", None), ("weathub-de-weat7", None)]
    assert rows[1].skipped == Note("no_embedding_for_language",
                                   {"language": "it", "chosen_languages": ["en"]})
    text = skipped_texts(rows)[2]
    assert text.startswith("No chosen embedding is in German (chosen: English): import one")
    assert counts(rows) == (1, 2)
    assert "2 could not run" in summary(rows)
    assert [names for _, names in skipped_groups(rows)] == [["weat7-ita"], ["weathub-de-weat7"]]
    named = skipped_groups(rows, {"weat7-ita": "WEAT 7 (Italian)"})
    assert [names for _, names in named] == [["WEAT 7 (Italian)"], ["weathub-de-weat7"]]
    twice = run_batch([sets[2], get_wordset("weathub-de-weat6")], [DEFAULT_EMBEDDING], FAST,
                      languages=EN)
    [(reason, names)] = skipped_groups(twice)
    assert names == ["weathub-de-weat7", "weathub-de-weat6"] and "German" in reason
    crossed = run_batch(sets, [DEFAULT_EMBEDDING], FAST, BatchOptions(cross_language=True),
                        languages=EN)
    assert [r.embedding for r in crossed] == [DEFAULT_EMBEDDING] * 3
    assert crossed[1].ran and crossed[1].language == "it" and crossed[1].embedding_language == "en"


def test_each_test_runs_on_the_embeddings_of_its_language_only():
    rng = np.random.default_rng(3)
    wordset = get_wordset("weathub-it-weat7")
    words = [w for s in wordset.sets().values() for w in s.words]
    toys = {
        name: Embedding.from_raw(name, "it", words, rng.normal(size=(len(words), 6)))
        for name in ("it-a", "it-b")
    }
    langs = {"it-a": "it", "it-b": "it", DEFAULT_EMBEDDING: "en"}
    rows = run_batch([wordset, get_wordset("weat7")], ["it-a", DEFAULT_EMBEDDING, "it-b"], FAST,
                     languages=langs, runner=lambda n, ws, o: run_weat(
                         toys[n] if n in toys else load_embedding(n), ws, o))
    assert [(r.wordset, r.embedding) for r in rows] == [
        ("weathub-it-weat7", "it-a"), ("weathub-it-weat7", "it-b"), ("weat7", DEFAULT_EMBEDDING)]
    assert rows[0].p_value == run_weat(toys["it-a"], wordset, FAST).p_value


def test_table7_one_row_per_test_one_column_group_per_embedding():
    sets = [get_wordset("weat7"), get_wordset("weat6"), get_wordset("weathub-de-weat7")]
    rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST, languages=EN)
    table = table7(rows, skipped_texts(rows))
    group = f"en · {DEFAULT_EMBEDDING}"
    assert table.columns == ["test", "title", "language", f"{group} p", f"{group} d",
                             f"{group} verdict", f"{group} words", f"{group} reported p",
                             f"{group} reported d", "skipped"]
    assert list(table[f"{group} verdict"]) == ["holds", "holds", None]
    assert list(table[f"{group} words"]) == ["32/32", "32/32", None]
    assert list(table["test"]) == ["weat7", "weat6", "weathub-de-weat7"]
    assert list(table[f"{group} p"])[:2] == [rows[0].p_value, rows[1].p_value]
    assert list(table[f"{group} reported p"]) == ["0.018", "10^-3", None]
    assert list(table[f"{group} reported d"]) == [1.06, 1.81, None]
    assert table["skipped"][2].startswith("No chosen embedding is in German")
    assert table["skipped"][0] is None
    ran = table7(rows, skipped_texts(rows), ran_only=True)
    assert list(ran["test"]) == ["weat7", "weat6"] and ran.columns == table.columns
    assert ran.to_dicts() == table.head(2).to_dicts()


def test_forest_plot_groups_by_test_colours_by_language_and_marks_reported():
    sets = [get_wordset("weat7"), get_wordset("weat7-ita")]
    rows = run_batch(sets, [DEFAULT_EMBEDDING], FAST, BatchOptions(cross_language=True),
                     languages=EN)
    fig = forest_figure(rows)
    ours = [trace for trace in fig.data if trace.name.endswith("(ours)")]
    assert [t.name for t in ours] == ["English (ours)", "Italian (ours)"]
    assert list(ours[0].x) == [rows[0].effect_size] and ours[0].error_x.array is None
    reported = next(t for t in fig.data if t.name == "reported by the source")
    assert list(reported.x) == [1.06, get_wordset("weat7-ita").reported.effect_size]
    with_ci = forest_figure(rows, [(0.5, 1.5), None])
    english = next(t for t in with_ci.data if t.name == "English (ours)")
    assert english.error_x.array[0] == pytest.approx(1.5 - rows[0].effect_size)
    assert english.error_x.arrayminus[0] == pytest.approx(rows[0].effect_size - 0.5)
    skipped = run_batch([get_wordset("weat7-ita")], [DEFAULT_EMBEDDING], FAST, languages=EN)
    assert [t for t in forest_figure(skipped).data if t.x] == []
    with pytest.raises(ValueError):
        forest_figure(rows, [None])
