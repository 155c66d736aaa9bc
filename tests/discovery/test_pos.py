"""Part-of-speech adapters: the paper's compatibility rule and HanTa's tags mapped to UPOS."""

import pytest

from bias.discovery.pos import (
    C5_TO_UPOS,
    STTS_TO_UPOS,
    UPOS_TAGS,
    HanTaTagger,
    Tagger,
    c5_to_upos,
    compatible,
    stts_to_upos,
    tagger_for,
)


@pytest.mark.parametrize(
    ("seed", "candidate", "expected"),
    [
        ("NOUN", "NOUN", True),
        ("NOUN", "PROPN", True),
        ("PROPN", "NOUN", True),
        ("ADJ", "ADV", True),
        ("ADV", "ADJ", True),
        ("NOUN", "VERB", False),
        ("ADJ", "NOUN", False),
        ("PROPN", "ADJ", False),
    ],
)
def test_compatible_follows_the_paper(seed, candidate, expected):
    assert compatible(seed, candidate) is expected


def test_mappings_only_produce_upos_tags():
    assert set(STTS_TO_UPOS.values()) <= set(UPOS_TAGS)
    assert set(C5_TO_UPOS.values()) <= set(UPOS_TAGS)


@pytest.mark.parametrize(
    ("tag", "upos"),
    [("ADJ(A)", "ADJ"), ("ADJ(D)", "ADJ"), ("VV(FIN)", "VERB"), ("VM(INF)", "AUX"),
     ("NE", "PROPN"), ("NNI", "NOUN"), ("$.", "PUNCT"), ("nonsense", None)],
)  # fmt: skip
def test_stts_mapping(tag, upos):
    assert stts_to_upos(tag) == upos


@pytest.mark.parametrize(
    ("tag", "upos"),
    [("NN1", "NOUN"), ("NN2", "NOUN"), ("NP0", "PROPN"), ("AJ0", "ADJ"), ("AV0", "ADV"),
     ("VVG", "VERB"), ("VBZ", "AUX"), ("CJC", "CCONJ"), ("nonsense", None)],
)  # fmt: skip
def test_c5_mapping(tag, upos):
    assert c5_to_upos(tag) == upos


@pytest.mark.parametrize(
    ("word", "upos"), [("Freude", "NOUN"), ("wunderbar", "ADJ"), ("Mehmet", "PROPN")]
)
def test_hanta_german_words_out_of_context(word, upos):
    # Mehmet is unknown to HanTa's lexicon; its case/suffix model calls a capitalised unknown NE.
    assert HanTaTagger("de").upos(word) == upos


@pytest.mark.parametrize(
    ("word", "upos"),
    [("Jennifer", "PROPN"), ("executive", "NOUN"), ("happily", "ADV"), ("happy", "ADJ")],
)
def test_hanta_english_words_out_of_context(word, upos):
    assert HanTaTagger("en").upos(word) == upos


def test_hanta_caches_per_word():
    tagger = HanTaTagger("de")
    tagger.upos("Freude")
    assert "Freude" in tagger._cache


def test_tagger_for_languages():
    german = tagger_for("de")
    assert isinstance(german, Tagger)
    assert "HanTa" in german.name or "spaCy" in german.name
    assert tagger_for("rm") is None  # Romansh: no spaCy pipeline, no HanTa model
