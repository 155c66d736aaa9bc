"""`bias.compute.run_tasks` on this machine: results in task order whatever finishes first,
Cancel through `bias.jobs`, and the sentences for a scheduler address that is wrong or gone."""


import pytest

from bias import jobs
from bias.compute import run_tasks
from bias.compute.cluster import check_address
from bias.errors import BiasInputError
from bias.vectors import store
from tests.compute.tasks import marked, seeded

TASKS = [(seed, 0.0) for seed in range(6)]
EXPECTED = [seeded(task) for task in TASKS]


def test_a_pool_gives_the_results_in_task_order_not_in_finishing_order():
    slow_first = [(0, 0.5), *TASKS[1:]]  # task 0 finishes last on a pool of two
    assert run_tasks(seeded, slow_first, workers=2) == EXPECTED
    assert len(set(EXPECTED)) == len(EXPECTED)  # the seeds decide: no two alike


def test_inline_tasks_report_progress_in_order_and_stop_on_cancel():
    seen = []

    def report(fraction):
        seen.append(fraction)
        if fraction >= 0.5:
            raise jobs.Cancelled

    with pytest.raises(jobs.Cancelled), jobs.watching(report):
        run_tasks(seeded, TASKS, workers=1)
    assert seen == [0, 1 / 6, 2 / 6, 0.5]


def test_cancel_stops_a_pool_before_its_queued_tasks_run(tmp_path):
    def report(fraction):
        raise jobs.Cancelled

    with pytest.raises(jobs.Cancelled), jobs.watching(report):
        run_tasks(marked, [(str(tmp_path), seed) for seed in range(20)], workers=2)
    assert len(list(tmp_path.iterdir())) < 20  # those running finished; the queued never ran


@pytest.mark.parametrize("address", ["", "localhost:8786", "tcp://host", "http://h:1",
                                     "tcp://h:1; rm", "tcp://h:123456"])
def test_a_malformed_address_is_one_sentence(address):
    with pytest.raises(BiasInputError, match="is not a scheduler address; write it as tcp://"):
        check_address(address)


@pytest.mark.parametrize("command", ["batch", "train"])
def test_an_unreachable_scheduler_is_one_sentence_and_exit_2(command, monkeypatch, capsys,
                                                              tmp_path):
    from bias.cli import main
    from bias.compute import cluster
    from tests.corpus.conftest import SMALL_FLAGS
    from tests.corpus.corpora import write_txt

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    arguments = {
        "batch": ["batch", "--wordset", "weat7"],
        "train": ["train", str(write_txt(tmp_path / "texts.txt", planted=0.9)), "--language",
                  "en", "--name", "t", "--replicates", "2", *SMALL_FLAGS],
    }[command]
    code = main([*arguments, "--scheduler", "tcp://127.0.0.1:9"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"{command}: The cluster's scheduler at tcp://127.0.0.1:9 cannot be "
                          "reached, or is not a Dask scheduler (Timed out trying to connect")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert store.list_cached() == []  # nothing trained, nothing half-written


@pytest.mark.parametrize("answer", [b"HTTP/1.0 400 Bad Request\r\n\r\n", None])
def test_an_address_that_is_not_a_scheduler_is_one_sentence(answer, monkeypatch):
    """A peer that answers what a web server would (read as Dask's frames, it asks for
    exabytes), or one that accepts and stays silent (dask's client alone would wait forever)."""
    import socket
    import threading

    from bias.compute import cluster

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    listener = socket.create_server(("127.0.0.1", 0))
    accepted = []

    def serve():
        while True:
            try:
                peer, _ = listener.accept()
            except OSError:
                return
            accepted.append(peer)
            if answer:
                peer.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    # a silent peer: our wait (2 × CONNECT_SECONDS) ends, or, on a loaded machine, dask's own
    # timeout (CONNECT_SECONDS) first; both are said the same way
    whys = (["what answers there does not speak Dask's protocol"] if answer
            else ["no answer within 2 s", "no answer within 1 s"])
    try:
        with pytest.raises(BiasInputError) as caught:
            run_tasks(seeded, TASKS, scheduler=address)
        assert str(caught.value) in [
            f"The cluster's scheduler at {address} cannot be reached, or is not a Dask "
            f"scheduler ({why}); check the address and that `dask scheduler` is running there."
            for why in whys]
        # whether the peer was reached is not asserted: under load dask's own timeout can end
        # before it connects, and the sentence is the same (the answering peer's sentence
        # already says it was reached)
    finally:
        listener.close()
        for peer in accepted:
            peer.close()
