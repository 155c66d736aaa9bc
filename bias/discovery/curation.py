"""Step 2 of BiasWords: the curated candidates on disk, one JSON file per workspace, embedding
and word set, plus CSV export and import.

Curating a few hundred neighbours by hand takes a while, so the work must survive a page switch,
a browser reload and a server restart. Each save replaces the file atomically, so a crash mid-write
never leaves half a curation behind.

Whose work: a curation belongs to a workspace. The dashboard uses the tab's draft id (the same
`?draft=…` that keeps typed word lists), so two visitors of one server never see or overwrite each
other's decisions; `SHARED` is a workspace everyone can copy from and into on purpose ("save as
shared", "open the shared one"). The command line reads and writes CSV files instead.

File names are injective: a readable slug of the embedding and the word set plus a hash of their
exact ids, so `news.de`, `news-de` and `news_de`, or two ids that agree in their first 60
characters, never share a file.

Nothing is lost: generating the candidates again must not throw hand curation away
(`curation_differs` tells the page to ask first), and `replace_curation` keeps the previous file
as `<name>.prev.json` (`backup_path`), earlier backups renamed to `.prev-1.json`, `-2`, …
(`archived_backups`). A file that cannot be read (not UTF-8, not a JSON object, a similarity that
is not a number) raises `DamagedCuration`, one sentence with the way out (generate again); the
damaged bytes are then kept as the backup, never deleted. A replace or restore holds the lock of
its file (`bias.files.locked`), so visitors saving the shared curation at once each find theirs
as the current file or a backup.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from pathlib import Path

import polars as pl

from bias import drafts
from bias.discovery.candidates import TABLE_SCHEMA, Candidates, normalise_table
from bias.discovery.concept_fit import FIT_COLUMNS
from bias.errors import BiasInputError
from bias.files import home, locked, read_bounded, write_bytes_atomic, write_text_atomic
from bias.spreadsheet import csv_text, restore_cells
from bias.wordsets import SET_KEYS, WordSet
from bias.wordsets.editing import safe_id

SHARED = "shared"
"""The workspace every visitor can copy from and into on purpose."""

MAX_FILE_BYTES = 50_000_000
"""A curation or CSV file larger than this is refused before it is read."""

MAX_BACKUPS = 20
"""Archived backups kept per curation (`.prev-1.json`, …) besides `.prev.json`: the latest ones;
without a bound, every regeneration (or a killed run) added one forever."""

CSV_COLUMNS = tuple(TABLE_SCHEMA)


class DamagedCuration(BiasInputError):
    """A saved curation that cannot be read; the message says what to do."""


def _workspace_dir(workspace: str) -> Path:
    if workspace != SHARED and not drafts.valid_id(workspace):
        raise BiasInputError("This workspace name is not valid; reload the page to get a new one.")
    return home() / "curation" / workspace


def curation_path(embedding: str, wordset_id: str, workspace: str = SHARED) -> Path:
    """Where the curated candidates of one word set in one embedding are kept, per workspace."""
    digest = hashlib.sha256(json.dumps([embedding, wordset_id]).encode("utf-8")).hexdigest()[:16]
    name = f"{safe_id(embedding)[:40]}__{safe_id(wordset_id)[:40]}-{digest}.json"
    return _workspace_dir(workspace) / name


def backup_path(embedding: str, wordset_id: str, workspace: str = SHARED) -> Path:
    """Where `replace_curation` keeps the curation it replaced (a `.prev.json` sibling)."""
    return curation_path(embedding, wordset_id, workspace).with_suffix(".prev.json")


def archived_backups(embedding: str, wordset_id: str, workspace: str = SHARED) -> list[Path]:
    """Older backups, oldest first: what `backup_path` held before later replacements."""
    path = curation_path(embedding, wordset_id, workspace)
    stem = path.stem
    numbered = [
        (p.name[len(stem) + len(".prev-") : -len(".json")], p)
        for p in path.parent.glob(f"{stem}.prev-*.json")
    ]
    return [p for number, p in sorted((int(n), p) for n, p in numbered if n.isdigit())]


def _curation_lock(path: Path) -> contextlib.AbstractContextManager[bool]:
    """The lock of one curation file: a replace or restore (read, back up, write) holds it, so
    visitors saving the shared curation at once each keep theirs as current or as a backup."""
    return locked(f"curation-{path.parent.name}-{path.name}")


def _archive_backup(embedding: str, wordset_id: str, workspace: str) -> None:
    """Rename the current backup to the next free `.prev-<n>.json` (a rename is atomic), and
    delete the oldest archived ones beyond `MAX_BACKUPS`."""
    prev = backup_path(embedding, wordset_id, workspace)
    if prev.exists():
        stem = curation_path(embedding, wordset_id, workspace).stem
        archived = archived_backups(embedding, wordset_id, workspace)
        last = archived[-1].name[len(stem) + len(".prev-") : -len(".json")] if archived else "0"
        os.replace(prev, prev.with_name(f"{stem}.prev-{int(last) + 1}.json"))
        for old in archived[: max(0, len(archived) + 1 - MAX_BACKUPS)]:
            old.unlink(missing_ok=True)


def save_curation(candidates: Candidates, workspace: str = SHARED) -> Path:
    """Save the (curated) candidates atomically; a later `load_curation` returns them."""
    path = curation_path(candidates.embedding, candidates.wordset_id, workspace)
    write_text_atomic(path, json.dumps(candidates.to_dict(), ensure_ascii=False, indent=1) + "\n")
    return path


def parse_curation(data: bytes, where: str = "The saved curation") -> Candidates:
    """Candidates from the bytes of a saved curation, checked against its schema.

    Raises DamagedCuration with one sentence naming what is wrong.
    """

    def damaged(why: str) -> DamagedCuration:
        return DamagedCuration(
            f"{where} of this test cannot be read ({why}). Press Generate candidates to start "
            "again; the damaged file is kept as a backup, not deleted."
        )

    if len(data) > MAX_FILE_BYTES:
        raise damaged(f"it is larger than {MAX_FILE_BYTES // 1_000_000} MB")
    try:
        raw = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise damaged("it is not UTF-8 text") from None
    except (ValueError, RecursionError):
        raise damaged("it is not valid JSON") from None
    if not isinstance(raw, dict):
        raise damaged("it holds a list or a value, not a curation")
    problem = _table_problem(raw.get("candidates"))
    if problem:
        raise damaged(problem)
    for field in ("embedding", "wordset", "language"):
        if not isinstance(raw.get(field), str):
            raise damaged(f"'{field}' is missing or not text")
    try:
        return Candidates.from_dict(raw)
    except BiasInputError as exc:
        raise damaged(str(exc).rstrip(".")) from None
    except (KeyError, TypeError, ValueError, AttributeError, pl.exceptions.PolarsError):
        raise damaged("some of its values have the wrong type") from None


def _table_problem(table) -> str | None:
    """What is wrong with a saved table of candidates (rows per set), or None."""
    if not isinstance(table, dict) or not all(
        isinstance(table.get(k, []), list) and all(isinstance(r, dict) for r in table.get(k, []))
        for k in SET_KEYS
    ):
        return "its candidates are not a table of rows per set"
    for key in SET_KEYS:
        for row in table.get(key, []):
            similarity = row.get("similarity")
            if similarity is not None and (
                isinstance(similarity, bool) or not isinstance(similarity, int | float)
            ):
                return f"a similarity in set {key} is not a number"
            if any(isinstance(row.get(c), bool | str) for c in FIT_COLUMNS):
                return f"a concept-fit signal in set {key} is not a number"
            if not isinstance(row.get("kept"), bool):
                return f"a Keep value in set {key} is not true or false"
            if not isinstance(row.get("word"), str) or not isinstance(row.get("seed"), str):
                return f"a word or seed in set {key} is not text"
    return None


def load_curation(embedding: str, wordset_id: str, workspace: str = SHARED) -> Candidates | None:
    """The saved candidates for this embedding and word set, or None if there are none."""
    path = curation_path(embedding, wordset_id, workspace)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DamagedCuration(
            f"The saved curation of this test cannot be opened ({exc.strerror})."
        ) from None
    return parse_curation(data)


def curation_differs(candidates: Candidates, workspace: str = SHARED) -> bool:
    """True if saving `candidates` would replace a different saved curation of the same test.

    A saved file that cannot be read counts as different too: it may still hold someone's work.
    """
    path = curation_path(candidates.embedding, candidates.wordset_id, workspace)
    if not path.exists():
        return False
    try:
        saved = load_curation(candidates.embedding, candidates.wordset_id, workspace)
    except BiasInputError:
        return True
    return saved is None or not saved.table.equals(candidates.table)


def replace_curation(candidates: Candidates, workspace: str = SHARED) -> Path:
    """Save `candidates`, first keeping the current saved curation (if any) in `backup_path`.

    The backup is a byte-for-byte copy written atomically, so even a damaged file is kept; an
    earlier backup is archived first, never overwritten. Saving an identical curation leaves the
    backups alone (nothing would be lost).
    """
    embedding, wordset_id = candidates.embedding, candidates.wordset_id
    path = curation_path(embedding, wordset_id, workspace)
    with _curation_lock(path):
        if path.exists() and curation_differs(candidates, workspace):
            old = path.read_bytes()
            _archive_backup(embedding, wordset_id, workspace)
            write_bytes_atomic(backup_path(embedding, wordset_id, workspace), old)
        return save_curation(candidates, workspace)


def restore_previous_curation(
    embedding: str, wordset_id: str, workspace: str = SHARED
) -> Candidates:
    """Bring back the curation kept by `replace_curation`; the current one becomes the backup.

    Swapping instead of overwriting means a restore, too, never loses anything.
    """
    path = curation_path(embedding, wordset_id, workspace)
    prev = backup_path(embedding, wordset_id, workspace)
    with _curation_lock(path):
        if not prev.exists():
            raise BiasInputError("There is no earlier curation to restore for this test.")
        previous = prev.read_bytes()
        current = path.read_bytes() if path.exists() else None
        try:
            restored = parse_curation(previous, "The earlier curation")
        except DamagedCuration as exc:
            raise BiasInputError(
                f"{str(exc).split(' Press')[0]} It was left as it is."
            ) from None
        write_bytes_atomic(path, previous)
        if current is not None:
            write_bytes_atomic(prev, current)
        else:
            prev.unlink()
        return restored


def copy_curation(
    embedding: str, wordset_id: str, source: str, target: str
) -> Candidates:
    """Copy one workspace's curation into another (e.g. "save as shared"), keeping a backup of
    what the target held."""
    candidates = load_curation(embedding, wordset_id, source)
    if candidates is None:
        raise BiasInputError("There is no curation of this test to copy yet.")
    replace_curation(candidates, target)
    return candidates


LEGACY_CURATION_UNTIL = (3, 0, 0)
"""The release that drops `legacy_curation` and its button: files from before workspaces (1.x)
are offered through every 2.x release, so a lab that upgrades once a year still finds them;
tests/hostile/test_biaswords_curation.py fails once the project's version reaches it."""


