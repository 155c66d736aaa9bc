"""BiasWords' safeguards: ambiguous seeds, word type per set, forms, the opposite set, caps,
the seed streams, the one "best draw" rule with Holm, the baseline, CSV curation and pooling.

Synthetic embeddings with planted vectors for the rules, the bundled GloVe for the issue's
"done when" checks.
"""

import json

import numpy as np
import polars as pl
import pytest

from bias.cli.biaswords import biaswords_cli
from bias.discovery.biaswords import pool_wordsets, validate
from bias.discovery.candidates import (
    MAX_SEEDS_PER_SET,
    CandidateOptions,
    generate_candidates,
    hand_decisions,
)
from bias.discovery.curation import curation_csv, read_curation_csv
from bias.discovery.filters import paper_only
from bias.discovery.sampling import (
    Draw,
    DrawOptions,
    draw_sets,
    rank_draws,
    streams,
    summarise,
    weat_seeds,
)
from bias.errors import BiasInputError
from bias.report.note_sentences import notes_text
from bias.stats.pvalues import holm
from bias.vectors import neighbours as neighbours_module
from bias.vectors.ambiguity import AMBIGUITY_MARGIN, cohesion, find_ambiguous
from bias.vectors.embeddings import Embedding
from bias.vectors.neighbours import nearest_neighbours
from bias.wordsets import TermSet, WordSet

DIMS = 16


class FakeTagger:
    name = "fake"

    def __init__(self, tags, default=None):
        self.tags, self.default = tags, default

    def upos(self, word):
        return self.tags.get(word, self.default)


def wordset(x, y, a, b, language="en", id="planted"):
    return WordSet(
        id, "Planted", language, TermSet("X", tuple(x)), TermSet("Y", tuple(y)),
        TermSet("A", tuple(a)), TermSet("B", tuple(b)),
    )  # fmt: skip


def clustered(clusters: dict[int, list[str]], noise=0.05, seed=0, extra=()):
    """Words around axis i for each cluster i (small noise), plus `extra` random filler."""
    rng = np.random.default_rng(seed)
    words, rows = [], []
    for axis, members in clusters.items():
        for word in members:
            words.append(word)
            rows.append(np.eye(DIMS)[axis] + rng.normal(size=DIMS) * noise)
    for word in extra:
        words.append(word)
        rows.append(rng.normal(size=DIMS))
    return Embedding.from_raw("clustered", "en", words, np.array(rows))


# --- ambiguous seeds ----------------------------------------------------------------------------

# A lower-case vocabulary: names on axis 0 with their neighbours, "bill" (the noun) on axis 1 with
# law words, career words on axis 2, family words on axis 3, female names on axis 4.
NAMES = ["john", "paul", "mike", "kevin", "james", "robert", "steve", "henry"]
LAW = ["bill", "legislation", "senate", "tax", "amendment", "congress"]
CAREER = ["career", "salary", "office", "business", "manager", "executive"]
FAMILY = ["family", "home", "parents", "children", "cousins", "relatives"]
FEMALE = ["amy", "joan", "lisa", "sarah", "kate", "donna", "mary", "helen"]


@pytest.fixture(scope="module")
def names_world():
    emb = clustered({0: NAMES, 1: LAW, 2: CAREER, 3: FAMILY, 4: FEMALE})
    ws = wordset(
        ["John", "Paul", "Mike", "Bill"], ["Amy", "Joan", "Lisa", "Sarah"],
        ["career", "salary", "office"], ["family", "home", "parents"],
    )  # fmt: skip
    return emb, ws


def test_cohesion_matches_a_slow_loop(names_world):
    emb, ws = names_world
    seeds = emb.lookup_all(ws.X.words)
    hoods = nearest_neighbours(emb, seeds, 4)
    fast = cohesion(emb, seeds, hoods)
    for i, hood in enumerate(hoods):
        others = [emb.vectors[emb.row(s.found_as)] for j, s in enumerate(seeds) if j != i]
        centre = np.sum(others, axis=0)
        centre = centre / np.linalg.norm(centre)
        slow = np.mean([float(emb.vectors[emb.row(w)] @ centre) for w in hood.words])
        assert fast[i] == pytest.approx(slow, abs=1e-6)


