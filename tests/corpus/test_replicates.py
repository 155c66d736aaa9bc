"""Replicates as one group and families across groups: each replicate's d, the interval, a
verdict that accounts for sign flips, groups in the order of their values, in the CLI's JSON
and in `batch --report`."""

import json

import numpy as np
import pytest

from bias.cli import main
from bias.corpus.family import Family, Slice, resolve
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.train_corpus import train_corpus
from bias.stats.replicates import decide_replicates, replicate_interval
from bias.vectors import store
from tests.corpus.conftest import SMALL
from tests.corpus.corpora import WEAT6, write_grouped_csv


@pytest.mark.parametrize(("d", "states", "opposite", "expected"), [
    ([1.2, 1.4, 1.1], ["holds"] * 3, (), "holds"),
    ([1.2, -0.3, 1.1], ["holds", "no_bias", "holds"], (), "unstable"),  # a sign flip: never holds
    ([1.2, 0.3, 1.1], ["holds", "no_bias", "these_words"], (), "not_every_replicate"),
    ([0.2, -0.3, 0.1], ["no_bias"] * 3, (0.3, 0.6, 0.4), "no_bias"),  # flips, none significant
    ([0.2, -1.3, 0.1], ["no_bias"] * 3, (0.7, 0.01, 0.4), "unstable"),  # significant either way
    ([-1.2, -1.3, -0.9], ["no_bias"] * 3, (0.01, 0.002, 0.03), "other_way"),
    ([-1.2, -0.3, -0.9], ["no_bias"] * 3, (0.01, 0.3, None), "other_way"),  # 1 of 3 that way
    ([-1.2, -0.3, -0.9], ["no_bias"] * 3, (None,) * 3, "no_bias"),  # the other way not known
    ([1.2, 1.3], ["holds", "cannot_decide"], (), "cannot_decide"),
])
def test_verdict_over_replicates(d, states, opposite, expected):
    verdict = decide_replicates(d, states, opposite)
    assert verdict.state == expected
    assert verdict.positive + verdict.negative == len(d)
    assert verdict.against == sum(p is not None and p < 0.05 for p in opposite)


def test_interval_is_a_t_prediction_interval_for_another_run():
    # by hand: d 0..4, mean 2, s = √2.5; t(4, 0.975) = 2.776 (any t table); √(1 + 1/5)
    interval = replicate_interval([0.0, 1.0, 2.0, 3.0, 4.0])
    half = 2.776445 * 2.5**0.5 * 1.2**0.5
    assert (interval.low, interval.high) == pytest.approx((2 - half, 2 + half), abs=1e-5)
    assert interval.level == 0.95 and "another training run" in interval.method
    # 3 replicates: t(2, 0.975) = 4.303, s = 1
    three = replicate_interval([1.0, 2.0, 3.0])
    assert three.high - 2 == pytest.approx(4.302653 * (4 / 3) ** 0.5, abs=1e-5)
    assert replicate_interval([0.5, 0.7]) is None and replicate_interval([0.5]) is None
    # cut to the range d can take: |d| ≤ 2 for equal sets
    cut = replicate_interval([1.0, 1.5, 2.0], limit=2.0)
    assert (cut.low, cut.high) == pytest.approx((1.5 - 4.302653 * 0.5 * (4 / 3) ** 0.5, 2.0))
    assert replicate_interval([0.5, float("nan"), 0.7]) is None


def test_the_other_direction_counts_its_own_tail_with_ties():
    """The other tail's p the replicates read (`other_tail_p`) against a slow count over every
    partition of 4 + 4 target words: the reshufflings whose statistic is at most the observed
    one, over 70 (the observed among them, so p + opposite p = 1 + 1/70 here, not 1)."""
    import dataclasses
    import itertools

    from bias.stats.weat import WeatOptions, run_weat
    from tests.synthetic import planted

    embedding, wordset, raw = planted(0.3, sizes=(4, 4, 6, 6), seed=1)
    wordset = dataclasses.replace(wordset, X=wordset.Y, Y=wordset.X)  # against the lean
    result = run_weat(embedding, wordset, WeatOptions(ci_resamples=200))
    assert result.effect_size < 0 and result.method == "exact"

    def unit(word):
        return raw[word] / np.linalg.norm(raw[word])

    def s(word):
        return (np.mean([unit(word) @ unit(a) for a in wordset.A.words])
                - np.mean([unit(word) @ unit(b) for b in wordset.B.words]))

    values = [s(w) for w in (*wordset.X.words, *wordset.Y.words)]
    observed = np.mean(values[:4]) - np.mean(values[4:])
    at_most = sum(np.mean([values[i] for i in x]) - np.mean([values[i] for i in range(8)
                                                              if i not in x]) <= observed + 1e-9
                  for x in itertools.combinations(range(8), 4))
    assert result.test.other_tail_p == pytest.approx(at_most / 70)
    assert result.p_value + result.test.other_tail_p == pytest.approx(1 + 1 / 70)
    two_sided = run_weat(embedding, wordset, WeatOptions(ci_resamples=200,
                                                         alternative="two-sided"))
    assert two_sided.test.other_tail_p is None
    assert result.compact().test.other_tail_p == result.test.other_tail_p  # kept without the null


