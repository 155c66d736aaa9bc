"""Issue 14, items 6, 9 and 11 for BiasWords: curation files that collide, that are damaged, and
seed sets that would exhaust memory. Every crafted file is written by the test itself."""

import json

import pytest
from streamlit.testing.v1 import AppTest

from bias.discovery.candidates import CandidateOptions, generate_candidates
from bias.discovery.curation import (
    SHARED,
    DamagedCuration,
    backup_path,
    curation_path,
    load_curation,
    replace_curation,
)
from bias.errors import BiasInputError
from bias.vectors.catalog import load_embedding
from bias.wordsets import TermSet, WordSet
from bias.wordsets.library import get_wordset

PAGE = "../../views/biaswords.py"


def test_curation_file_names_are_injective():
    names = {curation_path(e, "weat6") for e in ("news.de", "news-de", "news_de", "News-DE")}
    assert len(names) == 4
    long_a, long_b = "x" * 60 + "-a", "x" * 60 + "-b"
    assert curation_path("glove", long_a) != curation_path("glove", long_b)
    assert curation_path("a__b", "c") != curation_path("a", "b__c")
    assert curation_path("glove", "weat6", "0123456789abcdef") != curation_path("glove", "weat6")
    with pytest.raises(BiasInputError, match="workspace"):
        curation_path("glove", "weat6", "../../etc")


DAMAGED = {
    "not UTF-8": (b'{"candidates": "\xff\xfe"}', "it is not UTF-8 text"),
    "a list": (b"[1, 2, 3]", "it holds a list or a value, not a curation"),
    "not JSON": (b"{broken", "it is not valid JSON"),
    "deeply nested": (b"[" * 100_000 + b"]" * 100_000, "it is not valid JSON"),
}


def similarity_text(home):
    emb, ws = load_embedding("glove-6b-50d"), get_wordset("weat6")
    data = generate_candidates(emb, ws, CandidateOptions(neighbours=3)).to_dict()
    data["candidates"]["X"][0]["similarity"] = "very"
    return json.dumps(data).encode("utf-8")


@pytest.mark.parametrize("case", [*DAMAGED, "text similarity"])
def test_a_damaged_curation_is_one_sentence_and_kept_aside(home, case):
    if case == "text similarity":
        data, why = similarity_text(home), "a similarity in set X is not a number"
    else:
        data, why = DAMAGED[case]
    path = curation_path("glove-6b-50d", "weat6")
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    with pytest.raises(DamagedCuration) as caught:
        load_curation("glove-6b-50d", "weat6")
    message = str(caught.value)
    assert why in message and "Press Generate candidates" in message and "\n" not in message
    # The way out: generate again; the damaged bytes become the backup, never deleted.
    fresh = generate_candidates(
        load_embedding("glove-6b-50d"), get_wordset("weat6"), CandidateOptions(neighbours=3)
    )
    replace_curation(fresh)
    assert backup_path("glove-6b-50d", "weat6").read_bytes() == data
    assert load_curation("glove-6b-50d", "weat6").table.equals(fresh.table)


@pytest.mark.parametrize("case", ["not UTF-8", "a list"])
def test_the_page_shows_the_sentence_and_generate_recovers(home, case):
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.query_params["draft"] = "0123456789abcdef"
    at.run()
    at.selectbox(key="_biaswords.wordset").set_value("weat6").run()
    path = curation_path("glove-6b-50d", "weat6", "0123456789abcdef")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(DAMAGED[case][0])
    at.run()
    assert not at.exception
    assert any("cannot be read" in e.value for e in at.error)
    next(b for b in at.button if b.label == "Generate candidates").click().run()
    assert not at.exception and not at.error
    assert at.data_editor  # the fresh table is shown
    assert backup_path("glove-6b-50d", "weat6", "0123456789abcdef").read_bytes() == (
        DAMAGED[case][0]
    )


def test_repeated_and_huge_seed_sets_are_bounded():
    emb = load_embedding("glove-6b-50d")
    repeated = WordSet(
        "many-the", "t", "en", TermSet("X", ("the",) * 900), TermSet("Y", ("a",)),
        TermSet("A", ("of",)), TermSet("B", ("and",)),
    )  # fmt: skip
    cands = generate_candidates(emb, repeated, CandidateOptions(neighbours=5))
    assert cands.table.filter(cands.table["set"] == "X").height == 5
    with pytest.raises(BiasInputError, match="a set may have at most 1,000"):
        TermSet("X", tuple(emb.words[:100_000]))
    huge = WordSet(
        "huge", "h", "en", TermSet("X", tuple(emb.words[:600])), TermSet("Y", ("a",)),
        TermSet("A", ("of",)), TermSet("B", ("and",)),
    )  # fmt: skip
    with pytest.raises(BiasInputError, match="takes at most 500 per set"):
        generate_candidates(emb, huge)


def test_shared_workspace_is_separate_from_a_tab(home):
    fresh = generate_candidates(
        load_embedding("glove-6b-50d"), get_wordset("weat6"), CandidateOptions(neighbours=3)
    )
    replace_curation(fresh, "0123456789abcdef")
    assert load_curation("glove-6b-50d", "weat6", SHARED) is None
    assert load_curation("glove-6b-50d", "weat6", "fedcba9876543210") is None


def test_a_curation_from_before_workspaces_is_found_only_if_it_is_really_this_one(home):
    from bias.discovery.curation import legacy_curation
    from bias.wordsets.editing import safe_id

    fresh = generate_candidates(
        load_embedding("glove-6b-50d"), get_wordset("weat6"), CandidateOptions(neighbours=3)
    )
    old = home / "curation" / f"{safe_id('glove-6b-50d')}__{safe_id('weat6')}.json"
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps(fresh.to_dict()), encoding="utf-8")
    assert legacy_curation("glove-6b-50d", "weat6").table.equals(fresh.table)
    assert legacy_curation("glove.6b.50d", "weat6") is None  # same old file name, other id
    old.write_bytes(b"\xff")
    assert legacy_curation("glove-6b-50d", "weat6") is None


def test_the_legacy_curation_reader_ends_with_its_release():
    """The old-file reader has an end date: when the version reaches it, remove
    `legacy_curation`, its button on the BiasWords page and this test."""
    from bias.discovery.curation import LEGACY_CURATION_UNTIL
    from bias.version import version

    release = tuple(int(part) for part in version().split("."))
    assert release < LEGACY_CURATION_UNTIL, "remove legacy_curation: its release has come"
