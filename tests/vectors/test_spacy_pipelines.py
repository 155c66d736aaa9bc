"""spaCy pipelines as a vector source, on small pipeline folders written here with spaCy's own
serialisers: which key owns a row, what is skipped and why, the cache round trip, the refusals."""

import json

import numpy as np
import pytest
import srsly
from spacy.strings import StringStore

from bias.cli import main
from bias.errors import BiasInputError
from bias.stats.weat import SetReport
from bias.vectors import entry_files, store, visitor
from bias.vectors.download import import_pipeline
from bias.vectors.embeddings import Embedding, Match, SharedRows
from bias.vectors.server_access import ServerAccess
from bias.vectors.spacy_pipelines import (
    NO_STRING,
    UNUSABLE_OWNER,
    pipeline_folder,
    read_spacy_vectors,
)
from bias.vectors.vocabulary import Vocabulary
from bias.vectors.worker import ImportRequest, _run


def write_pipeline(folder, rows, keys, *, extra_strings=(), mode="default", lang="xx"):
    """A pipeline folder: `rows` (n, d) vectors and `keys` [(word, row)] in key2row order."""
    vocab = folder / "vocab"
    vocab.mkdir(parents=True)
    np.save(vocab / "vectors.npy", np.asarray(rows, dtype=np.float32))
    (vocab / "vectors.npy").rename(vocab / "vectors")
    strings = StringStore([word for word, _ in keys if word is not None] + list(extra_strings))
    strings.to_disk(vocab / "strings.json")
    hashes = {word: strings[word] for word, _ in keys if word is not None}
    key2row = {}
    for i, (word, row) in enumerate(keys):
        key2row[hashes[word] if word is not None else 10**18 + i] = row
    srsly.write_msgpack(vocab / "key2row", key2row)
    (vocab / "vectors.cfg").write_text(json.dumps({"mode": mode}))
    meta = {"lang": lang, "name": "tiny_md", "version": "1.0.0", "license": "MIT"}
    (folder / "meta.json").write_text(json.dumps(meta))
    return folder


@pytest.fixture
def tiny(tmp_path):
    rows = [[1, 0, 0], [0, 1, 0], [0, 0, 1], [0, 0, 0]]  # row 3 is all zero
    keys = [
        ("homme", 0), ("femme", 1), (" ", 2),  # row 2's first key is blank: the row is unusable
        ("zéro", 3),
        ("hommes", 0), ("Femme", 1), ("femmes", 1), ("vide", 2), (None, 0),
    ]
    return write_pipeline(tmp_path / "tiny", rows, keys)


def test_the_first_key_of_a_row_owns_it_and_the_others_share_it(tiny):
    raw, meta = read_spacy_vectors(str(tiny))
    assert raw.words == ["homme", "femme"]
    assert list(raw.shared.words) == ["hommes", "Femme", "femmes"]
    assert raw.shared.rows.tolist() == [0, 1, 1]
    np.testing.assert_array_equal(raw.vectors, [[1, 0, 0], [0, 1, 0]])
    report = raw.report
    assert (report.words, report.shared_words, report.lines_read) == (2, 3, 9)
    assert report.skipped == {
        "empty word or word with a line break": 1, "all-zero vector": 1, UNUSABLE_OWNER: 1,
        NO_STRING: 1,
    }
    assert "3 more words have no vector of their own" in report.summary()
    assert meta["lang"] == "xx"


def test_a_limit_keeps_the_first_rows_and_the_words_that_share_them(tiny):
    raw, _ = read_spacy_vectors(str(tiny), limit=1)
    assert raw.words == ["homme"] and list(raw.shared.words) == ["hommes"]
    assert raw.report.stopped_at_limit


