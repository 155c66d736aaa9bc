"""The first-name dictionary read at once equals it read line by line, as its format says."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from bias.discovery import lexicons


def line(code: str, name: str, columns: dict[int, str], width: int = 56) -> str:
    """A dictionary line: gender code, name from character 3, country columns from 30."""
    cells = "".join(columns.get(i, " ") for i in range(width))
    return f"{code:<3}{name:<27}{cells}$"


LINES = [
    "# a comment line, and a line of the separator below",
    "=====================================================",
    line("M", "Jean+Baptiste", {7: "3", 12: "5"}),  # "+": hyphen, space or nothing
    line("F", "Auguste", {7: "4", 8: "3", 9: "4", 12: "1", 13: "6"}),  # France... Germany
    line("M", "Auguste", {0: "2", 20: "D"}),  # the same name again: each value's highest
    line("?", "Andrea", {2: "A", 3: "C", 40: "9"}),  # unisex: both genders
    line("1F", "Benoîte", {7: "7"}),  # accents: also found without
    line("?M", "Kim", {0: "x", 5: "0"}),  # no scale character: listed nowhere, frequency 1
    line("Q", "Nobody", {0: "9"}),  # an unknown gender code
    "M  Short",  # shorter than a line with columns
    line("F", "Zoë", {0: "1", 55: "E"}, width=60),  # "E" is off the scale; past 56 unread
]


def reference(path: Path, language: str) -> dict[str, tuple[int, int, int, int]]:
    """The dictionary read line by line and character by character, as its header describes."""
    local = lexicons.COUNTRIES.get(language, ())
    found: dict[str, list[int]] = {}
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line[:1] in "#=" or len(line) < 31:
            continue
        code, name = line[:2].strip(), line[3:29].strip()
        if code not in {"M", "1M", "?M", "F", "1F", "?F", "?"} or not name:
            continue
        columns = [int(c, 16) if c in "123456789ABCD" else 0 for c in line[30:86]]
        frequency = max(columns, default=0) or 1
        here = max((columns[i] for i in local if i < len(columns)), default=0)
        male, female = int("F" not in code), int("M" not in code)
        spellings = {name.replace("+", "-"), name.replace("+", "")}
        bare = {"".join(c for c in unicodedata.normalize("NFD", s)
                        if not unicodedata.combining(c)) for s in spellings}  # fmt: skip
        for spelling in spellings | bare:
            entry = found.setdefault(spelling.casefold(), [0, 0, 0, 0])
            for i, value in enumerate((frequency * male, frequency * female,
                                       here * male, here * female)):  # fmt: skip
                entry[i] = max(entry[i], value)
    return {name: tuple(values) for name, values in found.items()}


@pytest.fixture
def dictionary(tmp_path, monkeypatch):
    path = tmp_path / "nam_dict.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    monkeypatch.setattr(lexicons, "_name_file", lambda: path)
    for cached in (lexicons._name_lines, lexicons.first_names):
        cached.cache_clear()
    yield path
    for cached in (lexicons._name_lines, lexicons.first_names):
        cached.cache_clear()


@pytest.mark.parametrize("language", ["", "en", "fr", "de", "it", "xx"])
def test_first_names_equal_the_line_by_line_reading(dictionary, language):
    names = lexicons.first_names(language)
    read = {name: (n.male, n.female, n.local_male, n.local_female) for name, n in names.items()}
    assert read == reference(dictionary, language)
    assert len(names) == len(read) and names.get("nobody") is None and "short" not in names


def test_hand_read_entries(dictionary):
    french = lexicons.first_names("fr")  # France, Belgium, Luxembourg, Switzerland: 7, 8, 9, 14
    auguste = french["auguste"]
    assert (auguste.male, auguste.female, auguste.local_male, auguste.local_female) == (
        13, 6, 0, 4)  # fmt: skip
    assert auguste.gender == "female"  # read in the French-speaking countries first
    assert lexicons.first_names("en")["auguste"].gender == "male"  # GB 2 (male) is local there
    baptiste = french["jean-baptiste"]
    assert (baptiste.male, baptiste.local_male) == (5, 3) and french["jeanbaptiste"] == baptiste
    assert french["benoite"] == french["benoîte"] and french["benoite"].local_female == 7
    assert (french["kim"].male, french["kim"].female) == (1, 0)  # listed nowhere: 1
    assert french["andrea"].male == french["andrea"].female == 12
    assert french["zoë"].female == 1 and french["zoe"].female == 1
