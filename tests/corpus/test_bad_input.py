"""Every bad corpus is one sentence and exit 2 before any training, and nothing is left behind."""

import json

import pytest

from bias.cli import main
from tests.corpus.conftest import SMALL_FLAGS
from tests.corpus.corpora import write_grouped_csv, write_txt


def train(capsys, path, *extra):
    code = main(["train", str(path), "--language", "en", "--name", "t", *SMALL_FLAGS, *extra])
    out, err = capsys.readouterr()
    return code, out, err


def bad(capsys, path, *extra):
    code, _, err = train(capsys, path, *extra)
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_bad_files(capsys, tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    assert "is empty" in bad(capsys, tmp_path / "empty.txt")
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)) * 10)
    assert "binary file" in bad(capsys, tmp_path / "binary.txt")
    (tmp_path / "latin.txt").write_bytes("caf\xe9 ok\n".encode("latin-1"))
    assert "not UTF-8" in bad(capsys, tmp_path / "latin.txt")
    (tmp_path / "long.txt").write_bytes(b"word " * 2_100_000)  # one 10.5 MB line
    assert "longer than 10 MB" in bad(capsys, tmp_path / "long.txt")
    (tmp_path / "notes.docx").write_bytes(b"x")
    assert "is not a corpus file" in bad(capsys, tmp_path / "notes.docx")
    assert "There is no corpus file" in bad(capsys, tmp_path / "absent.txt")


def test_bad_columns_and_groups(capsys, tmp_path):
    grouped = write_grouped_csv(tmp_path / "g.csv", {"1990": 1.0, "2000": 0.5}, count=30)
    assert "There is no column 'txt'" in bad(capsys, grouped, "--text-column", "txt")
    assert "Say which column" in bad(capsys, grouped)
    assert "There is no column 'party'" in bad(capsys, grouped, "--text-column", "text",
                                               "--group-column", "party")
    thin = tmp_path / "thin.csv"
    thin.write_text(grouped.read_text(encoding="utf-8") + "2010,John career office home\n",
                    encoding="utf-8")
    err = bad(capsys, thin, "--text-column", "text", "--group-column", "decade")
    assert "group '2010'" in err and "only 1 document" in err
    (tmp_path / "a.jsonl").write_text('{"body": "x"}\n', encoding="utf-8")
    assert "has no key 'text'" in bad(capsys, tmp_path / "a.jsonl", "--text-column", "text")


def test_one_word_repeated_a_million_times(capsys, tmp_path):
    path = tmp_path / "same.txt"
    path.write_text(("again " * 1_000 + "\n") * 1_000, encoding="utf-8")
    err = bad(capsys, path)
    assert "Only 1 distinct word" in err and "1,000,000 words" in err


def test_wrong_language_for_the_test(capsys, tmp_path):
    french = tmp_path / "fr.txt"
    french.write_text("\n".join(
        f"le président mot{i % 40} parle de la famille et du travail chez nous" for i in range(200)
    ), encoding="utf-8")
    err = bad(capsys, french, "--wordset", "weat6")
    assert "too small for weat6" in err and "really in English" in err
    planted = write_txt(tmp_path / "en.txt", 1.0, count=60)
    assert "is in German" in bad(capsys, planted, "--wordset", "ger1")


def test_bad_names_and_options(capsys, tmp_path):
    planted = write_txt(tmp_path / "en.txt", 1.0, count=60)
    code = main(["train", str(planted), "--language", "en", "--name", "Bad Name"])
    assert code == 2 and "cannot name an embedding" in capsys.readouterr().err
    assert "not a positive number" in bad(capsys, planted, "--replicates", "0")
    assert "segmenter" in bad(capsys, planted, "--language", "zh")


def test_preview_says_what_will_come_out(capsys, tmp_path):
    planted = write_txt(tmp_path / "en.txt", 1.0, count=60)
    code, out, _ = train(capsys, planted, "--wordset", "weat6", "--preview")
    assert code == 0, out
    assert "60 documents" in out
    data = json.loads(train(capsys, planted, "--wordset", "weat6", "--preview", "--json")[1])
    group = data["groups"][0]
    assert group["documents"] == 60 and group["tokens"] == 540
    assert sum(group["sets"][0]["words"].values()) == 30 * 2  # a male name twice in every other
    assert data["problem"] is None


@pytest.mark.parametrize("count", [3])
def test_too_rare_words_are_named_with_their_counts(capsys, tmp_path, count):
    planted = write_txt(tmp_path / "en.txt", 1.0, count=count * 20)
    code, out, _ = train(capsys, planted, "--wordset", "weat6", "--preview", "--min-count", "12")
    assert code == 2
    assert "appear at least 12 times" in out and "appears" in out


def test_the_scheduler_goes_to_run_tasks_as_given(capsys, tmp_path, monkeypatch):
    """`--scheduler` is handed to `bias.compute.run_tasks` unchanged (issue 33 runs it on a
    cluster; without one it is refused there, in a sentence)."""
    import bias.corpus.train_corpus as train_module

    seen = {}

    def refuse(fn, tasks, *, scheduler=None, workers=None):
        seen.update(scheduler=scheduler, tasks=[t.name for t in tasks], fn=fn.__name__)
        raise train_module.BiasInputError("no cluster here")

    monkeypatch.setattr(train_module, "run_tasks", refuse)
    planted = write_txt(tmp_path / "en.txt", 1.0, count=60)
    assert "no cluster here" in bad(capsys, planted, "--scheduler", "tcp://10.0.0.1:8786",
                                    "--replicates", "2")
    assert seen == {"scheduler": "tcp://10.0.0.1:8786", "tasks": ["t.r1", "t.r2"],
                    "fn": "train_one"}
