"""BiasWords' filters as a list of named steps, each a table → table function with its switch.

The filters are where the method makes judgements, and a person has to be able to check them:
nothing is deleted, a step only turns `kept` off on rows still kept and writes its reason, so
every dropped neighbour names the first step it failed. Steps run in the order of `STEPS`; the
paper's core comes first, our additions are marked `ours` (docs/biaswords.md lists them all).

A step's `name` is its stable code (tests, docs and the page refer to it); `switches` names the
`CandidateOptions` fields that turn it on (none: it always runs). Our steps' verdicts are in
`mistake_filters`, the inputs every step reads in `options`. The reason is written
into the table: it is the verdict a curation stores and shows beside the Keep box.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import polars as pl
from rapidfuzz.distance import Levenshtein

from bias.discovery import mistake_filters as ours
from bias.discovery.concept_fit import concept_fit
from bias.discovery.options import CandidateOptions, Context
from bias.discovery.pos import compatible, pos_label
from bias.discovery.table import FLAG_SEPARATOR, OPPOSED, WORD, fold
from bias.wordsets import SET_KEYS

__all__ = ["STEPS", "CandidateOptions", "Context", "Step", "flag_overlaps", "paper_only",
           "run_steps"]  # fmt: skip
"""`CandidateOptions` and `Context` live in `options`; they are named here too, as the steps'
inputs."""


@dataclass(frozen=True)
class Step:
    """One filter: its code, the options that switch it on, whether it is ours, the function."""

    name: str
    switches: tuple[str, ...]
    """`CandidateOptions` fields; the step runs when any is set (not False or None). Empty: it
    always runs."""
    run: Callable[[pl.DataFrame, Context], pl.DataFrame]
    ours: bool = False
    inverted: bool = False
    """The switch turns the step off instead (`keep_ambiguous`)."""

    def active(self, options: CandidateOptions) -> bool:
        """Whether the options switch this step on."""
        if not self.switches:
            return True
        values = [getattr(options, name) for name in self.switches]
        on = any(value is not None and value is not False for value in values)
        return on != self.inverted


def run_steps(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """The table after every active step, in order."""
    for step in STEPS:
        if step.active(context.options):
            table = step.run(table, context)
    return table


def _per_row(verdict: Callable[[dict, Context], str | None]):
    """A step from a verdict on one row: the kept rows it gives a reason for are dropped."""

    def run(table: pl.DataFrame, context: Context) -> pl.DataFrame:
        kept, reasons = table["kept"].to_list(), table["reason"].to_list()
        for i, row in enumerate(table.iter_rows(named=True)):
            if kept[i]:
                reason = verdict(row, context)
                if reason is not None:
                    kept[i], reasons[i] = False, reason
        return _with_verdicts(table, kept, reasons)

    run.__doc__ = verdict.__doc__
    return run


def _with_verdicts(table: pl.DataFrame, kept: list, reasons: list) -> pl.DataFrame:
    return table.with_columns(
        pl.Series("kept", kept, dtype=pl.Boolean), pl.Series("reason", reasons, dtype=pl.String)
    )


def _clean(row: dict, context: Context) -> str | None:
    """Clean-up: a word is letters, optionally joined by single hyphens or apostrophes."""
    if not row["candidate"]:
        return "empty after removing spaces"
    if not WORD.fullmatch(row["candidate"]):
        return "not a word (digits, punctuation or a web address)"
    return None


def _seed_word(row: dict, context: Context) -> str | None:
    """A word of any of the four seed sets is not new."""
    key = fold(row["candidate"], context.sharp_s)
    if key in context.seed_keys:
        return f"already a seed word (in set {context.seed_keys[key]})"
    return None


def _letters_different(row: dict, context: Context) -> str | None:
    """At least `min_edit` letters different from the seed (case-insensitive Levenshtein)."""
    sharp_s, least = context.sharp_s, context.options.min_edit
    edits = Levenshtein.distance(fold(row["candidate"], sharp_s), fold(row["seed"], sharp_s))
    if edits < least:
        return (
            f"only {edits} letter(s) different from the seed '{row['seed']}' "
            f"(at least {least} needed, case ignored)"
        )
    return None


def _word_type(row: dict, context: Context) -> str | None:
    """The candidate's tag must go with its set's word type (the paper's rule, `compatible`)."""
    expected = context.set_pos.get(row["set"])
    if context.tagger is None or expected is None:
        return None
    if row["pos"] is None:
        return "word type unknown"
    if not compatible(expected, row["pos"]):
        return f"word type {pos_label(row['pos'])} does not go with the set's {pos_label(expected)}"
    return None


def _frequency(row: dict, context: Context) -> str | None:
    """Below the frequency floor (wordfreq's Zipf scale); skipped without a word list."""
    floor = context.options.min_zipf
    if context.zipf is None or floor is None:
        return None
    zipf = context.zipf(row["candidate"])
    if zipf < floor:
        return f"rare: Zipf frequency {zipf:.1f} is below {floor:g}"
    return None


def _ambiguous_seed(row: dict, context: Context) -> str | None:
    """Neighbours of a seed that means something else here ("Bill" found only as "bill")."""
    odd = context.ambiguous.get((row["set"], row["seed"]))
    if odd is None:
        return None
    return f"near an ambiguous seed ('{row['seed']}' found as '{odd.found_as}')"


def drop_duplicates(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Within a set, keep the most similar occurrence of each kept word; drop the rest with why."""
    first: dict[tuple[str, str], str] = {}
    kept, reasons = table["kept"].to_list(), table["reason"].to_list()
    sets, seeds, words = (
        table["set"].to_list(),
        table["seed"].to_list(),
        table["candidate"].to_list(),
    )
    for i in np.argsort(-table["similarity"].to_numpy(), kind="stable"):
        if not kept[i]:
            continue
        key = (sets[i], fold(words[i], context.sharp_s))
        if key in first:
            kept[i] = False
            reasons[i] = f"duplicate: already a candidate near '{first[key]}'"
        else:
            first[key] = seeds[i]
    return _with_verdicts(table, kept, reasons)


def _closer_elsewhere(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Drop kept words closer, on average, to another set's seeds than to their own set's.

    Two rules, each its own option. `drop_opposite`: a neighbour of "Amy" that lies nearer the
    male names than the female ones belongs to neither side (the paper removed such words by
    hand). `drop_attribute_like`: a candidate for a *target* set (X, Y) that lies nearer an
    attribute set's seeds (A, B) than its own, e.g. "husband", "mother" or "widow" near the female
    names but nearer the family words, is an attribute word, not a new target word. Closeness is
    the mean cosine with the set's found seeds, as WEAT itself uses. A person can restore any.
    """
    embedding, options = context.embedding, context.options
    seeds = {key: embedding.vectors_for(items) for key, items in context.lookups.items() if items}
    rivals = {key: [OPPOSED[key]] if options.drop_opposite else [] for key in SET_KEYS}
    if options.drop_attribute_like:
        for key in ("X", "Y"):
            rivals[key] += ["A", "B"]
    kept, reasons = table["kept"].to_list(), table["reason"].to_list()
    sets, words = table["set"].to_list(), table["candidate"].to_list()
    todo = [i for i in range(table.height) if kept[i] and sets[i] in seeds and rivals[sets[i]]]
    found = embedding.rows(words[i] for i in todo)
    rows = {i: found[words[i]] for i in todo if words[i] in found}
    todo = list(rows)
    if not todo:
        return table
    vectors = np.asarray(embedding.vectors[[rows[i] for i in todo]], dtype=np.float64)
    for key in SET_KEYS:
        picked = [j for j, i in enumerate(todo) if sets[i] == key]
        others = [other for other in rivals[key] if other in seeds]
        if not picked or not others:
            continue
        closeness = {
            k: (vectors[picked] @ seeds[k].T.astype(np.float64)).mean(axis=1)
            for k in (key, *others)
        }
        for n, j in enumerate(picked):
            mine = closeness[key][n]
            rival = max(others, key=lambda k: closeness[k][n])
            theirs = closeness[rival][n]
            if theirs > mine:
                kind = "the opposite set" if rival == OPPOSED[key] else "the attribute set"
                i = todo[j]
                kept[i] = False
                reasons[i] = (
                    f"closer to {kind} {rival} (mean similarity {theirs:.2f}) than to its own "
                    f"set {key} ({mine:.2f})"
                )
    return _with_verdicts(table, kept, reasons)


_FORM_SUFFIXES = ("s", "es", "'s", "’s")


def _forms_of(key: str) -> set[str]:
    """Spellings that count as another form of `key`: plural/possessive endings, y → ies, and
    (for words of 5+ letters) one letter more or less (colour/color, traveller/traveler)."""
    forms = {key + suffix for suffix in _FORM_SUFFIXES}
    forms |= {key[: -len(suffix)] for suffix in _FORM_SUFFIXES if key.endswith(suffix)}
    if key.endswith("y"):
        forms.add(key[:-1] + "ies")
    if key.endswith("ies"):
        forms.add(key[:-3] + "y")
    if len(key) >= 6:
        forms |= {key[:i] + key[i + 1 :] for i in range(len(key))}
    forms.discard(key)
    return forms


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae"})


def _unligated(key: str) -> str:
    """*sœurs* and *soeurs* are one word in two spellings (NFKC keeps the ligature)."""
    return key.translate(_LIGATURES)


def _group_forms(table: pl.DataFrame, context: Context) -> pl.DataFrame:
    """Within a set, keep only the most similar word of each group of forms; mark the others.

    Drawing director and directors into one set counts one meaning twice. Only the closest form
    stays kept; the others say which word they are a form of, so a person can swap them.
    """
    kept, reasons = table["kept"].to_list(), table["reason"].to_list()
    sets, words = table["set"].to_list(), table["candidate"].to_list()
    leaders: dict[tuple[str, str], str] = {}  # (set, folded form) -> the kept word of the group
    deletions: dict[tuple[str, str], str] = {}  # (set, word minus one letter) -> kept word
    for i in np.argsort(-table["similarity"].to_numpy(), kind="stable"):
        if not kept[i]:
            continue
        key = _unligated(fold(words[i], context.sharp_s))
        leader = leaders.get((sets[i], key)) or next(
            (leaders[(sets[i], f)] for f in _forms_of(key) if (sets[i], f) in leaders), None
        )
        if leader is None and len(key) >= 5:
            leader = deletions.get((sets[i], key))
        if leader is not None:
            kept[i] = False
            reasons[i] = f"another form of '{leader}' (kept): one word per group is drawn"
            continue
        leaders[(sets[i], key)] = words[i]
        if len(key) >= 6:
            for j in range(len(key)):
                deletions.setdefault((sets[i], key[:j] + key[j + 1 :]), words[i])
    return _with_verdicts(table, kept, reasons)


def flag_overlaps(table: pl.DataFrame, sharp_s: bool = False) -> pl.DataFrame:
    """Flag kept words that are also kept in another set, naming the opposed side first.

    A word near both "male" and "female" seeds (a husband near brother and sister) may belong to
    neither side; a person decides. Draws never put one word into two sets either way.
    """
    sets_of: dict[str, set[str]] = {}
    for row in table.filter(pl.col("kept")).iter_rows(named=True):
        sets_of.setdefault(fold(row["candidate"], sharp_s), set()).add(row["set"])
    flags = []
    for row in table.iter_rows(named=True):
        notes = [] if row["flag"] is None else [row["flag"]]
        others = sets_of.get(fold(row["candidate"], sharp_s), set()) - {row["set"]}
        if row["kept"] and others:
            if OPPOSED[row["set"]] in others:
                notes.append(
                    f"also near the seeds of the opposite set {OPPOSED[row['set']]}: "
                    "decide which side it belongs to"
                )
            rest = sorted(others - {OPPOSED[row["set"]]})
            if rest:
                notes.append(f"also a candidate for set {', '.join(rest)}")
        flags.append(FLAG_SEPARATOR.join(notes) or None)
    return table.with_columns(pl.Series("flag", flags, dtype=pl.String))


def _ours(name: str, switch: str, verdict: Callable[[dict, Context], str | None]) -> Step:
    return Step(name, (switch,), _per_row(verdict), ours=True)


STEPS: tuple[Step, ...] = (
    _ours("normal_form", "normal_form", ours.normal_form),
    Step("clean", ("clean",), _per_row(_clean)),
    Step("seed_word", ("drop_seed_words",), _per_row(_seed_word)),
    Step("letters_different", ("edit_filter",), _per_row(_letters_different)),
    Step("word_type", ("pos_filter",), _per_row(_word_type)),
    Step("frequency", ("min_zipf",), _per_row(_frequency)),
    Step("ambiguous_seed", ("keep_ambiguous",), _per_row(_ambiguous_seed), inverted=True),
    Step("duplicate", (), drop_duplicates),
    Step("closer_elsewhere", ("drop_opposite", "drop_attribute_like"), _closer_elsewhere),
    Step("forms", ("group_forms",), _group_forms),
    _ours("function_word", "drop_function_words", ours.function_word),
    _ours("seed_form", "drop_seed_forms", ours.seed_form),
    _ours("ending_neighbour", "drop_ending_neighbours", ours.ending_neighbour),
    _ours("name_or_noun", "names_vs_nouns", ours.name_or_noun),
    _ours("other_gender", "drop_other_gender", ours.other_gender),
    _ours("off_type_seed", "drop_off_type_seeds", ours.off_type_seed),
    Step("weak_side", ("drop_weak_side",), ours.weak_side, ours=True),
    Step("concept_fit", ("concept_fit",), concept_fit, ours=True),
    Step("genderless", ("drop_genderless",), ours.genderless, ours=True),
    Step("overlaps", ("flag_opposed",), lambda table, ctx: flag_overlaps(table, ctx.sharp_s)),
)
"""The filters in the order they run; the first one a row fails gives its reason. Unicode's
normal form comes first (a ligature is junk before it is anything else); our other filters come
after the paper's (and the earlier additions: duplicates, closer elsewhere, forms), so they only
judge what those let through and every earlier reason stays as it was."""


def paper_only(options: CandidateOptions) -> CandidateOptions:
    """The same options with every filter of ours switched off: the paper's core (and the
    earlier additions), to compare with or to reproduce runs made before our filters."""
    ours = {name: False for step in STEPS if step.ours for name in step.switches}
    return replace(options, **ours)
