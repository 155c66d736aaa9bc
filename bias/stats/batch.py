"""Many WEATs at once: each test on each chosen embedding of its language (the paper's Table 7).

`run_batch` pairs every word set with the chosen embeddings of its language (or with every chosen
embedding when the user asks for a cross-language run), runs them through a `runner`, and adjusts
the p-values of all rows that ran for multiple testing: Holm (family-wise error) and
Benjamini–Hochberg (false discovery rate), from `pvalues`. The family is the whole batch, which is
what the user asked about at once.

Nothing is dropped: a test with no chosen embedding of its language, or one that cannot run (every
word of a set missing, an embedding that cannot be loaded), becomes a row whose `skipped` note says
why (worded by `bias.report.note_sentences`). `table7` turns the rows into the paper's shape: one
row per test, one column group (p, d, verdict, words, reported p, reported d) per embedding.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import polars as pl

from bias.compute import run_tasks
from bias.errors import BiasInputError
from bias.jobs import steps
from bias.notes import Note
from bias.serialize import NOT_SERIALISED, jsonable
from bias.stats.bootstrap import EffectSizeInterval
from bias.stats.budget import batch_work, check_batch
from bias.stats.pvalues import benjamini_hochberg, holm
from bias.stats.tasks import Outcome, WeatTask, outcome, run_test, workers_for
from bias.stats.verdict import Coverage
from bias.stats.weat import WeatOptions, WeatResult
from bias.vectors.bundled import EmbeddingInfo
from bias.vectors.catalog import available_embeddings, load_embedding
from bias.vectors.encoder import parse_name
from bias.vectors.reference import EmbeddingRef, reference
from bias.wordsets import WordSet

Runner = Callable[[str, WordSet, WeatOptions], WeatResult]
"""Runs one test in this process: `runner(embedding_name, wordset, options)`. The dashboard
passes a cached one; without one the runs are tasks (`bias.stats.tasks.run_test`)."""


@dataclass(frozen=True)
class BatchOptions:
    """How a batch pairs tests with embeddings; the WEAT itself takes `WeatOptions`."""

    cross_language: bool = False
    """Run every test on every chosen embedding, not only on those of the test's language."""


def originals(infos: Sequence[EmbeddingInfo]) -> list[str]:
    """The names a default choice of "every embedding" takes: never a derived (debiased) copy,
    which would measure its parent a second time (and be pooled with it as if independent), nor
    the encoder, which is chosen by its extraction method (`batch --encoder`)."""
    return [info.name for info in infos if info.kind not in ("derived", "encoder")]


@dataclass(frozen=True)
class BatchRow:
    """One test on one embedding. When it did not run, numbers are nan and `skipped` says why
    (and `embedding` is None when no chosen embedding is in the test's language)."""

    wordset: str
    title: str
    language: str
    """The test's language."""
    embedding: str | None
    embedding_language: str | None
    p_value: float
    effect_size: float
    p_holm: float
    p_bh: float
    reported_p: float | None
    reported_p_text: str | None
    """As the source printed it (a bound such as '< 10^-3' stays a bound)."""
    reported_d: float | None
    reported_d_is_absolute: bool
    method: str | None
    iterations: int
    missing_words: int
    """Words and phrases of the test that the embedding lacks (left out of the test), also for a
    test refused because a set lost every word."""
    words_listed: int
    """Words in the test's four lists (0 when no embedding of its language was chosen)."""
    verdict: str | None
    """The verdict's state (bias.stats.verdict), None when the test did not run."""
    skipped: Note | None
    interval: EffectSizeInterval | None = None
    """The bootstrap interval of d (bias.stats.bootstrap), when the test ran and d exists."""
    result: WeatResult | None = field(default=None, repr=False, compare=False,
                                      metadata=NOT_SERIALISED)
    """The whole result (provenance included), for a batch report and `reproduce`."""

    @property
    def d_ci_low(self) -> float | None:
        return None if self.interval is None else self.interval.low

    @property
    def d_ci_high(self) -> float | None:
        return None if self.interval is None else self.interval.high

    @property
    def ran(self) -> bool:
        return self.skipped is None

    def to_dict(self, skipped_text: str | None = None) -> dict:
        """The row as the command line's JSON: `skipped` is null or the reason as a sentence
        (`skipped_text`, from `bias.report.note_sentences`; the note's code when none is given)."""
        reason = None
        if self.skipped is not None:
            reason = skipped_text or self.skipped.code
        return jsonable({
            "wordset": self.wordset,
            "embedding": self.embedding,
            "language": self.language,
            "effect_size": self.effect_size,
            "interval": self.interval,
            "p_value": self.p_value,
            "p_holm": self.p_holm,
            "p_bh": self.p_bh,
            "method": self.method,
            "verdict": self.verdict,
            "coverage": {"found": self.words_listed - self.missing_words,
                         "listed": self.words_listed},
            "reported": {"effect_size": self.reported_d, "p_value": self.reported_p},
            "skipped": reason,
        })


