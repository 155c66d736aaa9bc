"""Option bounds are declared once on the options' fields (bias.bounds): the engine and the
command line refuse exactly the same values, with one sentence each."""

import argparse
import dataclasses

import pytest

from bias.bounds import Bound, bound_of
from bias.cli.args import bounded
from bias.discovery.options import CandidateOptions
from bias.discovery.sampling import DrawOptions
from bias.errors import BiasInputError
from bias.stats.measure_result import MeasureOptions
from bias.stats.permutation import MAX_DRAWS, PermutationOptions
from bias.stats.weat import WeatOptions

WHOLE = [(WeatOptions, name) for name in ("iterations", "exact_limit", "seed", "ci_resamples")] + [
    (CandidateOptions, "neighbours"), (CandidateOptions, "min_edit"),
    (DrawOptions, "draws"), (DrawOptions, "seed"), (DrawOptions, "iterations"),
]


@pytest.mark.parametrize(("options", "name"), WHOLE)
def test_the_engine_and_argparse_agree_at_every_edge(options, name):
    bound = bound_of(options, name)
    parse = bounded(bound)
    edges = [bound.low - 1, bound.low, bound.low + 1]
    if bound.high is not None:
        edges += [bound.high, bound.high + 1]
    for value in edges:
        engine_ok = bound.problem(value) is None
        try:
            options(**{name: value})
        except BiasInputError:
            assert not engine_ok, (name, value)
        else:
            assert engine_ok, (name, value)
        try:
            parse(str(value))
        except argparse.ArgumentTypeError:
            assert not engine_ok, (name, value)
        else:
            assert engine_ok, (name, value)


def test_declared_values_are_the_ones_that_were_written_by_hand():
    draws = bound_of(PermutationOptions, "iterations")
    assert (draws.low, draws.high) == (1, MAX_DRAWS)
    assert bound_of(WeatOptions, "iterations") == draws
    assert (bound_of(WeatOptions, "seed").low, bound_of(WeatOptions, "seed").high) == (0, None)
    assert bound_of(WeatOptions, "ci_resamples").high == 1_000_000
    holdout = bound_of(MeasureOptions, "rnsb_holdout")
    assert (holdout.low, holdout.high, holdout.exclusive, holdout.whole) == (0, 1, True, False)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "The number of draws must be at least 1."),
        (2.5, "The number of draws must be a whole number from 1 to 10,000,000."),
        (True, "The number of draws must be a whole number from 1 to 10,000,000."),
        (MAX_DRAWS + 1, "At most 10,000,000 draws, please: more would not fit in memory"),
    ],
)
def test_each_refusal_is_a_sentence(value, message):
    with pytest.raises(BiasInputError) as caught:
        WeatOptions(iterations=value)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize("share", [0, 1, -0.5, 1.5, "0.2"])
def test_a_fraction_strictly_between_its_bounds(share):
    with pytest.raises(BiasInputError, match="RNSB's held-out share must be"):
        MeasureOptions(rnsb_holdout=share)
    assert MeasureOptions(rnsb_holdout=0.5).rnsb_holdout == 0.5


def test_a_field_without_a_bound_says_so():
    with pytest.raises(KeyError):
        bound_of(WeatOptions, "method")
    assert "bound" not in dataclasses.fields(WeatOptions)[0].metadata
    assert Bound("The seed", 0).span == "0 or more"


def test_the_word_limit_is_one_bound_for_the_readers_and_the_command_line(tmp_path):
    from bias.vectors.import_report import WORD_LIMIT
    from bias.vectors.sources import read_vectors

    path = tmp_path / "v.vec"
    path.write_text("alpha 1 0\n")
    with pytest.raises(BiasInputError, match=r"^The word limit must be at least 1\.$"):
        read_vectors(path, limit=0)
    with pytest.raises(argparse.ArgumentTypeError, match="0 is not a positive number"):
        bounded(WORD_LIMIT)("0")
    assert read_vectors(path, limit=1).words == ["alpha"]


