"""Issue 35, item 2: a debiased copy is never in a default choice, and never pooled with its own
parent (two measurements of one embedding are not independent results)."""

import html
import json

import pytest

from bias.cli import main
from bias.stats.pooling import related
from bias.vectors import store
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import all_wordsets
from tests.language_vectors import import_language


@pytest.fixture
def parent_and_copy(home, tmp_path):
    """Small Italian vectors and a derived copy of them (moved a little, as debiasing would)."""
    parent = load_embedding(import_language(tmp_path, "it", "it-small"))
    store.save_derived("it-small-hard", "it", parent.words, parent.vectors * 0.5 + 0.01,
                       source="a test", derived_from={"parent": "it-small", "parent_sha256": "",
                                                      "method": "hard"})
    return all_wordsets("it")[0].id


def batch(capsys, *argv):
    code = main(["batch", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_default_is_the_originals(parent_and_copy, capsys):
    code, out, err = batch(capsys, "--wordset", parent_and_copy, "--iterations", "1000",
                           "--json")
    assert (code, err) == (0, "")
    assert [row["embedding"] for row in json.loads(out)] == ["it-small"]


def test_pooling_an_embedding_with_its_copy_is_refused(parent_and_copy, capsys, tmp_path):
    chosen = ["--wordset", parent_and_copy, "--embedding", "it-small", "it-small-hard",
              "--iterations", "1000"]
    code, out, err = batch(capsys, *chosen, "--pool")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "--pool refuses to pool these embeddings: it-small-hard is derived from it-small" \
        in err and "one embedding measured twice" in err
    report = tmp_path / "r.html"
    code, out, _ = batch(capsys, *chosen, "--report", str(report))
    assert code == 0 and "it-small-hard" in out
    page = html.unescape(report.read_text(encoding="utf-8"))
    assert f"The test {parent_and_copy} is not pooled: it-small-hard is derived from it-small" \
        in page
    assert '"pooled": []' in page


def test_two_copies_of_one_parent_are_related_too():
    lineage = {"g-hard": "g", "g-inlp": "g", "g-hard-hard": "g-hard"}
    assert [(r.derived, r.other, r.direct) for r in related(["g", "h", "g-hard"], lineage)] \
        == [("g-hard", "g", True)]
    assert [(r.derived, r.other, r.origin, r.direct)
            for r in related(["g-hard", "g-inlp"], lineage)] == [("g-inlp", "g-hard", "g", False)]
    assert [(r.derived, r.other, r.direct) for r in related(["g-hard-hard", "g"], lineage)] \
        == [("g-hard-hard", "g", True)]
    assert related(["g", "h"], lineage) == []
