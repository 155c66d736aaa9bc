"""bias.analysis.measure and bias.analysis.batch: the engine's numbers with the options every
face shares, RIPA's pairs only for RIPA, Holm's correction over the measures read together
(checked by hand), and a batch planned and run as the engine runs it."""

import math

import pytest

from bias.analysis import batch, measure
from bias.errors import BiasInputError
from bias.stats.batch import run_batch
from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.pooling import pool
from bias.stats.weat import WeatOptions, run_weat
from bias.wordsets import NamedSets
from tests.synthetic import planted

FEW = WeatOptions(iterations=2_000, ci_resamples=200, method="randomized")


def sets_of(wordset) -> NamedSets:
    return NamedSets(wordset.id, wordset.title, wordset.language, (wordset.X, wordset.Y),
                     (wordset.A, wordset.B))


def test_options_hold_the_defaults_once_and_weat_takes_the_measures_draws():
    assert measure.MeasureAnalysisOptions().measure == MeasureOptions()
    options = measure.MeasureAnalysisOptions.of("rnd", seed=3, iterations=500, p_value=True)
    assert (options.metric, options.measure.seed, options.measure.test.iterations,
            options.measure.p_value) == ("rnd", 3, 500, True)
    assert options.measure.test.alternative == MeasureOptions().test.alternative
    assert (options.weat_options.seed, options.weat_options.iterations) == (3, 500)
    assert options.weat_options.ci_resamples == WeatOptions().ci_resamples
    own = measure.MeasureAnalysisOptions("weat", weat=FEW)
    assert own.weat_options is FEW


def test_run_gives_the_engines_numbers_and_ripas_pairs_only_for_ripa():
    embedding, wordset, _ = planted(strength=0.6)
    sets = sets_of(wordset)
    for metric in ("weat", "rnd", "ripa"):
        options = measure.MeasureAnalysisOptions.of(metric, seed=2, iterations=2_000)
        analysis = measure.run(options, "planted", sets, load=lambda name: embedding)
        direct = run_measure(metric, embedding, sets, options.measure,
                             weat_options=WeatOptions(iterations=2_000, seed=2))
        assert analysis.result.value == direct.value and analysis.metric == metric
        assert analysis.result.p_value == direct.p_value
        assert (analysis.pairs is not None) == (metric == "ripa")
    assert measure.read_values(" \n ") is None
    assert measure.read_values("nurse,90\npilot,3\ndoctor,40") == (
        ("nurse", 90.0), ("pilot", 3.0), ("doctor", 40.0))
    assert measure.read_words("nurse, pilot\ndoctor") == ("nurse", "pilot", "doctor")


def test_measures_read_together_are_corrected_by_holm():
    embedding, wordset, _ = planted(strength=0.05, seed=4)
    sets = sets_of(wordset)
    results = [measure.run(measure.MeasureAnalysisOptions.of(m, p_value=True), embedding,
                           sets).result for m in ("weat", "rnd", "mac")]
    compared = measure.compare(results)
    assert compared.tested == ("weat", "rnd")  # MAC has no p-value
    p, q = compared.p_values
    low, high = sorted((p, q))
    by_hand = [min(1.0, 2 * low), max(min(1.0, 2 * low), high)]
    expected = tuple(by_hand[0] if x == low else by_hand[1] for x in (p, q))
    assert compared.p_holm == pytest.approx(expected, rel=1e-12)
    assert compared.adjusted("rnd") == compared.p_holm[1] and compared.adjusted("mac") is None
    significant = {d.metric: d.significant for d in compared.agreement.directions}
    assert significant == {"weat": compared.p_holm[0] < 0.05, "rnd": compared.p_holm[1] < 0.05,
                           "mac": None}
    alone = measure.compare(results[:1])
    assert alone.adjusted("weat") is None  # one test: nothing to correct for


def test_a_batch_is_planned_then_run_as_the_engine_runs_it():
    embedding, wordset, _ = planted(strength=0.6)
    other, _, _ = planted(strength=0.4, seed=9)
    vectors = {"one": embedding, "two": other}
    languages = {"one": "en", "two": "en"}
    options = batch.BatchAnalysisOptions(FEW)
    with pytest.raises(BiasInputError, match="There is no embedding called 'three'"):
        batch.plan(options, [wordset], ["one", "three"], languages=languages)
    planned = batch.plan(options, [wordset], ["one", "two", "one"], languages=languages)
    assert planned.embeddings == ("one", "two") and planned.groups == () and not planned.related

    def runner(name, ws, weat):
        return run_weat(vectors[name], ws, weat)

    analysis = batch.run(planned, runner=runner)
    rows = run_batch([wordset], ["one", "two"], FEW, runner=runner, languages=languages)
    assert [(r.p_value, r.p_holm, r.effect_size) for r in analysis.rows] == [
        (r.p_value, r.p_holm, r.effect_size) for r in rows]
    assert [(p.family, p.k, p.estimate) for p in analysis.pooled] == [
        (p.family, p.k, p.estimate) for p in pool(rows)]
    assert analysis.pooled[0].k == 2 and math.isfinite(analysis.pooled[0].estimate)
    assert analysis.unpooled == () and analysis.summaries == ()