def test_a_fallback_seed_whose_neighbours_lie_elsewhere_is_ambiguous(names_world):
    emb, ws = names_world
    found = find_ambiguous(emb, {"X": emb.lookup_all(ws.X.words)})
    assert [a.word for a in found["X"]] == ["Bill"]
    bill = found["X"][0]
    assert bill.found_as == "bill" and bill.match == "lower-case"
    assert bill.cohesion < bill.set_median - AMBIGUITY_MARGIN
    assert set(bill.neighbours[:3]) <= set(LAW)


def test_an_exact_match_is_never_flagged(names_world):
    emb, _ = names_world
    # Written as the vocabulary has it: no fallback, so no flag, whatever its neighbours.
    assert find_ambiguous(emb, {"X": emb.lookup_all(["john", "paul", "mike", "bill"])}) == {}


def test_neighbours_of_an_ambiguous_seed_are_dropped_unless_kept(names_world):
    emb, ws = names_world
    tagger = FakeTagger({}, default="NOUN")
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=4), tagger)
    law = cands.table.filter(pl.col("seed") == "Bill")
    assert law.height == 4 and not law["kept"].any()
    assert set(law["reason"]) == {"near an ambiguous seed ('Bill' found as 'bill')"}
    assert all("ambiguous seed: 'Bill'" in flag for flag in law["flag"])
    data = cands.to_dict()
    assert [a["word"] for a in data["ambiguous_seeds"]] == ["Bill"]
    row = next(r for r in data["candidates"]["X"] if r["seed"] == "Bill")
    assert isinstance(row["flags"], list) and row["flags"][0].startswith("ambiguous seed")
    kept = generate_candidates(
        emb, ws, CandidateOptions(neighbours=4, keep_ambiguous=True), tagger
    )
    assert kept.table.filter(pl.col("seed") == "Bill")["kept"].any()


# --- word type per set --------------------------------------------------------------------------


def test_each_set_is_compared_with_the_majority_type_of_its_seeds(names_world):
    emb, ws = names_world
    tags = {w: "NOUN" for w in FAMILY + CAREER + LAW}
    tags.update({w.capitalize(): "PROPN" for w in NAMES + FEMALE + ["bill"]})
    tags.update({"home": "ADV", "parents": "NOUN", "cousins": "ADV"})
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=5), FakeTagger(tags))
    assert cands.set_pos == {"X": "PROPN", "Y": "PROPN", "A": "NOUN", "B": "NOUN"}
    b = cands.table.filter(pl.col("set") == "B")
    home_rows = b.filter(pl.col("seed") == "home")
    # "home" is tagged ADV on its own; its neighbours are compared with the set's NOUN.
    assert all("tagged ADV (adverb) on its own" not in (f or "") for f in home_rows["flag"])
    assert all("the seed 'home' is tagged ADV" in f for f in home_rows["flag"])
    cousins = b.filter(pl.col("candidate") == "cousins")
    assert not cousins["kept"].any()
    assert cousins["reason"][0] == "word type ADV (adverb) does not go with the set's NOUN (noun)"
    # Set B made ADV: its NOUN seeds are then of another word type, whose neighbours our
    # off_type_seed filter drops; the paper's comparison alone is checked here.
    options = CandidateOptions(neighbours=5, set_pos={"B": "ADV"}, drop_off_type_seeds=False)
    override = generate_candidates(emb, ws, options, FakeTagger(tags))
    assert override.set_pos["B"] == "ADV"
    assert override.table.filter(
        (pl.col("set") == "B") & (pl.col("candidate") == "cousins")
    )["kept"].any()
    with pytest.raises(BiasInputError, match="word type of a set"):
        CandidateOptions(set_pos={"B": "NOUNS"})


# --- forms, the opposite set, caps --------------------------------------------------------------


