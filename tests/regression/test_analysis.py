"""bias.analysis.regress: the whole run on conText's sample and on a generated corpus, and each
bad input as one sentence before the heavy work."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from bias.analysis import regress as analysis
from bias.analysis.regress import RegressOptions, run
from bias.errors import BiasInputError
from bias.vectors.embeddings import Embedding
from tests.regression import texts
from tests.regression.sample import FILES, glove, need_sample


def test_contexts_example_through_the_analysis_layer() -> None:
    sample = need_sample()
    vectors = glove()
    words = sorted(vectors.rows, key=vectors.rows.get)
    raw = Embedding("cr_glove_subset", "en", words, vectors.matrix)  # raw, as conText uses
    options = RegressOptions(target="immigration", covariates="party + gender",
                             text_column="text", transform=str(sample / FILES[3]),
                             clusters="instance", permutations=20)
    result = run(sample / FILES[0], options, raw)
    party, gender = result.regression.coefficients
    assert (party.squared_norm, party.squared_norm_corrected) == pytest.approx(
        (10.139940, 8.668252), abs=1e-5)
    assert (gender.squared_norm, gender.squared_norm_corrected) == pytest.approx(
        (6.908761, 5.154713), abs=1e-5)
    assert result.corpus.instances == 924 and result.corpus.documents == 400
    assert "transform-from-file" in result.limits and "independent-instances" in result.limits
    republican = next(g for g in result.groups if (g.covariate, g.level) == ("party", "R"))
    assert republican.instances == 438
    line = result.readings[0].nearest_contexts[0]
    assert line.keyword == "immigration" and set(line.covariates) == {"party", "gender"}


def _sample_run(**options) -> object:
    sample = need_sample()
    vectors = glove()
    words = sorted(vectors.rows, key=vectors.rows.get)
    raw = Embedding("cr_glove_subset", "en", words, vectors.matrix)
    return run(sample / FILES[0], RegressOptions(text_column="text", clusters="instance",
                                                 transform=str(sample / FILES[3]), **options),
               raw)


def test_fitted_embeddings_of_a_numeric_covariate_have_conTexts_cosines() -> None:
    """The quick start's `immigration ~ nominate_dim1`, at the 5th and 95th percentiles of
    nominate over the documents: cos with reform .6692875 → .4680526, enforce .4565472 →
    .6440665."""
    result = _sample_run(target="immigration", covariates="nominate_dim1", permutations=1,
                         words=("reform", "enforce", "zzzz"))
    low, high = result.fitted
    assert (low.setting, high.setting) == ("5th percentile", "95th percentile")
    assert float(low.value) == pytest.approx(-0.53065)
    assert [c for _, c in low.cosines] == pytest.approx([0.6692875, 0.4565472], abs=1e-7)
    assert [c for _, c in high.cosines] == pytest.approx([0.4680526, 0.6440665], abs=1e-7)
    assert result.missing_words == ("zzzz",)


def test_each_partys_average_has_conTexts_cosines() -> None:
    """The quick start's `cos_sim` of each party's average `immigr*` instance."""
    result = _sample_run(target="immigr*", covariates="party", permutations=1,
                         words=("reform", "enforcement"))
    cosines = {g.level: [c for _, c in g.cosines] for g in result.groups}
    assert cosines["D"] == pytest.approx([0.5949757, 0.6059709], abs=1e-7)
    assert cosines["R"] == pytest.approx([0.4270958, 0.5968879], abs=1e-7)


def test_the_neighbour_ratios_are_conTexts_nns_ratio() -> None:
    """The quick start's `nns_ratio(N = 5, numerator = "R")` on the `immigr*` instances."""
    result = _sample_run(target="immigr*", covariates="party", permutations=19, neighbours=5)
    (ratios,) = result.ratios
    assert (ratios.level, ratios.reference) == ("R", "D")
    assert [(w.word, round(w.ratio, 7)) for w in ratios.words] == [
        ("illegal", 1.1834716), ("amnesty", 1.1716428), ("illegally", 1.1232888),
        ("immigrants", 1.0070933), ("immigration", 0.9809758), ("undocumented", 0.9008638),
        ("broken", 0.7631982)]
    whose = {w.word: w.neighbour_of for w in ratios.words}
    assert whose["illegal"] == "shared" and whose["broken"] == "reference"
    assert whose["amnesty"] == "level"
    assert all(0 < w.p_value <= 1 for w in ratios.words)


