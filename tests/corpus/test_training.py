"""Training on generated corpora: a planted association is found and holds, none is not called
biased, the same seed gives the same vectors bit for bit, the provenance holds the corpus's
sha256, and a cancelled training leaves nothing in the cache."""

import hashlib
import itertools
from pathlib import Path

import numpy as np
import pytest

from bias.corpus.family import family
from bias.corpus.options import TrainOptions
from bias.corpus.train_corpus import train_corpus
from bias.jobs import Cancelled, watching
from bias.stats.weat import WeatOptions, run_weat
from bias.vectors import store
from bias.vectors.catalog import available_embeddings, load_embedding
from tests.corpus.conftest import SMALL
from tests.corpus.corpora import WEAT6, write_txt

FAST_WEAT = WeatOptions(ci_resamples=2_000)


def train(path, name, **options):
    return train_corpus(path, name=name, language="en", options=TrainOptions(**SMALL | options),
                        wordsets=[WEAT6], min_set_words=4, workers=1)


@pytest.fixture(scope="module")
def corpora(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corpora")
    return write_txt(folder / "planted.txt", 1.0), write_txt(folder / "none.txt", 0.5)


def test_planted_association_holds_and_none_is_not_called_biased(corpora):
    planted, none = corpora
    train(planted, "planted")
    train(none, "none")
    found = run_weat(load_embedding("planted"), WEAT6, FAST_WEAT)
    assert found.effect_size > 1.5 and found.verdict.state == "holds"
    absent = run_weat(load_embedding("none"), WEAT6, FAST_WEAT)
    assert abs(absent.effect_size) < 1.0 and absent.verdict.state == "no_bias"
    # one model: the result says it may not survive retraining
    assert "single_trained_model" in {note.code for note in found.notes}


def test_same_seed_same_vectors_bit_for_bit_and_sha256_in_provenance(corpora):
    planted, _ = corpora
    first = train(planted, "once", seed=7).models[0].summary
    again = train(planted, "twice", seed=7).models[0].summary
    other = train(planted, "other", seed=8).models[0].summary
    assert first.sha256 == again.sha256 != other.sha256
    assert np.array_equal(load_embedding("once").vectors, load_embedding("twice").vectors)
    digest = hashlib.sha256(planted.read_bytes()).hexdigest()
    trained = store.read_meta("once")["trained"]
    assert trained["corpus"]["sha256"] == digest
    assert trained["train"]["seed"] == 7 and trained["gensim"]
    assert trained["bit_reproducible"] is True
    result = run_weat(load_embedding("once"), WEAT6, FAST_WEAT)
    assert result.provenance.embedding.identity["trained"]["corpus"]["sha256"] == digest
    info = next(i for i in available_embeddings() if i.name == "once")
    assert info.kind == "trained" and info.trained["corpus"]["file"] == "planted.txt"


def test_replicates_are_one_family_with_their_own_seeds(corpora):
    planted, _ = corpora
    result = train(planted, "reps", replicates=3, epochs=10)
    assert [m.name for m in result.models] == ["reps.r1", "reps.r2", "reps.r3"]
    assert len({m.seed for m in result.models}) == 3
    assert len({m.summary.sha256 for m in result.models}) == 3  # different bootstrap samples
    found = family("reps")
    assert found is not None and not found.grouped
    assert found.slices[0].members == ("reps.r1", "reps.r2", "reps.r3")
    # trained again from its record (the whole corpus's vocabulary included): the same vectors
    from bias.corpus.recheck import recheck

    assert recheck("reps.r2").outcome == "same"


def test_cancel_leaves_nothing_half_written(corpora, home):
    planted, _ = corpora

    def stop(fraction):
        if fraction > 0.2:
            raise Cancelled

    with watching(stop), pytest.raises(Cancelled):
        train(planted, "cancelled", epochs=10)
    assert not store.is_cached("cancelled")
    assert [p.name for p in (home / "embeddings").glob("*")] == []  # no hidden leftovers
    assert list((home / "corpus-work").iterdir()) == []


def test_reproduce_trains_again_and_compares_bit_for_bit(corpora, capsys, tmp_path):
    from bias.cli import main

    planted, _ = corpora
    train(planted, "again", epochs=5)
    assert main(["reproduce", "--trained", "again"]) == 0
    assert "the same bit for bit" in capsys.readouterr().out
    changed = tmp_path / "planted.txt"
    changed.write_bytes(planted.read_bytes() + b"one more line\n")
    assert main(["reproduce", "--trained", "again", "--corpus", str(changed)]) == 2
    assert "sha256 differs" in capsys.readouterr().err


def test_a_task_is_small_picklable_and_carries_its_own_seeds(corpora, tmp_path):
    """What issue 33's cluster needs: paths, names, settings and seeds, never matrices."""
    import pickle

    from bias.corpus.options import ReadOptions
    from bias.corpus.scan import scan
    from bias.corpus.train_corpus import plan

    planted, _ = corpora
    scanned = scan(planted, "en", ReadOptions(), tmp_path)
    tasks = plan(scanned, TrainOptions(**SMALL | {"replicates": 2}), "fam")
    assert [t.name for t in tasks] == ["fam.r1", "fam.r2"]
    assert pickle.loads(pickle.dumps(tasks)) == tasks
    assert len(pickle.dumps(tasks[0])) < 4_000
    assert tasks[0].seed != tasks[1].seed and tasks[0].bootstrap_seed != tasks[1].bootstrap_seed
    again = plan(scanned, TrainOptions(**SMALL | {"replicates": 3}), "fam")
    assert (again[0].seed, again[1].seed) == (tasks[0].seed, tasks[1].seed)  # own seeds


def test_a_dashboard_training_is_bounded_before_any_model(corpora, home):
    from bias.errors import BiasInputError

    planted, _ = corpora
    with pytest.raises(BiasInputError, match="more than this server trains"):
        train_corpus(planted, name="big", language="en",
                     options=TrainOptions(**SMALL | {"replicates": 4}), max_work=400_000)
    assert not (home / "embeddings").exists() or not list((home / "embeddings").glob("*"))


def test_fasttext_keeps_its_subwords_for_unseen_words(corpora):
    planted, _ = corpora
    train(planted, "ft", method="fasttext", buckets=2_000, epochs=5, dimensions=8)
    embedding = load_embedding("ft")
    [lookup] = embedding.lookup_all(["careers"])  # never in the corpus
    assert lookup.match == "synthesised"
    assert store.read_meta("ft")["trained"]["train"]["method"] == "fasttext"


def test_a_word_under_the_minimum_count_in_the_corpus_gets_no_vector_in_any_replicate(tmp_path):
    """The vocabulary is decided on the whole corpus: 'onceonly' (once in the corpus, minimum
    count 2) gets no vector even in a replicate whose sample repeated its document, and
    'twiceword' (twice: in the vocabulary) gets one wherever the sample holds it, none where
    it holds it not at all."""
    from bias.corpus.options import ReadOptions
    from bias.corpus.scan import scan
    from bias.corpus.train_corpus import plan
    from bias.corpus.train_model import fit
    from tests.corpus.corpora import documents

    docs = documents(1.0, 60)
    docs[7] += " onceonly"
    docs[20] += " twiceword"
    docs[41] += " twiceword"
    path = tmp_path / "c.txt"
    path.write_text("\n".join(docs) + "\n", encoding="utf-8")
    scanned = scan(path, "en", ReadOptions(), tmp_path)
    tasks = plan(scanned, TrainOptions(**SMALL | {"replicates": 4, "seed": 3, "epochs": 1}), "f")
    in_sample = [
        [sum(doc.count(word) for doc in read_plainly(t.tokens_path, t.bootstrap_seed))
         for word in ("onceonly", "twiceword")] for t in tasks
    ]
    assert in_sample == [[3, 3], [0, 3], [2, 4], [1, 0]]  # seed 3: r1 and r3 repeat 'onceonly'
    vocabularies = [set(fit(task).wv.key_to_index) for task in tasks]
    assert not any("onceonly" in words for words in vocabularies)
    assert ["twiceword" in words for words in vocabularies] == [True, True, True, False]
    assert all(t.trained["vocabulary"] for t in tasks)
    # every replicate has the whole corpus's vocabulary, less what its sample lacks entirely
    whole = {w for w, c in scanned.groups[0].counts.items() if c >= SMALL["min_count"]}
    for words, task in zip(vocabularies, tasks, strict=True):
        seen = {w for doc in read_plainly(task.tokens_path, task.bootstrap_seed) for w in doc}
        assert words == whole & seen


def read_plainly(path, bootstrap_seed):
    """The documents gensim is to be given, read the obvious way: each line split and cut into
    pieces of MAX_CHUNK_TOKENS words (an empty line: one empty sentence, none in a sample), each
    as many times as its document's Poisson count in the sample."""
    from bias.corpus.options import MAX_CHUNK_TOKENS
    from bias.corpus.train_model import poisson_counts

    draws = itertools.repeat(1) if bootstrap_seed is None else poisson_counts(bootstrap_seed)
    sentences = []
    with open(path, encoding="utf-8") as handle:
        for line, times in zip(handle, draws, strict=False):
            words = line.split()
            pieces = [words[i : i + MAX_CHUNK_TOKENS]
                      for i in range(0, len(words), MAX_CHUNK_TOKENS)]
            sentences += (pieces or [[]] * (bootstrap_seed is None)) * times
    return sentences


@pytest.mark.parametrize("bootstrap_seed", [None, 5])
def test_training_from_numbers_is_gensim_on_the_text_read_plainly(tmp_path, monkeypatch,
                                                                   bootstrap_seed):
    """`fit` reads the token file once into numbers and builds gensim's vocabulary from their
    counts: the same vocabulary and vectors, bit for bit, as gensim's own passes over the text
    read plainly (its trim_rule, for a replicate, from the whole file's counts), with a document
    longer than a piece, an empty line, and blocks of numbers shorter than documents."""
    from collections import Counter

    from gensim.utils import RULE_DISCARD, RULE_KEEP

    from bias.corpus import train_model
    from tests.corpus.corpora import documents

    monkeypatch.setattr(train_model, "_BLOCK", 64)
    lines = documents(1.0, 40)
    lines[3] = " ".join(itertools.islice(itertools.cycle(" ".join(lines).split()), 10_500))
    lines[9] = ""
    path = tmp_path / "g.tokens"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    options = TrainOptions(**SMALL | {"epochs": 2})
    task = train_model.TrainTask("t", "en", str(path), options, 3, bootstrap_seed,
                              {"vocabulary": train_model.FIXED_VOCABULARY})
    whole = Counter(word for line in lines for word in line.split())
    sentences = read_plainly(path, bootstrap_seed)
    plain = read_plainly(path, None)
    assert [len(s) for s in plain[3:5]] == [10_000, 500] and plain[10] == []  # cut, empty
    assert (sentences == plain) == (bootstrap_seed is None)

    expected = train_model.untrained(task)
    rule = None if bootstrap_seed is None else (
        lambda word, count, least: RULE_KEEP if whole[word] >= least else RULE_DISCARD)
    expected.build_vocab(sentences, trim_rule=rule)
    expected.train(sentences, total_examples=expected.corpus_count, epochs=expected.epochs)
    model = train_model.fit(task)
    assert model.wv.index_to_key == expected.wv.index_to_key
    assert (model.corpus_count, model.corpus_total_words) == (expected.corpus_count,
                                                               expected.corpus_total_words)
    assert np.array_equal(model.wv.vectors, expected.wv.vectors)
    assert [p.name for p in tmp_path.iterdir()] == ["g.tokens"]  # the numbers are removed


def test_the_scan_s_numbers_are_the_token_file_s(tmp_path):
    """Training reads the numbers the scan wrote beside a group's token file; without them it
    numbers the token file itself: the same counts and vectors bit for bit either way."""
    from collections import Counter

    from bias.corpus.options import ReadOptions
    from bias.corpus.scan import scan
    from bias.corpus.train_corpus import plan
    from bias.corpus.train_model import fit, numbers_path

    path = write_txt(tmp_path / "c.txt", 1.0, count=60)
    group = scan(path, "en", ReadOptions(), tmp_path).groups[0]
    with open(group.tokens_path, encoding="utf-8") as handle:
        assert group.counts == Counter(w for line in handle for w in line.split())
    [task] = plan(scan(path, "en", ReadOptions(), tmp_path), TrainOptions(**SMALL | {
        "replicates": 2, "epochs": 2}), "f")[:1]
    numbers = numbers_path(task.tokens_path)
    from_scan = fit(task).wv
    for written in (numbers, numbers + ".words"):
        Path(written).unlink()
    from_text = fit(task).wv
    assert from_scan.index_to_key == from_text.index_to_key
    assert np.array_equal(from_scan.vectors, from_text.vectors)
