"""Re-checking a trained embedding against its provenance: its `vectors.npy` on disk still has
the sha256 recorded when it was trained (hashed from the file, never taken from meta.json), the
corpus still has the recorded sha256, and training it again with the recorded settings and seeds
gives the same vectors, bit for bit.

A model trained with several threads is not bit-reproducible (gensim's threads update the
vectors in a varying order); its re-check says so instead of reporting a difference as a fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from bias.corpus.family import well_formed
from bias.corpus.group_sampling import sampled
from bias.corpus.options import MAX_CHUNK_TOKENS, ReadOptions, TrainOptions
from bias.corpus.scan import scan, work_folder
from bias.corpus.train_model import TrainTask, fit, raw_vectors
from bias.errors import BiasInputError
from bias.provenance import training_libraries
from bias.vectors import npy_files, store
from bias.vectors.npy_files import sha256

Outcome = Literal["same", "different", "not_reproducible", "changed_on_disk"]
"""`changed_on_disk`: the stored file is not the one saved (nothing is trained again then)."""


@dataclass(frozen=True)
class TrainingCheck:
    name: str
    corpus: str
    corpus_sha256: str
    recorded_sha256: str
    actual_sha256: str
    """Of the vectors trained again ("" when the stored file was found changed)."""
    outcome: Outcome
    stored_sha256: str = ""
    """Of the stored vectors.npy, hashed from the file on disk."""
    sentence: str = ""
    """Why the outcome is `changed_on_disk`, in one sentence."""
    changed: tuple[str, ...] = ()
    """What differs from the recorded training besides the vectors ("numpy 1.26.4 then, 2.1.0
    now"): a reason for `different`, when there is one."""

    @property
    def matches(self) -> bool:
        return self.outcome == "same"


_LABELS = {"chunk_tokens": "the longest piece of a document given to gensim (words):"}


def changed_since(trained: dict) -> tuple[str, ...]:
    """The recorded libraries and document cut that are not this installation's."""
    now = {**training_libraries(), "chunk_tokens": MAX_CHUNK_TOKENS}
    return tuple(f"{_LABELS.get(key, key)} {trained.get(key, 'unrecorded')} then, {value} now"
                 for key, value in now.items() if str(trained.get(key)) != str(value))


def _record(name: str) -> dict:
    trained = store.read_meta(name).get("trained")
    if not trained:
        raise BiasInputError(f"{name} was not trained here from a corpus, so there is no "
                             "training to re-check (`reproduce` re-runs reports).")
    return trained


def _settings(trained: dict, name: str) -> tuple[ReadOptions, TrainOptions]:
    """The recorded settings, checked like new ones (a stored file may have been damaged)."""
    corpus = trained.get("corpus")
    try:
        if not (well_formed(trained) and isinstance(corpus, dict)
                and isinstance(corpus.get("path"), str) and isinstance(corpus.get("sha256"), str)
                and isinstance(trained.get("seed"), int)):
            raise TypeError("no corpus path, sha256, seed or group")
        return ReadOptions(**trained["read"]), TrainOptions(**trained["train"])
    except (KeyError, TypeError) as exc:
        raise BiasInputError(f"The recorded settings of {name} cannot be read ({exc}).") from None


def recheck(name: str, corpus: Path | None = None) -> TrainingCheck:
    """Train `name` again from its corpus (`corpus`, or the path recorded) and compare."""
    trained = _record(name)
    read, options = _settings(trained, name)
    meta = store.read_meta(name)
    stored = store.vectors_digest(name)
    problem = store.stored_problem(name, meta)
    if problem is not None:
        return TrainingCheck(name, "", "", meta["sha256"], "", "changed_on_disk", stored, problem)
    path = Path(corpus or trained["corpus"]["path"]).expanduser()
    if not path.is_file():
        raise BiasInputError(f"The corpus of {name} is no longer at {path}; give its copy with "
                             "--corpus FILE.")
    digest = sha256(path)
    if digest != trained["corpus"]["sha256"]:
        raise BiasInputError(
            f"{path.name} is not the corpus {name} was trained on: its sha256 differs from the "
            "recorded one, so the vectors could not be compared."
        )
    with work_folder() as folder:
        scanned = sampled(scan(path, meta["language"], read, folder), options, folder)
        wanted = None if trained["group"] is None else trained["group"]["value"]
        group = next((g for g in scanned.groups if g.value == wanted), None)
        if group is None:
            raise BiasInputError(f"The corpus has no group '{wanted}' any more.")
        task = TrainTask(name, meta["language"], group.tokens_path, options, trained["seed"],
                         trained.get("bootstrap_seed"), trained)
        actual = npy_files.save_unit_rows(folder / "vectors.npy", raw_vectors(task, fit(task)))
    outcome: Outcome = ("same" if actual == meta["sha256"]
                        else "different" if options.reproducible else "not_reproducible")
    return TrainingCheck(name, path.name, digest, meta["sha256"], actual, outcome, stored,
                         changed=changed_since(trained))
