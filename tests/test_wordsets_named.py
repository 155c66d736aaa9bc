"""Named target/attribute sets in any number (the measures' input), and the four-set form."""

import json

import jsonschema
import pytest

from bias.errors import BiasInputError
from bias.wordsets.library import BUNDLED_DIR, get_named_sets
from bias.wordsets.parsing import parse_named_sets


def test_named_form_keeps_every_set_in_order(tmp_path):
    data = {
        "targets": {"men": ["he", " man "], "women": ["she"], "children": ["kid"]},
        "attributes": {"career": ["office", ""]},
    }
    sets = parse_named_sets(data, where="t.json", default_id="t")
    assert [t.name for t in sets.targets] == ["men", "women", "children"]
    assert sets.targets[0].words == ("he", "man")
    assert sets.attributes[0].words == ("office",)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(data))
    assert get_named_sets(str(path)).id == "mine"


def test_four_set_form_gives_two_targets_and_two_attributes():
    sets = get_named_sets("weat6")
    assert [t.name for t in sets.targets] == ["Male names", "Female names"]
    assert [a.name for a in sets.attributes] == ["Career", "Family"]
    assert sets.targets[0].words[0] == "John"


@pytest.mark.parametrize(
    "data, words",
    [
        ({"targets": {"a": ["x"]}, "attributes": ["y"]}, "'attributes' must be an object"),
        ({"words": ["x"]}, "needs named 'targets' and/or 'attributes', or sets X, Y, A, B"),
        ({"targets": {"a": "x"}, "attributes": {"b": ["y"]}}, "must be a list of words"),
        ({"targets": {"a": [" "]}, "attributes": {"b": ["y"]}}, "at least one word"),
        ({"targets": {"a": [3]}, "attributes": {"b": ["y"]}}, "must be a list of words"),
        ({"targets": [], "attributes": {"b": ["y"]}}, "'targets' must be an object"),
    ],
)
def test_bad_named_sets_get_one_sentence(data, words):
    with pytest.raises(BiasInputError, match=words):
        parse_named_sets(data, where="t.json", default_id="t")


def test_schema_describes_the_named_form():
    schema = json.loads((BUNDLED_DIR.parent / "docs" / "wordset.schema.json").read_text())
    named = {"$defs": schema["$defs"], **schema["$defs"]["namedSets"]}
    validator = jsonschema.Draft202012Validator(named)
    assert validator.is_valid({"targets": {"a": ["x"]}, "attributes": {"b": ["y", "z"]}})
    assert not validator.is_valid({"targets": {"a": []}, "attributes": {"b": ["y"]}})
    assert validator.is_valid({"attributes": {"male": ["he"], "female": ["she"]}})  # SC-WEAT
    assert not validator.is_valid({})


def test_a_file_may_hold_only_the_sets_its_measure_needs():
    """Whether they suffice is the measure's to say (bias.stats.measure_catalog.Measure.check)."""
    only_attributes = parse_named_sets({"attributes": {"m": ["he"], "f": ["she"]}},
                                       where="t.json", default_id="t")
    keyed = parse_named_sets({"A": ["he"], "B": ["she"]}, where="t.json", default_id="t")
    assert only_attributes.targets == keyed.targets == ()
    assert [a.words for a in keyed.attributes] == [("he",), ("she",)]
    three = parse_named_sets({"X": ["a"], "Y": ["b"], "A": ["c"]}, where="t", default_id="t")
    assert (len(three.targets), len(three.attributes)) == (2, 1)
