"""A training's names, taken before any work and given back only by the run that took them.

Two trainings of one name used to both pass the name check, and the second one's clean-up
deleted the first one's models. Now each training is a *run* with its own id (`trained["run"]`
in every member's meta.json). Before it reads a word it takes its family's name, and once the
scan has named the members (one per group and replicate), every member's name, before any model
is trained: each with an exclusive create of `home()/claims/<name>.json` (run id, pid, host,
time, the family and its members). A name already claimed is refused at once, in one sentence.

While the run lives it holds the lock `training-<run>` (`bias.files.locked`: released by the
kernel when its process dies, also on SIGKILL), so a claim whose lock is free was left by a run
that ended without finishing: an *unfinished training*, reported with what it saved and removable
(`forget`). Only the run that took a claim gives it back, and clean-up removes only the models
whose meta.json carries its own run id.

A family counts only once it is whole: after its last member is saved, the run writes
`home()/families/<family>.json` (its run id and members) atomically, last; `bias.corpus.family`
lists a run's members only when that record names their run and every member is there.

A worker (a pool process or a cluster's) checks before it saves that the run's claim is in its
own `BIASWORDS_HOME` (another folder: refused with a sentence) and, on this machine, that the run
still lives, so no model is saved after its command ended.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bias.errors import BiasInputError
from bias.files import create_exclusive, home, locked, read_bounded, write_text_atomic

RECORD_BYTES = 1_000_000
"""The most read of a claim or a family's record: a run of 100 replicates × 50 groups names
5,000 members (some 350 KB); more is not a file this wrote."""


def _claims() -> Path:
    return home() / "claims"


def _families() -> Path:
    return home() / "families"


def _lock(run: str) -> str:
    return f"training-{run}"


def new_run() -> str:
    """A fresh run id."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Claim:
    """What a claim file says: who took the name, when, for which family and members."""

    name: str
    run: str
    pid: int
    host: str
    started: str
    family: str
    members: tuple[str, ...]

    @property
    def alive(self) -> bool:
        """Whether the run that took it still holds its lock (a run on another computer
        sharing this folder counts as alive: its lock cannot be seen from here)."""
        if self.host != socket.gethostname():
            return True
        with locked(_lock(self.run), wait=False) as free:
            return not free


