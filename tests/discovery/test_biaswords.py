"""BiasWords: neighbours, each filter with its reason, curation on disk, and the repeated draws.

The filter tests use a tiny embedding with planted vectors, so the top-k of every seed is known,
and a fake tagger, so the part-of-speech verdicts are known too.
"""

import json
import math
from dataclasses import replace

import numpy as np
import polars as pl
import pytest

from bias.cli.biaswords import biaswords_cli
from bias.discovery.candidates import (
    CandidateOptions,
    Candidates,
    curated_pools,
    generate_candidates,
    normalise_table,
    with_decisions,
)
from bias.discovery.curation import (
    archived_backups,
    backup_path,
    curation_differs,
    curation_path,
    load_curation,
    replace_curation,
    restore_previous_curation,
    save_curation,
)
from bias.discovery.filters import paper_only
from bias.discovery.sampling import Draw, DrawOptions, draw_sets, summarise
from bias.discovery.saved_draws import save_draw
from bias.discovery.table import FIT_DECIMALS, SHOWN
from bias.errors import BiasInputError
from bias.report.note_sentences import notes_text
from bias.vectors.embeddings import Embedding
from bias.vectors.neighbours import nearest_neighbours
from bias.wordsets import TermSet, WordSet
from bias.wordsets.library import user_wordsets

DIMS = 12


class FakeTagger:
    name = "fake"

    def __init__(self, tags):
        self.tags = tags

    def upos(self, word):
        return self.tags.get(word)


def planted_embedding(neighbours: dict[str, list[str]], language: str = "en", filler: int = 30):
    """Each seed on its own axis; its listed neighbours close to it, in the listed order.

    A word listed under two seeds sits between them (near both). A seed listed under another seed
    keeps its own axis and leans 0.3 towards the other, so it ranks after the planted neighbours.
    Filler words are far from all.
    """
    rng = np.random.default_rng(0)
    seeds = list(neighbours)
    raw: dict[str, np.ndarray] = {}
    for i, seed in enumerate(seeds):
        raw[seed] = np.eye(DIMS)[i]
    for i, seed in enumerate(seeds):
        for rank, word in enumerate(neighbours[seed]):
            if word in neighbours:
                raw[word] = raw[word] + 0.3 * np.eye(DIMS)[i]
                continue
            vec = np.eye(DIMS)[i] * (1.0 - 0.02 * rank) + np.eye(DIMS)[-1] * 0.05 * (rank + 1)
            raw[word] = raw.get(word, 0) + vec
    for j in range(filler):
        raw[f"filler{j}"] = rng.normal(size=DIMS) * 0.02 + np.eye(DIMS)[-2]
    words = list(raw)
    return Embedding.from_raw("planted", language, words, np.array([raw[w] for w in words]))


def wordset(x, y, a, b, language="en"):
    return WordSet(
        "planted", "Planted", language, TermSet("X", tuple(x)), TermSet("Y", tuple(y)),
        TermSet("A", tuple(a)), TermSet("B", tuple(b)),
    )  # fmt: skip


def rows(cands: Candidates, set_key: str | None = None) -> dict[str, dict]:
    """Candidate rows by word (last one wins), optionally of one set."""
    table = cands.table if set_key is None else cands.table.filter(pl.col("set") == set_key)
    return {row["candidate"]: row for row in table.iter_rows(named=True)}


# --- neighbours ---------------------------------------------------------------------------------


def test_neighbours_equal_brute_force_across_blocks():
    rng = np.random.default_rng(3)
    words = [f"w{i}" for i in range(500)]
    emb = Embedding.from_raw("random", "en", words, rng.normal(size=(500, 16)))
    seeds = emb.lookup_all(["w0", "w7", "w499", "nope"])
    found = nearest_neighbours(emb, seeds, k=10, block_rows=37)
    assert [n.seed.word for n in found] == ["w0", "w7", "w499"]  # the missing seed has no entry
    for hood in found:
        row = emb.row(hood.seed.word)
        sims = emb.vectors @ emb.vectors[row]
        sims[row] = -np.inf
        expected = [words[i] for i in np.argsort(-sims, kind="stable")[:10]]
        assert list(hood.words) == expected
        assert hood.seed.word not in hood.words
        assert np.allclose(hood.similarities, np.sort(sims)[::-1][:10], atol=1e-6)


# --- filters ------------------------------------------------------------------------------------

