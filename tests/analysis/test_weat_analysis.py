"""bias.analysis.weat: the same numbers as the engine's pieces run one by one, a name resolved
to one embedding, and the draws note only when a face asked for fewer draws."""

import dataclasses

import pytest

from bias.analysis.weat import DrawsNote, WeatAnalysisOptions, run
from bias.report.weat_report import analysis_json, analysis_text, draws_text
from bias.stats.confounds import weat_confounds
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted

FEW = WeatOptions(iterations=2_000, ci_resamples=200, method="randomized")


def test_one_embedding_gives_the_engines_numbers_and_confounds():
    embedding, wordset, _ = planted(strength=0.6)
    analysis = run(WeatAnalysisOptions(FEW), embedding, wordset)
    direct = run_weat(embedding, wordset, FEW)
    assert not analysis.trained and analysis.sensitivity is None  # not on the encoder
    assert analysis.result.p_value == direct.p_value
    assert analysis.result.effect_size == direct.effect_size
    assert (analysis.result.interval.low, analysis.result.interval.high) == (
        direct.interval.low, direct.interval.high)
    assert analysis.confounds == weat_confounds(embedding, wordset, direct)
    # the same record but for the second it was made in (the two runs may straddle one)
    assert (dataclasses.replace(analysis.provenance, created="")
            == dataclasses.replace(direct.provenance, created=""))
    assert analysis.draws_note is None
    assert run(WeatAnalysisOptions(FEW, confounds=False), embedding, wordset).confounds is None


def test_a_name_is_loaded_or_run_by_the_faces_runner():
    embedding, wordset, _ = planted(strength=0.6)
    ran = []

    def runner(name, ws, options):
        ran.append(name)
        return run_weat(embedding, ws, options)

    analysis = run(WeatAnalysisOptions(FEW), "planted", wordset, runner=runner,
                   load=lambda name: embedding)
    assert ran == ["planted"]
    assert analysis.result.p_value == run_weat(embedding, wordset, FEW).p_value
    assert analysis.confounds is not None


def test_fewer_draws_for_speed_are_said_in_the_json_and_the_text():
    embedding, wordset, _ = planted(strength=0.6, sizes=(6, 6, 6, 6))
    options = WeatAnalysisOptions.for_speed(weat=WeatOptions(method="randomized"))
    assert (options.weat.iterations, options.weat.ci_resamples) == (10_000, 1_000)
    analysis = run(options, embedding, wordset)
    note = "10,000 draws instead of 100,000 and 1,000 interval resamples instead of 10,000, " \
           "for speed"
    assert analysis.draws_note == DrawsNote(1_000, 10_000, 10_000, 100_000)  # numbers only
    assert draws_text(analysis.draws_note) == note
    assert analysis.result.iterations == 10_000
    assert analysis_json(analysis)["draws_note"] == note
    assert analysis_text(analysis).endswith(f"\nRan {note}.")
    assert "draws_note" not in analysis_json(run(WeatAnalysisOptions(FEW), embedding, wordset))


def test_options_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        WeatAnalysisOptions().confounds = False  # type: ignore[misc]


def test_an_exact_test_drew_nothing_so_only_its_resamples_are_said():
    embedding, wordset, _ = planted(strength=0.6, sizes=(6, 6, 6, 6))  # 924 reshufflings
    analysis = run(WeatAnalysisOptions.for_speed(), embedding, wordset)
    assert analysis.result.method == "exact" and analysis.result.iterations == 924
    assert draws_text(analysis.draws_note) == (
        "1,000 interval resamples instead of 10,000, for speed")


def test_the_report_says_the_fewer_draws_under_its_numbers_and_embeds_them():
    from bias.report.manifest import read_manifest
    from bias.report.weat_html import weat_report_html

    embedding, wordset, _ = planted(strength=0.6, sizes=(6, 6, 6, 6))
    analysis = run(WeatAnalysisOptions.for_speed(confounds=False), embedding, wordset)
    page = weat_report_html(analysis.result, draws_note=analysis.draws_note)
    said = "Ran 1,000 interval resamples instead of 10,000, for speed."
    assert f"<p>{said}</p>" in page
    assert read_manifest(page, "r.html")["results"][0]["draws_note"] == draws_text(
        analysis.draws_note)
    assert "for speed" not in weat_report_html(analysis.result)