def test_forms_of_one_word_are_grouped_and_names_are_not():
    emb = clustered({0: ["job", "director", "directors", "colour", "color", "daughter",
                         "daughters", "john", "joan", "manager"], 1: ["a1"], 2: ["b1"],
                     3: ["c1"]}, noise=0.02)  # fmt: skip
    ws = wordset(["job"], ["a1"], ["b1"], ["c1"])
    options = CandidateOptions(neighbours=9, min_edit=0, drop_opposite=False)
    table = generate_candidates(emb, ws, options, None).table.filter(pl.col("set") == "X")
    kept = set(table.filter(pl.col("kept"))["candidate"])
    for pair in (("director", "directors"), ("colour", "color"), ("daughter", "daughters")):
        assert len(kept & set(pair)) == 1, pair
        other = (set(pair) - kept).pop()
        reason = table.filter(pl.col("candidate") == other)["reason"][0]
        assert reason == f"another form of '{(set(pair) & kept).pop()}' (kept): one word per " \
            "group is drawn"
    assert {"john", "joan", "manager"} <= kept


def test_a_candidate_closer_to_the_opposite_set_is_dropped():
    rng = np.random.default_rng(1)
    e = np.eye(DIMS)
    raw = {
        "brother": e[0], "uncle": e[0] * 0.9 + e[5] * 0.1,
        "sister": e[1], "aunt": e[1] * 0.9 + e[5] * 0.1,
        # near the sister (top neighbour of hers) but on average nearer the male seeds:
        "husband": e[0] * 0.55 + e[1] * 0.45,
        "nephew": e[0] * 0.8, "father": e[0] * 0.85,
        "c": e[2], "d": e[3],
    }  # fmt: skip
    words = list(raw)
    emb = Embedding.from_raw(
        "opp", "en", words, np.array([raw[w] + rng.normal(size=DIMS) * 1e-3 for w in words])
    )
    ws = wordset(["brother", "uncle"], ["sister", "aunt"], ["c"], ["d"])
    options = CandidateOptions(neighbours=3, min_edit=0, drop_attribute_like=False)
    y = generate_candidates(emb, ws, options, None).table.filter(pl.col("set") == "Y")
    husband = y.filter(pl.col("candidate") == "husband")
    assert not husband["kept"].any()
    assert husband["reason"][0].startswith("closer to the opposite set X (mean similarity")
    off = generate_candidates(emb, ws, paper_only(CandidateOptions(neighbours=3, min_edit=0,
                                                          drop_opposite=False,
                                                          drop_attribute_like=False)), None)
    assert off.table.filter((pl.col("set") == "Y") & (pl.col("candidate") == "husband"))[
        "kept"
    ].any()


def test_repeated_seeds_are_used_once_and_huge_sets_refused():
    emb = clustered({0: ["the", "of", "and"], 1: ["a1"], 2: ["b1"], 3: ["c1"]})
    ws = wordset(["the"] * 900 + ["The"], ["a1"], ["b1"], ["c1"])
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=2), None)
    assert cands.table.filter(pl.col("set") == "X").height == 2
    notes = notes_text(cands.notes)
    assert any("900 seed word(s) repeat another one" in note for note in notes)
    big = wordset([f"w{i}" for i in range(MAX_SEEDS_PER_SET + 1)], ["a1"], ["b1"], ["c1"])
    with pytest.raises(BiasInputError, match=f"at most {MAX_SEEDS_PER_SET} per set"):
        generate_candidates(emb, big, CandidateOptions(neighbours=2), None)
    many = wordset([f"w{i}" for i in range(400)], ["a1"], ["b1"], ["c1"])
    with pytest.raises(BiasInputError, match="at most 200,000 are allowed"):
        generate_candidates(
            clustered({0: [f"w{i}" for i in range(400)], 1: ["a1"], 2: ["b1"], 3: ["c1"]}),
            many, CandidateOptions(neighbours=1000), None,
        )  # fmt: skip


def test_many_seeds_get_smaller_blocks_and_the_same_answer(monkeypatch):
    rng = np.random.default_rng(4)
    words = [f"w{i}" for i in range(300)]
    emb = Embedding.from_raw("r", "en", words, rng.normal(size=(300, 8)))
    seeds = emb.lookup_all(words[:40])
    expected = nearest_neighbours(emb, seeds, k=7)
    monkeypatch.setattr(neighbours_module, "BLOCK_CELLS", 40 * 9)  # 9 rows per block
    small = nearest_neighbours(emb, seeds, k=7)
    assert [n.words for n in small] == [n.words for n in expected]


# --- streams, the best draw, Holm ---------------------------------------------------------------