def _row(
    wordset: WordSet,
    embedding: str | None,
    embedding_language: str | None,
    result: WeatResult | None,
    skipped: Note | None,
    coverage: dict[str, Coverage] | None = None,
) -> BatchRow:
    """`coverage` is the words found per set: the result's, or a refused test's
    (`EmptySetError.coverage`). On the encoder the published (fastText) values are left out:
    not comparable, a different kind of model."""
    rep = None if embedding and parse_name(embedding) else wordset.reported
    nan = math.nan
    if result is not None:
        coverage = result.coverage
    listed = sum(c.listed for c in coverage.values()) if coverage else 0
    return BatchRow(
        wordset=wordset.id,
        title=wordset.title,
        language=wordset.language,
        embedding=embedding,
        embedding_language=embedding_language,
        p_value=result.p_value if result else nan,
        effect_size=result.effect_size if result else nan,
        p_holm=nan,
        p_bh=nan,
        reported_p=rep.p_value if rep else None,
        reported_p_text=(rep.p_value_text or None) if rep else None,
        reported_d=rep.effect_size if rep else None,
        reported_d_is_absolute=bool(rep and rep.effect_size_is_absolute),
        method=result.method if result else None,
        iterations=result.iterations if result else 0,
        missing_words=listed - sum(c.found for c in coverage.values()) if coverage else 0,
        words_listed=listed,
        verdict=result.verdict.state if result else None,
        skipped=skipped,
        interval=result.interval if result else None,
        result=result,
    )


def adjust(rows: Sequence[BatchRow]) -> list[BatchRow]:
    """Fill in Holm and Benjamini–Hochberg adjusted p-values over all the rows that ran."""
    ran = [i for i, row in enumerate(rows) if row.ran]
    p = [rows[i].p_value for i in ran]
    adjusted = list(rows)
    for i, p_holm, p_bh in zip(ran, holm(p), benjamini_hochberg(p), strict=True):
        adjusted[i] = replace(rows[i], p_holm=float(p_holm), p_bh=float(p_bh))
    return adjusted


def planned_runs(
    wordsets: Sequence[WordSet],
    embeddings: Sequence[str],
    batch: BatchOptions | None,
    languages: dict[str, str],
) -> list[tuple[WordSet, str | None]]:
    """Each word set with each chosen embedding it runs on (`languages`: embedding name to
    language code), in `run_batch`'s order; (word set, None) for one with none to run on."""
    batch = batch or BatchOptions()
    plan: list[tuple[WordSet, str | None]] = []
    for wordset in wordsets:
        targets = [
            name
            for name in embeddings
            if batch.cross_language or languages.get(name) == wordset.language
        ]
        plan += [(wordset, name) for name in targets] or [(wordset, None)]
    return plan


