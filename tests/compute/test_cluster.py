"""A real cluster on loopback (`dask scheduler` and two `dask worker` processes, one thread
each, one shared BIASWORDS_HOME), started once for the module as docs/cluster.md says
(`loopback.py` runs the page's commands): Batch rows and BiasWords draws on it equal the local
numbers of the same run bit for bit (the local ones agree with `recorded.json` within a float32
tolerance: test_same_numbers.py); a worker killed mid-task changes nothing; a worker without the
embedding, or with another sha256 under its name, fails with a sentence; a scheduler that goes
away ends the job with one; Cancel stops the cluster's tasks.

Cost: about 25 s on an idle 2-core machine (the processes' start-up is most of it: each loads
numpy, dask and the bundled GloVe), 10 s of it CPU in this process (1.6 s of it the local
numbers to compare with) and the rest in the cluster.
"""

import json
import os
import signal
import threading
import time
from pathlib import Path

import cloudpickle
import numpy as np
import pytest

from bias import jobs
from bias.cli import main
from bias.compute import run_tasks
from bias.errors import BiasInputError
from bias.stats.tasks import WeatTask, run_test
from bias.stats.weat import WeatOptions
from bias.vectors import store
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.vectors.import_report import ImportReport, RawVectors
from bias.vectors.reference import EmbeddingRef, reference
from bias.wordsets.library import get_wordset
from tests.compute import loopback, tasks
from tests.compute.same_numbers import (
    DRAW_CASES,
    batch_numbers,
    draw_numbers,
    same,
    seed_candidates,
)
from tests.compute.tasks import seeded, task_count, went_through

cloudpickle.register_pickle_by_value(tasks)  # its probes reach a scheduler without this checkout


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cluster")
    running = loopback.start(folder, folder / "home", workers=2)
    yield running
    running.stop()


@pytest.fixture
def client(cluster):
    from distributed import Client

    with Client(cluster.address, timeout=30, set_as_default=False) as watching:
        yield watching


def test_the_scheduler_started_as_documented_has_nothing_of_biaswords(cluster, client):
    """docs/cluster.md's `dask scheduler`, from an empty folder: this checkout is not on its path
    (the tests below run their tasks through it all the same). Where biaswords is pip-installed
    into the environment, the scheduler could import that copy, never this checkout."""
    def where_bias() -> str | None:
        import importlib.util

        spec = importlib.util.find_spec("bias")
        return spec and spec.origin

    origin = client.run_on_scheduler(where_bias)
    assert origin is None or not Path(origin).is_relative_to(loopback.ROOT)
    assert "PYTHONPATH" not in client.run_on_scheduler(lambda: dict(os.environ))


def test_batch_rows_on_the_cluster_equal_the_local_ones(cluster, client):
    assert same(batch_numbers(scheduler=cluster.address), batch_numbers())
    assert client.run_on_scheduler(went_through, prefix="run_test")


@pytest.fixture(scope="module")
def candidates():
    return seed_candidates()


@pytest.mark.parametrize("case", DRAW_CASES)
def test_draws_and_baseline_on_the_cluster_equal_the_local_ones(case, cluster, client,
                                                                candidates):
    numbers = draw_numbers(case, candidates, scheduler=cluster.address)
    assert same(numbers, draw_numbers(case, candidates)) and numbers["draws"]
    assert client.run_on_scheduler(went_through, prefix="run_draw")


def test_the_command_line_prints_the_same_json_with_and_without_scheduler(cluster, capsys):
    command = ["batch", "--wordset", "weat6", "weat8", "--iterations", "3000", "--seed", "4",
               "--json"]
    assert main(command) == 0
    here = capsys.readouterr().out
    assert main([*command, "--scheduler", cluster.address]) == 0
    there = capsys.readouterr().out
    assert here == there and json.loads(here)[1]["method"] == "exact"