def test_floret_vectors_and_folders_without_a_pipeline_are_one_sentence(tmp_path):
    write_pipeline(tmp_path / "floret", [[1.0, 2.0]], [("a", 0)], mode="floret")
    with pytest.raises(BiasInputError, match="spaCy 'floret' vectors"):
        read_spacy_vectors(str(tmp_path / "floret"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(BiasInputError, match="holds no spaCy pipeline"):
        pipeline_folder(str(tmp_path / "empty"))
    with pytest.raises(BiasInputError, match="no installed spaCy pipeline called 'no_such_pkg'"):
        pipeline_folder("no_such_pkg")


def test_a_package_folder_holds_its_pipeline_one_level_down(tiny, tmp_path):
    package = tmp_path / "tiny_pkg"
    package.mkdir()
    tiny.rename(package / "tiny-1.0.0")
    assert pipeline_folder(str(package)) == package / "tiny-1.0.0"


def test_import_keeps_the_shared_rows_in_the_cache(home, tiny):
    info, _ = import_pipeline(str(tiny), name="tiny", limit=None)
    assert (info.words, info.shared_words, info.language) == (2, 3, "xx")
    assert "pruned table: 5 words on 2 vectors" in info.source
    embedding = store.load_cached("tiny")
    assert len(embedding.shared) == 3
    lookups = embedding.lookup_all(["femmes", "hommes", "homme", "vide"])
    assert [(i.match, i.found_as) for i in lookups] == [
        (Match.SHARED_ROW, "femme"), (Match.SHARED_ROW, "homme"), (Match.EXACT, "homme"),
        (Match.MISSING, None),  # it shared the row of an unusable entry: not imported
    ]
    np.testing.assert_array_equal(embedding.vectors_for(lookups[:1]), [[0, 1, 0]])


def test_a_damaged_shared_table_is_named(home, tiny):
    import_pipeline(str(tiny), name="tiny", limit=None)
    np.save(store.root() / "tiny" / "shared_rows.npy", np.array([0, 1, 7], dtype=np.int32))
    with pytest.raises(BiasInputError, match=r"cache of 'tiny' is damaged.*shared_rows\.npy"):
        store.load_cached("tiny")


def test_cli_import_spacy_and_its_mistakes(home, tiny, capsys):
    assert main(["import", "--spacy", str(tiny), "--name", "tiny-md", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Imported tiny-md (xx): 2 words × 3 dimensions." in out
    assert "3 more words have no vector of their own" in out
    assert main(["import", "--spacy", str(tiny), "--name", "tiny-md"]) == 2
    assert "already imported" in capsys.readouterr().err
    assert main(["import", "x.vec", "--spacy", str(tiny)]) == 2
    assert "Give one of" in capsys.readouterr().err


def test_no_visitor_path_can_load_a_pipeline(home, tiny):
    """A pipeline is a folder (a server path gets the one refusal sentence) and the worker has no
    kind of request that reads one: only the command line imports pipelines."""
    access = ServerAccess(paths=True)
    with pytest.raises(BiasInputError, match="There is no vector file this server can read"):
        visitor.import_from_server(str(tiny), name="x", language="fr", limit=10, access=access)
    with pytest.raises(ValueError, match="unknown import kind 'spacy'"):
        _run(ImportRequest("spacy", str(tiny), "x", "fr", 10), lambda *a: None)


def test_own_vectors_go_before_shared_rows_and_a_shared_word_is_the_repeat():
    words = Vocabulary.from_words(["géométrie", "art"])
    shared = SharedRows(Vocabulary.from_words(["algèbre", "Art"]), np.array([0, 1], np.int32))
    embedding = Embedding("t", "fr", words, np.eye(2, dtype=np.float32), shared=shared)
    art, algebra = embedding.lookup_all(["Art", "algèbre"])
    assert (art.match, art.found_as) == (Match.LOWER, "art")  # its own vector, lower-cased
    assert (algebra.match, algebra.found_as) == (Match.SHARED_ROW, "géométrie")
    report = SetReport("X", "Math", ("algèbre", "géométrie"),
                       tuple(embedding.lookup_all(["algèbre", "géométrie"])))
    assert report.used == ("géométrie",) and report.repeated == ("algèbre",)
    assert [i.word for i in report.shared_rows] == ["algèbre"]
    left_out = SetReport("X", "Math", ("algèbre",), (algebra,), leave_out_shared=True)
    assert left_out.used == () and left_out.repeated == ()


def test_a_bundled_conversion_is_made_once_and_again_when_damaged(home, tiny):
    folder = home / "bundled" / "tiny-1"
    calls = []

    def read():
        calls.append(1)
        return read_spacy_vectors(str(tiny))[0]

    first = entry_files.load_converted(folder, "tiny-bundled", "xx", "tiny source", read)
    again = entry_files.load_converted(folder, "tiny-bundled", "xx", "tiny source", read)
    assert len(calls) == 1 and list(again.words) == list(first.words) == ["homme", "femme"]
    assert again.lookup("femmes").found_as == "femme"
    (folder / "words.txt").write_bytes(b"homme")  # one word short: damaged
    entry_files.load_converted(folder, "tiny-bundled", "xx", "tiny source", read)
    assert len(calls) == 2 and (folder / "words.txt").read_bytes() == b"homme\nfemme"
    assert not list(folder.parent.glob(".tmp-*"))


def test_a_row_no_key_points_to_is_counted(tmp_path):
    folder = write_pipeline(tmp_path / "gap", [[1, 0], [0, 1], [1, 1]], [("a", 0), ("c", 2)])
    raw, _ = read_spacy_vectors(str(folder))
    assert raw.words == ["a", "c"] and raw.shared is None
    assert raw.report.skipped == {"vector row no word owns": 1}
    assert raw.report.first_skipped_line["vector row no word owns"] == 2
