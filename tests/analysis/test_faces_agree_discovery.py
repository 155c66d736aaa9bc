"""The faces agree on BiasWords, a debias and a training (bias/analysis/biaswords.py, debias.py,
train.py): the page (AppTest), the command line's JSON and, where there is one, the report's
embedded data give the same numbers, and `reproduce` re-runs the report to them. Cheap: few
draws, a small synthetic embedding for the debias, a corpus of 100 short documents."""

import json

import numpy as np
from streamlit.testing.v1 import AppTest

from bias.cli import main
from bias.debiasing.inputs import load_inputs
from bias.report.manifest import read_manifest
from bias.report.reproduce import reproduce_text
from bias.report.text import format_d, format_p
from bias.vectors import store
from bias.vectors.catalog import load_embedding
from bias.vectors.import_report import ImportReport, RawVectors
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from tests.corpus.corpora import write_txt

DRAWS = 3
ITERATIONS = 5_000


def _draws(data: dict) -> list:
    return [(d["index"], d["p_value"], d["effect_size"], [d[k] for k in "XYAB"])
            for d in data["draws"]]


def test_biaswords_on_the_page_the_command_line_and_the_report(tmp_path, capsys):
    at = AppTest.from_file("../../views/biaswords.py", default_timeout=60).run()
    at.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    next(b for b in at.button if b.label == "Generate candidates").click().run()
    at.number_input(key="_biaswords.draws").set_value(DRAWS).run()
    at.number_input(key="_biaswords.iterations").set_value(ITERATIONS).run()
    next(b for b in at.button if b.label.startswith("Draw new sets")).click().run()
    assert not at.exception, at.exception
    page = at.session_state["biaswords.sampling.glove-6b-50d.weat6"].to_dict()
    report = tmp_path / "biaswords.html"
    assert main(["biaswords", "--wordset", "weat6", "--draws", str(DRAWS), "--iterations",
                 str(ITERATIONS), "--json", "--report", str(report)]) == 0
    cli = json.loads(capsys.readouterr().out)
    html = report.read_text(encoding="utf-8")
    embedded = read_manifest(html, "biaswords.html")["results"][0]
    assert len(cli["draws"]) == DRAWS
    assert _draws(page) == _draws(cli) == _draws(embedded)
    for key in ("summary", "baseline", "candidates", "exploratory"):
        assert page[key] == cli[key] == embedded[key], key
    assert page["provenance"]["options"] == cli["provenance"]["options"]
    assert cli["sampling"]["options"]["iterations"] == ITERATIONS  # the page's field, a flag
    # the Table-9 layout writes p and d as the picker and every other line do (it used to
    # patch the engine's five-decimal p row afterwards)
    table = at.table[0].value
    rows = list(table.iloc[:, 0])
    for column in table.columns[1:]:
        drawn = next(d for d in cli["draws"] if f"Draw {d['index']}" == column)
        assert table[column].iloc[rows.index("p-value")] == format_p(drawn["p_value"])
        assert table[column].iloc[rows.index("Effect size d")] == format_d(drawn["effect_size"])
    assert reproduce_text(html, "biaswords.html").matches


def _debias_vectors(rows: int = 1_500, dims: int = 12) -> RawVectors:
    """The English gender pairs' words ±g apart, WEAT 6's words leaning along g by their
    side, then letters-only words with a bias along g and a trace of it along h."""
    rng = np.random.default_rng(3)
    g, h = np.linalg.qr(rng.normal(size=(dims, 2)))[0].T
    inputs = load_inputs("en-gender")
    weat6 = get_wordset("weat6")
    words, vectors = [], []
    for group in inputs.definitional + inputs.equalize:
        base = rng.normal(size=dims)
        for word, side in zip(group, (1, -1), strict=False):
            if word not in words:
                words.append(word)
                vectors.append(base + 3 * side * g)
    for side, key in ((-1, "X"), (1, "Y"), (-1, "A"), (1, "B")):
        for word in weat6.sets()[key].words:
            words.append(word)
            vectors.append(rng.normal(size=dims) + side * g)
    for i in range(rows):
        lean = rng.normal()
        words.append("".join(chr(97 + int(c)) for c in f"{i:04d}"))
        vectors.append(rng.normal(size=dims) + 1.5 * lean * g + 1.5 * lean * h)
    report = ImportReport("synthetic", "test", dimensions=dims, words=len(words),
                          lines_read=len(words))
    return RawVectors(words, np.array(vectors), report)


DEBIAS_COMPARED = ("method", "fit", "inputs_missing", "checks", "recoverability", "usefulness",
                   "verdict")


def test_a_debias_on_the_page_and_the_command_line(capsys):
    store.save("tiny-debias", "en", _debias_vectors(), source="synthetic vectors")
    at = open_app()
    at.session_state["biaswords.embedding"] = "tiny-debias"
    at.switch_page("views/debias.py").run()
    at.multiselect(key="_debias.checks.en").set_value(["weat6"]).run()
    next(b for b in at.button if b.label == "Debias and check").click().run()
    assert not at.exception, at.exception
    page = at.session_state["debias.result"].to_dict()
    assert page["embedding"] == "tiny-debias-hard"  # the page saves; the command line need not
    assert main(["debias", "--embedding", "tiny-debias", "--check", "weat6", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["provenance"]["inputs"] == page["provenance"]["inputs"] == "en-gender"
    assert [c["wordset"] for c in cli["checks"]] == ["weat6"]
    for key in DEBIAS_COMPARED:
        assert page[key] == cli[key], key


def test_a_training_on_the_page_and_the_command_line(home, folder, capsys):
    write_txt(folder / "planted.txt", 1.0, count=100)
    at = open_app("views/texts.py")
    at.selectbox(key="_texts.server_corpus").set_value("planted.txt").run()
    next(b for b in at.button if b.label == "Train").click().run()
    assert not at.exception, at.exception
    assert main(["train", str(folder / "planted.txt"), "--language", "en", "--name", "cli",
                 "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert [m["name"] for m in cli["models"]] == ["cli"]
    on_page, on_cli = load_embedding("planted"), load_embedding("cli")
    assert list(on_page.words) == list(on_cli.words) and len(on_cli.words) > 10
    assert np.asarray(on_page.vectors).tobytes() == np.asarray(on_cli.vectors).tobytes()
    assert on_page.identity["sha256"] == on_cli.identity["sha256"]
