"""The command line's WEAT report and JSON (bias.report.weat_report), on planted vectors whose
numbers are known by hand: 4 + 4 target words have C(8, 4) = 70 partitions, and only the real
one is as extreme, so the exact p is 1/70."""

import json
from dataclasses import replace

import pytest

from bias.report.weat_report import list_caption, weat_json, weat_report
from bias.stats.verdict import Coverage
from bias.stats.weat import WeatOptions, run_weat
from bias.wordsets import TermSet
from tests.synthetic import planted


@pytest.fixture(scope="module")
def small():
    embedding, wordset, _ = planted(sizes=(4, 4, 4, 4))
    return embedding, wordset


def test_exact_report_names_every_partition_and_the_interval_seed(small):
    result = run_weat(*small, WeatOptions(ci_resamples=200, seed=7))
    assert (result.method, result.iterations) == ("exact", 70)
    assert result.p_value == pytest.approx(1 / 70)
    text = weat_report(result).splitlines()
    assert text[0] == "Planted bias  [planted]"
    assert text[1] == "Embedding: planted (English)"
    # the verdict first, then the numbers (issue 42: what changes with the method or the
    # picking among draws leads, before any number)
    assert text[3] == "  Bias detected at the 5% level, and it holds when the words are resampled."
    assert text[4] == (f"  effect size d = {result.effect_size:.4f}   p = 0.0142857 "
                       "(one-sided; exact, all 70 reshufflings)")
    assert "(BCa bootstrap, 200 resamples, seed 7)" in text[7]
    assert text[-4:] == [f"  {key} Set {key}: 4 of 4 words found" for key in "XYAB"]


def test_randomized_report_names_its_draws_and_seed(small):
    result = run_weat(*small, WeatOptions(method="randomized", iterations=1000, seed=3,
                                          ci_resamples=0))
    line = weat_report(result).splitlines()[4]
    assert line.endswith("(one-sided; randomized, 1,000 random reshufflings, seed 3)")
    assert "bootstrap resamples" not in " ".join(weat_report(result).splitlines()[:7])
    assert "No interval for d was computed (0 bootstrap resamples)" in weat_report(result)


def test_a_missing_word_is_counted_in_the_report_and_warned_of_in_the_json(small):
    embedding, wordset = small
    x = TermSet("Set X", (*wordset.X.words, "qqqzzx"))
    result = run_weat(embedding, replace(wordset, X=x), WeatOptions(ci_resamples=0))
    text = weat_report(result)
    assert "  X Set X: 4 of 5 words found" in text.splitlines()
    data = json.loads(json.dumps(weat_json(result)))
    assert any("qqqzzx" in warning for warning in data["warnings"])
    assert any(line == f"  Note: {w}" for w in data["warnings"] for line in text.splitlines())
    assert data["seed"] is None and data["iterations"] == 70  # exact: no seed, the 4 words found


def test_the_note_under_a_list_counts_one_word_in_the_singular():
    """'1 of 1 words found' under a one-word list (issue 42's walk): the page and the report
    share one wording, with the words that only share a vector and the distinct vectors."""
    assert list_caption(Coverage(1, 1, 1), False, False) == "1 of 1 word found"
    assert list_caption(Coverage(4, 3, 3, 1), False, True) == (
        "3 of 4 words found, 1 more only shares a vector; 3 distinct vectors")
    assert list_caption(Coverage(8, 5, 1, 2), True, True) == (
        "5 of 8 words found, 2 more only share a vector (left out); 1 distinct vector")
