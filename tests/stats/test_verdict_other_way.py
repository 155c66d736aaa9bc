"""An association against the stated direction: the other tail's p, counted beside the one-sided
p (checked against a plain enumeration), the `other_way` verdict and how every face words it."""

import itertools
import json
from dataclasses import replace

import numpy as np
import pytest

from bias.report import text
from bias.report import verdict as words
from bias.report.weat_html import weat_report_html
from bias.report.weat_report import weat_report
from bias.stats.bootstrap import EffectSizeInterval
from bias.stats.encoder_methods import MethodRow, MethodSensitivity, method_sensitivity
from bias.stats.permutation import PermutationOptions, PermutationTest, permutation_test
from bias.stats.verdict import Coverage, decide
from bias.stats.weat import WeatOptions, run_weat
from tests.synthetic import planted

FULL = {key: Coverage(8, 8, 8) for key in "XYAB"}


def slow_tails(s, nx):
    """Both tails' exact p by enumerating every split, one at a time."""
    observed = np.mean(s[:nx]) - np.mean(s[nx:])
    stats = []
    for chosen in itertools.combinations(range(len(s)), nx):
        rest = [i for i in range(len(s)) if i not in chosen]
        stats.append(np.mean([s[i] for i in chosen]) - np.mean([s[i] for i in rest]))
    stats = np.array(stats)
    return np.mean(stats >= observed - 1e-12), np.mean(stats <= observed + 1e-12)


def test_the_other_tail_matches_a_plain_enumeration():
    s = np.array([-0.3, -0.1, 0.05, -0.2, 0.4, 0.1, 0.3, 0.2, -0.05])
    test = permutation_test(s, 4)
    greater, less = slow_tails(s, 4)
    assert test.method == "exact" and test.iterations == 126
    assert test.p_value == pytest.approx(greater)
    assert test.other_tail_p == pytest.approx(less)
    # Hand case: X = {0, 1, 2, 3} holds the four smallest values but one (-0.05 is in Y), so
    # only one split has X's mean as low: X = the four smallest.
    assert test.other_tail_p == pytest.approx(2 / 126)  # this split and {0, 1, 3, 8}


def test_a_randomized_other_tail_counts_the_observed_draw():
    s = np.arange(14, dtype=float)[::-1]  # X = the seven largest: no draw leans further
    test = permutation_test(s, 7, PermutationOptions(method="randomized", iterations=999))
    assert test.p_value == pytest.approx(1 / 1000)
    assert test.other_tail_p == pytest.approx(1.0)


def test_a_two_sided_test_has_no_other_tail():
    s = np.array([0.3, 0.1, 0.2, 0.4, -0.1, -0.2, -0.3, 0.0])
    assert permutation_test(s, 4, PermutationOptions(alternative="two-sided")).other_tail_p is None


def perm(p: float, other: float | None) -> PermutationTest:
    return PermutationTest(-0.1, p, "exact", "greater", 12870, 3, None, None, 1e-4,
                           other_tail_p=other)


@pytest.mark.parametrize(("p", "other", "state"), [
    (0.99, 0.01, "other_way"),
    (0.95, 0.05, "no_bias"),  # the other tail at α is not below it
    (0.99, None, "no_bias"),  # not counted: nothing to say about the other way
    (0.01, 0.99, "holds"),
])
def test_the_state_follows_both_tails(p, other, state):
    interval = EffectSizeInterval(-1.5, -0.3, "BCa", 100, 0.95, 0, 0.3)
    if state == "holds":
        interval = EffectSizeInterval(0.3, 1.5, "BCa", 100, 0.95, 0, 0.3)
    assert decide(perm(p, other), -1.0, interval, FULL).state == state


@pytest.fixture(scope="module")
def reversed_result():
    """X leans to B and Y to A, strongly: the published one-sided p is near 1."""
    embedding, wordset, _ = planted(strength=0.4, seed=3)
    swapped = replace(wordset, A=replace(wordset.B, name="Home"),
                      B=replace(wordset.A, name="Career"))
    return run_weat(embedding, swapped, WeatOptions(ci_resamples=200))


def test_a_reversed_association_is_named_not_called_no_bias(reversed_result):
    result = reversed_result
    assert result.effect_size < -1 and result.p_value > 0.95
    assert result.verdict.state == "other_way"
    assert result.test.other_tail_p == pytest.approx(5 / 12870)  # exact: 5 splits lean as far
    # both tails count the observed split (and its ties): together they exceed 1 by its share
    assert result.p_value + result.test.other_tail_p == pytest.approx(1 + 1 / 12870)
    headline = words.result_headline(result)
    assert headline == ("The association runs the other way: 'Set X' is closer to 'Career' and "
                        f"'Set Y' to 'Home' (p = 0.00039 the other way, d = "
                        f"{result.effect_size:.2f})")
    assert "No bias" not in headline
    sentence = text.summary_sentence(result)
    assert "0.039% of reshuffled lists lean this far that way" in sentence
    assert "show a difference this large" not in sentence  # the misleading 99%
    meaning = words.meaning(result)
    assert "one-sided as published" in meaning and "about twice" in meaning
    assert "stays below zero" in meaning


