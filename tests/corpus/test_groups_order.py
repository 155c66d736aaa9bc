"""Groups in the corpus's order of first appearance, in an order the user gives, or numbers as
numbers ('900s' before '1000s'); a numeric column grouped by bins (decades)."""

import csv
import json
import re

import pytest

from bias.cli import main
from bias.corpus.family import family
from bias.corpus.group_values import bin_label, label_number, order_values
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.scan import scan
from bias.corpus.train_corpus import train_corpus
from bias.errors import BiasInputError
from tests.corpus.conftest import SMALL, SMALL_FLAGS
from tests.corpus.corpora import documents


def write_csv(path, column, rows):
    """`rows`: (group cell, planted strength, documents) in file order."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow([column, "text"])
        for k, (cell, strength, count) in enumerate(rows):
            writer.writerows([cell, text] for text in documents(strength, count, seed=20 + k))
    return path


def values(path, **read):
    grouped = ReadOptions(text_column="text", group_column="g", **read)
    return [group.value for group in scan(path, "en", grouped, path.parent).groups]


@pytest.mark.parametrize(("seen", "expected"), [
    (["pre-war", "war", "post-war"], ["pre-war", "war", "post-war"]),  # as first seen
    (["early", "late", "middle"], ["early", "late", "middle"]),  # the corpus's order, kept
    (["1000s", "900s", "1950s"], ["900s", "1000s", "1950s"]),  # numbers as numbers
    (["10", "9", "-5", "2.5"], ["-5", "2.5", "9", "10"]),
    (["19th", "18th", "20th"], ["18th", "19th", "20th"]),
    (["1900-1999", "1800-1899"], ["1800-1899", "1900-1999"]),  # wider bins, by their start
    (["wave 2", "wave 10", "wave 1"], ["wave 2", "wave 10", "wave 1"]),  # text first: as seen
])
def test_order_of_values(seen, expected):
    assert order_values(seen) == expected


def test_label_numbers_and_bins_by_hand():
    assert (label_number("1990's"), label_number("900s"), label_number("war")) == (
        1990.0, 900.0, None)
    assert bin_label("1957", 10, "Row 2", "year") == "1950s"
    assert bin_label("1960", 10, "Row 2", "year") == "1960s"  # a bin's start is in the bin
    assert bin_label("1999.5", 100, "Row 2", "year") == "1900-1999"
    assert bin_label("-3", 10, "Row 2", "year") == "-10--1"
    with pytest.raises(BiasInputError, match=re.escape(
            "Row 7 of c.csv has 'n.d.' in the group column 'year', which is not a number")):
        bin_label("n.d.", 10, "Row 7 of c.csv", "year")


def test_a_given_order_must_name_every_value_once(tmp_path):
    path = write_csv(tmp_path / "c.csv", "g", [("b", 1.0, 3), ("a", 1.0, 3), ("c", 1.0, 3)])
    assert values(path) == ["b", "a", "c"]
    assert values(path, group_order=("c", "a", "b")) == ["c", "a", "b"]
    with pytest.raises(BiasInputError, match="does not name the value 'c'"):
        values(path, group_order=("a", "b"))
    with pytest.raises(BiasInputError, match="names 'd', which no document"):
        values(path, group_order=("a", "b", "c", "d"))
    with pytest.raises(BiasInputError, match="names a value twice"):
        ReadOptions(group_column="g", group_order=("a", "a"))
    with pytest.raises(BiasInputError, match="need a group column"):
        ReadOptions(group_bins=10)


def test_a_year_column_in_decades(tmp_path):
    path = write_csv(tmp_path / "c.csv", "g", [("2004", 1.0, 2), ("1957", 1.0, 3),
                                               ("1951", 1.0, 1), ("2000", 1.0, 1)])
    grouped = ReadOptions(text_column="text", group_column="g", group_bins=10)
    found = scan(path, "en", grouped, tmp_path).groups
    assert [(g.value, g.slug, g.documents) for g in found] == [("1950s", "1950s", 4),
                                                                ("2000s", "2000s", 3)]
    bad = write_csv(tmp_path / "bad.csv", "g", [("1957", 1.0, 2), ("unknown", 1.0, 1)])
    with pytest.raises(BiasInputError, match=re.escape("Row 4 of bad.csv has 'unknown'")):
        scan(bad, "en", grouped, tmp_path)


def test_pre_war_war_post_war_keep_their_order(tmp_path, capsys, home):
    """Trained, found again as a family, and tested: the corpus's order everywhere (text
    order would give post-war, pre-war, war)."""
    path = write_csv(tmp_path / "c.csv", "period", [("pre-war", 1.0, 40), ("war", 0.5, 40),
                                                    ("post-war", 1.0, 40)])
    train_corpus(path, name="eras", language="en", workers=1,
                 read=ReadOptions(text_column="text", group_column="period"),
                 options=TrainOptions(**SMALL | {"epochs": 5}))
    assert [s.value for s in family("eras").slices] == ["pre-war", "war", "post-war"]
    assert main(["weat", "--embedding", "eras", "--wordset", "weat6", "--iterations", "1000",
                 "--json"]) == 0
    points = json.loads(capsys.readouterr().out)["across_groups"]
    assert [p["value"] for p in points] == ["pre-war", "war", "post-war"]
    # a family trained before positions were recorded: numbers as numbers, else as listed
    for meta_path in (home / "embeddings").glob("eras-*/meta.json"):
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        del meta["trained"]["group"]["position"]
        meta_path.write_text(json.dumps(meta), encoding="utf-8")
    assert [s.value for s in family("eras").slices] == ["post-war", "pre-war", "war"]
    code = main(["train", str(path), "--language", "en", "--name", "given", "--text-column",
                 "text", "--group-column", "period", "--group-order", "post-war, war,pre-war",
                 *SMALL_FLAGS, "--epochs", "1", "--preview", "--json"])
    assert code == 0
    shown = json.loads(capsys.readouterr().out)["groups"]
    assert [g["value"] for g in shown] == ["post-war", "war", "pre-war"]
