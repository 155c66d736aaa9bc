"""The whole protocol on a synthetic embedding, and the derived embedding in the cache: an imported
parent verifies unchanged, the provenance is listed, a damaged provenance is reported."""

import json

import numpy as np
import pytest

from bias.cli import main
from bias.debiasing.checks import split_wordset
from bias.debiasing.inputs import parse_inputs
from bias.debiasing.protocol import DebiasOptions, busy, debias
from bias.debiasing.recoverability import (
    HIDDEN_THRESHOLD,
    Accuracy,
    Recoverability,
    kmeans_alignment,
    neighbour_bias_correlation,
)
from bias.errors import BiasInputError
from bias.report.debias_text import debias_report
from bias.stats.weat import WeatOptions
from bias.vectors import store
from bias.vectors.catalog import load_embedding
from bias.vectors.embeddings import Embedding
from bias.vectors.import_report import ImportReport, RawVectors
from bias.wordsets import TermSet, WordSet
from tests.stats import plain_measures as plain

DIMS = 16
PAIRS = [("she", "he"), ("woman", "man"), ("girl", "boy"), ("mother", "father")]


def letters(i: int) -> str:
    return "".join(chr(97 + int(c)) for c in f"{i:04d}")


def synthetic(rows: int = 3000, seed: int = 0, trace: float = 1.5) -> RawVectors:
    """Pairs ±g apart, then letters-only words with a bias along g and a second, hidden trace of
    it (a copy along h, which neutralising g leaves in place)."""
    rng = np.random.default_rng(seed)
    g, h = np.linalg.qr(rng.normal(size=(DIMS, 2)))[0].T
    words, vectors = [], []
    for a, b in PAIRS:
        base = rng.normal(size=DIMS)
        words += [a, b]
        vectors += [base + 3 * g, base - 3 * g]
    for i in range(rows):
        lean = rng.normal()
        words.append(letters(i))
        vectors.append(rng.normal(size=DIMS) + 1.5 * lean * g + trace * lean * h)
    report = ImportReport("synthetic", "test", dimensions=DIMS, words=len(words),
                          lines_read=len(words))
    return RawVectors(words, np.array(vectors), report)


INPUTS = parse_inputs({"definitional": [list(p) for p in PAIRS], "equalize": [["she", "he"]],
                       "protected": ["mother", "father"], "bias_pair": ["she", "he"]},
                      where="test", default_id="test-pairs")
OPTIONS = DebiasOptions(frequent=3000, biased_per_side=100, inlp_per_side=300,
                        weat=WeatOptions(iterations=1000, ci_resamples=1000))


def check_set() -> WordSet:
    sets = {k: TermSet(k, tuple(letters(i) for i in range(start, start + 6)))
            for k, start in zip("XYAB", (0, 6, 12, 18), strict=True)}
    return WordSet("synthetic-check", "Synthetic check", "en", **sets)


def test_hard_debias_on_an_imported_parent_saves_a_derived_embedding_with_provenance(capsys):
    store.save("parent", "en", synthetic(), source="synthetic vectors")
    parent = load_embedding("parent")
    result = debias(parent, INPUTS, [check_set()], OPTIONS, save_as="parent-hard")
    # the bias along g is gone from the neutralised words, the trace along h is not: hidden
    assert result.recoverability.hidden and result.recoverability.linear.value > 0.8
    # protected and definitional words, except the equalised she/he: 2 + 8 - 2, all to the bit
    assert result.usefulness.protected_checked == 6 == result.usefulness.protected_unchanged
    held = set(result.held_out_words)
    assert held and held <= set(check_set().X.words + check_set().Y.words
                                + check_set().A.words + check_set().B.words)
    # listed with its provenance; the parent verifies against the sha256 it was imported with
    assert main(["embeddings", "--json"]) == 0
    listed = {e["name"]: e for e in json.loads(capsys.readouterr().out)}
    derived = listed["parent-hard"]["derived_from"]
    assert listed["parent-hard"]["kind"] == "derived" and listed["parent"]["kind"] == "imported"
    assert derived["parent"] == "parent"
    assert derived["parent_sha256"] == store.read_meta("parent")["sha256"]
    assert derived["inputs"]["id"] == "test-pairs" and derived["seed"] == 0
    assert derived["held_out_words"] == sorted(held)
    assert main(["embeddings", "--verify", "parent"]) == 0
    assert store.verify("parent-hard").ok
    saved = load_embedding("parent-hard")
    rows = [parent.row("mother"), parent.row("father")]
    assert np.asarray(saved.vectors[rows]).tobytes() == np.asarray(parent.vectors[rows]).tobytes()
    # a name already taken is refused before any work, and nothing is overwritten
    with pytest.raises(BiasInputError, match="already"):
        debias(parent, INPUTS, [], OPTIONS, save_as="parent-hard")
    # --replace replaces a debiased embedding, never an imported one
    with pytest.raises(BiasInputError, match="imported embedding, not a debiased one"):
        debias(parent, INPUTS, [], OPTIONS, save_as="parent", replace=True)
    again = debias(parent, INPUTS, [], OPTIONS, save_as="parent-hard", replace=True)
    assert again.saved.name == "parent-hard" and store.verify("parent").ok