def check_batch_work(
    wordsets: Sequence[WordSet],
    embeddings: Sequence[str],
    options: WeatOptions,
    batch: BatchOptions | None,
    languages: dict[str, str],
) -> None:
    """Refuse the batch `run_batch` would run with these arguments when it is over the work
    budget (`bias.stats.budget.check_batch`): a page asks before the batch waits for a place in
    the server's queue, so an over-budget request is refused at once, not after its turn."""
    plan = planned_runs(wordsets, embeddings, batch, languages)
    check_batch([wordset for wordset, name in plan if name], options, options.ci_resamples)


def _as_tasks(
    plan: Sequence[tuple[WordSet, str]], options: WeatOptions, scheduler: str | None
) -> list[Outcome]:
    """Each planned run as a task; an embedding that cannot be loaded here is each of its rows'
    reason, as the in-process runner said it."""
    refs: dict[str, EmbeddingRef | str] = {}
    for name in dict.fromkeys(name for _, name in plan):
        try:
            refs[name] = reference(load_embedding(name))
        except BiasInputError as exc:
            refs[name] = str(exc)
    tasks = [WeatTask(ref, wordset, options)
             for wordset, name in plan if isinstance(ref := refs[name], EmbeddingRef)]
    work = batch_work([task.wordset for task in tasks], options, options.ci_resamples)
    done = iter(run_tasks(run_test, tasks, scheduler=scheduler, workers=workers_for(tasks, work)))
    return [next(done) if isinstance(ref := refs[name], EmbeddingRef) else Outcome(None, ref)
            for _, name in plan]


def run_batch(
    wordsets: Sequence[WordSet],
    embeddings: Sequence[str],
    options: WeatOptions | None = None,
    batch: BatchOptions | None = None,
    *,
    runner: Runner | None = None,
    languages: dict[str, str] | None = None,
    scheduler: str | None = None,
) -> list[BatchRow]:
    """Run every word set on the chosen embeddings of its language and adjust the p-values.

    `languages` maps embedding name to language code (default: the catalog's). Rows come in the
    order word set, then embedding; a test with no embedding to run on is one skipped row.
    Each run is a task (`bias.compute.run_tasks`), here or on the cluster at `scheduler`; a
    `runner` (the dashboard's cached one) runs them in this process instead, one by one.
    """
    options = options or WeatOptions()
    if languages is None:
        languages = {info.name: info.language for info in available_embeddings()}
    check_batch_work(wordsets, embeddings, options, batch, languages)
    plan = planned_runs(wordsets, embeddings, batch, languages)
    runs = [(wordset, name) for wordset, name in plan if name is not None]
    if runner is None:
        outcomes = iter(_as_tasks(runs, options, scheduler))
    else:
        outcomes = (outcome(lambda: runner(name, wordset, options))  # noqa: B023 (called now)
                    for wordset, name in steps(runs, len(runs)))
    rows = []
    for wordset, name in plan:
        if name is None:
            chosen = sorted({languages.get(e, "") for e in embeddings} - {""})
            note = Note("no_embedding_for_language", {
                "language": wordset.language, "chosen_languages": chosen,
            })
            rows.append(_row(wordset, None, None, None, note))
            continue
        ran = next(outcomes)
        note = None if ran.reason is None else Note("test_not_run", {"reason": ran.reason})
        rows.append(_row(wordset, name, languages.get(name), ran.result, note, ran.coverage))
    return adjust(rows)


def counts(rows: Sequence[BatchRow]) -> tuple[int, int]:
    """(tests run, tests skipped)."""
    ran = sum(row.ran for row in rows)
    return ran, len(rows) - ran


SCHEMA = {
    "wordset": pl.String,
    "title": pl.String,
    "language": pl.String,
    "embedding": pl.String,
    "embedding_language": pl.String,
    "p_value": pl.Float64,
    "effect_size": pl.Float64,
    "d_ci_low": pl.Float64,
    "d_ci_high": pl.Float64,
    "p_holm": pl.Float64,
    "p_bh": pl.Float64,
    "reported_p": pl.Float64,
    "reported_p_text": pl.String,
    "reported_d": pl.Float64,
    "reported_d_is_absolute": pl.Boolean,
    "method": pl.String,
    "iterations": pl.Int64,
    "missing_words": pl.Int64,
    "words_listed": pl.Int64,
    "verdict": pl.String,
    "skipped": pl.String,
}


