"""The test of whether two groups differ: its p-value and d against slow obvious versions and
hand cases, the deals, and on generated corpora: groups of different sizes with the same planted
bias are not called different, opposite biases are as far apart as the permutations allow."""

import json
import math
import statistics

import numpy as np
import pytest

from bias.cli import main
from bias.corpus.group_permutation import SplitVectors, dealt, plan_splits
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.scan import scan
from bias.report.group_difference_text import difference_text
from bias.stats.group_difference import (
    compare_groups,
    minimum_p,
    permutation_p_value,
    split_effect_size,
)
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import load_embedding
from tests.corpus.conftest import SMALL, SMALL_FLAGS
from tests.corpus.corpora import WEAT6
from tests.corpus.test_groups_order import write_csv

READ = ReadOptions(text_column="text", group_column="g")


def slow_p(observed, permuted):
    extreme = sum(1 for delta in permuted  # None: nan in JSON
                  if delta is None or math.isnan(delta) or abs(delta) >= abs(observed))
    return (1 + extreme) / (1 + len(permuted))


def test_p_value_by_hand_and_against_a_loop():
    # |-0.6| and the tie 0.5 are as extreme; the nan deal (a lost word) counts as extreme
    assert permutation_p_value(0.5, [0.1, -0.6, 0.5, math.nan, 0.2]) == (4 / 6, 3)
    assert permutation_p_value(2.0, [0.1] * 39) == (1 / 40, 0)
    assert minimum_p(39) == 1 / 40 and minimum_p(19) == 0.05  # 19 cannot reach p < 0.05
    rng = np.random.default_rng(3)
    for _ in range(50):
        permuted = rng.normal(size=19).tolist()
        observed = float(rng.normal())
        assert permutation_p_value(observed, permuted)[0] == slow_p(observed, permuted)


def test_effect_size_of_a_split_against_a_loop():
    rng = np.random.default_rng(5)
    vectors = rng.normal(size=(4 + 3 + 2 + 3, 6))
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    sizes = {"X": 4, "Y": 3, "A": 2, "B": 3}
    rows = [v.tolist() for v in vectors]
    targets, first, second = rows[:7], rows[7:9], rows[9:]

    def s(w):
        return (statistics.mean(sum(a * b for a, b in zip(w, x, strict=True)) for x in first)
                - statistics.mean(sum(a * b for a, b in zip(w, x, strict=True)) for x in second))

    scores = [s(w) for w in targets]
    expected = ((statistics.mean(scores[:4]) - statistics.mean(scores[4:]))
                / statistics.pstdev(scores))
    assert split_effect_size(SplitVectors(vectors, ()), sizes) == pytest.approx(expected)
    assert math.isnan(split_effect_size(SplitVectors(vectors, ("she",)), sizes))


def test_deals_keep_the_sizes_and_come_from_the_seed(tmp_path):
    first = dealt((30, 10), 7)
    assert first.sum() == 30 and first.size == 40
    assert np.array_equal(first, dealt((30, 10), 7)) and not np.array_equal(first,
                                                                            dealt((30, 10), 8))
    path = write_csv(tmp_path / "c.csv", "g", [("a", 1.0, 12), ("b", 1.0, 10)])
    pair = scan(path, "en", READ, tmp_path).groups
    tasks = plan_splits(pair, "en", TrainOptions(**SMALL), ("john",), 3)
    assert len(tasks) == 8 and [t.side for t in tasks] == [0, 1] * 4
    assert tasks[0].deal_seed is None and len({t.deal_seed for t in tasks[2:]}) == 3
    assert tasks[2].deal_seed == tasks[3].deal_seed  # both sides of one deal
    assert len({t.seed for t in tasks}) == 8
    assert [t.seed for t in plan_splits(pair, "en", TrainOptions(**SMALL), ("john",), 5)[:8]] \
        == [t.seed for t in tasks]  # more permutations keep the first ones' seeds


@pytest.fixture
def one_process(monkeypatch):
    """The command line's tasks inline (a process pool costs seconds to start)."""
    monkeypatch.setattr("bias.compute.local.cores", lambda: 1)


def test_different_sizes_same_bias_are_not_called_different(tmp_path, capsys, one_process):
    path = write_csv(tmp_path / "c.csv", "g", [("big", 1.0, 150), ("small", 1.0, 50)])
    code = main(["train", str(path), "--language", "en", "--name", "sizes", "--text-column",
                 "text", "--group-column", "g", *SMALL_FLAGS, "--wordset", "weat6",
                 "--compare-groups", "big,small", "--permutations", "9", "--json"])
    assert code == 0, capsys.readouterr().err
    found = json.loads(capsys.readouterr().out)["group_difference"]
    assert found["groups"] == ["big", "small"] and found["documents"] == [150, 50]
    assert found["permutations"] == 9 and found["minimum_p"] == pytest.approx(0.1)
    assert found["p_value"] == pytest.approx(slow_p(found["difference"],
                                                    found["permuted_differences"]))
    # drawn side by side the two d's look different (1.69 and 0.58): size alone did that
    assert found["difference"] > 0.5
    assert found["p_value"] >= 0.3 and found["supported"] is False
    assert found["lost_words"] == 1  # a deal gave the small side too few of a name: counted
    # the observed groups' models are the family's own (the same seeds), bit for bit
    assert found["left_out"] == []
    saved = run_weat(load_embedding("sizes-big"), WEAT6,
                     WeatOptions(iterations=1000, ci_resamples=0))
    assert saved.effect_size == pytest.approx(found["effect_sizes"][0], abs=1e-5)
    assert found["difference"] == pytest.approx(found["effect_sizes"][0]
                                                - found["effect_sizes"][1])


def test_opposite_biases_are_as_far_apart_as_the_deals_allow(tmp_path):
    path = write_csv(tmp_path / "c.csv", "g", [("for", 1.0, 200), ("against", 0.0, 200)])
    found = compare_groups(path, language="en", groups=("for", "against"), wordset=WEAT6,
                           read=READ, options=TrainOptions(**SMALL), permutations=9, workers=1)
    assert found.effect_sizes[0] > 1.0 > -1.0 > found.effect_sizes[1]
    assert found.extreme == 0 and found.p_value == pytest.approx(0.1) == found.minimum_p
    assert not found.supported  # 9 permutations cannot give p < 0.05, and the text says so
    text = difference_text(found)
    assert "0 of 9 random deals" in text and "p cannot fall below 0.05" in text
    assert "not evidence that they are the same" in text


def test_a_wrong_pair_is_one_sentence_before_any_model(tmp_path, capsys, home):
    path = write_csv(tmp_path / "c.csv", "g", [("a", 1.0, 12), ("b", 1.0, 12)])
    command = ["train", str(path), "--language", "en", "--name", "x", "--text-column", "text",
               "--group-column", "g", *SMALL_FLAGS]
    for extra, said in [(["--compare-groups", "a,c", "--wordset", "weat6"],
                         "The corpus has no group 'c'; its groups are: a, b."),
                        (["--compare-groups", "a,a", "--wordset", "weat6"],
                         "Name two different groups to compare."),
                        (["--compare-groups", "a,b"], "needs a --wordset")]:
        assert main(command + extra) == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1
    assert not (home / "embeddings").exists()
