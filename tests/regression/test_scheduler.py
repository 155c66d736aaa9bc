"""The permutations' seeded blocks: the same counts however the blocks are grouped into tasks,
and the same JSON on a rerun and from `python -m bias regress` with `--scheduler`
(a Dask cluster in this process, two one-thread workers on loopback: about 2 s; the full
documented cluster is tests/compute/test_cluster.py's)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from bias.cli import main
from bias.regression import permutations
from bias.regression.ols import fit, units_of
from tests.compute.tasks import went_through
from tests.regression.generated import generated
from tests.regression.texts import write_speeches


def test_the_counts_do_not_depend_on_how_blocks_are_grouped_into_tasks() -> None:
    design, y, document = generated(seed=5, effect=0.3)
    units = units_of(design.matrix, y, document)
    full = fit(units)
    whole = permutations.exceedances(units, full, 450, 3)  # 5 blocks, the last of 50
    one = permutations.exceedances(units, full, 100, 3)  # block 0 alone
    draws = permutations.draws_of(units, full, 450, 3)
    backwards = [permutations.run_blocks(dataclasses.replace(draws, blocks=(b,)))
                 for b in (4, 3, 2, 1, 0)]
    assert sum(backwards).tolist() == whole.tolist()
    assert backwards[-1].tolist() == one.tolist()  # block 0 is block 0 whatever follows
    assert 0 < whole[1:].sum() < 3 * 450  # neither all nor none of the draws reach


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp://", dashboard_address=None) as running:
        yield running


def _json(capsys, corpus: Path, *extra: str) -> dict:
    assert main(["regress", str(corpus), "--target", "policy", "--covariates", "party,year",
                 "--text-column", "speech", "--transform", "none", "--min-count", "2",
                 "--permutations", "450", "--seed", "5", "--json", *extra]) == 0
    data = json.loads(capsys.readouterr().out)
    del data["provenance"]["created"]  # the time of the run, to the second
    return data


def test_the_command_line_gives_the_same_json_with_and_without_scheduler(
        cluster, capsys, tmp_path: Path) -> None:
    corpus = write_speeches(tmp_path / "speeches.csv", "year", lambda i: 1990 + i % 7)
    here = _json(capsys, corpus)
    assert _json(capsys, corpus) == here
    there = _json(capsys, corpus, "--scheduler", cluster.scheduler_address)
    assert there == here
    with cluster.get_client() as client:
        assert client.run_on_scheduler(went_through, prefix="run_blocks")
    assert "few-clusters" in here["limits"]  # 40 instances, each its own cluster
    p_values = [c["p_value"] for c in here["coefficients"]]
    assert p_values[0] < 0.05 < p_values[1] < 1  # real draws: not all 1, not all the minimum