NEAR = {
    "doctor": ["doctors", "surgeon", "42", "http://x.org", "nurse", "operate", "Smith"],
    "nurse": ["nurses", "midwife", "doctor", "carer"],
    "career": ["careers", "job", "profession"],
    "family": ["families", "home", "kin"],
}
TAGS = {
    "doctor": "NOUN", "nurse": "NOUN", "career": "NOUN", "family": "NOUN",
    "surgeon": "NOUN", "operate": "VERB", "Smith": "PROPN", "midwife": "NOUN", "carer": "NOUN",
    "job": "NOUN", "profession": "NOUN", "home": "NOUN", "kin": "NOUN",
}  # fmt: skip


SEVEN = paper_only(CandidateOptions(neighbours=7, drop_opposite=False))
"""Seven neighbours, the paper's filters; the opposite-set filter and ours have their own tests
(the planted world is tiny)."""


@pytest.fixture
def planted():
    emb = planted_embedding(NEAR)
    ws = wordset(["doctor"], ["nurse"], ["career"], ["family"])
    return emb, ws


def test_each_filter_drops_with_its_reason(planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    x = rows(cands, "X")
    assert "letter(s) different from the seed 'doctor'" in x["doctors"]["reason"]
    assert x["42"]["reason"].startswith("not a word")
    assert x["http://x.org"]["reason"].startswith("not a word")
    assert x["nurse"]["reason"] == "already a seed word (in set Y)"
    assert x["operate"]["reason"] == "word type VERB (verb) does not go with the set's NOUN (noun)"
    assert x["surgeon"]["kept"] and x["surgeon"]["reason"] is None
    assert x["Smith"]["kept"]  # NOUN seed, PROPN neighbour: compatible
    assert x["surgeon"]["pos"] == "NOUN" and x["surgeon"]["seed_pos"] == "NOUN"
    dropped = cands.table.filter(~pl.col("kept"))
    assert dropped["reason"].null_count() == 0
    assert cands.table.filter(pl.col("kept"))["reason"].null_count() == cands.table["kept"].sum()
    assert cands.tagger == "fake"


def test_neighbours_ranked_and_seed_excluded(planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=3, concept_fit=False),
                                FakeTagger(TAGS))  # fmt: skip (3 a seed in every set)
    x = cands.table.filter(pl.col("set") == "X")
    assert x["candidate"].to_list() == ["doctors", "surgeon", "42"]
    assert x["similarity"].is_sorted(descending=True)
    assert "doctor" not in x["candidate"].to_list()


def test_edit_distance_is_case_insensitive_and_configurable(planted):
    emb = planted_embedding({"doctor": ["DOCTORS", "Doktor", "surgeon"]})
    ws = wordset(["doctor"], ["surgeon"], ["x"], ["y"])
    tags = {"doctor": "NOUN", "DOCTORS": "NOUN", "Doktor": "NOUN"}
    options = paper_only(CandidateOptions(neighbours=3, drop_opposite=False))
    strict = rows(generate_candidates(emb, ws, options, FakeTagger(tags)), "X")
    assert "only 1 letter(s)" in strict["DOCTORS"]["reason"]  # doctor → doctors, case ignored
    assert "only 1 letter(s)" in strict["Doktor"]["reason"]
    loose = generate_candidates(
        emb, ws, replace(options, min_edit=1), FakeTagger(tags)
    )
    assert rows(loose, "X")["DOCTORS"]["kept"]
    off = generate_candidates(emb, ws, replace(options, edit_filter=False), FakeTagger(tags))
    assert rows(off, "X")["Doktor"]["kept"]


def test_switching_filters_off_keeps_words(planted):
    emb, ws = planted
    options = CandidateOptions(
        neighbours=7, pos_filter=False, edit_filter=False, clean=False, drop_seed_words=False,
        drop_opposite=False,
    )
    cands = generate_candidates(emb, ws, options, FakeTagger(TAGS))
    assert rows(cands, "X")["operate"]["kept"]
    assert rows(cands, "X")["42"]["kept"]
    assert rows(cands, "X")["nurse"]["kept"]
    assert cands.table["pos"].null_count() == cands.table.height  # no tagging when off


def test_missing_tagger_skips_the_filter_and_says_so(planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, tagger=None)
    assert rows(cands, "X")["operate"]["kept"]
    assert cands.tagger is None
    assert any("part-of-speech filter was skipped" in note for note in notes_text(cands.notes))


