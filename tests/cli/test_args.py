"""`bias.cli.args`: what every command shares. A usage error is one sentence and exit 2, a whole
number may be written 1_000, and a declared bound gives argparse its type and its help."""

from __future__ import annotations

import argparse
import os

import pytest

from bias.bounds import Bound
from bias.cli.args import Parser, bounded, bounded_help, whole_number, write_report
from bias.errors import BiasInputError


def refusal(parse, text: str) -> str:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        parse(text)
    return str(caught.value)


def test_a_usage_error_is_one_capitalised_sentence_and_exit_2(capsys):
    parser = Parser(prog="python -m bias weat")
    parser.add_argument("--seed", type=whole_number(0))
    with pytest.raises(SystemExit) as code:
        parser.parse_args(["--seed", "x"])
    err = capsys.readouterr().err
    assert code.value.code == 2
    assert err == ("python -m bias weat: Argument --seed: 'x' is not a whole number. "
                   "See `python -m bias weat --help`.\n")


@pytest.mark.parametrize(
    ("text", "value", "message"),
    [
        ("1_000", 1000, None),
        ("7", 7, None),
        ("0", None, "0 is not a positive number"),
        ("-1", None, "-1 is not a positive number"),
        ("12000", None, "12000 is more than 10,000"),
        ("2.5", None, "'2.5' is not a whole number"),
    ],
)
def test_whole_numbers_within_their_range(text, value, message):
    parse = whole_number(1, 10_000)
    if message is None:
        assert parse(text) == value
    else:
        assert refusal(parse, text) == message


def test_the_lower_bound_is_worded_by_its_value():
    assert refusal(whole_number(0), "-1") == "-1 is negative"
    assert refusal(whole_number(100), "99") == "99 is less than 100"


def test_a_bound_with_a_reason_says_it_above_the_top():
    bound = Bound("The number of draws", 1, 10, unit="draws", reason="more would not help")
    assert refusal(bounded(bound), "11") == "At most 10 draws, please: more would not help"
    assert bounded(bound)("10") == 10
    assert bounded_help("random draws", bound, 5) == "random draws (from 1 to 10; default 5)"
    with pytest.raises(TypeError):
        bounded(Bound("A share", 0, 1, whole=False))


def test_a_report_is_written_readable_by_others_and_never_over_a_folder(tmp_path, capsys):
    target = tmp_path / "report.html"
    write_report(str(target), "<html></html>")
    umask = os.umask(0)
    os.umask(umask)
    assert target.read_text() == "<html></html>"
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    assert capsys.readouterr().err == f"Report written to {target}\n"
    with pytest.raises(BiasInputError, match="is not a regular file"):
        write_report(str(tmp_path), "<html></html>")