def test_verifying_a_debiased_embedding_checks_its_parent(capsys):
    store.save("parent", "en", synthetic(rows=400), source="synthetic vectors")
    small = DebiasOptions(frequent=400, biased_per_side=50)
    debias(load_embedding("parent"), INPUTS, [], small, save_as="parent-hard")
    assert main(["embeddings", "--verify", "parent-hard", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["parent"]
    assert found["ok"] and found["actual_sha256"] == store.read_meta("parent")["sha256"]
    vectors = store.root() / "parent" / "vectors.npy"
    data = bytearray(vectors.read_bytes())
    data[-1] ^= 1  # one bit of the parent's last vector
    vectors.write_bytes(bytes(data))
    assert main(["embeddings", "--verify", "parent-hard"]) == 2
    assert "has changed since parent-hard was made" in capsys.readouterr().err
    store.delete_cached("parent")
    assert main(["embeddings", "--verify", "parent-hard"]) == 2
    assert "no longer available" in capsys.readouterr().err


def test_without_a_second_trace_hard_debias_removes_what_the_tests_can_find():
    store.save("plain", "en", synthetic(trace=0.0), source="synthetic vectors")
    seen = []
    result = debias(load_embedding("plain"), INPUTS, [], OPTIONS,
                    progress=lambda share, what: seen.append((share, busy())))
    assert seen[-1] == (1.0, True) and all(b for _, b in seen) and not busy()  # one at a time
    rec = result.recoverability
    assert not rec.hidden and rec.linear.value < 0.6 and rec.kmeans_after[0] < 0.6
    assert rec.verdict().startswith("The old sides")


def test_inlp_on_the_synthetic_embedding_removes_the_linear_trace():
    store.save("parent", "en", synthetic(), source="synthetic vectors")
    result = debias(load_embedding("parent"), INPUTS, [], DebiasOptions(
        method="inlp", frequent=3000, biased_per_side=100, inlp_per_side=300))
    assert result.held_back is not None and result.held_back.linear.value < 0.65
    assert result.fit.basis.shape[0] >= 2  # g and h both had to go


def test_a_damaged_provenance_is_listed_as_damaged():
    store.save("parent", "en", synthetic(rows=50), source="synthetic vectors")
    meta_path = store.root() / "parent" / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta_path.write_text(json.dumps({**meta, "derived_from": ["not", "an", "object"]}))
    assert [d.name for d in store.list_damaged()] == ["parent"]
    assert "derived_from" in store.list_damaged()[0].problem


def test_a_malformed_pairs_file_on_the_command_line_is_one_sentence(tmp_path, capsys):
    bad = tmp_path / "pairs.json"
    bad.write_text('{"definitional": [["he"]]}')
    assert main(["debias", "--pairs", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "at least two words" in err and "Traceback" not in err


def slow_alignment(clusters, labels):
    agree = sum(int(c == label) for c, label in zip(clusters, labels, strict=True))
    return max(agree, len(labels) - agree) / len(labels)


def test_kmeans_alignment_of_two_clear_clusters_is_one_and_of_noise_near_a_half():
    rng = np.random.default_rng(2)
    labels = np.repeat([1, 0], 200)
    clear = rng.normal(size=(400, 5)) + np.where(labels[:, None] == 1, 6.0, -6.0)
    assert kmeans_alignment(clear, labels, seed=0) == (1.0, 0.0)
    noise = rng.normal(size=(400, 5))
    mean, sd = kmeans_alignment(noise, labels, seed=0)
    assert 0.5 <= mean < 0.6 and sd >= 0


def test_neighbour_bias_correlation_matches_a_word_by_word_count():
    rng = np.random.default_rng(4)
    projection = rng.normal(size=120)
    vectors = rng.normal(size=(120, 6)) + projection[:, None]
    r = neighbour_bias_correlation(vectors, projection)
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    shares = []
    for i in range(120):
        sims = sorted(((float(unit[i] @ unit[j]), j) for j in range(120) if j != i), reverse=True)
        shares.append(np.mean([projection[j] > 0 for _, j in sims[:100]]))
    assert r == pytest.approx(float(np.corrcoef(projection, shares)[0, 1]), abs=1e-9)


def test_the_verdict_follows_the_threshold():
    def rec(kmeans: float, low: float) -> Recoverability:
        acc = Accuracy(low + 0.02, low, low + 0.04)
        return Recoverability(500, (1.0, 0.0), (kmeans, 0.01), acc, acc, 0.9, 0.5)

    assert rec(0.87, 0.5).hidden and "k-means" in rec(0.87, 0.5).verdict()
    assert rec(0.52, HIDDEN_THRESHOLD).hidden
    assert not rec(0.59, HIDDEN_THRESHOLD - 0.01).hidden
    assert rec(0.59, 0.5).verdict().startswith("The old sides")


def test_too_small_an_embedding_or_a_missing_bias_pair_is_one_sentence():
    store.save("tiny", "en", synthetic(rows=150), source="synthetic vectors")
    with pytest.raises(BiasInputError, match="usable frequent words"):
        debias(load_embedding("tiny"), INPUTS, [], OPTIONS)
    lacking = parse_inputs({"definitional": [list(p) for p in PAIRS], "bias_pair": ["x", "y"]},
                           where="t", default_id="t")
    with pytest.raises(BiasInputError, match="bias pair"):
        debias(load_embedding("tiny"), lacking, [], OPTIONS)
    with pytest.raises(BiasInputError, match="multiclass"):
        debias(load_embedding("tiny"), parse_inputs(
            {"definitional": [["she", "he", "girl"]]}, where="t", default_id="t"), [], OPTIONS)


def planted_check(embedding: Embedding) -> WordSet:
    """X and A: the letters-only words leaning most to 'she' (on she − he), Y and B the most to
    'he': a WEAT with a planted bias, and every target word leaning its own way."""
    she, he = (np.asarray(embedding.vectors[embedding.row(w)], float) for w in ("she", "he"))
    rows = [i for i, w in enumerate(embedding.words) if w.isalpha() and len(w) == 4]
    order = sorted(rows, key=lambda i: -float(embedding.vectors[i] @ (she - he)))
    pick = {"X": order[:8], "A": order[8:16], "Y": order[-8:], "B": order[-16:-8]}
    sets = {k: TermSet(k, tuple(embedding.words[i] for i in v)) for k, v in pick.items()}
    return WordSet("planted-check", "Planted check", "en", **sets)


@pytest.mark.parametrize("trace", [1.5, 0.0])
def test_held_out_scweat_equals_a_word_by_word_computation(trace):
    raw = synthetic(trace=trace)
    embedding = Embedding.from_raw("synthetic", "en", raw.words, raw.vectors)
    check = planted_check(embedding)
    result = debias(embedding, INPUTS, [check], OPTIONS)
    scweat = result.checks[0].scweat
    held = split_wordset(check, OPTIONS.seed)[1]
    assert [(w.set, w.word) for w in scweat.words] == (
        [("X", w) for w in held.X.words] + [("Y", w) for w in held.Y.words])
    assert len(scweat.words) == 8 and scweat.p_method == "exact" and scweat.missing == ()
    for when, matrix in (("before", embedding.vectors), ("after", result.embedding.vectors)):
        def vector(word, matrix=matrix):
            return [float(x) for x in matrix[embedding.row(word)]]

        a, b = [vector(w) for w in held.A.words], [vector(w) for w in held.B.words]
        for lean in scweat.words:
            _, effect, p = plain.sc_weat(vector(lean.word), a, b, two_sided=True)
            assert getattr(lean, when).effect_size == pytest.approx(effect, abs=1e-6)
            assert getattr(lean, when).p_value == pytest.approx(p)
    (x_before, x_after), (y_before, y_after) = scweat.mean_effect("X"), scweat.mean_effect("Y")
    assert x_before > 1.0 and y_before < -1.0  # planted: X leans to A, Y to B
    if trace:  # the second trace along h keeps part of every lean
        assert 0.3 < x_after < x_before and y_before < y_after < -0.3
    else:  # nothing but g carried it: no lean is left
        assert abs(x_after) < 0.3 and abs(y_after) < 0.3
    as_json = result.checks[0].to_dict()["held_out"]["sc_weat"]
    assert as_json["mean_effect"]["X"] == {"before": x_before, "after": x_after}
    assert as_json["words"][0]["before"]["p_value"] == scweat.words[0].before.p_value
    report = debias_report(result)
    assert f"X {x_before:+.2f} → {x_after:+.2f}; Y {y_before:+.2f} → {y_after:+.2f}." in report
    first = scweat.words[0]
    assert (f"X: {first.word} {first.before.effect_size:+.2f} → {first.after.effect_size:+.2f}, "
            in report)