def test_a_worker_killed_mid_task_changes_no_number(cluster, client):
    tasks = [(seed, 0.4) for seed in range(10, 20)]
    result = {}
    job = threading.Thread(target=lambda: result.update(
        numbers=run_tasks(seeded, tasks, scheduler=cluster.address)))
    job.start()
    deadline = time.monotonic() + 30
    while not any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.05)
    busy = next(address for address, keys in client.processing().items() if keys)
    os.kill(client.run(os.getpid, workers=[busy])[busy], signal.SIGKILL)
    job.join(timeout=60)
    assert result["numbers"] == [seeded((seed, 0)) for seed, _ in tasks]
    cluster.wait_for_workers(2)  # its nanny starts it again, for the next tests


def glove_slice(start: int, count: int) -> RawVectors:
    """Real rows of the bundled GloVe, as an import would hand them over."""
    glove = load_embedding(DEFAULT_EMBEDDING)
    words = [glove.words[i] for i in range(start, start + count)]
    report = ImportReport("glove slice", "text vectors", dimensions=50, words=count,
                          lines_read=count)
    return RawVectors(words, np.asarray(glove.vectors[start : start + count]), report)


def test_a_worker_with_another_sha256_or_without_the_embedding_fails_with_a_sentence(
    cluster, monkeypatch
):
    monkeypatch.setenv("BIASWORDS_HOME", str(cluster.home))  # the workers' own
    store.save("slice", "en", glove_slice(0, 3000), source="glove slice")
    asked = reference(load_embedding("slice"))
    store.save("slice", "en", glove_slice(100, 3000), source="glove slice", replace=True)
    task = WeatTask(asked, get_wordset("weat7"), WeatOptions(iterations=500, ci_resamples=0))
    with pytest.raises(BiasInputError, match=r"^On the worker at tcp://127\.0\.0\.1:\d+: The "
                       r"embedding 'slice' in the BIASWORDS_HOME here is not the one asked for: "
                       r"its sha256 is [0-9a-f]{16}…, the job's [0-9a-f]{16}…"):
        run_tasks(run_test, [task], scheduler=cluster.address)
    absent = WeatTask(EmbeddingRef("absent", asked.sha256), task.wordset, task.options)
    with pytest.raises(BiasInputError, match=r"The embedding 'absent' cannot be loaded from the "
                       r"BIASWORDS_HOME here .*every worker needs the same BIASWORDS_HOME"):
        run_tasks(run_test, [absent], scheduler=cluster.address)


