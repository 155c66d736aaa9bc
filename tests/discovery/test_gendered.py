"""The lists of words whose meaning has a gender: each word has one gender, and French reads
meaning, not grammar."""

import pytest

from bias.discovery.gendered import GENDERED, parse_pairs
from bias.discovery.seed_profiles import meaning_gender, word_gender


def test_a_word_listed_with_both_genders_is_refused():
    assert parse_pairs("king queen | prince princess", "duchess") == {
        "king": "male", "queen": "female", "prince": "male", "princess": "female",
        "duchess": "female",
    }  # fmt: skip
    with pytest.raises(ValueError, match="'queen' is listed as male and as female"):
        parse_pairs("king queen | queen consort")
    with pytest.raises(ValueError, match="'king'"):
        parse_pairs("king queen", "king")
    assert set(GENDERED) == {"en", "fr"}


class Masculine:
    """A tagger whose morphology calls every word masculine, as French grammar does *individu*."""

    def gender(self, word):
        return "male"


@pytest.mark.parametrize(("word", "meaning"), [
    ("mari", "male"), ("grand-père", "male"), ("amie", "female"), ("cadette", "female"),
    ("ami", None), ("individu", None), ("dictateur", None),
])  # fmt: skip
def test_french_meaning_is_read_from_the_list_and_grammar_only_as_a_fallback(word, meaning):
    assert meaning_gender(word, "noun", "fr", Masculine()) == meaning
    assert word_gender(word, "noun", "fr", Masculine()) == (meaning or "male")


def test_without_a_list_the_morphology_is_all_there_is():
    assert meaning_gender("Individuum", "noun", "de", Masculine()) == "male"
    assert meaning_gender("husband", "noun", "en", None) == "male"
    assert meaning_gender("person", "noun", "en", Masculine()) is None


def test_a_name_the_dictionary_does_not_know_has_no_gender_whatever_the_grammar():
    assert word_gender("Zzyxq", "name", "fr", Masculine()) is None
    assert word_gender("Marie", "name", "fr", Masculine()) == "female"
