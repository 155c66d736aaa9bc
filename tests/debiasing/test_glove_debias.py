"""The issue's done-when on the bundled GloVe 6B 50d, through the command line."""

import json

import numpy as np
import pytest

from bias.debiasing.derived import parent_digest
from bias.debiasing.inputs import load_inputs, resolve
from bias.vectors import store
from bias.vectors.catalog import load_embedding
from tests.command import run


def test_hard_debias_reports_held_out_words_and_that_the_bias_was_only_hidden(capsys):
    glove = load_embedding("glove-6b-50d")
    digest_before = parent_digest(glove)
    code, out, err = run(capsys, "debias", "--method", "hard", "--embedding", "glove-6b-50d",
                         "--pairs", "en-gender", "--check", "weat6", "--check", "weat7",
                         "--name", "glove-hard", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert [c["wordset"] for c in result["checks"]] == ["weat6", "weat7"]
    for check in result["checks"]:
        held = set().union(*map(set, check["held_out_words"].values()))
        fitting = set().union(*map(set, check["fitting_words"].values()))
        assert held and fitting and not held & fitting
        for when in ("before", "after"):
            side = check["held_out"][when]
            assert len(side["interval"]) == 2 and 0 <= side["p_value"] <= 1
        assert check["held_out"]["change"] == pytest.approx(
            check["held_out"]["after"]["effect_size"] - check["held_out"]["before"]["effect_size"]
        )
        assert "circular" in check["fitting_circular"]["note"]
    # weat6 on its held-out words: 1.61 before; the paired interval of the change is below 0
    weat6 = result["checks"][0]["held_out"]
    assert weat6["before"]["effect_size"] == pytest.approx(1.61, abs=0.01)
    assert weat6["change_interval"][1] < 0
    # each held-out name's own lean: female names to family (Lisa -1.59), less so after
    scweat = weat6["sc_weat"]
    assert [w["word"] for w in scweat["words"]] == (
        result["checks"][0]["held_out_words"]["X"] + result["checks"][0]["held_out_words"]["Y"])
    assert scweat["p_method"] == "exact" and scweat["missing"] == []
    female = scweat["mean_effect"]["Female names"]
    assert female["before"] == pytest.approx(-1.55, abs=0.01) and female["before"] < female["after"]
    rec = result["recoverability"]
    assert rec["kmeans_alignment_before"]["mean"] > 0.99
    assert rec["kmeans_alignment_after"]["mean"] >= 0.80  # Gonen & Goldberg: 92.5% on 300d
    assert rec["linear_svm_accuracy"]["low"] > 0.9 and rec["rbf_svm_accuracy"]["low"] > 0.9
    assert result["verdict"].startswith("Bias was hidden, not removed")
    use = result["usefulness"]
    assert use["protected_unchanged"] == use["protected_checked"] > 100
    assert 0.8 < use["neighbour_overlap_at_10"] < 1
    assert "Catholic_priest" in result["inputs_missing"]  # a word2vec phrase GloVe lacks

    # the derived embedding: listed with its provenance, usable, its parent unchanged
    code, out, _ = run(capsys, "embeddings", "--json")
    listed = {item["name"]: item for item in json.loads(out)}
    derived = listed["glove-hard"]
    assert derived["kind"] == "derived" and derived["derived_from"]["parent"] == "glove-6b-50d"
    assert derived["derived_from"]["parent_sha256"] == digest_before[0]
    assert derived["derived_from"]["method"] == "hard" and derived["derived_from"]["seed"] == 0
    code, out, _ = run(capsys, "weat", "--embedding", "glove-hard", "--wordset", "weat7",
                       "--json")
    assert code == 0 and json.loads(out)["embedding"] == "glove-hard"
    assert store.verify("glove-hard").ok
    code, out, _ = run(capsys, "embeddings", "--verify", "glove-hard")
    assert code == 0 and "Its parent glove-6b-50d is unchanged" in out
    assert parent_digest(load_embedding("glove-6b-50d")) == digest_before
    # protected words, as stored and reloaded, are the parent's to the bit
    saved = load_embedding("glove-hard")
    resolved = resolve(load_inputs("en-gender"), glove)
    equalised = {r for g in resolved.equalize for r in g}
    rows = [r for r in resolved.protected if r not in equalised]
    assert np.asarray(saved.vectors[rows]).tobytes() == np.asarray(glove.vectors[rows]).tobytes()


def test_inlp_brings_the_linear_classifier_near_chance_on_words_like_its_training_words(capsys):
    code, out, err = run(capsys, "debias", "--method", "inlp", "--pairs", "en-gender",
                         "--check", "weat6", "--json")
    assert code == 0, err
    result = json.loads(out)
    back = result["inlp_held_back"]
    assert back["linear_svm_accuracy"]["value"] < 0.6  # chance is 0.5
    assert back["rbf_svm_accuracy"]["value"] > 0.75  # what a non-linear classifier still finds
    assert result["fit"]["classifier_accuracy"][-1] < 0.53
    assert result["embedding"] is None  # nothing saved without --name
    assert store.list_cached() == []


def test_a_name_already_taken_and_groups_for_hard_are_one_sentence(capsys):
    code, _, err = run(capsys, "debias", "--pairs", "en-origin")
    assert code == 2 and "multiclass" in err and "Traceback" not in err
    code, _, err = run(capsys, "debias", "--name", "glove-6b-50d")
    assert code == 2 and "bundled" in err


def test_word_similarity_agrees_with_gensims_own_evaluation():
    from gensim.models import KeyedVectors
    from gensim.test.utils import datapath

    from bias.debiasing.similarity import _pairs, similarity_checks

    glove = load_embedding("glove-6b-50d")
    checks = {c.benchmark: c for c in similarity_checks(glove, glove.vectors)}
    for name, file_name in (("WordSim-353", "wordsim353.tsv"), ("SimLex-999", "simlex999.txt")):
        words = sorted({w for a, b, _ in _pairs(file_name) for w in (a, b)})
        kv = KeyedVectors(glove.dimensions)
        rows = [glove.row(glove.lookup(w).found_as) for w in words]  # 'FBI' is found as 'fbi'
        kv.add_vectors(words, np.asarray(glove.vectors[rows]))
        _, spearman, oov = kv.evaluate_word_pairs(datapath(file_name))
        assert oov == 0 and checks[name].pairs_used == checks[name].pairs_total
        assert checks[name].before == pytest.approx(spearman.statistic, abs=1e-9)
        assert checks[name].after == checks[name].before  # the same vectors
    assert checks["WordSim-353"].before == pytest.approx(0.503, abs=0.001)
    assert similarity_checks(glove.__class__("x", "de", ["a"], glove.vectors[:1]),
                             glove.vectors[:1]) == ()  # no benchmark outside English
