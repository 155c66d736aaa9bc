"""The batch carries each test's bootstrap interval of d: in its rows, the CSV/JSON, the terminal
table and the forest plot."""

import json

import pytest

from bias.report.batch_report import batch_json, batch_text
from bias.report.charts.forest import forest_figure
from bias.stats.batch import run_batch, to_frame
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset

OPTIONS = WeatOptions(method="randomized", iterations=2000, seed=1, ci_resamples=2000)


def test_rows_carry_the_interval_of_run_weat_into_every_output():
    wordsets = [get_wordset("weat6"), get_wordset("weat7")]
    rows = run_batch(wordsets, [DEFAULT_EMBEDDING], OPTIONS)
    glove = load_embedding(DEFAULT_EMBEDDING)
    for row, wordset in zip(rows, wordsets, strict=True):
        expected = run_weat(glove, wordset, OPTIONS).interval
        assert row.interval == expected
        assert row.interval.low < row.effect_size < row.interval.high
    frame = to_frame(rows)
    assert frame["d_ci_low"].to_list() == [r.interval.low for r in rows]
    assert frame["d_ci_high"].to_list() == [r.interval.high for r in rows]
    assert json.loads(batch_json(rows))[0]["interval"]["low"] == rows[0].interval.low
    low, high = rows[0].interval.low, rows[0].interval.high
    assert f"[{low:.2f}, {high:.2f}]" in batch_text(rows)
    fig = forest_figure(rows, [(r.interval.low, r.interval.high) for r in rows])
    ours = next(t for t in fig.data if t.name.endswith("(ours)"))
    assert list(ours.error_x.array) == pytest.approx([r.interval.high - r.effect_size
                                                      for r in rows])
