"""The command line: JSON shapes, readable reports, and bad input as one sentence with exit 2."""

import json
import subprocess
import sys

import pytest

from tests.command import run


def test_wordsets_json_shape(capsys):
    code, out, _ = run(capsys, "wordsets", "--language", "sv", "--json")
    assert code == 0
    items = json.loads(out)
    assert {item["id"] for item in items} >= {"weat5-swe", "weat6-swe", "weat7-swe", "weat8-swe"}
    swe6 = next(item for item in items if item["id"] == "weat6-swe")
    assert set(swe6) >= {"id", "title", "language", "sets", "source", "reported"}
    assert swe6["sets"]["X"]["words"][:2] == ["Lucas", "Liam"]
    assert swe6["reported"]["effect_size"] == pytest.approx(3.74003113)


def test_weat_json_has_every_promised_field(capsys):
    code, out, _ = run(capsys, "weat", "--wordset", "weat7", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("effect_size", "p_value", "statistic", "method", "iterations", "seed", "warnings"):
        assert key in data
    assert data["method"] == "exact" and data["iterations"] == 12870
    assert data["p_value"] == pytest.approx(3 / 12870)
    assert data["sets"]["A"]["name"] == "Male terms"
    assert data["sets"]["X"]["used"][0] == "math" and data["sets"]["X"]["missing"] == []


def test_weat_sampled_two_sided_with_seed(capsys):
    code, out, _ = run(capsys, "weat", "--wordset", "weat7", "--sampled", "--iterations", "5000",
                       "--seed", "3", "--two-sided", "--json")
    data = json.loads(out)
    assert (code, data["method"], data["iterations"], data["seed"]) == (0, "randomized", 5000, 3)
    assert data["alternative"] == "two-sided"
    assert len(data["p_value_interval"]) == 2


def test_weat_accepts_a_json_file_and_reports_missing_words(capsys, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"X": ["doctor", "engineer", "qqqzzz"], "Y": ["nurse", "teacher"],
                                "A": ["he", "man"], "B": ["she", "woman"]}))
    code, out, _ = run(capsys, "weat", "--wordset", str(path), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["sets"]["X"]["missing"] == ["qqqzzz"]
    assert any("qqqzzz" in w for w in data["warnings"])
    assert {"code": "missing_words", "set": "X", "name": "Target X", "words": ["qqqzzz"],
            "total": 3, "embedding": "glove-6b-50d"} in data["notes"]


def test_readable_report(capsys):
    code, out, _ = run(capsys, "weat", "--wordset", "weat6", "--iterations", "1000")
    assert code == 0
    assert "Bias detected at the 5% level" in out
    assert "Source reported: d = 1.81" in out
    assert "John→john" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["weat", "--wordset", "nope"], "There is no word set 'nope'"),
        (["weat", "--wordset", "weat7", "--embedding", "xx"], "There is no embedding called 'xx'"),
        (["weat", "--wordset", "/no/such/file.json"], "There is no word-set file"),
        (["weat", "--wordset", "weat7", "--iterations", "abc"], "'abc' is not a whole number"),
        (["weat", "--wordset", "weat7", "--iterations", "0"], "0 is not a positive number"),
        (["weat", "--wordset", "weat7", "--iterations", "-3"], "not a positive number"),
        (["weat", "--wordset", "weat6-swe"], "The word set is in Swedish"),
        (["weat", "--wordset", "weat3", "--exact"], "too many to enumerate"),
    ],
)
def test_bad_input_is_one_sentence_and_exit_2(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe not utf8", "is not UTF-8"),
        (b"{broken", "is not valid JSON"),
        (b'{"X": [], "Y": ["a"], "A": ["b"], "B": ["c"]}', "set X is empty"),
        (b'{"X": ["zzqqa"], "Y": ["a"], "A": ["b"], "B": ["c"]}', "Every word of set X"),
    ],
)
def test_bad_files_through_the_real_process(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    proc = subprocess.run([sys.executable, "-m", "bias", "weat", "--wordset", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_unreadable_file(tmp_path, capsys):
    directory = tmp_path / "dir.json"
    directory.mkdir()
    code, _, err = run(capsys, "weat", "--wordset", str(directory))
    assert code == 2 and "cannot be read" in err


def test_embeddings_lists_the_bundled_default(capsys):
    code, out, _ = run(capsys, "embeddings", "--json")
    items = json.loads(out)
    glove = next(item for item in items if item["name"] == "glove-6b-50d")
    assert (code, glove["language"], glove["words"], glove["dimensions"]) == (0, "en", 400000, 50)


def test_biaswords_json_shape(capsys):
    code, out, _ = run(capsys, "biaswords", "--wordset", "weat7", "--draws", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data["candidates"]) == {"X", "Y", "A", "B"}
    first = data["candidates"]["X"][0]
    assert set(first) >= {"word", "seed", "similarity", "pos", "kept", "reason"}
    assert len(data["draws"]) == 3
    draw = data["draws"][0]
    assert set(draw) >= {"X", "Y", "A", "B", "p_value", "effect_size"}
    assert len(draw["X"]) == 8 and 0 < draw["p_value"] <= 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["biaswords", "--wordset", "nope"], "There is no word set 'nope'"),
        (["biaswords", "--wordset", "weat7", "--neighbours", "0"], "0 is not a positive number"),
        (["biaswords", "--wordset", "weat7", "--min-edit", "-1"], "-1 is negative"),
        (["biaswords", "--wordset", "weat7", "--embedding", "xx"], "no embedding called 'xx'"),
    ],
)
def test_biaswords_bad_input(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["weat", "biaswords"])
def test_negative_seed_is_a_sentence(capsys, command):
    code, _, err = run(capsys, command, "--wordset", "weat7", "--seed", "-1")
    assert code == 2 and "-1 is negative" in err and err.count("\n") == 1


def test_too_many_draws_is_a_sentence(capsys):
    code, _, err = run(capsys, "weat", "--wordset", "weat7", "--iterations", "100000000")
    assert code == 2 and "At most 10,000,000 draws" in err