def test_neighbouring_seeds_share_no_weat_stream():
    for s in (0, 1, 41):
        here = set(weat_seeds(streams(s)["weat"], 100))
        there = set(weat_seeds(streams(s + 1)["weat"], 100))
        assert len(here) == 100 and not here & there
        assert not here & set(weat_seeds(streams(s)["baseline_weat"], 100))
    assert weat_seeds(streams(3)["weat"], 5) == weat_seeds(streams(3)["weat"], 5)


def test_one_rule_picks_the_best_draw_and_holm_corrects_it():
    draws = [
        Draw(1, {}, 0.01, 1.2, "exact"), Draw(2, {}, 0.01, -1.5, "exact"),
        Draw(3, {}, 0.01, 1.4, "exact"), Draw(4, {}, 0.3, 0.2, "exact"),
    ]  # fmt: skip
    assert [d.index for d in rank_draws(draws, "greater")] == [3, 1, 2, 4]
    assert [d.index for d in rank_draws(draws, "two-sided")] == [2, 3, 1, 4]
    summary = summarise(draws)
    assert summary.best == 3 and summary.best_p_value == 0.01
    # Holm by hand: sorted p 0.01, 0.01, 0.01, 0.3 → 4·0.01, 3·0.01, 2·0.01 (monotone) → 0.04.
    assert summary.best_p_holm == pytest.approx(0.04)
    assert summary.best_p_holm == pytest.approx(holm([d.p_value for d in draws])[2])


# --- the baseline and the whole run -------------------------------------------------------------


@pytest.fixture(scope="module")
def glove_run():
    return json.loads(biaswords_cli("glove-6b-50d", "weat6", draws=30, seed=5, as_json=True))


def test_glove_weat6_done_when(glove_run):
    data = glove_run
    x = {r["word"] for r in data["candidates"]["X"] if r["kept"]}
    b = {r["word"] for r in data["candidates"]["B"] if r["kept"]}
    assert not x & {"legislation", "senate", "tax", "republican", "republicans"}
    assert not b & {"where", "now", "just", "back"}
    y = {r["word"]: r for r in data["candidates"]["Y"]}
    for word in ("husband", "wife", "widow", "mother"):  # family words, not female names
        assert not y[word]["kept"] and y[word]["reason"].startswith("closer to the attribute set B")
    assert [a["word"] for a in data["ambiguous_seeds"]] == ["Bill"]
    assert all(isinstance(r["flags"], list) for k in "XYAB" for r in data["candidates"][k])
    assert data["curated"] is False and data["exploratory"] is True
    assert data["hand_decisions"] == 0
    base = data["baseline"]
    assert base["draws"] == 30 and 0 <= base["share_significant"] <= 1
    assert set(base["effect_size_quantiles"]) == {"0.05", "0.25", "0.5", "0.75", "0.95"}
    assert data["set_pos"] == {"X": "PROPN", "Y": "PROPN", "A": "NOUN", "B": "NOUN"}
    summary = data["summary"]
    assert summary["best_p_value_holm"] >= summary["best_p_value"]


def test_glove_run_is_reproducible_and_seeds_do_not_share_streams(glove_run):
    again = json.loads(biaswords_cli("glove-6b-50d", "weat6", draws=30, seed=5, as_json=True))
    assert again["draws"] == glove_run["draws"]
    assert again["baseline"] == glove_run["baseline"]
    other = json.loads(biaswords_cli("glove-6b-50d", "weat6", draws=30, seed=6, as_json=True))
    assert not {d["weat_seed"] for d in glove_run["draws"]} & {
        d["weat_seed"] for d in other["draws"]
    }


def test_weat_flags_the_same_fallback():
    from bias.stats.weat import run_weat
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_wordset

    result = run_weat(load_embedding("glove-6b-50d"), get_wordset("weat6"))
    ambiguous = [n for n in result.notes if n.code == "ambiguous_word"]
    assert [n.data["word"] for n in ambiguous] == ["Bill"]
    from bias.report.note_sentences import note_text

    assert "'Bill' was found only as 'bill'" in note_text(ambiguous[0])


