"""Option bounds are declared once on the options' fields (bias.bounds): the engine and the
command line refuse exactly the same values, with one sentence each."""

import argparse
import dataclasses

import pytest

from bias.bounds import Bound, bound_of
from bias.cli.args import bounded
from bias.errors import BiasInputError
from bias.stats.measure import MeasureOptions
from bias.stats.permutation import MAX_DRAWS, PermutationOptions
from bias.stats.weat import WeatOptions

WHOLE = [(WeatOptions, name) for name in ("iterations", "exact_limit", "seed", "ci_resamples")]


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
    from bias.vectors.raw import WORD_LIMIT
    from bias.vectors.sources import read_vectors

    path = tmp_path / "v.vec"
    path.write_text("alpha 1 0\n")
    with pytest.raises(BiasInputError, match=r"^The word limit must be at least 1\.$"):
        read_vectors(path, limit=0)
    with pytest.raises(argparse.ArgumentTypeError, match="0 is not a positive number"):
        bounded(WORD_LIMIT)("0")
    assert read_vectors(path, limit=1).words == ["alpha"]