def test_words_keep_no_evidence_apart_from_evidence_against():
    from bias.report.replicates_text import headline, replicate_text
    from bias.stats.replicates import replicate_result

    def text(d, states, opposite=()):
        result = replicate_result(WEAT6, "fam", None, [f"fam.r{i}" for i in range(len(d))], d,
                                  states, [0.2] * len(d))
        if opposite:
            import dataclasses

            result = dataclasses.replace(
                result, opposite_p_values=tuple(opposite),
                verdict=decide_replicates(d, states, opposite))
        return headline(result), replicate_text(result)

    some, full = text([0.9, 0.4, 1.1, 0.3, 0.8], ["holds", "no_bias", "holds", "no_bias",
                                                 "no_bias"])
    assert some == ("Significant in 2 of 5 replicates: too little evidence to call it stable; "
                    "this is not evidence of no bias")
    assert "not as evidence that there is none" in full and "survive" not in full
    none, _ = text([0.1, -0.2, 0.3], ["no_bias"] * 3)
    assert "no evidence of bias here" in none and "not evidence of no bias" in none
    against, full = text([-1.2, -1.0, -0.9], ["no_bias"] * 3, (0.001, 0.01, 0.02))
    assert against == ("The association runs the other way: significant against the stated "
                       "direction in all 3 replicates (each p ≤ 0.020)")
    assert "the other way p = 0.010" in full
    assert full.count("runs the other way") == 4  # the headline and each replicate's line
    one, _ = text([-1.2], ["no_bias"], (0.003,))
    assert one == "the association runs the other way (one model, p = 0.0030 the other way)"
    _, two = text([0.9, 1.1], ["holds"] * 2)
    assert "no interval: 2 replicates are too few" in two


@pytest.fixture(scope="module")
def family_home(tmp_path_factory):
    """A family of 2 groups × 2 replicates, the association planted in '9' and absent in
    '10' (so that text order, '10' < '9', would put them the wrong way round)."""
    import os

    home = tmp_path_factory.mktemp("home")
    old = os.environ.get("BIASWORDS_HOME")
    os.environ["BIASWORDS_HOME"] = str(home)
    path = write_grouped_csv(home / "g.csv", {"10": 0.5, "9": 1.0})
    result = train_corpus(path, name="dec", language="en",
                          read=ReadOptions(text_column="text", group_column="decade"),
                          options=TrainOptions(**SMALL | {"replicates": 2, "epochs": 20}),
                          workers=1)
    yield home, result
    if old is None:
        del os.environ["BIASWORDS_HOME"]
    else:
        os.environ["BIASWORDS_HOME"] = old


