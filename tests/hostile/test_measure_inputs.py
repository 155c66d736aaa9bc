"""Hostile inputs to the measures: odd word-set files and value tables end as one sentence."""

import json

import pytest

from bias.cli import main
from bias.errors import BiasInputError
from bias.stats.wefat import MAX_ROWS, parse_values
from bias.wordsets.library import get_named_sets
from bias.wordsets.parsing import parse_named_sets


@pytest.mark.parametrize(
    "data",
    [
        [],
        "text",
        {"targets": {"a": ["x"]}, "attributes": ["not", "named"]},
        {"targets": {"a": {"nested": "object"}}, "attributes": {"b": ["y"]}},
        {"targets": {"": ["x"]}, "attributes": {"b": ["y"]}},
    ],
)
def test_bad_named_sets_are_one_sentence(data):
    with pytest.raises(BiasInputError):
        parse_named_sets(data, where="evil.json", default_id="evil")


def test_oversized_sets_and_word_lists_are_refused(tmp_path):
    from bias.limits import MAX_SCWEAT_WORDS as MAX_WORDS
    from bias.limits import MAX_SET_WORDS
    from bias.stats.scweat import run_scweat
    from tests.stats.measure_fixtures import planted_sets

    embedding, sets, _ = planted_sets()
    with pytest.raises(BiasInputError, match=f"at most {MAX_WORDS} words"):
        run_scweat(embedding, sets, [f"w{i}" for i in range(MAX_WORDS + 1)])
    path = tmp_path / "huge.json"
    path.write_text(json.dumps({"targets": {"a": [f"w{i}" for i in range(MAX_SET_WORDS + 1)],
                                            "b": ["x"]}, "attributes": {"c": ["y"]}}))
    code = main(["measure", "mac", "--wordset", str(path)])
    assert code == 2


def test_binary_and_broken_files(tmp_path):
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    broken = tmp_path / "broken.json"
    broken.write_text('{"targets": {"a": [', encoding="utf-8")
    for path in (binary, broken):
        with pytest.raises(BiasInputError):
            get_named_sets(str(path))


def test_tables_too_long_or_strange():
    with pytest.raises(BiasInputError, match="at most"):
        parse_values("w,1\n" * (MAX_ROWS + 1))
    with pytest.raises(BiasInputError, match="not a number"):
        parse_values("a,1\nb,inf\nc,3")
    assert parse_values('"New York, NY",3\nb,1\nc,2')[0] == ("New York, NY", 3.0)


def test_cli_values_file_that_is_binary(capsys, tmp_path):
    values = tmp_path / "values.csv"
    values.write_bytes(b"\xff\xfe\x00\x01")
    code = main(["measure", "wefat", "--wordset", "weat7", "--values", str(values)])
    err = capsys.readouterr().err
    assert code == 2 and "not UTF-8" in err and len(err.strip().splitlines()) == 1


def test_cli_named_sets_file_with_three_targets(capsys, tmp_path):
    path = tmp_path / "three.json"
    path.write_text(json.dumps({"targets": {"a": ["he"], "b": ["she"], "c": ["they"]},
                                "attributes": {"x": ["doctor", "nurse"]}}), encoding="utf-8")
    assert main(["measure", "mac", "--wordset", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["sets"]) == {"a", "b", "c", "x"}
    code = main(["measure", "rnd", "--wordset", str(path)])
    assert code == 2 and "RND needs exactly 2 target sets" in capsys.readouterr().err