def test_baseline_pools_are_matched_random_words():
    rng = np.random.default_rng(2)
    words = [f"word{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}" for i in range(2000)]
    emb = Embedding.from_raw("base", "en", words, rng.normal(size=(2000, DIMS)))
    pools = {k: words[i * 20 : i * 20 + 20] for i, k in enumerate("XYAB")}
    table = pl.DataFrame({
        "set": [k for k in "XYAB" for _ in range(20)],
        "seed": [words[1000]] * 80,
        "candidate": [w for k in "XYAB" for w in pools[k]],
        "kept": [True] * 80,
    })  # fmt: skip
    seeds = wordset(*([words[1000 + i], words[1001 + i]] for i in range(0, 8, 2)))
    cands = generate_candidates(emb, seeds, CandidateOptions(neighbours=1), None)
    cands = cands.with_table(table)
    tagger = FakeTagger({w: "NOUN" for w in words[:1000]}, default="VERB")
    from dataclasses import replace

    cands = replace(cands, set_pos=dict.fromkeys("XYAB", "NOUN"))
    sampling = validate(emb, seeds, cands, DrawOptions(draws=5, seed=1), tagger=tagger)
    base = sampling.baseline
    assert base is not None and len(base.draws) == 5
    drawn = {w for d in base.draws for ws_ in d.sets.values() for w in ws_}
    assert not drawn & set(table["candidate"]) and not drawn & {
        w for t in seeds.sets().values() for w in t.words
    }
    for word in drawn:
        row = emb.row(word)
        assert any(lo <= row <= hi for lo, hi in base.bands.values())
        assert tagger.upos(word) == "NOUN"
    again = validate(emb, seeds, cands, DrawOptions(draws=5, seed=1), tagger=tagger)
    assert [d.sets for d in again.baseline.draws] == [d.sets for d in base.draws]


# --- curation as CSV, the command line, pooling -------------------------------------------------


def test_csv_round_trip_and_spreadsheet_values(names_world):
    emb, ws = names_world
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=4), None)
    table = read_curation_csv(curation_csv(cands).encode("utf-8"))
    assert table.equals(cands.table)
    text = "set,seed,candidate,similarity,kept\nX,John,james,0.9,yes\nX,John,robert,0.8,No\n"
    parsed = read_curation_csv(("\ufeff" + text).encode("utf-8"))
    assert parsed["kept"].to_list() == [True, False]
    assert hand_decisions(parsed) == 1  # robert: no filter reason, dropped by hand
    with pytest.raises(BiasInputError, match="not UTF-8"):
        read_curation_csv(b"set,candidate,kept\nX,\xff\xfe,true\n")
    with pytest.raises(BiasInputError, match="must say true or false"):
        read_curation_csv(b"set,candidate,kept\nX,james,maybe\n")
    with pytest.raises(BiasInputError, match="must hold numbers"):
        read_curation_csv(b"set,candidate,kept,similarity\nX,james,true,high\n")


def test_cli_applies_a_curation_file(tmp_path):
    from bias.analysis.biaswords import BiasWordsOptions, candidates
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_wordset

    out = tmp_path / "weat6.csv"
    biaswords_cli("glove-6b-50d", "weat6", draws=2, save_curation=str(out), baseline=False)
    table = read_curation_csv(out.read_bytes())
    dropped = ["james", "william", "thomas"]
    table = table.with_columns(
        pl.when(pl.col("candidate").is_in(dropped)).then(False).otherwise(pl.col("kept"))
        .alias("kept")
    )  # fmt: skip
    out.write_text(table.write_csv(), encoding="utf-8")
    data = json.loads(biaswords_cli("glove-6b-50d", "weat6", draws=3, curation=str(out),
                                    as_json=True, baseline=False))  # fmt: skip
    kept = {r["word"] for r in data["candidates"]["X"] if r["kept"]}
    assert not kept & set(dropped)
    assert data["curated"] is True and data["hand_decisions"] == 3
    assert not {w for d in data["draws"] for w in d["X"]} & set(dropped)
    with pytest.raises(BiasInputError, match="for other seed words"):
        candidates(BiasWordsOptions(curation=out), load_embedding("glove-6b-50d"),
                   get_wordset("weat7"))
    with pytest.raises(BiasInputError, match="no curation file"):
        biaswords_cli("glove-6b-50d", "weat6", curation=str(tmp_path / "none.csv"))


