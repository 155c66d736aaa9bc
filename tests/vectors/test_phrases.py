"""Multi-word entries: reported as phrases with their own reason, never split nor missing."""

import dataclasses

import numpy as np

from bias.report.note_sentences import notes_text
from bias.report.text import lookup_notice
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding, Match
from bias.wordsets import TermSet
from tests.synthetic import planted


def test_a_phrase_is_its_own_match_not_split_and_not_missing():
    vocab = ["geometria", "analitica", "New_York", "new york"]
    embedding = Embedding.from_raw("toy", "it", vocab, np.eye(4, dtype=np.float32))
    phrase = embedding.lookup("Geometria analitica")
    assert (phrase.match, phrase.found_as, phrase.found) == (Match.PHRASE, None, False)
    assert phrase.is_phrase and not phrase.is_fallback
    # a vocabulary that holds the phrase as written (rare, but possible) finds it as usual
    assert embedding.lookup("New York").match is Match.LOWER
    assert embedding.lookup("nowhere").match is Match.MISSING
    # never synthesised from subwords: a phrase's hashed n-grams are not a phrase vector
    calls = []
    subwords = dataclasses.replace(embedding, synthesise=lambda w: calls.append(w) or np.ones(4))
    assert subwords.lookup("uno due").match is Match.PHRASE and calls == []
    assert subwords.lookup("unodue").match is Match.SYNTHESISED


def test_weat_lists_phrases_apart_and_says_why():
    embedding, wordset, _ = planted()
    x = TermSet("Set X", (*wordset.X.words, "x0 x1", "الهندسة الرياضية"))
    result = run_weat(embedding, dataclasses.replace(wordset, X=x), WeatOptions(seed=1))
    rep = result.sets["X"]
    assert rep.phrases == ("x0 x1", "الهندسة الرياضية")
    assert rep.missing == () and len(rep.used) == 8
    plain = run_weat(embedding, wordset, WeatOptions(seed=1))
    assert result.effect_size == plain.effect_size  # left out, not split into x0 and x1
    assert result.to_dict()["sets"]["X"]["phrases"] == ["x0 x1", "الهندسة الرياضية"]
    [sentence] = [t for t in notes_text(result.notes) if "phrase" in t]
    assert sentence.startswith("X (Set X): 2 entries are phrases of several words")
    assert "not split: x0 x1, الهندسة الرياضية." in sentence


def test_lookup_notice_names_phrases_with_their_reason():
    embedding, _, _ = planted()
    missing, fallback = lookup_notice(embedding.lookup_all(["x0", "zz", "x0 x1"]), "planted")
    assert missing == (
        "Not in planted, will be left out: zz. Phrases of several words, which planted does not "
        "hold as one word, will be left out: x0 x1"
    )
    assert fallback == ""
