"""The faces agree on a measure and a batch: the Measures page (AppTest), `measure --json` and
the report's embedded data give the same numbers and the same warnings (RIPA's pairs among
them, which the command line once left out), and `reproduce` re-runs the report; two measures
read together on the page give each p-value Holm-adjusted over both; the Batch page and
`batch --json --pool` give the same rows, adjusted p-values and pooled effects, and so does the
report's data."""

import json

import pytest

from bias.cli import main
from bias.report.manifest import read_manifest
from bias.report.reproduce import reproduce_text
from bias.report.text import format_p
from bias.vectors.catalog import DEFAULT_EMBEDDING
from tests.apptest import open_app
from tests.language_vectors import import_language

SEED = 5
WORDS = ["nurse", "engineer", "secretary", "pilot"]


def measure_page(metric: str, wordset: str):
    at = open_app("views/measures.py")
    at.segmented_control(key="_measures.metric").set_value(metric).run()
    at.selectbox(key=f"_measures.wordset.{metric}").set_value(wordset).run()
    return at


def press(at, label: str) -> None:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception


def measure_numbers(data: dict) -> tuple:
    """The value, p-value, draws and seed, and every word's numbers of one measure's JSON."""
    return (data["value"], data["p_value"], data["p_method"], data["iterations"], data["seed"],
            [(row["set"], row["word"], row["value"], row.get("p_value"), row.get("p_holm"))
             for row in data["per_word"]])


def cli_and_report(argv: list[str], tmp_path, capsys) -> tuple[dict, dict, str]:
    report = tmp_path / "report.html"
    assert main([*argv, "--json", "--report", str(report)]) == 0
    page_html = report.read_text(encoding="utf-8")
    return json.loads(capsys.readouterr().out), read_manifest(page_html, "report.html"), page_html


def test_sc_weat_on_the_page_the_command_line_and_the_report(tmp_path, capsys):
    at = measure_page("sc-weat", "weat7")
    at.text_area(key="_measures.words").set_value(", ".join(WORDS)).run()
    at.number_input(key="_measures.seed").set_value(SEED).run()
    press(at, "Measure")
    page = at.session_state["measures.results"]["sc-weat"].result.to_dict()
    cli, manifest, page_html = cli_and_report(
        ["measure", "sc-weat", "--wordset", "weat7", "--words", ",".join(WORDS),
         "--seed", str(SEED)], tmp_path, capsys)
    embedded = manifest["results"][0]
    assert [row["word"] for row in cli["per_word"]] == WORDS
    assert measure_numbers(page) == measure_numbers(cli) == measure_numbers(embedded)
    assert page["provenance"]["options"] == cli["provenance"]["options"]
    assert at.metric[0].value == f"{cli['value']:.3f}"
    assert reproduce_text(page_html, "report.html").matches


def test_ripa_says_its_pairs_on_every_face(tmp_path, capsys):
    """WEAT 6's names are not pairs: the page warned, and now the command line's JSON and text
    and the report's data say the same sentence."""
    at = measure_page("ripa", "weat6")
    press(at, "Measure")
    shown = [w.value for w in at.warning if "not natural pairs" in w.value]
    cli, manifest, _ = cli_and_report(["measure", "ripa", "--wordset", "weat6"], tmp_path, capsys)
    assert len(shown) == 1
    assert cli["pairs"]["state"] == "not_natural"
    assert shown[0] in cli["warnings"] and shown[0] in manifest["results"][0]["warnings"]
    assert measure_numbers(at.session_state["measures.results"]["ripa"].result.to_dict()) == \
        measure_numbers(cli)
    assert main(["measure", "ripa", "--wordset", "weat6"]) == 0
    assert f"Note: {shown[0]}" in capsys.readouterr().out


def test_two_measures_read_together_get_holms_correction(home):
    """WEAT and RND with its p-value on the same lists: each p-value is also given adjusted
    for the two tests (Holm by hand: the smaller doubled, the larger at least that)."""
    at = measure_page("weat", "weat6")
    press(at, "Measure")
    at.segmented_control(key="_measures.metric").set_value("rnd").run()
    at.selectbox(key="_measures.wordset.rnd").set_value("weat6").run()
    at.toggle(key="_measures.p_value").set_value(True).run()
    press(at, "Measure")
    kept = at.session_state["measures.results"]
    p_weat, p_rnd = kept["weat"].result.p_value, kept["rnd"].result.p_value
    first = min(1.0, 2 * min(p_weat, p_rnd))  # the smaller p, times the two tests
    holm = {"weat": first if p_weat <= p_rnd else max(first, p_weat),
            "rnd": first if p_rnd < p_weat else max(first, p_rnd)}
    assert holm["weat"] != p_weat  # the correction shows
    said = [i.value for i in at.info if "Holm's correction for the 2 tests" in i.value]
    assert len(said) == 1 and "read with that of WEAT" in said[0]
    assert f"it is {format_p(holm['rnd'])}" in said[0]
    at.segmented_control(key="_measures.metric").set_value("weat").run()
    said = [i.value for i in at.info if "Holm's correction for the 2 tests" in i.value]
    assert len(said) == 1 and "read with that of RND" in said[0]
    assert f"it is {format_p(holm['weat'])}" in said[0]


def row_numbers(row: dict) -> tuple:
    return (row["wordset"], row["embedding"], row["p_value"], row["p_holm"], row["p_bh"],
            row["effect_size"], row["interval"]["low"], row["interval"]["high"])


def test_a_batch_on_the_page_the_command_line_and_the_report(tmp_path, capsys):
    import_language(tmp_path, "en", "en-small")
    at = open_app("views/batch.py")
    at.multiselect(key="_batch.tests").set_value(["weat7", "weat8"]).run()
    at.multiselect(key="_batch.embeddings").set_value([DEFAULT_EMBEDDING, "en-small"]).run()
    at.number_input(key="_batch.seed").set_value(SEED).run()
    press(at, "Run all")
    page_rows = [row.to_dict() for row in at.session_state["batch.rows"]]
    cli, manifest, _ = cli_and_report(
        ["batch", "--wordset", "weat7", "weat8", "--embedding", DEFAULT_EMBEDDING, "en-small",
         "--seed", str(SEED), "--pool"], tmp_path, capsys)
    assert len(cli["rows"]) == 4
    assert [row_numbers(r) for r in page_rows] == [row_numbers(r) for r in cli["rows"]]
    embedded = manifest["results"]
    assert [(r["p_value"], r["effect_size"]) for r in embedded] == [
        (r["p_value"], r["effect_size"]) for r in cli["rows"]]
    # the pooled effects: the page's table, the command line's and the report's, one per test
    pooled = [(p["family"], p["estimate"], p["low"], p["high"]) for p in cli["pooled"]]
    assert [p[0] for p in pooled] == ["weat7", "weat8"]
    assert pooled == [(p["family"], p["estimate"], p["low"], p["high"])
                      for p in manifest["pooled"]]
    table = next(d.value for d in at.dataframe if "pooled d" in d.value.columns)
    assert list(table["pooled d"]) == pytest.approx([p[1] for p in pooled], rel=1e-12)
    assert list(table["95% low"]) == pytest.approx([p[2] for p in pooled], rel=1e-12)
