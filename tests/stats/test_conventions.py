"""d under a source's conventions: hand-computed tiny cases, a plain loop, the mapping from a
word set to its source, and one WEATHub English test on GloVe."""

import math
import statistics

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.stats.conventions import (
    CALISKAN,
    CONVENTIONS,
    PAPER_CONVENTION,
    WEATHUB,
    convention_for,
    effect_size_under,
)
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Embedding
from bias.wordsets import TermSet, WordSet
from bias.wordsets.library import bundled_wordsets
from tests.synthetic import planted

# Unit vectors in 2-D with A = (1, 0) and B = (0, 1), so s(w) = w₁ − w₂:
# x1 → 1, x2 → −0.2, y1 → −1, y2 → 0.2; x3 = (0.8, 0.6), and the phrase "x2 x3" averages to
# (0.7, 0.7), whose s is 0. Vectors are stored as float32, hence the 1e-6 tolerances.
TINY = {
    "x1": (1.0, 0.0), "x2": (0.6, 0.8), "x3": (0.8, 0.6),
    "y1": (0.0, 1.0), "y2": (0.8, 0.6), "a1": (1.0, 0.0), "b1": (0.0, 1.0),
}


def _tiny(x, y=("y1", "y2"), a=("a1",), b=("b1",)):
    words = list(TINY)
    embedding = Embedding.from_raw("tiny", "en", words, np.array([TINY[w] for w in words]))
    wordset = WordSet("tiny", "Tiny", "en", TermSet("X", tuple(x)), TermSet("Y", tuple(y)),
                      TermSet("A", tuple(a)), TermSet("B", tuple(b)))
    return embedding, wordset


def test_sample_and_population_sd_on_four_numbers():
    """s = (1, −0.2) for X and (−1, 0.2) for Y: the means differ by 0.8, the mean is 0 and the
    squares sum to 2.08, so d = 0.8/√(2.08/4) with ddof 0 and 0.8/√(2.08/3) with ddof 1."""
    embedding, wordset = _tiny(("x1", "x2"))
    caliskan = effect_size_under(CALISKAN, embedding, wordset)
    weathub = effect_size_under(WEATHUB, embedding, wordset)
    assert caliskan.effect_size == pytest.approx(0.8 / math.sqrt(0.52), abs=1e-6)  # 1.1094
    assert weathub.effect_size == pytest.approx(0.8 / math.sqrt(2.08 / 3), abs=1e-6)  # 0.9608
    assert weathub.not_reproduced == {} and weathub.reproduced
    ours = run_weat(embedding, wordset, WeatOptions(ci_resamples=0)).effect_size
    assert caliskan.effect_size == pytest.approx(ours, abs=1e-6)  # Caliskan's is BiasWords' d


def test_a_repeated_word_counts_twice_under_weathub_only():
    """X = x1, x1, x2: s = 1, 1, −0.2 against −1, 0.2; means 0.6 and −0.4, overall 0.2;
    squared deviations 0.64 + 0.64 + 0.16 + 1.44 + 0 = 2.88, so d = 1/√(2.88/4)."""
    embedding, wordset = _tiny(("x1", "x1", "x2"))
    weathub = effect_size_under(WEATHUB, embedding, wordset)
    assert weathub.effect_size == pytest.approx(1 / math.sqrt(0.72), abs=1e-6)  # 1.1785
    assert "repeats_kept" in weathub.applied
    assert weathub.entries == {"X": 3, "Y": 2, "A": 1, "B": 1}
    caliskan = effect_size_under(CALISKAN, embedding, wordset)  # a set holds a word once
    assert caliskan.effect_size == pytest.approx(0.8 / math.sqrt(0.52), abs=1e-6)
    assert "repeats_kept" not in caliskan.applied and caliskan.entries["X"] == 2


def test_a_phrase_is_averaged_over_its_words():
    """X = x1, "x2 x3": s = 1 and 0 against −1, 0.2; means 0.5 and −0.4, overall 0.05; squared
    deviations 0.9025 + 0.0025 + 1.1025 + 0.0225 = 2.03, so d = 0.9/√(2.03/3)."""
    embedding, wordset = _tiny(("x1", "x2 x3"))
    weathub = effect_size_under(WEATHUB, embedding, wordset)
    assert weathub.effect_size == pytest.approx(0.9 / math.sqrt(2.03 / 3), abs=1e-6)  # 1.0941
    assert "phrases_averaged" in weathub.applied
    # averaged over unit vectors: WEATHub averaged raw fastText vectors, so it is said
    assert weathub.not_reproduced == {"phrase_unit_average": ("x2 x3",)}
    caliskan = effect_size_under(CALISKAN, embedding, wordset)  # left out, as BiasWords does
    assert caliskan.entries["X"] == 1