def test_a_planted_party_effect_on_a_generated_corpus(tmp_path: Path) -> None:
    path = texts.write(tmp_path / "t.csv")
    options = RegressOptions(target="policy", covariates="party, score", text_column="text",
                             min_count=2, permutations=99, transform="none")
    result = run(path, options, texts.embedding())
    named = {c.name: c for c in result.regression.coefficients}
    assert named["party_B"].p_value == 0.01 and named["score"].p_value > 0.05
    assert named["party_B"].squared_norm_corrected > 10 * abs(named["score"].squared_norm_corrected)
    assert result.corpus.clusters == "document" and result.corpus.units == 60
    moved = result.readings[0].most_influential  # the jackknife's, named by document
    assert [m.estimate_without for m in moved] == [
        i.estimate_without for i in named["party_B"].most_influential]
    assert all(1 <= m.document <= 60 for m in moved)
    assert moved[0].covariates["party"] in ("A", "B")
    assert result.corpus.instances == 120  # two uses per document; "and", "ok" are too short
    for group in result.groups:  # each party's own words lead its neighbours
        words = [word for word, _ in group.neighbours]
        own, other = ("alpha", "beta") if group.level == "A" else ("beta", "alpha")
        assert sum(w.startswith(own) for w in words) > 2 * sum(w.startswith(other) for w in words)
    again = run(path, options, texts.embedding())
    assert again.regression.to_dict() == result.regression.to_dict()
    assert again.groups == result.groups  # the neighbours and their intervals too
    for group in result.groups:
        assert len(group.intervals) == len(group.neighbours) == 10
        assert all(low < cosine < high for (_, cosine), (low, high)
                   in zip(group.neighbours[:3], group.intervals, strict=False))
    assert {"numeric-no-neighbours", "few-permutations", "plain-average"} <= set(result.limits)
    # a transform estimated on 61 words of random vectors amplifies noise: it runs, says so
    local = run(path, RegressOptions(target="policy", covariates="party", text_column="text",
                                     min_count=2, permutations=9), texts.embedding())
    assert local.transform == "corpus (weighting log)" and "plain-average" not in local.limits


def _bad(tmp_path: Path, rows: list[dict]) -> Path:
    return texts.write(tmp_path / "bad.csv", rows=rows)


@pytest.fixture
def no_heavy_work(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("the heavy work started before the input was checked")

    monkeypatch.setattr(analysis, "regress", refuse)
    monkeypatch.setattr(analysis.alc, "embed_instances", refuse)


@pytest.mark.usefixtures("no_heavy_work")
@pytest.mark.parametrize(("change", "message"), [
    ({"target": "refugee"}, "never occurs"),
    ({"covariates": "gender"}, "There is no column 'gender'"),
    ({"text_column": None}, "Say which column"),
    ({"covariates": "party, region, party*region", "categorical": ("score",)}, None),
    ({"covariates": "party", "references": (("party", "C"),)}, "'C' is not a level"),
    ({"transform": "MATRIX"}, "must be 50 × 50"),
    ({"target": "policy zebra"}, "phrase 'policy zebra' never occurs"),
])
def test_bad_input_is_one_sentence_before_any_embedding(tmp_path, change, message) -> None:
    path = texts.write(tmp_path / "t.csv")
    if change.get("transform") == "MATRIX":
        np.save(tmp_path / "m.npy", np.eye(3))
        change = {"transform": str(tmp_path / "m.npy")}
    options = {"target": "policy", "covariates": "party", "text_column": "text",
               "min_count": 2} | change
    if message is None:  # a well-formed interaction reaches the heavy work
        with pytest.raises(AssertionError, match="heavy work"):
            run(path, RegressOptions(**options), texts.embedding())
        return
    with pytest.raises(BiasInputError, match=message):
        run(path, RegressOptions(**options), texts.embedding())


@pytest.mark.usefixtures("no_heavy_work")
@pytest.mark.parametrize(("rows", "covariates", "message"), [
    ([{"text": "policy " * 3, "party": "C", "region": "x", "score": "1"}], "party",
     "Only 3 instances .* party = C"),
    ([{"text": "policy", "party": "A", "region": "x", "score": ""}], "score",
     "document 61 has an empty cell"),
    ([{"text": "policy", "party": "A", "region": "x", "score": "high"}], "score",
     "document 61 has 'high'"),
    ([], "party, region", None),
])
def test_bad_cells_are_one_sentence(tmp_path, rows, covariates, message) -> None:
    path = _bad(tmp_path, rows)
    options = RegressOptions(target="policy", covariates=covariates, text_column="text",
                             min_count=2)
    if message is None:
        with pytest.raises(AssertionError, match="heavy work"):
            run(path, options, texts.embedding())
        return
    with pytest.raises(BiasInputError, match=message):
        run(path, options, texts.embedding())


@pytest.mark.usefixtures("no_heavy_work")
def test_one_level_collinear_and_too_many_dummies(tmp_path: Path) -> None:
    path = tmp_path / "c.csv"
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["text", "one", "party", "copy", "many"])
        for i in range(520):
            party = "AB"[i % 2]
            out.writerow([f"common1 policy common2 {texts.OWN[party][0]}", "same", party,
                          party.lower(), f"L{i // 10}"])
    cases = {"one": "has one value", "party, copy": "collinear", "many": "at most 50"}
    for covariates, message in cases.items():
        with pytest.raises(BiasInputError, match=message):
            run(path, RegressOptions(target="policy", covariates=covariates,
                                     text_column="text", min_count=2), texts.embedding())


