"""The README's own-texts example can be followed as written, from the project folder: its
corpus is in the repository (docs/examples/, under 1 MB), its `train` command reads it with the
columns it names, and the preview it prints begins as the README shows. The same command in
docs/corpus.md names the same files. No path of a developer's machine is left in the docs.

Only the preview runs (0.5 s of CPU): the training itself, 6 models in about 11 s (5.5 s of
CPU, 2026-12-04), is tested on tiny corpora in tests/corpus/.
"""

import re
import shlex
from pathlib import Path

from bias.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "docs" / "examples" / "presidential-addresses.csv"


def own_texts_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text.split("**Your own texts.**", 1)[1]
    return re.search(r"^```\n(.*?)^```", part, re.S | re.M).group(1)


def train_command(block: str, prompt: str = "") -> list[str]:
    """The words of the block's `python -m bias train` command, its continued lines joined."""
    joined = block.replace("\\\n", " ")
    line = next(line for line in joined.splitlines()
                if line.startswith(f"{prompt}python -m bias train "))
    return shlex.split(line.removeprefix(prompt))[3:]


def test_the_example_corpus_is_in_the_repository_and_small():
    assert EXAMPLE.is_file() and EXAMPLE.stat().st_size < 1_000_000
    assert (EXAMPLE.parent / "README.md").read_text(encoding="utf-8").count("public domain") >= 1


def test_the_readmes_train_command_runs_as_written_and_previews_as_shown(home, monkeypatch,
                                                                        capsys):
    block = own_texts_block()
    command = train_command(block, prompt="$ ")
    assert command[1] == "docs/examples/presidential-addresses.csv"
    monkeypatch.chdir(ROOT)  # "From the project folder"
    assert main([*command, "--preview"]) == 0
    printed = capsys.readouterr().out.splitlines()
    shown = block.splitlines()[3:6]  # after the three lines of the command
    assert printed[:3] == shown, (printed[:3], shown)


def test_docs_corpus_trains_the_same_file_and_no_doc_names_a_developers_path():
    corpus_doc = (ROOT / "docs" / "corpus.md").read_text(encoding="utf-8")
    assert train_command(corpus_doc)[:2] == train_command(own_texts_block(), prompt="$ ")[:2]
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
                *sorted((ROOT / "docs").rglob("*.json"))]:
        if doc.name == "CHANGELOG.md":  # a history: it may say where things once were
            continue
        text = doc.read_text(encoding="utf-8")
        assert not re.search(r"/work/|/root/|/home/\w", text), doc
