"""Reading, validating and saving word sets; every bundled file meets the schema."""

import dataclasses
import json

import jsonschema
import pytest

from bias.errors import BiasInputError
from bias.vectors.catalog import LANGUAGES
from bias.wordsets.editing import safe_id, save_user_wordset
from bias.wordsets.library import (
    BUNDLED_DIR,
    all_wordsets,
    bundled_wordsets,
    get_wordset,
    user_wordsets,
)
from bias.wordsets.parsing import parse_words, read_wordset


def test_every_bundled_file_meets_the_schema():
    paths = sorted(BUNDLED_DIR.glob("*.json"))
    assert len(paths) >= 38
    for path in paths:
        wordset = read_wordset(path, "bundled")
        assert wordset.id == path.stem
        assert wordset.language in LANGUAGES
        assert wordset.source.get("citation")
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(data) == {"id", "title", "language", "sets", "source", "reported", "notes",
                             "variant_of"}
        for key in "XYAB":
            words = data["sets"][key]["words"]
            assert words == [w.strip() for w in words]
            repeated = sorted({w for w in words if words.count(w) > 1})
            if repeated:  # kept only where the source repeats them, and then named in the notes
                assert wordset.from_weathub, path.name
                note = next(n for n in wordset.notes if n.startswith(f"{key} (") and "repeats" in n)
                assert all(f"{w} (" in note for w in repeated), (path.name, key)
            assert data["sets"][key]["name"]
        if wordset.variant_of:
            assert wordset.variant_of in bundled_wordsets()


def test_every_bundled_file_meets_the_json_schema():
    """docs/wordset.schema.json is the written schema; every bundled file must satisfy it."""
    schema = json.loads((BUNDLED_DIR.parent / "docs" / "wordset.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sorted(BUNDLED_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert [e.message for e in validator.iter_errors(data)] == [], path.name
        assert data["id"] == path.stem
    broken = {**data, "sets": {**data["sets"], "B": {"name": "B", "words": [" padded "]}}}
    assert not validator.is_valid(broken)
    assert not validator.is_valid({**data, "source": {**data["source"], "licence": 4}})


def test_issue_ids_are_all_bundled():
    ids = set(bundled_wordsets())
    wanted = {f"weat{i}" for i in range(1, 11)} | {
        "weat5-ori", "weat5-ita", "weat5-swe", "weat6-ori", "weat6-ita", "weat6-ita-ch",
        "weat6-swe", "weat7-ori", "weat7-ita", "weat7-swe", "weat8-ori", "weat8-ita", "weat8-swe",
        "weat5-origin", "weat6-origin-m", "weat6-origin-f", "biasw1", "biasw2", "biasw3",
    }
    assert wanted <= ids


def test_round_trip_keeps_everything():
    for wordset in bundled_wordsets().values():
        assert json.loads(json.dumps(wordset.to_dict())) == json.loads(
            (BUNDLED_DIR / f"{wordset.id}.json").read_text(encoding="utf-8")
        )


def test_a_source_field_that_is_not_text_is_one_sentence(tmp_path):
    path = tmp_path / "licence.json"
    path.write_text(json.dumps({"X": ["a"], "Y": ["b"], "A": ["c"], "B": ["d"],
                                "source": {"citation": "me", "licence": ["CC BY"]}}))
    with pytest.raises(BiasInputError, match="source field 'licence' must be text"):
        read_wordset(path)


def test_parse_words_accepts_lines_and_commas():
    assert parse_words("a, b\n c \n\n,d,a") == ["a", "b", "c", "d", "a"]


def test_parse_words_accepts_semicolons_and_tabs_but_keeps_phrases():
    assert parse_words("poetry; art; dance") == ["poetry", "art", "dance"]
    assert parse_words("math\talgebra\t\tgeometry\r\nNew York;;calculus") == [
        "math", "algebra", "geometry", "New York", "calculus"]


def test_json_words_are_only_stripped_never_split(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"X": [" New York ", "a, b", ""], "Y": ["c"], "A": ["d"],
                                "B": ["e", "e"]}))
    wordset = read_wordset(path)
    assert wordset.X.words == ("New York", "a, b")
    assert wordset.B.words == ("e", "e")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "is not valid JSON"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b'{"X": ["a"], "Y": ["b"], "A": ["c"]}', "set B is missing"),
        (b'{"X": [], "Y": ["b"], "A": ["c"], "B": ["d"]}', "set X is empty"),
        (b'{"X": ["  ", ""], "Y": ["b"], "A": ["c"], "B": ["d"]}', "set X is empty"),
        (b'{"X": [1, 2], "Y": ["b"], "A": ["c"], "B": ["d"]}', "only words"),
        (b'[1, 2]', "must be a JSON object"),
    ],
)
def test_bad_files_are_one_sentence(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(BiasInputError, match=message):
        read_wordset(path)


def test_plain_four_set_file_with_optional_names(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"X": ["a", "b"], "Y": {"name": "Ys", "words": ["c"]},
                                "A": ["d"], "B": ["e"]}))
    wordset = get_wordset(str(path))
    assert (wordset.id, wordset.X.words, wordset.Y.name, wordset.A.name) == (
        "mine", ("a", "b"), "Ys", "Attribute A")


