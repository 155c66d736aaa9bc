"""The four verdicts (bias.stats.verdict): hand-made cases at the boundaries, then GloVe."""

import json
import math
import re
from dataclasses import replace

import pytest

from bias.cli import main
from bias.report import verdict as words
from bias.stats.bootstrap import EffectSizeInterval
from bias.stats.permutation import PermutationTest
from bias.stats.verdict import MIN_SET_WORDS, Coverage, decide
from bias.stats.weat import run_weat
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset


def perm(p: float, smallest: float = 1e-4, alternative: str = "greater") -> PermutationTest:
    return PermutationTest(0.1, p, "exact", alternative, 12870, 3, None, None, smallest)


def ci(low: float, high: float) -> EffectSizeInterval:
    return EffectSizeInterval(low, high, "BCa", 10_000, 0.95, 0, (high - low) / 4)


FULL = {key: Coverage(8, 8, 8) for key in "XYAB"}


@pytest.mark.parametrize(
    ("p", "interval", "alternative", "state"),
    [
        (0.049, ci(0.1, 1.9), "greater", "holds"),
        (0.049, ci(-0.1, 1.9), "greater", "these_words"),
        (0.049, None, "greater", "these_words"),
        (0.05, ci(0.1, 1.9), "greater", "no_bias"),  # p at α is not below it (p < 0.05)
        (0.01, ci(-1.9, -0.2), "two-sided", "holds"),  # two-sided: either side of 0
        (0.01, ci(-1.9, -0.2), "greater", "these_words"),  # one-sided: only the tested side
    ],
)
def test_the_state_follows_p_and_the_interval(p, interval, alternative, state):
    verdict = decide(perm(p, alternative=alternative), 1.0, interval, FULL)
    assert verdict.state == state


def test_a_floor_at_alpha_cannot_decide_even_at_the_floor():
    verdict = decide(perm(1 / 15, smallest=1 / 15), 1.5, ci(0.5, 1.9), FULL)
    assert (verdict.state, verdict.reasons, verdict.smallest_p) == (
        "cannot_decide", ("p_floor",), 1 / 15)


def test_small_sets_cannot_decide_and_say_how_many_words_to_add():
    coverage = {**FULL, "A": Coverage(11, 2, 2), "B": Coverage(11, 3, 3)}
    verdict = decide(perm(1 / 36, smallest=1 / 36), 1.9, ci(0.5, 1.9), coverage)
    assert verdict.state == "cannot_decide" and verdict.reasons == ("few_words",)
    assert verdict.words_needed == {"A": MIN_SET_WORDS - 2, "B": MIN_SET_WORDS - 3}
    assert not verdict.comparable  # 2 of 11 words: the published value is of other lists


def test_an_undefined_d_cannot_decide():
    assert decide(perm(0.5), math.nan, None, FULL).reasons == ("no_effect_size",)


@pytest.fixture(scope="module")
def glove():
    return load_embedding(DEFAULT_EMBEDDING)


@pytest.mark.parametrize(("wordset", "state"),
                         [("weat3", "these_words"), ("weat6", "holds"), ("weat7", "holds")])
def test_glove_verdicts(glove, wordset, state):
    """WEAT 3's interval for d runs from -0.08 to 1.56 on GloVe 6B 50d: significant for its
    names, not shown to hold for the concepts; WEAT 6 and 7 hold."""
    result = run_weat(glove, get_wordset(wordset))
    assert result.verdict.state == state
    assert result.to_dict()["verdict"]["state"] == state


def test_one_word_a_set_cannot_decide_and_gives_no_label(glove, tmp_path, capsys):
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"X": ["math"], "Y": ["poetry"], "A": ["man"], "B": ["woman"]}))
    assert main(["weat", "--wordset", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"]["state"] == "cannot_decide"
    assert data["verdict"]["smallest_p"] == 0.5
    assert set(data["verdict"]["reasons"]) == {"p_floor", "few_words"}
    assert data["verdict"]["words_needed"] == {key: MIN_SET_WORDS - 1 for key in "XYAB"}
    assert data["coverage"]["X"] == {"listed": 1, "found": 1, "used": 1, "shared": 0}
    assert main(["weat", "--wordset", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Cannot decide" in out and "the smallest possible p is 0.5" in out
    assert "Add words the embedding knows (3 to X, 3 to Y, 3 to A, 3 to B)" in out
    assert not re.search(r"effect size [-\d.]+: ", out)  # the old "2.00: large"


def test_low_coverage_shows_the_published_value_as_not_comparable(glove):
    weat7 = get_wordset("weat7")
    x = replace(weat7.X, words=weat7.X.words[:3] + tuple(f"qqzx{i}" for i in range(5)))
    result = run_weat(glove, replace(weat7, X=x))
    assert result.reported is not None
    assert not result.verdict.comparable
    text = words.not_comparable_text(result.coverage)
    assert "X 38%" in text and "Not comparable" in text
