"""MAC against a plain loop, for two and for three target sets."""

import pytest

from bias.report.note_sentences import notes_text
from bias.stats.mac import run_mac
from bias.stats.measure_result import MeasureOptions
from bias.wordsets import NamedSets, TermSet
from tests.stats import plain_measures as plain
from tests.stats.measure_fixtures import planted_sets, vectors


def test_equals_the_plain_loop():
    embedding, sets, raw = planted_sets(strength=0.5)
    result = run_mac(embedding, sets)
    expected = plain.mac([vectors(t, raw) for t in sets.targets],
                         [vectors(a, raw) for a in sets.attributes])
    assert result.value == pytest.approx(expected, abs=1e-6)
    word = result.per_word[0]
    a_name = sets.attributes[0].name
    t = raw[word.word]
    by_hand = sum(1 - plain.cos(t, raw[a]) for a in sets.attributes[0].words) / 6
    assert word.extra[f"distance to {a_name}"] == pytest.approx(by_hand, abs=1e-6)


def test_any_number_of_sets_and_no_p_value():
    embedding, sets, raw = planted_sets(strength=0.5)
    third = TermSet("Others", tuple(f"other{i}" for i in range(4)))
    many = NamedSets("m", "m", "en", (*sets.targets, third), sets.attributes)
    result = run_mac(embedding, many, MeasureOptions(p_value=True))
    expected = plain.mac([vectors(t, raw) for t in many.targets],
                         [vectors(a, raw) for a in many.attributes])
    assert result.value == pytest.approx(expected, abs=1e-6)
    assert result.p_value is None
    assert [n.code for n in result.notes] == ["no_permutation_test"]
    assert "no permutation p-value" in notes_text(result.notes)[0]