def test_biaswords_options_declare_what_was_written_by_hand():
    spans = {name: (bound_of(CandidateOptions, name).low, bound_of(CandidateOptions, name).high)
             for name in ("neighbours", "min_edit", "min_zipf")}
    assert spans == {"neighbours": (1, 1000), "min_edit": (0, None), "min_zipf": (0, 8)}
    assert (bound_of(DrawOptions, "draws").low, bound_of(DrawOptions, "draws").high) == (1, 10_000)
    assert bound_of(DrawOptions, "seed") == bound_of(WeatOptions, "seed")
    assert bound_of(DrawOptions, "iterations") == bound_of(WeatOptions, "iterations")
    alpha = bound_of(DrawOptions, "alpha")
    assert (alpha.low, alpha.high, alpha.exclusive, alpha.whole) == (0, 1, True, False)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: CandidateOptions(neighbours=0), "The number of neighbours must be at least 1."),
        (lambda: CandidateOptions(neighbours=1001),
         "The number of neighbours must be from 1 to 1,000."),
        (lambda: CandidateOptions(neighbours=2.0),
         "The number of neighbours must be a whole number from 1 to 1,000."),
        (lambda: CandidateOptions(min_edit=-1), "The minimum edit distance must be 0 or more."),
        (lambda: CandidateOptions(min_edit=True),
         "The minimum edit distance must be a whole number of 0 or more."),
        (lambda: CandidateOptions(min_zipf=8.5),
         "The frequency floor (a Zipf value) must be from 0 to 8."),
        (lambda: CandidateOptions(min_zipf=-0.1),
         "The frequency floor (a Zipf value) must be 0 or more."),
        (lambda: CandidateOptions(min_zipf="2"),
         "The frequency floor (a Zipf value) must be a number from 0 to 8."),
        (lambda: DrawOptions(draws=0), "The number of draws must be at least 1."),
        (lambda: DrawOptions(draws=10_001), "At most 10,000 draws, please: 100 is usually enough."),
        (lambda: DrawOptions(seed=-1), "The random seed must be 0 or more."),
        (lambda: DrawOptions(alpha=1), "The significance level must be between 0 and 1."),
        (lambda: DrawOptions(alpha=0.0), "The significance level must be between 0 and 1."),
    ],
)
def test_biaswords_refusals_are_sentences(make, message):
    with pytest.raises(BiasInputError) as caught:
        make()
    assert str(caught.value) == message


def test_an_optional_bound_lets_none_mean_off():
    assert CandidateOptions(min_zipf=None).min_zipf is None
    assert CandidateOptions(min_zipf=0).min_zipf == 0
    assert CandidateOptions(min_zipf=8).min_zipf == 8
    assert Bound("x", 0).problem(None) == "x must be a whole number of 0 or more."
    assert DrawOptions(alpha=0.01).alpha == 0.01


def test_the_biaswords_command_reads_the_same_bounds(capsys):
    from bias.cli import build_parser

    parser = build_parser("biaswords")
    args = parser.parse_args(["biaswords", "--wordset", "weat7", "--neighbours", "1000",
                              "--min-edit", "0", "--draws", "10_000", "--seed", "0"])
    assert (args.neighbours, args.min_edit, args.draws, args.seed) == (1000, 0, 10_000, 0)
    for flag, value, message in [
        ("--neighbours", "1001", "1001 is more than 1,000"),
        ("--draws", "10001", "At most 10,000 draws, please: 100 is usually enough"),
        ("--min-edit", "-1", "-1 is negative"),
    ]:
        with pytest.raises(SystemExit) as code:
            parser.parse_args(["biaswords", "--wordset", "weat7", flag, value])
        assert code.value.code == 2 and message in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parser.parse_args(["biaswords", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "nearest neighbours per seed word (from 1 to 1,000; default 20)" in help_text
    assert "random new word sets to draw and validate (from 1 to 10,000; default 100)" in help_text