def test_cancel_stops_the_tasks_on_the_cluster(cluster, client):
    def report(fraction):
        if client.processing() and any(client.processing().values()):
            raise jobs.Cancelled

    with pytest.raises(jobs.Cancelled), jobs.watching(report):
        run_tasks(seeded, [(seed, 1.0) for seed in range(8)], scheduler=cluster.address)
    deadline = time.monotonic() + 20
    while any(client.processing().values()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(client.processing().values())


def test_a_scheduler_that_goes_away_ends_the_job_with_one_sentence(tmp_path):
    """A scheduler of its own, without workers (its tasks wait), killed during the job."""
    lone = loopback.start(tmp_path / "lone", tmp_path / "home", workers=0)
    try:
        outcome = {}

        def job():
            try:
                run_tasks(seeded, [(seed, 1.0) for seed in range(4)], scheduler=lone.address)
            except BiasInputError as exc:
                outcome["error"] = str(exc)

        thread = threading.Thread(target=job)
        thread.start()
        time.sleep(1.5)
        os.killpg(lone.scheduler.pid, signal.SIGKILL)
        thread.join(timeout=60)
        assert outcome["error"] == (
            f"The connection to the cluster's scheduler at {lone.address} was lost during the "
            "job, so it stopped and nothing was kept; start the scheduler again and rerun.")
    finally:
        lone.stop()


def test_the_dashboard_runs_its_batch_on_the_operators_cluster(cluster, client, monkeypatch):
    from bias.compute import SCHEDULER_VARIABLE
    from bias.stats.batch import run_batch
    from tests.apptest import open_app

    monkeypatch.setenv(SCHEDULER_VARIABLE, cluster.address)
    page = open_app("views/batch.py")
    page.multiselect(key="_batch.tests").set_value(["weat7", "weat8"]).run()
    before = client.run_on_scheduler(task_count, prefix="run_test")
    next(b for b in page.button if b.label == "Run all").click().run()
    assert not page.exception and not page.error
    rows = run_batch([get_wordset("weat7"), get_wordset("weat8")], [DEFAULT_EMBEDDING])
    shown = page.dataframe[0].value
    assert list(shown[f"en · {DEFAULT_EMBEDDING} p"]) == [r.p_value for r in rows]
    assert list(shown[f"en · {DEFAULT_EMBEDDING} d"]) == [r.effect_size for r in rows]
    assert client.run_on_scheduler(task_count, prefix="run_test") > before


def test_a_worker_with_another_biaswords_refuses_its_tasks(cluster, client):
    import pickle

    from bias.compute.cluster import packed

    future = client.submit(pickle.loads, packed(seeded, (1, 0.0), ("0.0.0", "1.0")), pure=False)
    with pytest.raises(BiasInputError, match=r"^The worker at tcp://127\.0\.0\.1:\d+ runs "
                       r"BiasWords .* this computer BiasWords 0\.0\.0 with numpy 1\.0; install "
                       r"the same versions on every worker"):
        future.result(timeout=30)


def test_train_replicates_on_the_cluster_equal_the_local_ones(cluster, client, monkeypatch,
                                                              tmp_path, capsys):
    """`train FILE --replicates 4 --seed 5 --scheduler tcp://…`: the four models are trained on
    the workers (written to the shared BIASWORDS_HOME) and their d equal the local run's."""
    from bias.corpus.options import REPLICATE_SUFFIX
    from bias.stats.weat import run_weat
    from tests.corpus.conftest import SMALL_FLAGS
    from tests.corpus.corpora import WEAT6, write_txt

    monkeypatch.setenv("BIASWORDS_HOME", str(cluster.home))  # the workers' own
    corpus = write_txt(tmp_path / "texts.txt", planted=0.9)
    command = ["train", str(corpus), "--language", "en", "--replicates", "4", "--seed", "5",
               *SMALL_FLAGS]
    assert main([*command, "--name", "here"]) == 0
    before = client.run_on_scheduler(task_count, prefix="train_one")
    assert main([*command, "--name", "there", "--scheduler", cluster.address]) == 0
    capsys.readouterr()
    assert client.run_on_scheduler(task_count, prefix="train_one") > before
    options = WeatOptions(iterations=1000, ci_resamples=0)
    d = {name: [run_weat(load_embedding(f"{name}{REPLICATE_SUFFIX}{r}"), WEAT6, options).effect_size
                for r in range(1, 5)]
         for name in ("here", "there")}
    assert d["here"] == d["there"] and len(set(d["here"])) == 4


def test_a_worker_with_another_biaswords_home_saves_nothing(cluster, client, tmp_path, capsys):
    """Issue 43, item 2: workers keeping their data in another folder than this computer's
    received the models, and the command said "Trained 4 models". They now refuse the tasks
    in one sentence, before training, and nothing is saved on either side."""
    from tests.corpus.conftest import SMALL_FLAGS
    from tests.corpus.corpora import write_txt

    corpus = write_txt(tmp_path / "texts.txt", planted=0.9, count=60)
    code = main(["train", str(corpus), "--language", "en", "--replicates", "2", "--name",
                 "elsewhere", *SMALL_FLAGS, "--scheduler", cluster.address])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "This worker keeps its data in" in err and "where the training of 'elsewhere.r" in err
    assert store.list_cached() == []
    assert not any(path.name.startswith("elsewhere") for path in
                   (cluster.home / "embeddings").glob("*"))
