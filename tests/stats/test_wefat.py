"""WEFAT: associations against a plain loop, correlations equal scipy's, bad tables one sentence."""

import pytest
from scipy import stats

from bias.errors import BiasInputError
from bias.stats.wefat import parse_values, run_wefat
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import planted_sets, vectors


def test_correlations_equal_scipy_on_the_same_associations():
    embedding, sets, raw = planted_sets(strength=1.0)
    table = [("x0", 80.0), ("x1", 70), ("x2", 75), ("y0", 10), ("y1", 30), ("other1", 50),
             ("missing-word", 5)]
    result = run_wefat(embedding, sets, table)
    A, B = (vectors(a, raw) for a in sets.attributes)
    words = [w for w, _ in table if w in raw]
    assoc = [plain.sc_weat(list(raw[w]), A, B)[1] for w in words]
    values = [v for w, v in table if w in raw]
    assert [r.value for r in result.per_word] == pytest.approx(assoc, abs=1e-6)
    pearson, spearman = stats.pearsonr(values, assoc), stats.spearmanr(values, assoc)
    assert result.value == pytest.approx(pearson.statistic, abs=1e-6)
    assert result.details["pearson_p"] == pytest.approx(pearson.pvalue, rel=1e-4)
    ci = pearson.confidence_interval(0.95)
    assert result.details["pearson_ci"] == pytest.approx([ci.low, ci.high], abs=1e-5)
    assert result.details["spearman_rho"] == pytest.approx(spearman.statistic)
    assert result.value > 0.8  # the planted words lean as their values say
    assert result.to_dict()["sets"]["Words"]["missing"] == ["missing-word"]


def test_parses_headers_tabs_semicolons_and_decimal_commas():
    assert parse_values("occupation,share\nnurse,90\nengineer,15.5\npilot,7") == [
        ("nurse", 90.0), ("engineer", 15.5), ("pilot", 7.0)]
    assert parse_values("nurse\t90%\nengineer\t15\npilot\t7\n\n") == [
        ("nurse", 90.0), ("engineer", 15.0), ("pilot", 7.0)]
    assert parse_values("Beruf;Anteil\nPflege;90,5\nBau;2\nLehrer;60") == [
        ("Pflege", 90.5), ("Bau", 2.0), ("Lehrer", 60.0)]


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "The table is empty"),
        ("nurse,90\npilot,7", "at least 3"),
        ("nurse\npilot,7\nbaker,3", "Row 1 has no second column"),
        ("w,v\nnurse,90\npilot,many\nbaker,3", "Row 3 \\(pilot\\): 'many' is not a number"),
        ("nurse,90\nNurse,91\nbaker,3", "'Nurse' appears twice"),
        ("nurse,1\npilot,nan\nbaker,3", "not a number"),
    ],
)
def test_bad_tables_are_one_sentence(text, words):
    with pytest.raises(BiasInputError, match=words):
        parse_values(text)


def test_too_few_words_in_the_embedding_or_no_spread():
    embedding, sets, _ = planted_sets()
    with pytest.raises(BiasInputError, match="Only 2 of the table's words"):
        run_wefat(embedding, sets, [("x0", 1), ("x1", 2), ("nope", 3)])
    with pytest.raises(BiasInputError, match="same value"):
        run_wefat(embedding, sets, [("x0", 1), ("x1", 1), ("y0", 1)])
