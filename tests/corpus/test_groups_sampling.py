"""Equal-size samples per group: every group trained on as many documents as the smallest one,
drawn from the seed and the group's value, in file order, and trained again bit for bit."""

import re
from pathlib import Path

import pytest

from bias.corpus.group_sampling import sampled
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.recheck import recheck
from bias.corpus.scan import scan
from bias.corpus.train_corpus import inspect_corpus, train_corpus
from bias.errors import BiasInputError
from tests.corpus.conftest import SMALL
from tests.corpus.test_groups_order import write_csv

READ = ReadOptions(text_column="text", group_column="g")
EQUAL = TrainOptions(**SMALL | {"equal_groups": True, "epochs": 2})


def lines(path) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def test_every_group_is_sampled_to_the_smallest_in_file_order(tmp_path):
    path = write_csv(tmp_path / "c.csv", "g", [("a", 1.0, 60), ("b", 1.0, 20), ("c", 0.5, 35)])
    whole = scan(path, "en", READ, tmp_path)
    first = sampled(whole, EQUAL, tmp_path)
    assert [g.documents for g in first.groups] == [20, 20, 20]
    assert first.groups[1] is whole.groups[1]  # the smallest group: all of it
    for before, after in zip(whole.groups, first.groups, strict=True):
        taken, every = lines(after.tokens_path), lines(before.tokens_path)
        positions = [every.index(line) for line in taken]  # documents are distinct here
        assert positions == sorted(positions) and len(set(positions)) == 20
        assert after.tokens == sum(len(line.split()) for line in taken)
        assert sum(after.counts.values()) == after.tokens
    for folder in ("again", "other"):
        (tmp_path / folder).mkdir()
    again = sampled(whole, EQUAL, tmp_path / "again")
    assert lines(again.groups[0].tokens_path) == lines(first.groups[0].tokens_path)
    other = sampled(whole, TrainOptions(**SMALL | {"equal_groups": True, "seed": 1}),
                    tmp_path / "other")
    assert lines(other.groups[0].tokens_path) != lines(first.groups[0].tokens_path)
    assert sampled(whole, TrainOptions(**SMALL), tmp_path) is whole  # not asked: unchanged


def test_the_preview_shows_the_samples_and_a_corpus_without_groups_is_refused(tmp_path):
    path = write_csv(tmp_path / "c.csv", "g", [("a", 1.0, 60), ("b", 1.0, 20)])
    shown = inspect_corpus(path, language="en", read=READ, options=EQUAL)
    assert [(g.value, g.documents, g.tokens) for g in shown.groups] == [("a", 20, 180),
                                                                        ("b", 20, 180)]
    empty = tmp_path / "empty.csv"
    empty.write_text(path.read_text(encoding="utf-8") + "c,\nc,...\n", encoding="utf-8")
    with pytest.raises(BiasInputError, match=re.escape(
            "The group 'c' of empty.csv has only 0 documents with words, so equal-size samples "
            "would leave every group that few")):
        inspect_corpus(empty, language="en", read=READ, options=EQUAL)
    with pytest.raises(BiasInputError, match="need a group column"):
        inspect_corpus(path, language="en", read=ReadOptions(text_column="text"), options=EQUAL)


def test_a_sampled_family_is_trained_again_bit_for_bit(tmp_path):
    path = write_csv(tmp_path / "c.csv", "g", [("a", 1.0, 60), ("b", 1.0, 20)])
    result = train_corpus(path, name="eq", language="en", read=READ, options=EQUAL, workers=1)
    assert [m.name for m in result.models] == ["eq-a", "eq-b"]
    check = recheck("eq-a")
    assert check.matches, check