def _read_json(path: Path) -> dict | None:
    try:
        data = json.loads(read_bounded(path, "record", RECORD_BYTES))
    except (BiasInputError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def read_claim(name: str) -> Claim | None:
    """The claim on `name`, or None when it is free (or its file is not one this wrote)."""
    data = _read_json(_claims() / f"{name}.json")
    try:
        return Claim(name, str(data["run"]), int(data["pid"]), str(data["host"]),
                     str(data["started"]), str(data["family"]),
                     tuple(str(m) for m in data["members"]))
    except (TypeError, KeyError, ValueError):
        return None


class Claims:
    """The names one run holds (`claimed`)."""

    def __init__(self, run: str, family: str) -> None:
        self.run = run
        self.family = family
        self.members: tuple[str, ...] = ()
        self.taken: list[str] = []
        self.started = datetime.now(UTC).isoformat(timespec="seconds")

    def _record(self) -> str:
        return json.dumps({
            "run": self.run, "pid": os.getpid(), "host": socket.gethostname(),
            "started": self.started, "family": self.family,
            "members": list(self.members),
        })

    def take(self, members: Sequence[str]) -> None:
        """Take every name of `members` (the family's own name is taken already), and note
        them in the family's claim; refused in one sentence if one is taken."""
        self.members = tuple(members)
        record = self._record()
        write_text_atomic(_claims() / f"{self.family}.json", record)
        for name in members:
            if name in self.taken:
                continue
            if not create_exclusive(_claims() / f"{name}.json", record):
                raise _refusal(name)
            self.taken.append(name)


@contextlib.contextmanager
def claimed(run: str, family: str) -> Iterator[Claims]:
    """Take the name `family` for `run` for the block (refused in one sentence if it is taken);
    `Claims.take` adds the members' names once they are known. Only the names this run took
    are given back."""
    claims = Claims(run, family)
    with locked(_lock(run)):
        try:
            if not create_exclusive(_claims() / f"{family}.json", claims._record()):
                raise _refusal(family)
            claims.taken.append(family)
            yield claims
        finally:
            for name in claims.taken:
                release(name, run)


def release(name: str, run: str) -> None:
    """Remove the claim on `name` if `run` holds it (never another run's)."""
    found = read_claim(name)
    if found is not None and found.run == run:
        (_claims() / f"{name}.json").unlink(missing_ok=True)


def _refusal(name: str) -> BiasInputError:
    found = read_claim(name)
    if found is None:
        return BiasInputError(f"The name '{name}' is being taken by another training; choose "
                              "another name or try again in a moment.")
    if found.alive:
        return BiasInputError(
            f"'{name}' is being trained right now (a training started {_when(found.started)}); "
            "wait until it has finished, or choose another name."
        )
    return BiasInputError(unfinished_sentence(found))


def _when(started: str) -> str:
    return started.replace("T", " ").replace("+00:00", " UTC")


def saved_by(run: str, members: Sequence[str]) -> list[str]:
    """The `members` saved by `run` (their meta.json carries its id)."""
    from bias.vectors import store

    saved = []
    for name in members:
        if store.is_cached(name):
            with contextlib.suppress(BiasInputError):
                if (store.read_meta(name).get("trained") or {}).get("run") == run:
                    saved.append(name)
    return saved


def unfinished_sentence(claim: Claim) -> str:
    saved = len(saved_by(claim.run, claim.members))
    return (
        f"An unfinished training '{claim.family}' from {_when(claim.started)}: {saved} of "
        f"{len(claim.members)} model{'s' if len(claim.members) != 1 else ''} saved; delete it "
        f"with `python -m bias embeddings --delete {claim.family}` (on a shared server, the "
        "person who runs it does), then train again."
    )


def unfinished() -> list[Claim]:
    """The trainings that ended without finishing (their family's claim left, its lock free)."""
    try:
        paths = sorted(_claims().glob("*.json"))
    except OSError:
        return []
    found = []
    for path in paths:
        claim = read_claim(path.stem)
        if claim is not None and claim.name == claim.family and not claim.alive:
            found.append(claim)
    return found


def forget(family: str) -> Claim | None:
    """Remove the unfinished training `family`: the models its run saved, then its claims;
    None (nothing done) when `family` is no unfinished training."""
    from bias.vectors import store

    claim = read_claim(family)
    if claim is None or claim.family != family or claim.alive:
        return None
    with locked(_lock(claim.run)):  # a second `forget` waits, then finds nothing to do
        for name in saved_by(claim.run, claim.members):
            store.delete_cached(name)
        for name in dict.fromkeys([family, *claim.members]):
            release(name, claim.run)
    return claim


def check_worker(run: str, name: str) -> None:
    """In the process about to save `name` for `run`: refuse when this process keeps its data in
    another folder than the run's (no claim of it here), or the run has ended."""
    claim = read_claim(name)
    if claim is None or claim.run != run:
        raise BiasInputError(
            f"This worker keeps its data in {home()}, where the training of '{name}' was not "
            "started; start every worker with the same BIASWORDS_HOME as the computer that "
            "trains (docs/cluster.md)."
        )
    if not claim.alive:
        raise BiasInputError(f"The training of '{name}' has ended, so its model is not saved.")


def save_member(task, raw, source: str) -> dict:
    """Save a trained `task`'s model (a `bias.corpus.train_model.TrainTask` of a run) and return its
    meta.json: checked first (`check_worker`); a task run a second time, because its worker was
    lost after saving, finds its model saved by its own run and keeps that one (the same
    seeds gave the same vectors), rather than failing the whole training."""
    from bias.vectors import store

    run = task.trained["run"]
    check_worker(run, task.name)
    if not saved_by(run, [task.name]):
        try:
            store.save(task.name, task.language, raw, source=source, replace=task.replace,
                       trained=task.trained)
        except BiasInputError:
            if not saved_by(run, [task.name]):  # not the same task saved meanwhile elsewhere
                raise
    return store.read_meta(task.name)


def complete(run: str, family: str, members: Sequence[str]) -> None:
    """Record, last, that every member of `family` was saved by `run`."""
    write_text_atomic(_families() / f"{family}.json",
                      json.dumps({"run": run, "family": family, "members": list(members)}))


def completed(family: str) -> tuple[str, frozenset[str]] | None:
    """(run, members) of `family`'s completion record, or None when there is none."""
    from bias.vectors import store

    try:
        store.check_name(family)  # a name read from an edited meta.json is no path
    except BiasInputError:
        return None
    data = _read_json(_families() / f"{family}.json")
    try:
        return str(data["run"]), frozenset(str(m) for m in data["members"])
    except (TypeError, KeyError):
        return None