def test_unknown_candidate_pos_is_dropped(planted):
    emb, ws = planted
    tags = {k: v for k, v in TAGS.items() if k != "surgeon"}
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(tags))
    assert rows(cands, "X")["surgeon"]["reason"] == "word type unknown"


def test_missing_seeds_are_reported(planted):
    emb, _ = planted
    ws = wordset(["doctor", "Quux"], ["nurse"], ["career"], ["family"])
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=3, concept_fit=False),
                                FakeTagger(TAGS))  # fmt: skip (3 a seed in every set)
    assert cands.missing_seeds == {"X": ("Quux",)}
    assert any("Quux" in note for note in notes_text(cands.notes))


def test_duplicates_within_a_set_keep_the_closest():
    emb = planted_embedding({"doctor": ["surgeon", "medic"], "physician": ["medic", "healer"]})
    ws = wordset(["doctor", "physician"], ["z1"], ["z2"], ["z3"])
    tags = dict.fromkeys(["doctor", "physician", "surgeon", "medic", "healer"], "NOUN")
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=2), FakeTagger(tags))
    medic = cands.table.filter(pl.col("candidate") == "medic").sort("similarity", descending=True)
    assert medic["kept"].to_list() == [True, False]
    assert medic["reason"][1].startswith("duplicate: already a candidate near")
    assert curated_pools(cands.table)["X"].count("medic") == 1


def test_words_near_both_sides_are_flagged_not_dropped():
    emb = planted_embedding({"brother": ["husband", "uncle"], "sister": ["husband", "aunt"]})
    ws = wordset(["brother"], ["sister"], ["c"], ["d"])
    tags = dict.fromkeys(["brother", "sister", "husband", "uncle", "aunt"], "NOUN")
    options = paper_only(CandidateOptions(neighbours=2))
    cands = generate_candidates(emb, ws, options, FakeTagger(tags))
    husband = cands.table.filter(pl.col("candidate") == "husband")
    assert husband["kept"].to_list() == [True, True]
    assert all("opposite set" in flag for flag in husband["flag"])
    assert rows(cands)["uncle"]["flag"] is None


def test_sharp_s_is_ss_for_comparing_only():
    emb = planted_embedding({"Haus": ["Straße", "Strasse", "Garten"]}, language="de")
    ws = wordset(["Haus"], ["a1"], ["a2"], ["a3"], language="de")
    tags = {"Haus": "NOUN", "Straße": "NOUN", "Strasse": "NOUN", "Garten": "NOUN"}
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=3, concept_fit=False),
                                FakeTagger(tags))  # fmt: skip
    # The embedding's spelling stays in the table; the ss form is only the duplicate key.
    assert cands.table["candidate"].to_list() == ["Straße", "Strasse", "Garten"]
    assert cands.table["kept"].to_list() == [True, False, True]
    assert cands.table["reason"][1] == "duplicate: already a candidate near 'Haus'"
    kept_off = generate_candidates(
        emb, ws, CandidateOptions(neighbours=3, sharp_s=False, concept_fit=False), FakeTagger(tags)
    )
    assert kept_off.table["kept"].to_list() == [True, True, True]  # ß and ss are different words


def test_german_sharp_s_words_can_be_drawn():
    near = {
        "Vater": ["Großvater", "Grossvater", "Onkel"],
        "Mutter": ["Großmutter", "Tante"],
        "Arbeit": ["Beruf", "Karriere"],
        "Familie": ["Heim", "Kinder"],
    }
    emb = planted_embedding(near, language="de")
    ws = wordset(["Vater"], ["Mutter"], ["Arbeit"], ["Familie"], language="de")
    tags = FakeTagger({w: "NOUN" for seed, words in near.items() for w in [seed, *words]})
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=3, concept_fit=False), tags)
    x, y = rows(cands, "X"), rows(cands, "Y")
    assert x["Großvater"]["kept"] and y["Großmutter"]["kept"]
    assert not x["Grossvater"]["kept"]  # same word as Großvater once ß = ss
    assert x["Grossvater"]["reason"].startswith("duplicate")
    sampling = draw_sets(emb, ws, cands.table, DrawOptions(draws=3), sizes=dict.fromkeys("XYAB", 2))
    assert not any(sampling.unavailable.values())
    assert sampling.pools == dict.fromkeys("XYAB", 2)
    for draw in sampling.draws:
        assert set(draw.sets["X"]) == {"Großvater", "Onkel"}
        assert set(draw.sets["Y"]) == {"Großmutter", "Tante"}