def test_unknown_id_and_missing_file(home):
    with pytest.raises(BiasInputError, match="There is no word set 'nope'"):
        get_wordset("nope")
    with pytest.raises(BiasInputError, match="There is no word-set file"):
        get_wordset("/nowhere/x.json")


def test_save_never_overwrites_a_bundled_set_and_survives_reload(home):
    original = get_wordset("weat7")
    saved = save_user_wordset(original)
    assert saved.id == "user-weat7" and saved.origin == "user"
    assert (home / "wordsets" / "user-weat7.json").exists()
    assert get_wordset("weat7").origin == "bundled"
    assert user_wordsets()["user-weat7"].X == original.X
    assert "user-weat7" in {ws.id for ws in all_wordsets("en")}
    assert not list((home / "wordsets").glob("*.tmp"))


def test_safe_id_sanitises():
    assert safe_id("Mein Test: Ärzte/Ärztinnen!") == "mein-test-arzte-arztinnen"
    assert safe_id("../../etc/passwd") == "etc-passwd"
    assert safe_id("???") == "my-word-set"


def test_a_different_set_under_the_same_title_never_replaces_the_first(home):
    first = get_wordset("weat7")
    one = save_user_wordset(dataclasses.replace(first, id="Mine", title="Mine"))
    again = save_user_wordset(dataclasses.replace(first, id="Mine", title="Mine"))
    other = dataclasses.replace(first, id="Mine", title="Mine", X=first.Y, Y=first.X)
    two = save_user_wordset(other)
    cyrillic = save_user_wordset(dataclasses.replace(other, id="Имена", title="Имена", A=first.B))
    assert (one.id, again.id, two.id) == ("mine", "mine", "mine-2")
    assert cyrillic.id == "my-word-set"
    saved = user_wordsets()
    assert saved["mine"].X == first.X and saved["mine-2"].X == first.Y


def test_a_selection_meets_the_schema_and_round_trips(tmp_path):
    """A set saved from BiasWords' draws keeps how it was chosen (optional `selection`)."""
    from dataclasses import replace

    from bias.errors import BiasInputError
    from bias.wordsets import Selection
    from bias.wordsets.parsing import parse_wordset

    schema = json.loads((BUNDLED_DIR.parent / "docs" / "wordset.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    chosen = replace(get_wordset("weat7"),
                     selection=Selection("glove-6b-50d", 3, 100, 0.0004, 0.04))
    data = chosen.to_dict()
    assert [e.message for e in validator.iter_errors(data)] == []
    back = parse_wordset(data, where="x", default_id="x", origin="user")
    assert back.selection == chosen.selection
    assert "selection" not in get_wordset("weat7").to_dict()  # optional: absent when none
    with pytest.raises(BiasInputError, match="draw outside 1 to its number of draws"):
        parse_wordset({**data, "selection": {**data["selection"], "draw": 101}}, where="x",
                      default_id="x", origin="user")
    assert not validator.is_valid({**data, "selection": {"draws": 3}})