def test_options_are_checked_when_made() -> None:
    with pytest.raises(BiasInputError, match="window"):
        RegressOptions(target="x", covariates="a", window=0)
    with pytest.raises(BiasInputError, match="permutations"):
        RegressOptions(target="x", covariates="a", permutations=10**9)
    with pytest.raises(BiasInputError):
        RegressOptions(target="", covariates="a")
    with pytest.raises(BiasInputError):
        RegressOptions(target="x", covariates="a", clusters="speaker")


def test_an_embedding_without_the_corpus_words_is_one_sentence(tmp_path: Path) -> None:
    path = texts.write(tmp_path / "t.csv")
    other = Embedding.from_raw("other", "fr", ["chat", "chien"], np.eye(2))
    with pytest.raises(BiasInputError, match="None of the 120 instances has a context word"):
        run(path, RegressOptions(target="policy", covariates="party", text_column="text",
                                 min_count=2, transform="none"), other)


def synthetic_encoder(method: str = "passage") -> Embedding:
    """An 'encoder' for tests: a text's vector is the unit mean of its words' synthetic
    vectors, a word without one read as the first word (no model is loaded)."""
    table = texts.embedding()

    def encode(passages):
        rows = [[table.row(word) or 0 for word in text.split()] for text in passages]
        out = np.array([table.vectors[r].mean(axis=0) for r in rows], dtype=np.float64)
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    return Embedding("synthetic-encoder", "en", [], np.empty((0, texts.DIMENSIONS)),
                     encode=encode, identity={"method": method})


def test_the_encoder_reads_each_window_as_a_passage(tmp_path: Path) -> None:
    path = texts.write(tmp_path / "t.csv")
    options = RegressOptions(target="policy", covariates="party", text_column="text",
                             min_count=2, permutations=99)
    result = run(path, options, synthetic_encoder())
    (party,) = result.regression.coefficients
    assert party.p_value == 0.01 and result.corpus.dropped == 0
    assert result.transform == "none: each context encoded as a passage"
    assert "encoder-contexts" in result.limits and "plain-average" not in result.limits
    assert result.groups[0].neighbours  # candidate words encoded for the neighbours
    with pytest.raises(BiasInputError, match="template sentences"):
        run(path, options, synthetic_encoder("template"))
    np.save(tmp_path / "m.npy", np.eye(texts.DIMENSIONS))
    with pytest.raises(BiasInputError, match="leave --transform out"):
        run(path, RegressOptions(target="policy", covariates="party", text_column="text",
                                 transform=str(tmp_path / "m.npy")), synthetic_encoder())


def test_a_passage_is_the_window_with_the_target_in_its_place() -> None:
    from bias.regression.instances import Instance
    from bias.regression.passages import passage

    assert passage(Instance(0, 2, "immigration", ("a", None), ("law", "b"))) == (
        "a immigration law b")
