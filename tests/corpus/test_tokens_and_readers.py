"""Cutting text into words per language, and every file format read into the same documents."""

import json
import zipfile

import pytest

from bias.corpus.options import ReadOptions
from bias.corpus.readers import documents
from bias.corpus.tokens import NUMBER_TOKEN, tokeniser
from bias.errors import BiasInputError


def test_words_keep_combining_marks_apostrophes_and_hyphens():
    cut = tokeniser("hi", ReadOptions())
    assert cut("हिन्दी भाषा") == ["हिन्दी", "भाषा"]  # `\w` alone splits at the vowel signs
    english = tokeniser("en", ReadOptions())
    assert english("Don't see https://x.org/a?b=1 or me@x.org: Well-known!") == [
        "don't", "see", "or", "well-known"]


def test_language_rules_for_case_and_elision():
    assert tokeniser("tr", ReadOptions())("IŞIK İstanbul") == ["ışık", "istanbul"]
    assert tokeniser("fr", ReadOptions())("L'homme qu'il aime, aujourd'hui") == [
        "l'", "homme", "qu'", "il", "aime", "aujourd'hui"]
    assert tokeniser("en", ReadOptions(lowercase=False))("Paris") == ["Paris"]


@pytest.mark.parametrize(("mode", "expected"), [
    ("drop", ["in", "1990s"]), ("keep", ["in", "1990", "1990s"]),
    ("token", ["in", NUMBER_TOKEN, "1990s"])])
def test_numbers_dropped_kept_or_replaced(mode, expected):
    assert tokeniser("en", ReadOptions(numbers=mode))("in 1990 1990s") == expected


def test_spaceless_scripts_are_refused_not_mangled():
    with pytest.raises(BiasInputError, match="word segmenter"):
        tokeniser("zh", ReadOptions())


def test_every_format_gives_the_same_documents(tmp_path):
    texts = ["first text", "second, with a comma", 'third "quoted"']
    (tmp_path / "c.txt").write_text("\n".join(texts) + "\n", encoding="utf-8")
    (tmp_path / "c.csv").write_text(
        "group,text\n" + "".join(f'a,"{t.replace(chr(34), 2 * chr(34))}"\n' for t in texts),
        encoding="utf-8")
    (tmp_path / "c.tsv").write_text("group\ttext\n" + "".join(f"a\t{t}\n" for t in texts),
                                    encoding="utf-8")
    (tmp_path / "c.jsonl").write_text(
        "".join(json.dumps({"text": t, "group": "a"}) + "\n" for t in texts), encoding="utf-8")
    with zipfile.ZipFile(tmp_path / "c.zip", "w") as archive:
        for i, text in enumerate(texts):
            archive.writestr(f"docs/{i}.txt", text)
    columns = ReadOptions(text_column="text")
    for name, options in [("c.txt", ReadOptions()), ("c.csv", columns), ("c.tsv", columns),
                          ("c.jsonl", columns), ("c.zip", ReadOptions())]:
        got = [d.text.strip() for d in documents(tmp_path / name, options)]
        assert got == texts, name
    grouped = ReadOptions(text_column="text", group_column="group")
    assert {d.group for d in documents(tmp_path / "c.csv", grouped)} == {"a"}


def test_paragraphs_of_running_text(tmp_path):
    (tmp_path / "book.txt").write_text("One line\nand its next.\n\nSecond paragraph.\n",
                                       encoding="utf-8")
    got = [d.text for d in documents(tmp_path / "book.txt", ReadOptions(documents="paragraph"))]
    assert got == ["One line\nand its next.\n", "Second paragraph.\n"]
