"""Replicates as one group and families across groups: each replicate's d, the interval, a
verdict that accounts for sign flips, groups in the order of their values, in the CLI's JSON
and in `batch --report`."""

import json

import numpy as np
import pytest

from bias.cli import main
from bias.corpus.family import Family, Slice, resolve
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.train import train_corpus
from bias.stats.replicates import decide_replicates, replicate_interval
from bias.vectors import store
from tests.corpus.conftest import SMALL
from tests.corpus.corpora import write_grouped_csv


@pytest.mark.parametrize(("d", "states", "expected"), [
    ([1.2, 1.4, 1.1], ["holds"] * 3, "holds"),
    ([1.2, -0.3, 1.1], ["holds", "no_bias", "holds"], "unstable"),  # a sign flip: never holds
    ([1.2, 0.3, 1.1], ["holds", "no_bias", "these_words"], "not_every_replicate"),
    ([0.2, -0.3, 0.1], ["no_bias"] * 3, "no_bias"),  # flips, none significant: no bias
    ([1.2, 1.3], ["holds", "cannot_decide"], "cannot_decide"),
])
def test_verdict_over_replicates(d, states, expected):
    verdict = decide_replicates(d, states)
    assert verdict.state == expected
    assert verdict.positive + verdict.negative == len(d)


def test_interval_is_the_percentiles_of_the_replicates():
    interval = replicate_interval([0.0, 1.0, 2.0, 3.0, 4.0])
    # linear interpolation by hand: rank 0.025 * 4 = 0.1 and 0.975 * 4 = 3.9
    assert (interval.low, interval.high) == pytest.approx((0.1, 3.9))
    assert replicate_interval([0.5]) is None


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
    low, high = planted["interval"]["low"], planted["interval"]["high"]
    assert min(planted["effect_sizes"]) <= low < high <= max(planted["effect_sizes"])


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