def legacy_curation(embedding: str, wordset_id: str) -> Candidates | None:
    """A curation saved before curations were per workspace (`curation/<emb>__<set>.json`), read
    until `LEGACY_CURATION_UNTIL`.

    Those names were not injective, so the file is used only if the embedding and word set it
    names inside are exactly these; an unreadable or foreign file is left alone (None).
    """
    path = home() / "curation" / f"{safe_id(embedding)}__{safe_id(wordset_id)}.json"
    try:
        candidates = parse_curation(path.read_bytes())
    except (OSError, BiasInputError):
        return None
    if (candidates.embedding, candidates.wordset_id) != (embedding, wordset_id):
        return None
    return candidates


# --- CSV --------------------------------------------------------------------------------------


def curation_csv(candidates: Candidates) -> str:
    """The curated table as CSV (one row per neighbour, the columns of `TABLE_SCHEMA`)."""
    return csv_text(candidates.table.select(CSV_COLUMNS))


_TRUE = {"true", "1", "yes", "y", "x"}
_FALSE = {"false", "0", "no", "n", ""}


def read_curation_csv(data: bytes | str) -> pl.DataFrame:
    """A curated table from CSV text, checked: `set`, `candidate`, `kept` at least.

    `kept` accepts true/false, yes/no, 1/0 (spreadsheets write all of them).
    """
    if isinstance(data, bytes):
        if len(data) > MAX_FILE_BYTES:
            raise BiasInputError(
                f"The curation file is larger than {MAX_FILE_BYTES // 1_000_000} MB."
            )
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BiasInputError(
                "The curation file is not UTF-8 text; save it from your spreadsheet as "
                "'CSV UTF-8'."
            ) from None
    try:
        table = restore_cells(pl.read_csv(io.StringIO(data), infer_schema=False))
    except (pl.exceptions.PolarsError, ValueError):
        raise BiasInputError(
            "The curation file is not a readable CSV table; export it again from the dashboard."
        ) from None
    if "kept" in table.columns:
        values = table["kept"].fill_null("").str.strip_chars().str.to_lowercase()
        bad = sorted(set(values.to_list()) - _TRUE - _FALSE)
        if bad:
            raise BiasInputError(
                f"The Keep column must say true or false; it says '{bad[0]}'."
            )
        table = table.with_columns(values.is_in(list(_TRUE)).alias("kept"))
    if "similarity" in table.columns:
        try:
            table = table.with_columns(pl.col("similarity").cast(pl.Float64))
        except pl.exceptions.PolarsError:
            raise BiasInputError(
                "The similarity column of the curation file must hold numbers."
            ) from None
    for column in ("pos", "seed_pos", "reason", "flag", *FIT_COLUMNS):
        if column in table.columns:
            table = table.with_columns(
                pl.when(pl.col(column) == "").then(None).otherwise(pl.col(column)).alias(column)
            )
    return normalise_table(table)


def apply_curation_csv(candidates: Candidates, wordset: WordSet, path: Path) -> Candidates:
    """The candidates with the curated table of a CSV file exported by the dashboard.

    The file's seeds must be seeds of `wordset`, so a curation is never applied to another test.
    """
    data = read_bounded(path, "curation file", MAX_FILE_BYTES)
    return apply_curation_table(candidates, wordset, read_curation_csv(data))


def apply_curation_table(
    candidates: Candidates, wordset: WordSet, table: pl.DataFrame
) -> Candidates:
    """The candidates with an imported curated table, if its seeds belong to `wordset`."""
    table = normalise_table(table)
    seeds = {w for terms in wordset.sets().values() for w in terms.words}
    strange = sorted(set(table["seed"].drop_nulls().to_list()) - seeds)
    if strange:
        raise BiasInputError(
            f"The curation file is for other seed words ({', '.join(strange[:3])}…) than "
            f"{wordset.id}; use it with the seed test it was made for."
        )
    return candidates.with_table(table)