def to_frame(rows: Sequence[BatchRow], skipped_texts: Sequence[str | None] = ()) -> pl.DataFrame:
    """The rows as a long polars table (for CSV): numbers of tests that did not run are null.

    `skipped_texts` are the reasons as sentences, one per row (the note codes when not given).
    """
    texts = list(skipped_texts) or [row.skipped.code if row.skipped else None for row in rows]
    records = []
    for row, text in zip(rows, texts, strict=True):
        record = {key: getattr(row, key) for key in SCHEMA if key != "skipped"}
        records.append({**record, "skipped": text if row.skipped else None})
    frame = pl.DataFrame(records, schema=SCHEMA, strict=False)
    return frame.with_columns(pl.col(pl.Float64).fill_nan(None))


def column_label(row: BatchRow) -> str:
    """The column group of a row in `table7`: 'de · fasttext-cc-de-300'."""
    return f"{row.embedding_language} · {row.embedding}"


def table7(
    rows: Sequence[BatchRow], skipped_texts: Sequence[str | None] = (), *, ran_only: bool = False
) -> pl.DataFrame:
    """The paper's Table 7 shape: one row per test (in the batch's order), then for each
    embedding a column group `<label> p`, `<label> d`, `<label> verdict`, `<label> words`,
    `<label> reported p`, `<label> reported d`
    (label from `column_label`), and a last column `skipped` with every reason for that test.
    A cell is null where the test did not run on that embedding. With `ran_only`, a test that ran
    on no embedding has no row (the dashboard lists those with their reasons above the table,
    and a row of empty cells said nothing more)."""
    texts = list(skipped_texts) or [row.skipped.code if row.skipped else None for row in rows]
    if ran_only:
        ran = {row.wordset for row in rows if row.ran}
        texts = [text for row, text in zip(rows, texts, strict=True) if row.wordset in ran]
        rows = [row for row in rows if row.wordset in ran]
    tests: dict[str, dict] = {}
    groups = list(dict.fromkeys(column_label(row) for row in rows if row.embedding is not None))
    for row, text in zip(rows, texts, strict=True):
        line = tests.setdefault(row.wordset, {
            "test": row.wordset, "title": row.title, "language": row.language, "skipped": [],
        })
        if row.skipped is not None:
            where = f"{row.embedding}: " if row.embedding else ""
            line["skipped"].append(where + (text or row.skipped.code))
        if row.embedding is None:
            continue
        label = column_label(row)
        line[f"{label} p"] = jsonable(row.p_value)
        line[f"{label} d"] = jsonable(row.effect_size)
        line[f"{label} reported p"] = row.reported_p_text
        line[f"{label} reported d"] = row.reported_d
        line[f"{label} verdict"] = row.verdict
        if row.words_listed:
            line[f"{label} words"] = f"{row.words_listed - row.missing_words}/{row.words_listed}"
    schema: dict[str, pl.DataType] = {
        "test": pl.String, "title": pl.String, "language": pl.String,
    }
    for label in groups:
        schema |= {
            f"{label} p": pl.Float64,
            f"{label} d": pl.Float64,
            f"{label} verdict": pl.String,  # beside p and d: in view on a narrow screen
            f"{label} words": pl.String,
            f"{label} reported p": pl.String,
            f"{label} reported d": pl.Float64,
        }
    schema["skipped"] = pl.String
    records = [
        {key: line.get(key) for key in schema} | {"skipped": " ".join(line["skipped"]) or None}
        for line in tests.values()
    ]
    return pl.DataFrame(records, schema=schema)
