"""A corpus in, embeddings out: the scan, the checks, one task per model, and the result.

`train_corpus` reads the file once (`scan`), refuses in one sentence what cannot give a usable
model (`preview.check_trainable`), then trains one model per group value and replicate through
`bias.compute.run_tasks` (on this machine's cores, or a cluster's with `scheduler`): the tasks
are independent, so parallelism goes across models and each model stays single-threaded and
bit-reproducible. The models form one family under the name given:

* one model:                       NAME
* replicates, no groups:           NAME.r1 … NAME.rN        (the replicate group NAME)
* groups, one model each:          NAME-<value>             (the family NAME, across groups)
* groups with replicates:          NAME-<value>.r1 … .rN    (each NAME-<value> a replicate group)

Each member is an ordinary embedding in the cache, listed on every page, whose meta.json holds
its provenance (`trained`); `bias.corpus.family` finds a family's members again from it. A
training is a run: it claims its names before any work, and only a whole family is listed
(`bias.corpus.claims`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bias.compute import run_tasks
from bias.corpus.claims import claimed, complete, new_run, saved_by
from bias.corpus.family import family_names
from bias.corpus.group_sampling import sampled
from bias.corpus.options import (
    GROUP_SEPARATOR,
    MAX_CHUNK_TOKENS,
    REPLICATE_SUFFIX,
    ReadOptions,
    TrainOptions,
)
from bias.corpus.preview import CorpusPreview, check_trainable, preview
from bias.corpus.scan import CorpusScan, GroupScan, scan, work_folder
from bias.corpus.tokens import script_problem
from bias.corpus.train_model import (
    FIXED_VOCABULARY,
    TrainSummary,
    TrainTask,
    model_seeds,
    train_one,
)
from bias.errors import BiasInputError
from bias.limits import check_known_language
from bias.provenance import training_libraries
from bias.serialize import NOT_SERIALISED, jsonable
from bias.vectors import store
from bias.version import version
from bias.wordsets import WordSet


def member_name(family: str, slug: str | None, replicate: int | None) -> str:
    """The embedding name of one model of a family (module docstring)."""
    name = family if slug is None else f"{family}{GROUP_SEPARATOR}{slug}"
    return name if replicate is None else f"{name}{REPLICATE_SUFFIX}{replicate}"


def provenance_record(scan: CorpusScan, options: TrainOptions, family: str,
                      group: GroupScan, replicate: int | None) -> dict:
    """What a member's meta.json records of where it comes from: enough to train it again."""
    seed, bootstrap_seed = model_seeds(options.seed, group.value, replicate or 0)
    return {
        "family": family,
        "corpus": scan.record(),
        "read": asdict(scan.read),
        "train": asdict(options),
        "group": (None if group.value is None
                  else {"column": scan.read.group_column, "value": group.value,
                        "position": scan.groups.index(group),  # the family's order
                        "documents": group.documents, "tokens": group.tokens}),
        "replicate": replicate,
        "replicates": options.replicates,
        "seed": seed,
        "bootstrap_seed": bootstrap_seed if replicate is not None else None,
        "bootstrap": "Poisson(1) count per document" if replicate is not None else None,
        "vocabulary": FIXED_VOCABULARY if replicate is not None else None,
        **training_libraries(),
        "chunk_tokens": MAX_CHUNK_TOKENS,
        "software": version(),
        "bit_reproducible": options.reproducible,
    }


def plan(scan: CorpusScan, options: TrainOptions, family: str,
         replace: bool = False, run: str | None = None) -> list[TrainTask]:
    """One task per group value and replicate, in the order of the values, for the run `run`
    (`bias.corpus.claims`; a new id when None)."""
    run = run or new_run()
    tasks = []
    for group in scan.groups:
        replicates = [None] if options.replicates == 1 else range(1, options.replicates + 1)
        for replicate in replicates:
            record = provenance_record(scan, options, family, group, replicate) | {"run": run}
            tasks.append(TrainTask(
                name=member_name(family, group.slug, replicate), language=scan.language,
                tokens_path=group.tokens_path, options=options, seed=record["seed"],
                bootstrap_seed=record["bootstrap_seed"], trained=record, replace=replace,
            ))
    return tasks


def check_names(tasks: Sequence[TrainTask], family: str, language: str,
                replace: bool) -> list[TrainTask]:
    """Refuse, before any training, names that are taken or cannot name an embedding; the
    tasks, each replacing only a model of this same family (`--replace` never replaces another
    embedding whose name is a member's, such as an imported `t-a` beside the family `t`)."""
    checked = []
    for task in tasks:
        store.check_target(task.name, language, replace=replace)
        existing = _family_of(task.name)
        if replace and existing is not None and existing != family:
            raise BiasInputError(
                f"An embedding called '{task.name}' already exists and was not trained as part "
                f"of '{family}', so --replace leaves it alone; delete it, or choose another "
                "name."
            )
        checked.append(dataclasses.replace(task, replace=existing == family))
    grouped = len(tasks) > 1 or tasks[0].name != family
    if grouped and store.is_cached(family):
        raise BiasInputError(
            f"An embedding called '{family}' already exists, so a family of models cannot take "
            "its name; choose another name."
        )
    if not replace and family_names(family):
        raise BiasInputError(
            f"Models trained under the name '{family}' already exist; delete them, choose "
            "another name, or replace them."
        )
    return checked


