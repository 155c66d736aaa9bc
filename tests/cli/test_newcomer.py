"""The command line as a newcomer meets it: language names, one word for reshufflings, `| head`."""

import subprocess
import sys
from pathlib import Path

from bias.cli import main
from bias.vectors.catalog import language_code

ROOT = Path(__file__).resolve().parents[2]


def test_language_code_accepts_names_and_codes():
    assert language_code("German") == "de"
    assert language_code(" swedish ") == "sv"
    assert language_code("DE") == "de"
    assert language_code("xx") == "xx"  # a code without a name here still works


def test_wordsets_by_language_name(capsys):
    assert main(["wordsets", "--language", "German"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(line.split()[1] == "de" for line in lines)
    assert any(line.startswith("biasw1 ") for line in lines)


def test_an_unknown_language_says_which_exist(capsys):
    assert main(["wordsets", "--language", "Klingon"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wordsets: There are no word sets for the language 'Klingon'.")
    assert "de (German)" in err and "en (English)" in err


def test_the_report_says_reshufflings_as_the_dashboard_does(capsys):
    assert main(["weat", "--wordset", "weat7"]) == 0
    out = capsys.readouterr().out
    assert "exact, all 12,870 reshufflings" in out
    assert "partition" not in out


def test_weat_help_explains_reshufflings_once(capsys):
    assert main(["weat", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "the target words dealt anew into two lists of the same sizes" in out


def test_a_reader_that_stops_early_gets_no_traceback(home):
    """`python -m bias wordsets --json | head -c 100`: the output (about 1 MB) outgrows the pipe,
    so the closed pipe is certain to be hit."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bias", "wordsets", "--json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout.read(100).startswith(b"[")
    proc.stdout.close()  # what `head` does once it has its lines
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_a_test_in_another_language_says_where_to_get_a_matching_embedding(tmp_path, capsys):
    """Italian words that English GloVe lacks: the error names the page and the command."""
    wordset = tmp_path / "ita.json"
    wordset.write_text(
        '{"language": "it", "X": ["matematica"], "Y": ["poesia"], "A": ["zzqqa"], "B": ["donna"]}',
        encoding="utf-8",
    )
    assert main(["weat", "--wordset", str(wordset)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert "The word set is in Italian but glove-6b-50d is English." in err
    assert "on the Embeddings page (or `python -m bias import --fasttext it`)" in err
    assert "choose it as the active embedding in the sidebar (or pass `--embedding NAME`)" in err


def test_the_language_mismatch_note_points_to_a_matching_embedding(capsys):
    assert main(["weat", "--wordset", "weat7-ger"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (
        "For a fair test add an embedding in German on the Embeddings page (or `python -m bias "
        "import --fasttext de`) and choose it." in out
    )
