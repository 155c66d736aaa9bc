"""The faces agree: the same WEAT through the WEAT page (AppTest), the command line's JSON and
the report's embedded data gives the same p, d and interval, bit for bit, and `reproduce`
re-runs the report to the same numbers; a trained family tested on the Your texts page gives
the numbers of `weat --for-speed --json`, and both say the same about their fewer draws."""

import json

from bias.cli import main
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.train_corpus import train_corpus
from bias.report import text
from bias.report.manifest import read_manifest
from bias.report.reproduce import reproduce_text
from bias.report.weat_report import draws_text
from tests.apptest import open_app
from tests.corpus.conftest import SMALL
from tests.corpus.corpora import write_grouped_csv

SEED = 7


def numbers(data: dict) -> tuple:
    """p, d and the interval of one WEAT's JSON."""
    return (data["p_value"], data["effect_size"], data["interval"]["low"],
            data["interval"]["high"], data["iterations"], data["method"])


def test_weat7_on_the_page_the_command_line_and_the_report(tmp_path, capsys):
    at = open_app()
    at.number_input(key="_weat.seed").set_value(SEED).run()
    next(b for b in at.button if b.label == "Run test").click().run()
    assert not at.exception, at.exception
    page = at.session_state["weat.result"]
    report = tmp_path / "weat7.html"
    assert main(["weat", "--wordset", "weat7", "--seed", str(SEED), "--json",
                 "--report", str(report)]) == 0
    cli = json.loads(capsys.readouterr().out)
    page_html = report.read_text(encoding="utf-8")
    embedded = read_manifest(page_html, "weat7.html")["results"][0]
    assert cli["embedding"] == page.embedding and cli["interval"]["seed"] == SEED
    assert numbers(page.to_dict()) == numbers(cli) == numbers(embedded)
    assert cli["verdict"]["state"] == embedded["verdict"]["state"] == page.verdict.state
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["p-value"] == text.format_p(cli["p_value"])
    assert metrics["Effect size d"] == text.format_d(cli["effect_size"])
    assert reproduce_text(page_html, "weat7.html").matches  # `reproduce` re-runs it the same


def _replicate_numbers(data: dict) -> list:
    return [(group["group"], group["replicates"]["effect_sizes"], group["replicates"]["p_values"],
             group["replicates"]["interval"], [numbers(r) for r in group["results"]])
            for group in data["groups"]]


def test_a_trained_family_on_the_texts_page_and_the_command_line(home, capsys):
    path = write_grouped_csv(home / "g.csv", {"10": 0.5, "9": 1.0}, count=150)
    train_corpus(path, name="dec", language="en", workers=1,
                 read=ReadOptions(text_column="text", group_column="decade"),
                 options=TrainOptions(**SMALL | {"replicates": 2, "epochs": 10}))
    at = open_app("views/texts.py")
    at.selectbox(key="_texts.family").set_value("dec").run()
    at.selectbox(key="_texts.test_set").set_value("weat6").run()
    next(b for b in at.button if b.label == "Run the test on every model").click().run()
    assert not at.exception, at.exception
    page = at.session_state["texts.tested"][1]
    assert main(["weat", "--embedding", "dec", "--wordset", "weat6", "--for-speed",
                 "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert [g["group"] for g in cli["groups"]] == ["9", "10"]
    assert _replicate_numbers(page.result.to_dict()) == _replicate_numbers(cli)
    assert all(r["interval"]["resamples"] == 1_000 for g in cli["groups"] for r in g["results"])
    # the fewer draws, said in the same words beside the numbers on both faces
    assert cli["draws_note"] == draws_text(page.draws_note)
    assert main(["weat", "--embedding", "dec", "--wordset", "weat6", "--for-speed"]) == 0
    said = capsys.readouterr().out.strip().splitlines()[-1]
    assert said == "Ran 1,000 interval resamples instead of 10,000, for speed."
    assert said in [c.value for c in at.caption]