def test_what_cannot_be_reproduced_is_returned_with_its_words():
    embedding, wordset = _tiny(("x1", "X2", "x2 zzz", "qqq"))
    result = effect_size_under("weathub", embedding, wordset)
    assert result.not_reproduced == {
        "missing_words": ("qqq",),  # fastText would have built it from subwords
        "phrase_incomplete": ("x2 zzz",),
        "spelling_fallback": ("X2",),  # WEATHub looks words up as written
    }
    assert not result.reproduced
    assert result.effect_size == pytest.approx(0.8 / math.sqrt(2.08 / 3), abs=1e-6)
    # Caliskan's convention says nothing of spelling: a fallback is no gap there
    assert "spelling_fallback" not in effect_size_under(CALISKAN, embedding, wordset).not_reproduced


def test_an_empty_set_gives_no_d_and_says_which():
    embedding, wordset = _tiny(("qqq",))
    result = effect_size_under(WEATHUB, embedding, wordset)
    assert math.isnan(result.effect_size)
    assert result.not_reproduced["empty_set"] == ("X",)
    assert result.to_dict()["effect_size"] is None


def test_unknown_convention_is_one_sentence():
    embedding, wordset = _tiny(("x1", "x2"))
    with pytest.raises(BiasInputError, match="known: weathub, caliskan, paper"):
        effect_size_under("wefe", embedding, wordset)


def _plain_weathub_d(raw, wordset):
    """WEATHub's d written out: every entry kept, phrases as the mean of their words' unit
    vectors, cosines and the sample SD by loops."""
    def unit(v):
        n = math.sqrt(sum(c * c for c in v))
        return [c / n for c in v]

    def vec(entry):
        parts = [unit(raw[w]) for w in entry.split()]
        return [sum(c) / len(parts) for c in zip(*parts, strict=True)]

    def cos(u, v):
        return sum(a * b for a, b in zip(unit(u), unit(v), strict=True))

    sets = {k: [vec(w) for w in getattr(wordset, k).words] for k in "XYAB"}
    s = [statistics.mean(cos(w, a) for a in sets["A"]) - statistics.mean(
        cos(w, b) for b in sets["B"]) for w in sets["X"] + sets["Y"]]
    nx = len(sets["X"])
    return (statistics.mean(s[:nx]) - statistics.mean(s[nx:])) / statistics.stdev(s)


def test_weathub_convention_equals_a_plain_loop_on_a_planted_embedding():
    embedding, wordset, raw = planted(strength=0.4, sizes=(6, 7, 5, 6), seed=4)
    x = wordset.X.words
    wordset = WordSet("p", "P", "en", TermSet("X", (*x, x[0], f"{x[1]} {x[2]}")),
                      wordset.Y, wordset.A, TermSet("B", (*wordset.B.words, wordset.B.words[0])))
    got = effect_size_under(WEATHUB, embedding, wordset)
    assert got.entries == {"X": 8, "Y": 7, "A": 5, "B": 7}
    assert got.effect_size == pytest.approx(_plain_weathub_d(raw, wordset), abs=1e-6)


@pytest.mark.parametrize(("test_id", "expected"), [
    ("weathub-fr-weat1", WEATHUB),
    ("weathub-en-weat12", WEATHUB),
    ("weat1", CALISKAN),
    ("weat10", CALISKAN),
    ("weat5-ori", CALISKAN),  # the paper prints the lists; the values are Caliskan's Table 1
    ("weat6-ita", PAPER_CONVENTION),
    ("biasw1", PAPER_CONVENTION),
    ("ger1", None),  # no published value
])
def test_each_bundled_set_maps_to_the_source_of_its_value(test_id, expected):
    assert convention_for(bundled_wordsets()[test_id]) is expected


def test_every_convention_documents_every_choice():
    for convention in CONVENTIONS.values():
        fields = {"ddof", "repeats_kept", "phrases_averaged", "missing_from_subwords",
                  "exact_spelling", "ties", "p_can_be_zero"}
        assert set(convention.documented) == fields
        assert convention.stated <= fields
        for name in fields - convention.stated:
            assert convention.documented[name].startswith("not stated")


def test_glove_weathub_english_test_shows_the_share_of_convention():
    """weathub-en-weat12 (disability): WEATHub reports d = −0.788 on fastText cc.en.300.
    BiasWords on GloVe 6B 50d leaves its five phrases out ('Visually impaired', …) and gets
    −0.529; with WEATHub's conventions (phrases averaged, ddof = 1) the same vectors give
    −0.637: about 0.11 of the 0.26 gap is convention, the rest is the embedding."""
    glove = load_embedding("glove-6b-50d")
    wordset = bundled_wordsets()["weathub-en-weat12"]
    ours = run_weat(glove, wordset, WeatOptions(iterations=1000, ci_resamples=0)).effect_size
    theirs = effect_size_under(convention_for(wordset), glove, wordset)
    assert wordset.reported.effect_size == -0.788
    assert ours == pytest.approx(-0.529, abs=5e-4)
    assert theirs.effect_size == pytest.approx(-0.637, abs=5e-4)
    assert theirs.entries == {"X": 10, "Y": 10, "A": 11, "B": 11}
    assert "phrases_averaged" in theirs.applied
    assert theirs.not_reproduced["phrase_unit_average"] == (
        "Visually impaired", "Hearing impaired", "Mobility impaired", "Cognitively impaired",
        "Motor impaired")
    assert "Cripple" in theirs.not_reproduced["spelling_fallback"]  # lower-case GloVe
