"""The test of whether two groups differ: its p-value and d against slow obvious versions and
hand cases, the deals, every split's models against gensim driven directly with the pooled
vocabulary, and on generated corpora: groups of different sizes with the same planted bias are
not called different, opposite biases are as far apart as the permutations allow, also when the
tested words are near the minimum count in the smaller group."""

import json
import math
import statistics

import numpy as np
import pytest

from bias.cli import main
from bias.corpus.group_permutation import SplitVectors, dealt, plan_splits
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.scan import scan
from bias.corpus.train_model import stable_hash
from bias.report.group_difference_text import difference_text
from bias.stats.group_difference import (
    compare_groups,
    minimum_p,
    permutation_p_value,
    split_difference,
    split_effect_size,
)
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


def slow_d(vectors, lists):
    """WEAT's d by loops: `vectors` a word → unit vector mapping, `lists` (X, Y, A, B)."""
    def cosine(u, v):
        return sum(a * b for a, b in zip(u, v, strict=True))

    def s(w):
        return (statistics.mean(cosine(vectors[w], vectors[a]) for a in lists[2])
                - statistics.mean(cosine(vectors[w], vectors[b]) for b in lists[3]))

    scores = [s(w) for w in lists[0] + lists[1]]
    return ((statistics.mean(scores[:len(lists[0])]) - statistics.mean(scores[len(lists[0]):]))
            / statistics.pstdev(scores))


def test_effect_size_of_a_split_against_a_loop():
    rng = np.random.default_rng(5)
    vectors = rng.normal(size=(4 + 3 + 2 + 3, 6))
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    rows = [v.tolist() for v in vectors]
    lists = [list(range(4)), list(range(4, 7)), [7, 8], [9, 10, 11]]
    expected = slow_d(dict(enumerate(rows)), lists)
    assert split_effect_size(vectors, [4, 3, 2, 3]) == pytest.approx(expected)


def test_a_split_leaves_out_of_both_sides_the_words_a_side_lacks():
    # five words a list; 'x1' has no vector on side 1, 'b0' none on side 0: both sides' d
    # are computed without them (the same rule on every split), by hand with the loop
    words = {key: tuple(f"{key.lower()}{i}" for i in range(5)) for key in ("X", "Y", "A", "B")}
    flat = [word for key in ("X", "Y", "A", "B") for word in words[key]]
    rng = np.random.default_rng(8)
    sides = []
    for lacking in ("b0", "x1"):
        vectors = rng.normal(size=(20, 5))
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        vectors[flat.index(lacking)] = np.nan
        sides.append(SplitVectors(vectors, (lacking,)))
    found = split_difference(tuple(sides), words)
    assert found.absent == ("x1", "b0")
    kept = [[w for w in words[key] if w not in ("x1", "b0")] for key in ("X", "Y", "A", "B")]
    for side, d in zip(sides, found.effect_sizes, strict=True):
        by_word = {w: side.vectors[flat.index(w)].tolist() for w in flat}
        assert d == pytest.approx(slow_d(by_word, kept))
    assert found.difference == found.effect_sizes[0] - found.effect_sizes[1]
    # a list left with 3 words (MIN_SET_WORDS is 4) gives no d: the deal counts as extreme
    lacking = SplitVectors(sides[0].vectors.copy(), ("a0", "a1"))
    lacking.vectors[[10, 11]] = np.nan
    short = split_difference((lacking, sides[1]), words)
    assert short.absent == ("x1", "a0", "a1") and math.isnan(short.difference)


def test_deals_keep_the_sizes_and_come_from_the_seed(tmp_path):
    first = dealt((30, 10), 7)
    assert first.sum() == 30 and first.size == 40
    assert np.array_equal(first, dealt((30, 10), 7)) and not np.array_equal(first,
                                                                            dealt((30, 10), 8))
    path = write_csv(tmp_path / "c.csv", "g", [("a", 1.0, 12), ("b", 1.0, 10)])
    pair = scan(path, "en", READ, tmp_path).groups
    tasks = plan_splits(pair, "en", TrainOptions(**SMALL), ("john",), 3, "pool")
    assert len(tasks) == 8 and [t.side for t in tasks] == [0, 1] * 4
    assert tasks[0].deal_seed is None and len({t.deal_seed for t in tasks[2:]}) == 3
    assert tasks[2].deal_seed == tasks[3].deal_seed  # both sides of one deal
    assert len({t.seed for t in tasks}) == 8
    assert [t.seed for t in plan_splits(pair, "en", TrainOptions(**SMALL), ("john",), 5,
                                        "pool")[:8]] \
        == [t.seed for t in tasks]  # more permutations keep the first ones' seeds
    assert {t.vocabulary for t in tasks} == {"pool"}  # one vocabulary for every model


