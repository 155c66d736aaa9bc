"""Issue 43, items 1-4: a training's names are claimed before any work and given back only by
its own run; a family is listed only when whole; a killed run's leftovers are reported and
removable; `--replace` never replaces another embedding; a worker in another data folder, or
one whose command has ended, saves nothing; a task run again after its worker was lost keeps
the model already saved."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from bias.cli import main
from bias.corpus import claims
from bias.corpus.family import family, resolve
from bias.corpus.options import ReadOptions, TrainOptions
from bias.corpus.train_corpus import train_corpus
from bias.errors import BiasInputError
from bias.vectors import store
from bias.vectors.import_report import ImportReport, RawVectors
from tests.corpus.conftest import SMALL
from tests.corpus.corpora import write_grouped_csv, write_txt

ROOT = Path(__file__).resolve().parents[2]


def train(path, name, replicates=1, **kwargs):
    return train_corpus(path, name=name, language="en", workers=1,
                        options=TrainOptions(**SMALL | {"replicates": replicates}), **kwargs)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return write_txt(tmp_path_factory.mktemp("c") / "c.txt", 1.0, count=60)


def test_a_second_training_of_a_name_is_refused_at_once_and_deletes_nothing(corpus):
    """Item 1: both used to pass the name check, and the loser's clean-up deleted the winner's
    models. The second is now refused before reading its corpus; the first one's models stay."""
    started, finish = threading.Event(), threading.Event()
    outcome: dict = {}

    def first():
        import bias.corpus.train_corpus as module

        real = module.run_tasks

        def slow(fn, tasks, **kw):
            started.set()
            finish.wait(10)
            return real(fn, tasks, **kw)

        module.run_tasks = slow
        try:
            outcome["first"] = train(corpus, "c6", replicates=2)
        finally:
            module.run_tasks = real

    thread = threading.Thread(target=first)
    thread.start()
    assert started.wait(30)
    with pytest.raises(BiasInputError, match=r"'c6' is being trained right now"):
        train(corpus, "c6", replicates=2)
    finish.set()
    thread.join(30)
    assert [m.name for m in outcome["first"].models] == ["c6.r1", "c6.r2"]
    assert resolve("c6").members == ("c6.r1", "c6.r2")
    assert not list((claims.home() / "claims").glob("*.json"))  # given back