def test_pooled_seed_tests():
    a = wordset(["john", "paul"], ["amy"], ["career"], ["family"], id="one")
    b = wordset(["paul", "mike"], ["joan"], ["salary"], ["home"], id="two")
    pooled = pool_wordsets([a, b])
    assert pooled.id == "one+two" and pooled.X.words == ("john", "paul", "mike")
    assert pooled.Y.words == ("amy", "joan")
    with pytest.raises(BiasInputError, match="within one language"):
        pool_wordsets([a, wordset(["x"], ["y"], ["a"], ["b"], language="de", id="de")])
    assert pool_wordsets([a]) is a


def test_draws_from_an_uncurated_table_are_exploratory(names_world):
    emb, ws = names_world
    cands = generate_candidates(emb, ws, CandidateOptions(neighbours=6, min_edit=0), None)
    sizes = dict.fromkeys("XYAB", 2)
    sampling = draw_sets(emb, ws, cands.table, DrawOptions(draws=2), sizes=sizes)
    assert sampling.exploratory and sampling.hand_decisions == 0


def test_glove_flags_the_known_cases_and_no_common_name():
    from bias.vectors.catalog import load_embedding
    from bias.wordsets.library import get_wordset

    emb = load_embedding("glove-6b-50d")

    def flagged(test_id):
        ws = get_wordset(test_id)
        found = find_ambiguous(emb, {k: emb.lookup_all(t.words) for k, t in ws.sets().items()})
        return {a.word for group in found.values() for a in group}

    assert flagged("weat4") == {"Ebony", "Kenya"}
    assert {"Ebony", "Jasmine"} <= flagged("weat3")
    assert flagged("weat6") == {"Bill"}
    assert flagged("weat7") == set()


def test_cli_text_names_the_kept_words_as_kept_and_labels_the_run():
    text = biaswords_cli("glove-6b-50d", "weat6", draws=3, seed=2)
    lines = text.splitlines()
    assert lines[1].startswith("Exploratory:")
    x = next(line for line in lines if line.startswith("X "))
    assert x.startswith("X [word type PROPN]: ") and " dropped. Kept: james, " in x
    assert any("ambiguous seed: 'Bill'" in line for line in lines)
    assert any(line.startswith("Baseline, 3 draws of random words") for line in lines)
    best = next(line for line in lines if line.startswith("Most significant draw #"))
    assert "as computed," in best and "after Holm's correction over the 3 draws" in best


def test_a_target_candidate_nearer_an_attribute_set_is_dropped():
    e = np.eye(DIMS)
    raw = {
        "amy": e[0], "joan": e[0] * 0.95 + e[6] * 0.05,
        "john": e[1], "paul": e[1] * 0.95 + e[6] * 0.05,
        "family": e[2], "home": e[2] * 0.95 + e[6] * 0.05,
        "career": e[3], "office": e[3] * 0.95 + e[6] * 0.05,
        # among the top neighbours of amy, but nearer the family words:
        "mother": e[0] * 0.45 + e[2] * 0.55,
        "lisa": e[0] * 0.9 + e[7] * 0.1,
    }  # fmt: skip
    words = list(raw)
    emb = Embedding.from_raw("attr", "en", words, np.array([raw[w] for w in words]))
    ws = wordset(["john", "paul"], ["amy", "joan"], ["career", "office"], ["family", "home"])
    y = generate_candidates(emb, ws, CandidateOptions(neighbours=3, min_edit=0), None).table
    mother = y.filter((pl.col("set") == "Y") & (pl.col("candidate") == "mother"))
    assert not mother["kept"].any()
    assert mother["reason"][0].startswith("closer to the attribute set B (mean similarity")
    lisa = y.filter((pl.col("set") == "Y") & (pl.col("candidate") == "lisa"))
    assert lisa["kept"].any()  # kept once (its second row is a duplicate)
    off = generate_candidates(
        emb, ws, CandidateOptions(neighbours=3, min_edit=0, drop_attribute_like=False), None
    ).table
    assert off.filter((pl.col("set") == "Y") & (pl.col("candidate") == "mother"))["kept"].any()
