"""Issue 35, item 7: files that are almost right are refused with one sentence and exit 2, not
read silently: a key twice in a word-set file (the last won), a published value NaN or
Infinity, a `.vec` header such as '-1 -5' (it became a one-word, one-dimensional embedding), and
an embedding of one dimension from any reader (every cosine is ±1)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from bias.cli import main
from bias.errors import BiasInputError
from bias.vectors import store, visitor
from bias.vectors.server_access import ServerAccess
from bias.vectors.spacy_pipelines import read_spacy_vectors
from bias.wordsets.parsing import parse_wordset
from tests.hostile.test_cli_messages import one_sentence, weat7_file
from tests.vectors.test_spacy_pipelines import write_pipeline


def test_a_word_set_with_a_key_twice_is_refused(tmp_path: Path, capsys) -> None:
    text = json.dumps(json.loads(weat7_file(tmp_path / "w.json").read_text()))
    twice = text.replace('"sets": {', '"sets": {"X": {"name": "Other", "words": ["a"]}, ', 1)
    (tmp_path / "w.json").write_text(twice)
    assert main(["weat", "--wordset", str(tmp_path / "w.json")]) == 2
    assert "has the key 'X' twice in one object" in one_sentence(capsys)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_a_reported_nan_or_infinity_is_refused(tmp_path: Path, capsys, value: str) -> None:
    path = weat7_file(tmp_path / "w.json", reported={"effect_size": 1.5})
    path.write_text(path.read_text().replace('"effect_size": 1.5', f'"effect_size": {value}'))
    assert main(["weat", "--wordset", str(path)]) == 2
    assert f"holds {value}, which JSON does not allow" in one_sentence(capsys)


@pytest.mark.parametrize(("value", "message"), [
    ("nan", "the reported effect size is nan"),  # a string float() reads, or a notebook's float
    (math.inf, "the reported effect size is inf"),
])
def test_a_reported_non_number_is_refused_however_it_came(value, message) -> None:
    data = {"X": ["a"], "Y": ["b"], "A": ["c"], "B": ["d"], "reported": {"effect_size": value}}
    with pytest.raises(BiasInputError, match=message):
        parse_wordset(data, where="mine", default_id="mine", origin="notebook")


def test_a_reported_p_value_outside_zero_to_one_is_refused() -> None:
    data = {"X": ["a"], "Y": ["b"], "A": ["c"], "B": ["d"], "reported": {"p_value": 1.5}}
    with pytest.raises(BiasInputError, match="a p-value lies between 0 and 1"):
        parse_wordset(data, where="mine", default_id="mine", origin="notebook")


@pytest.mark.parametrize(("content", "message"), [
    (b"-1 -5\n", "begins with the header line '-1 -5'"),
    (b"-3 2\na 1 0\nb 0 1\n", "begins with the header line '-3 2'"),
    (b"0 2\na 1 0\n", "begins with the header line '0 2'"),
    (b"123456789012345 2\na 1 0\n", "begins with the header line '123456789012345 2'"),
    (b"3 1\na 1\nb -1\nc 2\n", "has one value per word, so every cosine is 1 or -1"),
    (b"a 1\nb -1\nc 2\n", "has one value per word"),  # GloVe-style, no header
])
def test_a_bad_header_or_one_dimension_in_text_is_refused(tmp_path, capsys, home, content,
                                                          message) -> None:
    (tmp_path / "v.vec").write_bytes(content)
    argv = ["import", str(tmp_path / "v.vec"), "--name", "v", "--language", "en", "--quiet"]
    assert main(argv) == 2
    assert message in one_sentence(capsys)
    assert store.list_cached() == []


def test_a_one_dimensional_word2vec_binary_is_refused(tmp_path, capsys, home) -> None:
    rows = b"".join(w + b" " + np.float32(v).tobytes() + b"\n"
                    for w, v in ((b"a", 1.0), (b"b", -1.0)))
    (tmp_path / "w.bin").write_bytes(b"2 1\n" + rows)
    argv = ["import", str(tmp_path / "w.bin"), "--name", "wv", "--language", "en", "--quiet"]
    assert main(argv) == 2
    assert "has one value per word" in one_sentence(capsys)


def test_a_one_dimensional_spacy_table_is_refused(tmp_path) -> None:
    folder = write_pipeline(tmp_path / "p", [[1.0], [-1.0]], [("homme", 0), ("femme", 1)])
    with pytest.raises(BiasInputError, match="has one value per word"):
        read_spacy_vectors(str(folder))


def test_a_one_dimensional_upload_is_refused(home) -> None:
    with pytest.raises(BiasInputError, match="has one value per word"):
        visitor.import_upload(b"2 1\nhaus 1\nkatze -1\n", "mine.vec", name="mine",
                              language="de", limit=10, access=ServerAccess())
    assert store.list_cached() == []