def test_a_killed_training_is_no_family_and_is_reported_and_removable(corpus, home, capsys):
    """Items 1 and 3: a run killed after 2 of 4 replicates left a family of 2 that `weat` used
    as if 4 had been meant. Now it is no family, training its name again says what is left,
    and `embeddings --delete` removes it."""
    script = textwrap.dedent(f"""
        import os, sys
        sys.path.insert(0, {str(ROOT)!r})
        import bias.corpus.train_model as training
        from bias.corpus.options import ReadOptions, TrainOptions
        from bias.corpus.train_corpus import train_corpus
        real, done = training.train_one, []
        def dies(task):
            if len(done) == 2:
                os._exit(9)  # as a SIGKILL: no clean-up runs
            done.append(real(task))
            return done[-1]
        import bias.corpus.train_corpus as module
        module.train_one = dies
        train_corpus({str(corpus)!r}, name="c6", language="en", workers=1,
                     options=TrainOptions(**{SMALL!r} | {{"replicates": 4}}))
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120,
                         env={"BIASWORDS_HOME": str(home), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 9, run.stderr.decode()[-2000:]
    assert sorted(i.name for i in store.list_cached()) == ["c6.r1", "c6.r2"]
    assert family("c6") is None and resolve("c6") is None  # not "c6 (2 replicates)"
    with pytest.raises(BiasInputError, match=r"An unfinished training 'c6' from .*: 2 of 4 "
                                             r"models saved; delete it with `python -m bias "
                                             r"embeddings --delete c6`"):
        train(corpus, "c6", replicates=4)
    assert main(["embeddings"]) == 0
    assert "An unfinished training 'c6'" in capsys.readouterr().out
    assert main(["embeddings", "--delete", "c6"]) == 0
    assert store.list_cached() == []
    assert [m.name for m in train(corpus, "c6", replicates=2).models] == ["c6.r1", "c6.r2"]


def _import(name: str) -> None:
    vectors = np.random.default_rng(0).standard_normal((5, 4)).astype(np.float32)
    store.save(name, "en", RawVectors([f"w{i}" for i in range(5)], vectors,
                                      ImportReport("x.vec", "text")), source="imported")


def test_replace_never_replaces_an_embedding_outside_the_family(tmp_path):
    """Item 4: `train --replace` of the family `t` replaced an imported `t-a`."""
    grouped = write_grouped_csv(tmp_path / "g.csv", {"a": 1.0, "b": 1.0}, count=30)
    _import("t-a")
    before = store.read_meta("t-a")["sha256"]
    kwargs = {"read": ReadOptions(text_column="text", group_column="decade")}
    with pytest.raises(BiasInputError, match=r"'t-a' already exists and was not trained as "
                                             r"part of 't', so --replace leaves it alone"):
        train(grouped, "t", replace=True, **kwargs)
    assert store.read_meta("t-a")["sha256"] == before
    store.delete_cached("t-a")
    train(grouped, "t", **kwargs)
    again = train(grouped, "t", replace=True, **kwargs)  # its own family: replaced
    assert [m.name for m in again.models] == ["t-a", "t-b"]


def _task(corpus, name="solo"):
    from bias.corpus.scan import scan, work_folder
    from bias.corpus.train_corpus import plan

    folder = work_folder()
    work = folder.__enter__()
    scanned = scan(corpus, "en", ReadOptions(), work)
    return plan(scanned, TrainOptions(**SMALL), name, run=claims.new_run())[0], folder


def test_a_worker_in_another_data_folder_or_after_its_run_saves_nothing(corpus, tmp_path,
                                                                         monkeypatch):
    """Item 2: a worker with another BIASWORDS_HOME received the models, and the command said
    "Trained 4 models"."""
    from bias.corpus.train_model import train_one

    task, folder = _task(corpus)
    try:
        with claims.claimed(task.trained["run"], "solo") as held:
            held.take(["solo"])
            monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path / "elsewhere"))
            with pytest.raises(BiasInputError, match=r"This worker keeps its data in .*where the "
                                                     r"training of 'solo' was not started"):
                train_one(task)
            assert not (tmp_path / "elsewhere" / "embeddings").exists()
            monkeypatch.undo()
        with pytest.raises(BiasInputError, match="was not started"):  # the run has ended
            train_one(task)
        assert not store.is_cached("solo")
    finally:
        folder.__exit__(None, None, None)


def test_a_task_run_again_after_its_worker_was_lost_keeps_the_saved_model(corpus):
    """Item 2: the task of a worker killed after saving, given to another worker, ended the
    training with "'again.r1' is already imported" and every model was removed."""
    from bias.corpus.train_model import train_one

    task, folder = _task(corpus, "again")
    try:
        with claims.claimed(task.trained["run"], "again") as held:
            held.take(["again"])
            first = train_one(task)
            second = train_one(task)  # as dask runs a lost worker's task again
        assert second.sha256 == first.sha256 == store.read_meta("again")["sha256"]
    finally:
        folder.__exit__(None, None, None)


def test_pool_workers_end_with_their_command(tmp_path):
    """Item 3: after SIGKILL of the main process its pool workers went on and saved models ten
    seconds later. Each worker here would write a file 2 s after it starts; the command is
    killed as soon as both have started, and neither file ever appears."""
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from bias.compute.local import run_local
        from tests.hostile.test_training_runs import late_save
        run_local(late_save, [{str(tmp_path)!r} + "/a", {str(tmp_path)!r} + "/b"], workers=2)
    """)
    command = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while len(list(tmp_path.glob("*.started"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(list(tmp_path.glob("*.started"))) == 2
        command.kill()
        command.wait(10)
        time.sleep(3)
        assert not list(tmp_path.glob("*.saved"))
    finally:
        if command.poll() is None:
            command.kill()


def late_save(path: str) -> None:
    """A task that says it started, then "saves" 2 s later (run in a pool's process)."""
    Path(path + ".started").touch()
    time.sleep(2)
    Path(path + ".saved").touch()
