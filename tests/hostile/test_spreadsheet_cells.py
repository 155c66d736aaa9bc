"""Issue 26, item 6: a visitor's text in a CSV download never runs as a spreadsheet formula.

Every CSV the product writes (Batch, the WEAT per-word table, the BiasWords curation, and the
command line's `batch --csv` and `--save-curation`) goes through `bias.spreadsheet.csv_text`:
cells starting with =, +, -, @, tab or carriage return get a leading apostrophe (OWASP), numbers
stay numbers, and a curation read back loses the apostrophe again."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import polars as pl

from bias.cli import main
from bias.cli.biaswords import biaswords_cli
from bias.discovery.candidates import CandidateOptions, generate_candidates
from bias.discovery.curation import curation_csv, read_curation_csv
from bias.spreadsheet import csv_text, restore_cells
from bias.wordsets import TermSet, WordSet
from tests.synthetic import clustered

PAYLOADS = ['=HYPERLINK("http://x","y")', "+SUM(1,2)", "-2+3", "@SUM(A1)",
            "=cmd|' /C calc'!A0", "\t=1+1", "\r=1+1"]
ROOT = Path(__file__).resolve().parents[2]


def _cells(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_formula_cells_become_text_and_numbers_stay_numbers():
    frame = pl.DataFrame({"text": [*PAYLOADS, "-0.25", "+3", "1e-5", "plain", "a=b", None],
                          "d": [-1.5] * 13})
    rows = _cells(csv_text(frame))
    assert [row["text"] for row in rows[:7]] == ["'" + payload for payload in PAYLOADS]
    assert [row["text"] for row in rows[7:]] == ["-0.25", "+3", "1e-5", "plain", "a=b", ""]
    assert {row["d"] for row in rows} == {"-1.5"}
    read = restore_cells(pl.read_csv(io.StringIO(csv_text(frame)), infer_schema=False))
    assert read["text"].to_list()[:12] == frame["text"].to_list()[:12]


def test_batch_csv_on_the_command_line_writes_a_title_formula_as_text(tmp_path, capsys):
    path = tmp_path / "evil.json"
    title = '=HYPERLINK("http://x","y")'
    path.write_text(json.dumps({"id": "evil", "title": title, "sets": {
        "X": ["doctor", "engineer"], "Y": ["nurse", "teacher"],
        "A": ["he", "man"], "B": ["she", "woman"]}}))
    code = main(["batch", "--wordset", str(path), "--embedding", "glove-6b-50d",
                 "--iterations", "200", "--csv"])
    rows = _cells(capsys.readouterr().out)
    assert code == 0 and len(rows) == 1
    assert rows[0]["title"] == "'" + title
    assert float(rows[0]["effect_size"]) == float(rows[0]["effect_size"])  # still a number


def _hostile_candidates():
    """A synthetic world whose nearest neighbours of the seeds are formula payloads."""
    embedding = clustered("evil", {0: ["john", "paul", "=cmd|' /C calc'!A0", "@SUM(A1)"],
                                   1: ["mary", "anna", "-lrb-", "+SUM(1,2)"],
                                   2: ["career", "salary"], 3: ["family", "home"]})
    wordset = WordSet("evil", "Evil", "en", TermSet("X", ("john", "paul")),
                      TermSet("Y", ("mary", "anna")), TermSet("A", ("career",)),
                      TermSet("B", ("family",)))
    options = CandidateOptions(neighbours=3, min_edit=0, drop_attribute_like=False)
    return generate_candidates(embedding, wordset, options, None)


def test_curation_csv_neutralises_candidates_and_reads_them_back_unchanged():
    candidates = _hostile_candidates()
    rows = _cells(curation_csv(candidates))
    written = {row["candidate"] for row in rows}
    assert {"'=cmd|' /C calc'!A0", "'@SUM(A1)", "'-lrb-", "'+SUM(1,2)"} <= written
    assert all(not re.match(r"[=+\-@\t\r]", row[key]) for row in rows for key in row
               if not re.fullmatch(r"[+-]?[\d.]+(e[+-]?\d+)?", row[key]))
    assert read_curation_csv(curation_csv(candidates).encode()).equals(candidates.table)
    # A spreadsheet that dropped the apostrophe on saving is read the same.
    plain = curation_csv(candidates).replace("'=", "=").replace("'@", "@")
    assert read_curation_csv(plain.encode()).equals(candidates.table)


def test_save_curation_on_the_command_line_is_neutralised(tmp_path):
    out = tmp_path / "weat6.csv"
    biaswords_cli("glove-6b-50d", "weat6", draws=1, save_curation=str(out), baseline=False)
    rows = _cells(out.read_text(encoding="utf-8"))
    assert rows and all(not re.match(r"[=@\t\r]", value) for row in rows for value in row.values())


def test_no_csv_is_written_except_through_the_one_helper():
    writers = [path.relative_to(ROOT).as_posix()
               for folder in ("bias", "views") for path in (ROOT / folder).rglob("*.py")
               if re.search(r"\.write_csv\(|csv\.writer\(|\.to_csv\(", path.read_text())]
    assert writers == ["bias/spreadsheet.py"]