def test_groups_come_out_in_value_order_with_their_replicates(family_home, monkeypatch, capsys):
    home, result = family_home
    monkeypatch.setenv("BIASWORDS_HOME", str(home))
    assert [m.name for m in result.models] == ["dec-9.r1", "dec-9.r2", "dec-10.r1", "dec-10.r2"]
    family = resolve("dec")
    assert isinstance(family, Family) and family.group_column == "decade"
    assert [s.value for s in family.slices] == ["9", "10"]
    assert isinstance(resolve("dec-10"), Slice) and resolve("dec-10.r1") is None
    assert main(["weat", "--embedding", "dec", "--wordset", "weat6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    points = data["across_groups"]
    assert [p["value"] for p in points] == ["9", "10"]
    assert points[0]["effect_size"] > 1.0 > points[1]["effect_size"]  # as planted
    assert points[0]["verdict"] == "holds" and points[1]["verdict"] != "holds"
    planted = data["groups"][0]["replicates"]
    assert len(planted["effect_sizes"]) == 2
    assert planted["mean"] == pytest.approx(np.mean(planted["effect_sizes"]))
    assert planted["interval"] is None  # 2 replicates: too few for an interval
    assert data["groups"][0]["verdict"]["against"] == 0
    assert all(p is not None and 0 < p <= 1 for p in planted["opposite_p_values"])


def test_batch_report_has_the_chart_across_groups(family_home, monkeypatch, capsys, tmp_path):
    home, _ = family_home
    monkeypatch.setenv("BIASWORDS_HOME", str(home))
    report = tmp_path / "r.html"
    code = main(["batch", "--embedding", "dec", "--wordset", "weat6", "--iterations", "1000",
                 "--json", "--report", str(report)])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["embedding"] for row in data["rows"]] == ["dec-9.r1", "dec-9.r2", "dec-10.r1",
                                                          "dec-10.r2"]
    assert [p["value"] for p in data["groups"][0]["across_groups"]] == ["9", "10"]
    page = report.read_text(encoding="utf-8")
    assert "Trained models: replicates and groups" in page and "across decade" in page
    assert "Each group was trained 2 times on bootstrap samples" in page
    assert "Antoniak, M., &amp; Mimno, D. (2018)" in page
    assert "pooled" not in data  # replicates are not separate studies


def test_a_damaged_trained_record_leaves_an_ordinary_embedding(family_home, monkeypatch):
    import json

    home, _ = family_home
    monkeypatch.setenv("BIASWORDS_HOME", str(home))
    meta_path = home / "embeddings" / "dec-10.r2" / "meta.json"
    saved = meta_path.read_text(encoding="utf-8")
    meta = json.loads(saved)
    meta["trained"]["group"] = ["not", "a", "record"]
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    try:  # a family with a member it cannot read is not whole, so it is no family (issue 43)
        assert resolve("dec") is None
        assert store.read_meta("dec-10.r2")["trained"]["group"] == ["not", "a", "record"]
    finally:
        meta_path.write_text(saved, encoding="utf-8")


def test_cannot_decide_says_why():
    from bias.report.replicates_text import headline
    from bias.stats.replicates import replicate_result
    from bias.stats.weat import WeatOptions, run_weat
    from tests.synthetic import planted

    embedding, wordset, _ = planted(1.0, sizes=(3, 3, 8, 8), seed=1)
    stuck = run_weat(embedding, wordset, WeatOptions(ci_resamples=200))
    assert stuck.verdict.state == "cannot_decide"
    result = replicate_result(wordset, "fam", None, ["fam.r1", "fam.r2", "fam.r3"],
                              [1.0, 1.1, stuck.effect_size], ["holds", "holds", "cannot_decide"],
                              [0.01, 0.01, stuck.p_value], [stuck, stuck, stuck])
    assert headline(result) == (
        "Cannot decide: 1 of 3 replicates cannot (p cannot fall below 0.05 with these set "
        "sizes; a list has fewer than 4 words with a vector)")


def test_one_model_says_why_it_cannot_decide_and_never_no_bias():
    """Issue 41, item 9: across groups of one model each, a group said "cannot decide (one
    model)" with no reason, and a group with no significant result "no bias"."""
    from bias.report.replicates_text import headline
    from bias.stats.replicates import replicate_result
    from bias.stats.weat import WeatOptions, run_weat
    from tests.synthetic import planted

    embedding, wordset, _ = planted(1.0, sizes=(3, 3, 8, 8), seed=1)
    stuck = run_weat(embedding, wordset, WeatOptions(ci_resamples=200))
    one = replicate_result(wordset, "fam-1960s", None, ["fam-1960s"], [stuck.effect_size],
                           ["cannot_decide"], [stuck.p_value], [stuck])
    assert headline(one) == ("cannot decide (one model: p cannot fall below 0.05 with these set "
                             "sizes; a list has fewer than 4 words with a vector)")
    quiet = replicate_result(wordset, "fam-1950s", None, ["fam-1950s"], [0.2], ["no_bias"],
                             [0.4], [stuck])
    assert headline(quiet) == "not significant: no evidence of bias here (one model)"