def test_frequency_floor_hides_rare_words():
    emb = planted_embedding({"house": ["building", "zzyzxq", "cottage"]})
    ws = wordset(["house"], ["b"], ["c"], ["d"])
    tags = dict.fromkeys(["house", "building", "zzyzxq", "cottage"], "NOUN")
    cands = generate_candidates(
        emb, ws, CandidateOptions(neighbours=3, min_zipf=2.0), FakeTagger(tags)
    )
    by_word = rows(cands)
    assert by_word["building"]["kept"]
    assert by_word["zzyzxq"]["reason"].startswith("rare: Zipf frequency 0.0 is below 2")


def test_bad_options_are_one_sentence():
    with pytest.raises(BiasInputError):
        CandidateOptions(neighbours=0)
    with pytest.raises(BiasInputError):
        CandidateOptions(min_edit=-1)
    with pytest.raises(BiasInputError):
        DrawOptions(draws=0)


# --- curation -----------------------------------------------------------------------------------


def test_curated_table_normalised(planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    edited = cands.table.with_columns(
        pl.when(pl.col("candidate") == "operate")
        .then(True)
        .otherwise(pl.col("kept"))
        .alias("kept"),
        pl.when(pl.col("candidate") == "Smith").then(pl.lit(" Smyth ")).otherwise(
            pl.col("candidate")
        ).alias("candidate"),
    )  # fmt: skip
    curated = cands.with_table(edited)
    assert rows(curated)["operate"]["kept"]  # restored by hand; the filter's verdict stays
    assert rows(curated)["operate"]["reason"] == rows(cands)["operate"]["reason"]
    assert "Smyth" in curated.kept_words()["X"]
    with pytest.raises(BiasInputError, match="lack the column"):
        normalise_table(edited.drop("kept"))
    with pytest.raises(BiasInputError, match="unknown set"):
        normalise_table(edited.with_columns(pl.lit("Q").alias("set")))


def test_curation_survives_a_round_trip(home, planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    assert load_curation("planted", "planted") is None
    path = save_curation(cands)
    assert path == curation_path("planted", "planted")
    assert path.parent == home / "curation" / "shared"
    restored = load_curation("planted", "planted")
    assert restored.table.equals(cands.table)
    assert restored.notes == cands.notes and restored.options == cands.options
    path.write_text("{broken", encoding="utf-8")
    with pytest.raises(BiasInputError, match=r"cannot be read \(it is not valid JSON"):
        load_curation("planted", "planted")


def toggle(cands: Candidates, word: str, kept: bool) -> Candidates:
    return cands.with_table(
        cands.table.with_columns(
            pl.when(pl.col("candidate") == word).then(kept).otherwise(pl.col("kept")).alias("kept")
        )
    )


def test_restoring_and_dropping_again_keeps_the_filters_reason(home, planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    why = rows(cands, "X")["operate"]["reason"]
    assert why == "word type VERB (verb) does not go with the set's NOUN (noun)"
    restored = toggle(cands, "operate", True)
    assert rows(restored, "X")["operate"]["kept"]
    assert rows(restored, "X")["operate"]["reason"] == why  # the filter's verdict, overridden
    assert "operate" in curated_pools(restored.table)["X"]  # `kept` alone decides the draws
    again = Candidates.from_dict(json.loads(json.dumps(restored.to_dict())))
    assert again.table.equals(restored.table)
    save_curation(restored)
    assert load_curation("planted", "planted").table.equals(restored.table)
    dropped = toggle(load_curation("planted", "planted"), "operate", False)
    assert rows(dropped, "X")["operate"]["reason"] == why
    assert "operate" not in curated_pools(dropped.table)["X"]
    # A word the filter kept and a person dropped has no filter reason: dropped by hand.
    by_hand = toggle(cands, "surgeon", False)
    assert rows(by_hand, "X")["surgeon"]["reason"] is None
    assert "surgeon" not in curated_pools(by_hand.table)["X"]


def test_decisions_are_spelled_out_for_people(home, planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    curated = toggle(toggle(cands, "operate", True), "surgeon", False)
    shown = with_decisions(curated.table)
    verdict = dict(zip(shown["candidate"], shown["verdict"], strict=False))
    why = "word type VERB (verb) does not go with the set's NOUN (noun)"
    assert verdict["operate"] == f"dropped by the filter: {why}, kept by you"
    assert verdict["surgeon"] == "dropped by you"
    kept_by_filter = shown.filter(pl.col("kept") & pl.col("reason").is_null())
    assert kept_by_filter.height and set(kept_by_filter["verdict"]) == {""}
    assert shown["check"].null_count() == 0
    assert curated.with_table(shown).table.equals(curated.table)  # display columns drop out


def test_the_grid_shows_no_none(home, planted):
    """Concept fit's signals, null on rows it did not judge, were shown as 'None' in the grid;
    their text forms are blank there and the numbers as the help describes them elsewhere."""
    emb, ws = planted
    shown = with_decisions(generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS)).table)
    for column, decimals in FIT_DECIMALS.items():
        text, numbers = shown[column + SHOWN], shown[column]
        assert text.null_count() == 0
        assert ((text == "") == numbers.is_null()).all()
        assert [f"{v:.{decimals}f}" for v in numbers.drop_nulls()] == [t for t in text if t]
    assert shown["fit_name"].is_null().all()  # no encoder here: a blank column, not 'None'
    assert set(shown["fit_name" + SHOWN]) == {""}


def test_regenerating_keeps_the_previous_curation_as_a_backup(home, planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    assert not curation_differs(cands)  # nothing saved yet
    replace_curation(cands)
    assert not backup_path("planted", "planted").exists()  # nothing was replaced
    assert not curation_differs(cands)
    curated = toggle(cands, "operate", True)
    save_curation(curated)
    old = curation_path("planted", "planted").read_text(encoding="utf-8")
    fresh = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    assert curation_differs(fresh)
    replace_curation(fresh)
    prev = backup_path("planted", "planted")
    assert prev == curation_path("planted", "planted").with_suffix(".prev.json")
    assert prev.read_text(encoding="utf-8") == old
    assert load_curation("planted", "planted").table.equals(fresh.table)
    assert not list(prev.parent.glob("*.tmp"))  # written atomically, no leftovers
    # Restoring swaps, so the replacement is not lost either.
    restored = restore_previous_curation("planted", "planted")
    assert restored.table.equals(curated.table)
    assert load_curation("planted", "planted").table.equals(curated.table)
    assert Candidates.from_dict(json.loads(prev.read_text(encoding="utf-8"))).table.equals(
        fresh.table
    )


def test_replacing_twice_archives_the_first_backup_instead_of_deleting_it(home, planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    save_curation(toggle(cands, "operate", True))
    by_hand = curation_path("planted", "planted").read_text(encoding="utf-8")
    for k in (6, 5):
        replace_curation(
            generate_candidates(
                emb, ws, CandidateOptions(neighbours=k, drop_opposite=False, concept_fit=False),
                FakeTagger(TAGS),
            )
        )
    archived = archived_backups("planted", "planted")
    stem = curation_path("planted", "planted").stem
    assert [path.name for path in archived] == [f"{stem}.prev-1.json"]
    assert archived[0].read_text(encoding="utf-8") == by_hand
    assert backup_path("planted", "planted").exists()


def test_a_damaged_curation_is_backed_up_byte_for_byte(home, planted):
    emb, ws = planted
    cands = generate_candidates(emb, ws, SEVEN, FakeTagger(TAGS))
    curation_path("planted", "planted").parent.mkdir(parents=True, exist_ok=True)
    curation_path("planted", "planted").write_text("{broken", encoding="utf-8")
    assert curation_differs(cands)
    replace_curation(cands)
    assert backup_path("planted", "planted").read_text(encoding="utf-8") == "{broken"
    with pytest.raises(BiasInputError, match=r"not valid JSON\)\. It was left as it is"):
        restore_previous_curation("planted", "planted")
    assert load_curation("planted", "planted").table.equals(cands.table)  # left as it was


# --- draws --------------------------------------------------------------------------------------


def pool_embedding():
    """Four pools of 12 words; X and A lean one way, Y and B the other."""
    rng = np.random.default_rng(5)
    axis = np.eye(DIMS)[0]
    raw, pools = {}, {}
    for key, sign in zip("XYAB", (1, -1, 1, -1), strict=True):
        pools[key] = [f"{key.lower()}{i}" for i in range(12)]
        for word in pools[key]:
            raw[word] = rng.normal(size=DIMS) + sign * 2 * axis
    words = list(raw)
    emb = Embedding.from_raw("pools", "en", words, np.array([raw[w] for w in words]))
    table = pl.DataFrame(
        {
            "set": [k for k in "XYAB" for _ in pools[k]],
            "candidate": [w for k in "XYAB" for w in pools[k]],
            "kept": [True] * 48,
        }
    )
    seeds = wordset(*(["s1", "s2", "s3", "s4"] for _ in range(4)))
    return emb, seeds, table


def test_draws_are_reproducible_and_of_the_original_size():
    emb, seeds, table = pool_embedding()
    first = draw_sets(emb, seeds, table, DrawOptions(draws=5, seed=7))
    again = draw_sets(emb, seeds, table, DrawOptions(draws=5, seed=7))
    other = draw_sets(emb, seeds, table, DrawOptions(draws=5, seed=8))
    assert [d.sets for d in first.draws] == [d.sets for d in again.draws]
    assert [d.p_value for d in first.draws] == [d.p_value for d in again.draws]
    assert [d.sets for d in first.draws] != [d.sets for d in other.draws]
    for draw in first.draws:
        assert {k: len(v) for k, v in draw.sets.items()} == {k: 4 for k in "XYAB"}
        for key, words in draw.sets.items():
            assert all(w.startswith(key.lower()) for w in words)
    assert first.sizes == {k: 4 for k in "XYAB"}


def test_draws_respect_the_curation():
    emb, seeds, table = pool_embedding()
    dropped = {"x0", "x1", "y5"}
    curated = table.with_columns((~pl.col("candidate").is_in(list(dropped))).alias("kept"))
    sampling = draw_sets(emb, seeds, curated, DrawOptions(draws=20, seed=1))
    drawn = {w for d in sampling.draws for words in d.sets.values() for w in words}
    assert not drawn & dropped
    assert sampling.pools == {"X": 10, "Y": 11, "A": 12, "B": 12}


def test_words_kept_on_two_sides_never_land_in_one_draw_twice():
    emb, seeds, table = pool_embedding()
    shared = pl.DataFrame({"set": ["Y"] * 4, "candidate": ["x0", "x1", "x2", "x3"], "kept": True})
    sampling = draw_sets(emb, seeds, pl.concat([table, shared]), DrawOptions(draws=30, seed=2))
    for draw in sampling.draws:
        words = [w for ws in draw.sets.values() for w in ws]
        assert len(words) == len(set(words))


def test_unknown_spellings_are_reported_and_too_few_candidates_refused():
    emb, seeds, table = pool_embedding()
    typo = pl.DataFrame({"set": ["X"], "candidate": ["xx-not-there"], "kept": [True]})
    sampling = draw_sets(emb, seeds, pl.concat([table, typo]), DrawOptions(draws=2))
    assert sampling.unavailable["X"] == ("xx-not-there",)
    few = table.filter((pl.col("set") != "A") | pl.col("candidate").is_in(["a0", "a1"]))
    with pytest.raises(BiasInputError, match="Set A has 2 usable"):
        draw_sets(emb, seeds, few, DrawOptions(draws=2))


def test_summary_matches_a_plain_loop():
    emb, seeds, table = pool_embedding()
    sampling = draw_sets(emb, seeds, table, DrawOptions(draws=25, seed=3, alpha=0.05))
    summary = sampling.summary
    significant = 0
    effects = []
    for draw in sampling.draws:
        if draw.p_value < 0.05:
            significant += 1
        effects.append(draw.effect_size)
    effects.sort()
    assert summary.draws == 25
    assert summary.significant == significant
    assert summary.share_significant == significant / 25
    assert math.isclose(summary.effect_size_mean, sum(effects) / 25)
    assert math.isclose(summary.effect_size_quantiles[0.5], effects[12])  # median of 25
    assert summary.effect_size_quantiles[0.05] <= summary.effect_size_quantiles[0.95]


def test_summary_ignores_undefined_effect_sizes():
    draws = [Draw(1, {}, 0.01, 1.0, "exact"), Draw(2, {}, 0.5, math.nan, "exact")]
    summary = summarise(draws)
    assert summary.significant == 1 and summary.share_significant == 0.5
    assert summary.effect_size_mean == 1.0
    assert summary.to_dict()["effect_size_quantiles"]["0.5"] == 1.0


def test_save_draw_as_user_wordset(home):
    emb, seeds, table = pool_embedding()
    sampling = draw_sets(emb, seeds, table, DrawOptions(draws=4, seed=2))
    draw = sampling.ranked()[0]
    saved = save_draw(seeds, draw, title="My BiasWords set", embedding="pools", sampling=sampling)
    assert saved.id == "my-biaswords-set"
    stored = user_wordsets()["my-biaswords-set"]
    assert stored.X.words == draw.sets["X"]
    # The draw's own result as computed, never a "reported" (published) value.
    assert stored.reported is None
    assert stored.source["draw"] == f"{draw.index} of 4"
    validation = json.loads(stored.source["provenance"])["validation"]
    assert validation["p_value"] == draw.p_value and validation["draw"] == draw.index
    assert validation["draws"] == 4
    assert validation["share_significant"] == sampling.summary.share_significant
    assert validation["curated"] is False
    expected = min(1.0, 4 * draw.p_value)  # Holm for the smallest of four p-values
    assert math.isclose(validation["p_value_holm_over_draws"], expected)
    # How it was chosen travels with the set (its file's `selection`) ...
    selection = stored.selection
    assert (selection.embedding, selection.draw, selection.draws) == ("pools", draw.index, 4)
    assert selection.p_value == draw.p_value and math.isclose(selection.p_corrected, expected)
    # ... and a test on the embedding it was drawn on leads with the corrected p.
    from bias.report.verdict import result_headline
    from bias.stats.weat import WeatOptions, run_weat

    again = run_weat(emb, stored, WeatOptions(ci_resamples=0))
    assert again.selection == selection and again.to_dict()["selection"]["draws"] == 4
    assert result_headline(again).startswith(
        f"Picked among 4 draws on this embedding (draw {draw.index}): after Holm's correction "
        f"over the draws p = {expected:.3f}. This test re-finds what the picking found; a "
        "confirmation needs another embedding or corpus. ")
    elsewhere = run_weat(replace(emb, name="other"), stored, WeatOptions(ci_resamples=0))
    assert elsewhere.selection is None and not result_headline(elsewhere).startswith("Picked")


# --- the bundled GloVe and weat6 ----------------------------------------------------------------


@pytest.fixture(scope="module")
def glove_weat6():
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_wordset

    emb, ws = load_embedding("glove-6b-50d"), get_wordset("weat6")
    return emb, ws, generate_candidates(emb, ws)


def test_glove_weat6_kept_candidates_obey_every_rule(glove_weat6):
    from rapidfuzz.distance import Levenshtein

    _, ws, cands = glove_weat6
    seed_words = {w.lower() for terms in ws.sets().values() for w in terms.words}
    table = cands.table
    assert table.height == 16 * 20 + 16 * 100  # names: the paper's 20; concepts: 100 (issue 36)
    kept = table.filter(pl.col("kept"))
    assert kept.height > 100
    for row in kept.iter_rows(named=True):
        assert Levenshtein.distance(row["candidate"].lower(), row["seed"].lower()) >= 3
        assert row["candidate"].lower() not in seed_words
    assert kept.select("set", "candidate").is_duplicated().sum() == 0
    dropped = table.filter(~pl.col("kept"))
    assert dropped.height > 0 and dropped["reason"].null_count() == 0
    assert kept["reason"].null_count() == kept.height


def test_cli_json(glove_weat6):
    data = json.loads(biaswords_cli("glove-6b-50d", "weat6", draws=3, seed=1, as_json=True))
    assert set(data["candidates"]) == {"X", "Y", "A", "B"}
    first = data["candidates"]["X"][0]
    assert {"word", "seed", "similarity", "pos", "kept", "reason"} <= set(first)
    assert len(data["draws"]) == 3
    assert {"X", "Y", "A", "B", "p_value", "effect_size"} <= set(data["draws"][0])
    assert len(data["draws"][0]["X"]) == 8
    # No hand curation on the command line: `kept` is the filter's decision, `reason` its verdict.
    for row in (row for key in "XYAB" for row in data["candidates"][key]):
        assert row["kept"] is (row["reason"] is None)
    assert data["summary"]["draws"] == 3
    text = biaswords_cli("glove-6b-50d", "weat6", draws=2)
    assert "2 draws" in text
