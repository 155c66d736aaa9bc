"""The README takes a newcomer to a running dashboard, and a presenter through a demo."""

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", README, re.S | re.M)
    assert match, f"README has no section '{title}'"
    return " ".join(match.group(1).split())  # line breaks do not matter


def test_the_two_set_up_commands_stay_exactly_as_they_are():
    setup = section("Set up on a fresh machine (Python 3.11)")
    commands = re.findall(r"pip install [^`]*?(?= ```)", setup)
    assert commands == [
        "pip install -r requirements.txt && streamlit run app.py",
        "pip install -r requirements.txt && python -m pytest",
    ]


def test_set_up_says_what_happens_around_the_two_commands():
    setup = section("Set up on a fresh machine (Python 3.11)")
    for needed in (
        "git clone",
        "cd biaswords",
        "python3 -m venv .venv",
        "source .venv/bin/activate",
        ".venv\\Scripts\\activate",  # Windows
        "1.7 GB",
        "few minutes",
        "keeps the terminal busy",
        "Ctrl+C",
        "second terminal",
        "without a network on English",
        "Embeddings",  # how to add a language
        "--fasttext",
    ):
        assert needed in setup, needed


def test_a_live_demo_section_covers_warming_presets_and_a_room():
    demo = section("Giving a live demo")
    for needed in ("Warm up", "WEAT 7", "WEAT 6", "(edited)", "800 px", "One server for a room",
                   "Shared by everyone", "?draft=", "docs/security.md"):  # fmt: skip
        assert needed in demo, needed


def test_ci_runs_the_readme_test_command_in_the_readmes_own_setup():
    """CI is the README's set-up and test command, then the browser tests that the command
    leaves out (pyproject.toml), as the README tells a contributor to run them."""
    setup = section("Set up on a fresh machine (Python 3.11)")
    ci = (Path(__file__).resolve().parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    steps = [line for line in ci.splitlines() if line and not line.startswith(("#", " ", "}"))]
    assert steps[-4:] == [  # a fresh .venv (cleared if a run left one), switched on, then:
        "python3 -m venv --clear .venv",
        "source .venv/bin/activate",
        "pip install -r requirements.txt && python -m pytest",
        "python -m pytest -m browser",
    ]
    assert "python3 -m venv .venv" in setup and "source .venv/bin/activate" in setup
    assert "python -m pytest -m browser" in setup and "minutes" in setup
