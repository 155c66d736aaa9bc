"""The source's conventions and the interval's measured coverage reach the result and its words."""

import pytest

from bias.report.conventions_text import convention_text
from bias.report.text import effect_size_ci_text
from bias.report.weat_report import weat_report
from bias.stats.weat import run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset


@pytest.fixture(scope="module")
def glove():
    return load_embedding(DEFAULT_EMBEDDING)


def test_weathub_values_come_with_our_d_under_weathubs_conventions(glove):
    result = run_weat(glove, get_wordset("weathub-en-weat26"))
    under = result.source_convention
    assert under.convention == "weathub" and "repeats_kept" in under.applied
    assert under.effect_size == pytest.approx(0.366, abs=5e-4)  # ours is 0.145
    assert result.to_dict()["source_convention"]["effect_size"] == under.effect_size
    text = convention_text(under, result.effect_size)
    assert text.startswith("Computed as WEATHub") and "the sample standard deviation" in text
    assert "repeated words counted twice" in text and text in weat_report(result)


def test_caliskans_tests_name_what_caliskan_did_not_state(glove):
    result = run_weat(glove, get_wordset("weat7"))
    text = convention_text(result.source_convention, result.effect_size)
    assert "the population standard deviation" in text and "assumed" in text
    assert "the same as ours" in text  # d of WEAT 7 is the same under Caliskan's conventions


def test_a_test_without_a_published_value_has_no_third_number(glove):
    weat7 = get_wordset("weat7")
    from dataclasses import replace

    assert run_weat(glove, replace(weat7, reported=None)).source_convention is None


def test_an_interval_that_under_covers_says_so(glove):
    """WEAT 7's attribute words disagree (noise share 0.71): such intervals covered 91.5%."""
    result = run_weat(glove, get_wordset("weat7"))
    assert result.interval.measured_coverage == pytest.approx(0.915)
    assert "covered the true d 91.5% of the time, not 95%" in effect_size_ci_text(result)
    six = run_weat(glove, get_wordset("weat6"))
    assert six.interval.measured_coverage >= 0.93
    assert "covered the true d" not in effect_size_ci_text(six)


def test_an_interval_whose_coverage_is_unknown_never_says_nan(glove):
    """Issue 41, item 9: a list of one attribute word has no noise share, so no measured
    coverage: the Details said "covered the true d nan% of the time"."""
    import math
    from dataclasses import replace

    from bias.report.text import NOT_MEASURED, interval_caveat

    six = get_wordset("weat6")
    one_word = replace(six, A=replace(six.A, words=six.A.words[:1]))
    result = run_weat(glove, one_word)
    assert math.isnan(result.interval.measured_coverage)
    assert interval_caveat(result) == NOT_MEASURED
    assert "nan" not in effect_size_ci_text(result) and NOT_MEASURED in effect_size_ci_text(result)