@pytest.fixture
def one_process(monkeypatch):
    """The command line's tasks inline (a process pool costs seconds to start)."""
    monkeypatch.setattr("bias.compute.local.cores", lambda: 1)


def test_different_sizes_same_bias_are_not_called_different(tmp_path, capsys, one_process):
    # and the test's models are those of its definition (slow_split), not the saved ones
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
    # drawn side by side the two d's look different (1.69 and 0.43): size alone did that
    assert found["difference"] > 0.5
    assert found["p_value"] >= 0.3 and found["supported"] is False
    assert found["left_out"] == [] and found["absent"] == [] and found["undefined"] == 0
    assert found["lost_words"] == 1  # one deal left a name out of a side: d without it
    assert found["difference"] == pytest.approx(found["effect_sizes"][0]
                                                - found["effect_sizes"][1])
    # the observed split and the first deal, against gensim driven directly (slow_split)
    pair = scan(path, "en", READ, tmp_path).groups
    tasks = plan_splits(pair, "en", TrainOptions(**SMALL), (), 1, "")
    assert slow_split(pair, tasks[0:2]) == pytest.approx(found["effect_sizes"], rel=1e-9)
    first = slow_split(pair, tasks[2:4])
    assert first[0] - first[1] == pytest.approx(found["permuted_differences"][0], rel=1e-9)


def slow_split(pair, tasks):
    """d on both sides of one split, by its definition: the documents of each side (the deal
    drawn by `dealt`, tested above), the words at the minimum count in the two groups together
    kept by gensim's trim_rule, WEAT 6's words in that vocabulary, each side's d by loops over
    the words both sides contain."""
    from gensim.models import Word2Vec
    from gensim.utils import RULE_DISCARD, RULE_KEEP

    documents = []
    for group in pair:
        with open(group.tokens_path, encoding="utf-8") as handle:
            documents += [line.split() for line in handle]
    counts = {}
    for document in documents:
        for word in document:
            counts[word] = counts.get(word, 0) + 1
    vocabulary = {word for word, count in counts.items() if count >= SMALL["min_count"]}
    lists = [[form for form in (w.lower() for w in WEAT6.sets()[key].words) if form in vocabulary]
             for key in ("X", "Y", "A", "B")]
    if tasks[0].deal_seed is None:
        chosen = [n < pair[0].documents for n in range(len(documents))]
    else:
        chosen = dealt(tasks[0].sizes, tasks[0].deal_seed).tolist()
    models = []
    for task in tasks:
        side = [doc for doc, first in zip(documents, chosen, strict=True)
                if first == (task.side == 0)]
        model = Word2Vec(vector_size=SMALL["dimensions"], window=5, min_count=SMALL["min_count"],
                         epochs=SMALL["epochs"], negative=5, sg=0, seed=task.seed, workers=1,
                         hashfxn=stable_hash)
        model.build_vocab(side, trim_rule=lambda w, c, m: RULE_KEEP if w in vocabulary
                          else RULE_DISCARD)
        model.train(side, total_examples=len(side), epochs=SMALL["epochs"])
        models.append(model.wv)
    both = [[w for w in words if all(w in wv.key_to_index for wv in models)] for words in lists]
    return tuple(slow_d({w: wv.get_vector(w, norm=True).tolist() for words in both
                         for w in words}, both) for wv in models)


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


def test_words_near_the_minimum_count_leave_no_deal_without_a_d(tmp_path):
    # 24 documents in the small group: each name is in about 1.5 of them (twice a document, at
    # the minimum count 2 from one document), so every deal leaves some name out of a side. The
    # old rule (a deal missing a word is as extreme) would have given p = 1 whatever the data;
    # each split's d is now over the words both its sides contain, and no deal lacks a d.
    # (Opposite biases planted, but 24 tiny documents give the small side's d little power.)
    path = write_csv(tmp_path / "c.csv", "g", [("big", 1.0, 120), ("small", 0.0, 24)])
    found = compare_groups(path, language="en", groups=("big", "small"), wordset=WEAT6,
                           read=READ, options=TrainOptions(**SMALL), permutations=9, workers=1)
    assert found.absent == ("steve", "joan", "diana")  # in the pool, not in the small group
    assert found.left_out == () and len(found.words["X"]) == 8 == len(found.words["Y"])
    assert found.lost_words == 9 and found.undefined == 0
    assert not any(math.isnan(delta) for delta in found.permuted_differences)
    assert found.p_value == slow_p(found.difference, found.permuted_differences) == 0.4
    again = compare_groups(path, language="en", groups=("big", "small"), wordset=WEAT6,
                           read=READ, options=TrainOptions(**SMALL), permutations=9, workers=1)
    assert again.permuted_differences == found.permuted_differences  # bit for bit
    text = difference_text(found)
    assert "left out of both d's: steve, joan, diana" in text
    assert "In 9 of the 9 deals a side lacked a tested word" in text


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