def _family_of(name: str) -> str | None:
    """The family `name` was trained in; "" for an embedding not trained here; None when there
    is no embedding `name`."""
    if not store.is_cached(name):
        return None
    try:
        trained = store.read_meta(name).get("trained")
    except BiasInputError:
        return ""  # damaged: not known to be ours, so never replaced
    return str(trained.get("family", "")) if isinstance(trained, dict) else ""


@dataclass(frozen=True)
class TrainedModel:
    name: str
    group: str | None
    replicate: int | None
    seed: int
    bootstrap_seed: int | None
    summary: TrainSummary


@dataclass(frozen=True)
class TrainResult:
    """A training's outcome: the family, what was read, and each model."""

    family: str
    preview: CorpusPreview
    models: tuple[TrainedModel, ...]
    seconds: float
    scan: CorpusScan = field(repr=False, metadata=NOT_SERIALISED)

    @property
    def tokens_per_second(self) -> float:
        return sum(m.summary.tokens for m in self.models) / max(self.seconds, 1e-9)

    def to_dict(self) -> dict:
        return jsonable({"family": self.family, "corpus": self.scan.record(),
                         "preview": self.preview.to_dict(), "models": self.models,
                         "seconds": self.seconds, "tokens_per_second": self.tokens_per_second})


def train_corpus(
    path: Path, *, name: str, language: str, read: ReadOptions | None = None,
    options: TrainOptions | None = None, wordsets: Sequence[WordSet] = (),
    min_set_words: int = 1, scheduler: str | None = None, workers: int | None = None,
    replace: bool = False, max_work: int | None = None,
) -> TrainResult:
    """Train the models of `path` as the family `name` (module docstring) and save them;
    `scheduler` and `workers` go to `bias.compute.run_tasks`; `max_work` bounds the words
    trained on (words × epochs × replicates; the dashboard's `bias.limits.TRAINING_WORK`)."""
    read, options = read or ReadOptions(), options or TrainOptions()
    store.check_name(name)
    check_known_language(language)
    started = time.perf_counter()
    run = new_run()
    with claimed(run, name) as claims, work_folder() as folder:
        scanned = scan(Path(path), language, read, folder)  # progress stays at 0 meanwhile
        _check_script(scanned)
        scanned = sampled(scanned, options, folder)  # equal-size groups, if asked
        check_trainable(scanned, options, wordsets, min_set_words)
        _check_work(scanned, options, max_work)
        tasks = plan(scanned, options, name, replace, run)
        members = [task.name for task in tasks]
        claims.take(members)
        tasks = check_names(tasks, name, language, replace)
        try:
            summaries = run_tasks(train_one, tasks, scheduler=scheduler, workers=workers)
        except BaseException:
            _drop_written(run, members)
            raise
        complete(run, name, members)  # last: from now on the family is listed
        if replace:
            _drop_stale_members(name, set(members))
    models = tuple(
        TrainedModel(task.name, task.trained["group"] and task.trained["group"]["value"],
                     task.trained["replicate"], task.seed, task.bootstrap_seed, summary)
        for task, summary in zip(tasks, summaries, strict=True)
    )
    return TrainResult(name, preview(scanned, options, wordsets[:1]), models,
                       time.perf_counter() - started, scanned)


def inspect_corpus(
    path: Path, *, language: str, read: ReadOptions | None = None,
    options: TrainOptions | None = None, wordsets: Sequence[WordSet] = (),
    min_set_words: int = 1,
) -> CorpusPreview:
    """The preview of training `path` (nothing trained), with the sentence that training
    would be refused with, if any, as its `problem`."""
    read, options = read or ReadOptions(), options or TrainOptions()
    check_known_language(language)
    with work_folder() as folder:
        scanned = sampled(scan(Path(path), language, read, folder), options, folder)
    shown = preview(scanned, options, wordsets[:1])
    try:
        _check_script(scanned)
        check_trainable(scanned, options, wordsets, min_set_words)
    except BiasInputError as exc:
        return dataclasses.replace(shown, problem=str(exc))
    return shown


def _check_script(scanned: CorpusScan) -> None:
    """Refuse a corpus whose words are mostly in another script than its language's."""
    problem = script_problem([group.counts for group in scanned.groups], scanned.language,
                             scanned.file)
    if problem:
        raise BiasInputError(problem)


def _check_work(scanned: CorpusScan, options: TrainOptions, limit: int | None) -> None:
    work = scanned.tokens * options.epochs * options.replicates
    if limit is not None and work > limit:
        raise BiasInputError(
            f"Training {scanned.tokens:,} words × {options.epochs} epochs × "
            f"{options.replicates} replicate{'s' if options.replicates > 1 else ''} is more "
            f"than this server trains for one request ({limit:,} words); use fewer epochs or "
            "replicates (the person who runs the server can train it without this bound from "
            "the command line, `python -m bias train`)."
        )


def _drop_written(run: str, members: Sequence[str]) -> None:
    """After a cancelled or failed training: the models it already completed would make a
    partial family; remove those this run wrote (their meta.json carries its id), never
    another run's."""
    for name in saved_by(run, members):
        store.delete_cached(name)


def _drop_stale_members(family: str, kept: set[str]) -> None:
    """After a replacing training succeeded: earlier members of the family it did not write
    again (a run with fewer replicates or other groups) would mix two runs in one family."""
    for stale in family_names(family):
        if stale not in kept:
            store.delete_cached(stale)