def test_every_face_words_it(reversed_result):
    result = reversed_result
    report = weat_report(result)
    assert "The association runs the other way" in report
    assert "No bias detected" not in report
    assert "lean against the stated direction: p = 0.00039 the other way" in report
    html = weat_report_html(result)
    assert "class='verdict other_way'" in html and "p the other way" in html
    data = json.loads(json.dumps(result.to_dict()))
    assert data["verdict"]["state"] == "other_way"
    assert data["other_tail_p"] == pytest.approx(5 / 12870)
    assert words.SHORT["other_way"] == "the other way"


def test_a_weak_reversal_says_neither_direction(reversed_result):
    """d < 0 with the other tail's p ≥ α: no bias, and the sentence no longer says that 99% of
    reshuffled lists show a difference this large."""
    result = replace(reversed_result, test=replace(reversed_result.test, other_tail_p=0.3))
    result = replace(result, verdict=replace(result.verdict, state="no_bias"))
    sentence = text.summary_sentence(result)
    assert sentence.endswith("30% of reshuffled lists lean this far that way. Neither direction "
                             "is shown, which is not proof of no association.")


def sensitivity(states: dict[str, tuple[float, str]], method: str) -> MethodSensitivity:
    rows = tuple(MethodRow(m, f"e5-{m}", d, 0.5, v) for m, (d, v) in states.items())
    ds = [d for d, _ in states.values()]
    return MethodSensitivity("weat7", "de", method, rows, max(ds) - min(ds),
                             min(ds) < 0 < max(ds), (), verdict_depends=len(
                                 {v for _, v in states.values()}) > 1)


def test_method_sensitivity_leads_the_headline(reversed_result):
    both = sensitivity({"passage": (-1.08, "other_way"), "template": (1.34, "holds")}, "passage")
    headline = words.result_headline(reversed_result, both)
    assert headline.startswith("Depends on the extraction method: the sign of d and the verdict "
                               "change with another method (template: a bias that holds), so this "
                               "passage result is not a property of the model alone. The "
                               "association runs the other way")
    assert headline.index("Depends") < headline.index("d = ")
    same = sensitivity({"passage": (0.5, "no_bias"), "query": (0.7, "no_bias")}, "passage")
    assert words.method_caveat(same) is None
    words_only = sensitivity({"passage": (0.5, "no_bias"), "query": (0.9, "these_words")},
                             "passage")
    assert "(query: significant for these exact words only)" in words.method_caveat(words_only)
    verdict_only = sensitivity({"passage": (0.5, "no_bias"), "query": (0.9, "holds")}, "query")
    assert words.method_caveat(verdict_only).startswith(
        "Depends on the extraction method: the verdict changes with another method (passage: "
        "no bias)")


def test_a_verdict_that_changes_with_the_method_is_flagged(reversed_result):
    """The rule on one result under three methods, one of which holds (the runner stands in
    for the encoder: the rule, not the model, is under test here)."""
    result = replace(reversed_result, language="de", encoder={"method": "passage"})
    holding = replace(result, verdict=replace(result.verdict, state="holds"))
    found = method_sensitivity(result, result_wordset(), WeatOptions(),
                               runner=lambda name, *_: holding if "template" in name else result)
    assert [row.verdict for row in found.rows] == ["other_way", "other_way", "holds"]
    assert found.verdict_depends and not found.sign_depends
    assert found.to_dict()["verdict_depends"] is True
    same = method_sensitivity(result, result_wordset(), WeatOptions(),
                              runner=lambda *_: result)
    assert not same.verdict_depends


def result_wordset():
    return planted(strength=0.4, seed=3)[1]


def test_a_two_sided_finding_against_the_direction_says_which_way(reversed_result):
    result = replace(reversed_result, verdict=replace(reversed_result.verdict, state="holds"))
    assert words.result_headline(result) == (
        "Bias detected at the 5% level, and it holds when the words are resampled, the other "
        f"way round: 'Set X' is closer to 'Career' and 'Set Y' to 'Home' (d = "
        f"{result.effect_size:.2f})")


def test_the_cli_text_says_the_verdict_before_any_number(reversed_result):
    both = sensitivity({"passage": (-1.08, "other_way"), "template": (1.34, "holds")}, "passage")
    lines = weat_report(reversed_result, sensitivity=both).splitlines()
    verdict = next(i for i, line in enumerate(lines) if "Depends on the extraction method" in line)
    first_number = next(i for i, line in enumerate(lines) if "effect size d =" in line)
    assert verdict < first_number


def test_no_draw_the_other_way_is_a_bound(reversed_result):
    test = replace(reversed_result.test, method="randomized", iterations=100_000,
                   other_tail_p=1 / 100_001)
    result = replace(reversed_result, test=test)
    assert text.other_tail_text(result) == "< 1.0 × 10⁻⁵"
    assert text.other_tail_phrase(result) == "p < 1.0 × 10⁻⁵ the other way"
    assert text.other_tail_text(replace(result, test=replace(test, other_tail_p=None))) == "–"
