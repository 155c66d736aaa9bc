"""Items 10 and 12 on the command line: one sentence and exit 2 where a traceback was, a BOM
accepted, control characters never echoed raw, damaged saved sets listed."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

from bias.cli import main
from bias.report.text import percent
from bias.wordsets.library import get_wordset


def weat7_file(path: Path, **changes: object) -> Path:
    data = get_wordset("weat7").to_dict()
    data.update(changes)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def one_sentence(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"X": [' + "1" * 5000 + "]}", "holds a number too long to read"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"X": {"X": ' * 3000 + "1" + "}" * 6000, "nested too deeply"),
    ],
)
def test_hostile_word_set_files_are_one_sentence(tmp_path: Path, capsys, content, message):
    path = tmp_path / "sets.json"
    path.write_text(content)
    assert main(["weat", "--wordset", str(path)]) == 2
    assert message in one_sentence(capsys)


def test_a_huge_reported_number_is_one_sentence(tmp_path: Path, capsys) -> None:
    path = weat7_file(tmp_path / "w.json")
    data = json.loads(path.read_text())
    data["reported"] = {"p_value": int("9" * 4000)}
    path.write_text(json.dumps(data))
    assert main(["weat", "--wordset", str(path)]) == 2
    assert "must be numbers" in one_sentence(capsys)


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys) -> None:
    path = weat7_file(tmp_path / "notepad.json")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert main(["weat", "--wordset", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wordset"] == "weat7"


def test_control_characters_in_words_are_escaped_on_the_terminal(tmp_path: Path, capsys) -> None:
    sets = get_wordset("weat7").to_dict()["sets"]
    sets["X"]["words"] = [*sets["X"]["words"], "evil\x1b[2J\x1b]0;pwned\x07", "rtl\u202eword"]
    path = weat7_file(tmp_path / "ansi.json", sets=sets)
    assert main(["weat", "--wordset", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "evil\\u001b[2J" in out
    assert main(["weat", "--wordset", str(path), "--json"]) == 0
    words = json.loads(capsys.readouterr().out)["sets"]["X"]["missing"]
    assert "evil\x1b[2J\x1b]0;pwned\x07" in words and "rtl\u202eword" in words


def test_p_equal_to_one_is_written_as_100_percent() -> None:
    assert [percent(x) for x in (100.0, 99.97, 12.3, 0.0123)] == ["100", "100", "12", "0.012"]


def test_a_damaged_saved_word_set_is_listed_not_hidden(home: Path, capsys) -> None:
    (home / "wordsets").mkdir()
    weat7_file(home / "wordsets" / "mine.json", id="mine")
    (home / "wordsets" / "broken.json").write_text("{oops")
    assert main(["wordsets"]) == 0
    out = capsys.readouterr().out
    assert "mine" in out and "broken.json" in out and "damaged:" in out and "not valid JSON" in out


def _fasttext_bin(path: Path) -> Path:
    from gensim.models import FastText
    from gensim.models.fasttext import save_facebook_model

    corpus = [["der", "hund", "bellt"], ["die", "katze", "schläft"]] * 10
    model = FastText(vector_size=8, window=2, min_count=1, min_n=2, max_n=3, bucket=200, seed=1)
    model.build_vocab(corpus)
    model.train(corpus, total_examples=len(corpus), epochs=1)
    save_facebook_model(model, str(path))
    return path


@pytest.mark.parametrize("cut", [30, 60, 75, 120, 2000, -4])
def test_a_truncated_fasttext_bin_is_one_sentence(tmp_path: Path, capsys, cut: int) -> None:
    data = _fasttext_bin(tmp_path / "model.bin").read_bytes()
    (tmp_path / "cut.bin").write_bytes(data[:cut])
    argv = ["import", str(tmp_path / "cut.bin"), "--name", "ft", "--language", "de", "--quiet"]
    assert main(argv) == 2
    assert "is damaged or truncated" in one_sentence(capsys)


@pytest.mark.parametrize(
    ("offset", "value", "message"),
    [
        (8, 10**9, "has 1,000,000,000 values per word"),  # dim
        (64, 2**31 - 1, "damaged or truncated"),  # vocabulary size
        (72, 5, "supervised fastText classifier"),  # nlabels
    ],
)
def test_a_corrupted_fasttext_header_is_one_sentence(tmp_path, capsys, offset, value, message):
    data = bytearray(_fasttext_bin(tmp_path / "model.bin").read_bytes())
    data[offset : offset + 4] = struct.pack("<i", value)
    (tmp_path / "bad.bin").write_bytes(bytes(data))
    argv = ["import", str(tmp_path / "bad.bin"), "--name", "ft", "--language", "de", "--quiet"]
    assert main(argv) == 2
    assert message in one_sentence(capsys)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (b"3 1000000000\n", "has 1,000,000,000 values per word"),
        (b"99999999 300\n", "more than the file holds"),
        (b"not a header\n", "does not start with a line"),
    ],
)
def test_a_forged_word2vec_header_is_refused_before_gensim(tmp_path, capsys, header, message):
    (tmp_path / "w.bin").write_bytes(header + b"a " + b"\x00" * 64)
    argv = ["import", str(tmp_path / "w.bin"), "--name", "wv", "--language", "en", "--quiet"]
    assert main(argv) == 2
    assert message in one_sentence(capsys)
