"""Issue 41, item 5: the test words' counts read from the corpus itself, per group, beside the
50–100 advice, and the balance of the two target (and attribute) lists there; in the preview,
the training's result and their JSON. A tiny generated corpus with known counts."""

from __future__ import annotations

import csv
import random
import statistics
from collections import Counter
from pathlib import Path

import pytest

from bias.corpus.counts import ADVISED_COUNTS, BALANCE_RATIO
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.train_corpus import inspect_corpus, train_corpus
from bias.report.corpus_text import balance_sentence, count_lines, preview_text, train_text
from bias.wordsets.parsing import parse_wordset

WORDSET = parse_wordset(
    {"X": {"name": "Tall", "words": ["alpha", "beta"]},
     "Y": {"name": "Short", "words": ["gamma", "delta", "epsilon"]},
     "A": {"name": "Work", "words": ["workone", "worktwo"]},
     "B": {"name": "Home", "words": ["homeone", "hometwo", "homethree"]}},
    where="test", default_id="counts", origin="file")

PLANTED = {"g1": {"alpha": 120, "beta": 60, "gamma": 8, "delta": 6, "epsilon": 2,
                  "workone": 50, "worktwo": 49, "homeone": 70, "hometwo": 80, "homethree": 90},
           "g2": {"alpha": 60, "beta": 60, "gamma": 60, "delta": 60, "epsilon": 60,
                  "workone": 60, "worktwo": 60, "homeone": 60, "hometwo": 60, "homethree": 60}}
"""Each group's count of every test word (the filler words come on top)."""


def write_corpus(path: Path) -> Path:
    """12 documents per group; each test word appears exactly its planted number of times."""
    rng = random.Random(4)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["group", "text"])
        for group, counts in PLANTED.items():
            tokens = [w for word, n in counts.items() for w in [word] * n]
            tokens += [f"filler{i % 40}" for i in range(1200)]
            rng.shuffle(tokens)
            for k in range(12):
                writer.writerow([group, " ".join(tokens[k::12])])
    return path


def counted(path: Path, group: str) -> Counter:
    """The slow obvious count: every whitespace-separated word of the group's rows."""
    with path.open(encoding="utf-8") as handle:
        return Counter(w for row in csv.DictReader(handle) if row["group"] == group
                       for w in row["text"].split())


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_corpus(tmp_path / "counts.csv")


def test_counts_per_group_beside_the_advice_and_the_balance(corpus: Path):
    shown = inspect_corpus(corpus, language="en", read=ReadOptions("text", "group"),
                           wordsets=[WORDSET])
    assert [g.value for g in shown.groups] == ["g1", "g2"]
    first, second = shown.groups
    for group in shown.groups:
        truth = counted(corpus, group.value)
        assert {i.word: i.count for c in group.sets for i in c.words} == {
            w: truth[w] for w in PLANTED[group.value]} == PLANTED[group.value]
    tall, short, work, home = first.sets
    assert ADVISED_COUNTS == (50, 100) and BALANCE_RATIO == 10
    assert [i.word for i in short.enough] == ["gamma", "delta"]  # epsilon: under min count 5
    assert short.median_count == statistics.median([8, 6]) == 7.0 and short.thin
    assert [i.word for i in work.under_advice] == ["worktwo"] and work.thin  # 1 of 2: half
    assert not tall.thin and not home.thin and home.median_count == 80.0
    targets, attributes = first.balances
    assert targets.ratio == pytest.approx(90 / 7) and targets.warning
    assert targets.frequent is tall and targets.rare is short
    assert attributes.ratio == pytest.approx(80 / 49.5) and not attributes.warning
    assert [b.ratio for b in second.balances] == [1.0, 1.0]
    assert not any(c.thin for c in second.sets)
    data = shown.to_dict()["groups"][0]
    assert data["sets"][1]["under_advice"] == ["gamma", "delta"] and data["sets"][1]["thin"]
    assert data["sets"][1]["median_count"] == 7.0
    assert data["balances"][0] == {"first": "X", "second": "Y", "median_counts": [90.0, 7.0],
                                   "ratio": pytest.approx(90 / 7), "threshold": 10.0,
                                   "warning": True}


def test_the_sentences_say_the_counts_the_advice_and_the_ratio(corpus: Path):
    shown = inspect_corpus(corpus, language="en", read=ReadOptions("text", "group"),
                           wordsets=[WORDSET])
    lines = count_lines(shown.groups[0])
    assert lines[1] == (
        "Short in this corpus: 'gamma' 8, 'delta' 6, 'epsilon' 2; none of the 2 words with a "
        "vector appears at least 50 times (docs/corpus.md advises 50–100 for a steady vector): "
        "their vectors are noisy, so a result on this list is weak evidence, for a bias or "
        "against one.", True)
    assert lines[0] == (
        "Tall in this corpus: 'alpha' 120, 'beta' 60; both words with a vector appear at least "
        "50 times (docs/corpus.md advises 50–100 for a steady vector).", False)
    assert lines[4] == (
        "In this corpus the words of Tall appear 13 times as often as those of Short (median 90 "
        "against 7 per word with a vector): an association between them can come from "
        "frequency alone, and the test's frequency check, which reads general counts of the "
        "language (wordfreq), does not see this corpus.", True)
    assert balance_sentence(shown.groups[0].balances[1]) == (
        "In this corpus the words of Home appear 1.6 times as often as those of Work (median 80 "
        "against 49.5 per word with a vector).")
    text = preview_text(shown)
    assert text.count("Warning: ") == 3  # Short and Work are thin, Tall against Short
    assert "Group 'g2'" in text and "appear 1.0 times as often" in text


def test_the_trained_result_carries_the_same_checks(corpus: Path):
    result = train_corpus(corpus, name="counted", language="en",
                          read=ReadOptions("text", "group"), wordsets=[WORDSET], workers=1,
                          options=TrainOptions(dimensions=4, epochs=1))
    assert result.preview.groups[0].balances[0].warning
    assert "Warning: In this corpus the words of Tall appear 13 times" in train_text(result)
    saved = result.to_dict()["preview"]["groups"][0]
    assert saved["balances"][0]["ratio"] == pytest.approx(90 / 7)
    assert saved["sets"][0]["words"] == {"alpha": 120, "beta": 60}
