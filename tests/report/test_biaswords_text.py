"""The sentences BiasWords shows about its draws (bias/report/biaswords_text.py)."""

from dataclasses import replace

from bias.discovery.sampling import Draw, DrawOptions, Sampling, summarise
from bias.report.biaswords_text import (
    EXPLORATORY,
    baseline_line,
    baseline_meaning,
    best_draw_line,
    curation_label,
    draws_table,
    share_line,
)


def sampling(curated=False, decisions=0):
    draws = (Draw(1, {}, 0.001, 1.5, "exact"), Draw(2, {}, 0.2, 0.4, "exact"))
    return Sampling(
        "weat6", "glove", {}, {}, {}, DrawOptions(draws=2), draws, summarise(draws),
        curated=curated, hand_decisions=decisions,
    )  # fmt: skip


def test_curation_labels():
    assert curation_label(sampling()) == EXPLORATORY
    assert curation_label(sampling(True, 1)) == (
        "Curated by hand: 1 decision differs from the filters'."
    )
    assert "3 decisions differ" in curation_label(sampling(True, 3))
    assert "agreed with every filter" in curation_label(sampling(True, 0))


def test_best_draw_line_carries_holm_beside_the_raw_p():
    line = best_draw_line(sampling())
    assert line.startswith("Most significant draw #1: p = 0.0010 as computed, 0.0020 after Holm")
    assert "1 significant at p < 0.05 (50%)" in share_line(sampling())
    assert baseline_line(sampling()) is None  # no baseline run, no sentence about one


def test_draws_chart_shows_both_distributions():
    from bias.discovery.sampling import Baseline
    from bias.report.charts.biaswords import draws_figure

    base_draws = (Draw(1, {}, 0.4, 0.1, "exact"), Draw(2, {}, 0.6, -0.2, "exact"))
    base = Baseline({}, {}, {}, base_draws, summarise(base_draws))
    figure = draws_figure(replace(sampling(), baseline=base))
    assert [t.name for t in figure.data] == ["Draws from your candidates", "Baseline: random words"]
    assert list(figure.data[0].x) == [1.5, 0.4] and list(figure.data[1].x) == [0.1, -0.2]
    assert [t.name for t in draws_figure(sampling()).data] == ["Draws from your candidates"]


def test_the_baseline_in_words_beside_the_draws():
    from bias.discovery.sampling import Baseline

    def with_baseline(significant):  # 2 candidate draws (1 significant), 4 random ones
        base_draws = tuple(Draw(i, {}, 0.01 if i <= significant else 0.5, 0.3, "exact")
                           for i in range(1, 5))  # fmt: skip
        return replace(sampling(), baseline=Baseline({}, {}, {}, base_draws, summarise(base_draws)))

    high = baseline_meaning(with_baseline(2))  # 50% of random draws significant
    assert high.startswith("Random words of the same kind are significant in 50% of draws here")
    assert "your 50% says the kept candidates show it more reliably than chance" in high
    assert "not that they form a new biased set" in high and high.count(". ") == 0
    low = baseline_meaning(with_baseline(0))
    assert "in only 0% of draws" in low and "far more than chance" in low
    assert baseline_meaning(sampling()) is None


def test_the_draws_table_writes_p_and_d_as_every_other_line():
    """Table 9's layout: the seed test's set names, then p as the picker writes it (it showed
    0.00003 as '0.00003' beside '< 0.0001' above it) and a missing d as everywhere else."""
    from bias.wordsets.library import get_wordset

    sets = {key: (f"{key.lower()}1", f"{key.lower()}2") for key in "XYAB"}
    table = draws_table(get_wordset("weat6"), [Draw(4, sets, 0.00003, float("nan"), "exact"),
                                               Draw(1, sets, 0.0123, 1.234, "exact")])
    assert table.columns == ["", "Draw 4", "Draw 1"]
    assert table[""].to_list() == ["Male names", "Female names", "Career", "Family", "p-value",
                                   "Effect size d"]
    assert table["Draw 4"].to_list() == ["x1, x2", "y1, y2", "a1, a2", "b1, b2", "< 0.0001", "–"]
    assert table["Draw 1"].to_list()[-2:] == ["0.012", "1.23"]
