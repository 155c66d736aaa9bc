"""RIPA against a plain loop; pairs with a missing word leave as pairs; sign-flip p by hand."""

import itertools

import pytest

from bias.errors import BiasInputError
from bias.report.note_sentences import notes_text
from bias.stats.measure_result import MeasureOptions
from bias.stats.ripa import run_ripa
from bias.wordsets import NamedSets, TermSet
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import one_attribute, planted_sets, vectors


def test_value_per_word_and_sign_flip_p_equal_the_plain_loop():
    embedding, sets, raw = planted_sets(strength=0.6, sizes=(6, 6, 5, 5))
    sets = one_attribute(sets)
    result = run_ripa(embedding, sets, MeasureOptions(p_value=True))
    t1, t2 = (list(map(plain.unit, vectors(t, raw))) for t in sets.targets)
    attributes = list(map(plain.unit, vectors(sets.attributes[0], raw)))
    value, per_attribute = plain.ripa(t1, t2, attributes)
    assert result.value == pytest.approx(value, abs=1e-6)
    assert result.value > 0  # A is planted on X's side
    assert [r.value for r in result.per_word] == pytest.approx(per_attribute, abs=1e-6)
    pairs = [plain.ripa([a], [b], attributes)[0] for a, b in zip(t1, t2, strict=True)]
    observed = sum(pairs) / len(pairs)
    hits = sum(
        abs(sum(s * p for s, p in zip(signs, pairs, strict=True)) / len(pairs))
        >= abs(observed) - 1e-12
        for signs in itertools.product((1, -1), repeat=len(pairs))
    )
    assert result.p_value == pytest.approx(hits / 2 ** len(pairs))
    assert result.p_method == "exact" and result.test.iterations == 64


def test_a_pair_with_a_missing_word_is_left_out_and_named():
    embedding, sets, raw = planted_sets(strength=0.6)
    x = TermSet("X", ("x0", "x1", "nonsense-word"))
    y = TermSet("Y", ("y0", "y1", "y2"))
    result = run_ripa(embedding, NamedSets("r", "r", "en", (x, y), sets.attributes[:1]))
    assert result.details["pairs"] == ["x0/y0", "x1/y1"]
    assert any("nonsense-word/y2" in w for w in notes_text(result.notes))
    t1 = [plain.unit(list(raw[w])) for w in ("x0", "x1")]
    t2 = [plain.unit(list(raw[w])) for w in ("y0", "y1")]
    attributes = list(map(plain.unit, vectors(sets.attributes[0], raw)))
    assert result.value == pytest.approx(plain.ripa(t1, t2, attributes)[0], abs=1e-6)


def test_unequal_target_sets_are_one_sentence():
    embedding, sets, _ = planted_sets(sizes=(5, 4, 6, 6))
    with pytest.raises(BiasInputError, match="same number of words"):
        run_ripa(embedding, one_attribute(sets))
