"""What a visitor's tab holds beyond its widgets, under one name each, with typed accessors.

A page reads and writes its results here instead of by string keys: the WEAT page's shown result
with what it was made for, its confounds and charts, the tests run in the tab, the Batch page's
rows, the Measures and Debias pages' results; what one part reads of another: the language
chosen on the WEAT page, the tab's draft id, the Embeddings page's message after a rerun; and the
keys of kept fields read outside their own widget (the WEAT page's lists and options, Batch's
choices, each measure's word set). (Typed widget values live under the keys of
`views.shared.persistent`, written to the tab's draft.) The keys stay plain strings of
`st.session_state`, so a test can read them too; a key only one page reads is that page's
constant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import streamlit as st

from bias.stats.weat import WeatOptions

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from bias.debiasing.protocol import DebiasResult
    from bias.stats.batch import BatchRow
    from bias.stats.confounds import WeatConfounds
    from bias.stats.weat import WeatResult
    from bias.wordsets import WordSet

WEAT_RESULT = "weat.result"
WEAT_RESULT_FOR = "weat.result_for"
WEAT_RESULT_WORDSET = "weat.result_wordset"
WEAT_CONFOUNDS = "weat.confounds"
WEAT_FIGURES = "weat.figures"
WEAT_TESTS_RUN = "weat.tests_run"
WEAT_RUNS = "weat.runs"
BATCH_ROWS = "batch.rows"
WEAT_LANGUAGE = "weat.language"
MEASURE_RESULTS = "measures.results"
EMBEDDINGS_DONE = "embeddings.done"
DRAFT_ID = "_draft_id"


@dataclass(frozen=True)
class ShownResult:
    """The WEAT page's last result and what belongs to it."""

    result: WeatResult
    # The test as it was run (its `edited_from` names the preset an edit came from).
    wordset: WordSet | None
    # (embedding name, sets, options) it was run on: the page says when these changed.
    made_for: tuple | None
    confounds: WeatConfounds | None


def shown_result() -> ShownResult | None:
    """The WEAT result shown in this tab, or None."""
    result = st.session_state.get(WEAT_RESULT)
    if result is None:
        return None
    return ShownResult(result, st.session_state.get(WEAT_RESULT_WORDSET),
                       st.session_state.get(WEAT_RESULT_FOR), st.session_state.get(WEAT_CONFOUNDS))


def show_result(shown: ShownResult) -> None:
    """Keep `shown` as the tab's WEAT result (its charts are drawn again for it)."""
    st.session_state[WEAT_RESULT] = shown.result
    st.session_state[WEAT_CONFOUNDS] = shown.confounds
    st.session_state[WEAT_RESULT_FOR] = shown.made_for
    st.session_state[WEAT_RESULT_WORDSET] = shown.wordset


def forget_result() -> None:
    """No WEAT result in this tab any more (a run failed): its confounds and charts go too."""
    for key in (WEAT_RESULT, WEAT_CONFOUNDS, WEAT_FIGURES):
        st.session_state.pop(key, None)


def figures_for(result: WeatResult) -> tuple[go.Figure, ...] | None:
    """The charts kept for `result` (the very object), or None when none are."""
    kept = st.session_state.get(WEAT_FIGURES)
    return kept[1] if kept is not None and kept[0] is result else None


def keep_figures(result: WeatResult, figures: tuple[go.Figure, ...]) -> None:
    st.session_state[WEAT_FIGURES] = (result, figures)


def tests_run() -> set[tuple]:
    """The distinct tests (embedding and lists) run in this tab: from the second on, a result
    says that many tries need the Batch page's correction."""
    return st.session_state.setdefault(WEAT_TESTS_RUN, set())


def count_run() -> int:
    """One more press of Run in this tab: the count the page scrolls to the result by."""
    st.session_state[WEAT_RUNS] = runs() + 1
    return st.session_state[WEAT_RUNS]


def runs() -> int:
    return st.session_state.get(WEAT_RUNS, 0)


def batch_rows() -> Sequence[BatchRow] | None:
    """The Batch page's last rows in this tab, or None."""
    return st.session_state.get(BATCH_ROWS)


def keep_batch_rows(rows: Sequence[BatchRow]) -> None:
    st.session_state[BATCH_ROWS] = rows


def weat_language() -> str | None:
    """The language chosen on the WEAT page in this tab (None before the page ran)."""
    return st.session_state.get(WEAT_LANGUAGE)


def measure_results() -> dict:
    """The Measures page's last result per input, kept while the tab lives."""
    return st.session_state.setdefault(MEASURE_RESULTS, {})


def draft_id() -> str | None:
    """This tab's draft id (`views.shared` gives every tab one), or None before it did."""
    return st.session_state.get(DRAFT_ID)


def say_done(message: str) -> None:
    """A sentence for the Embeddings page to show after the rerun that follows an import or a
    deletion."""
    st.session_state[EMBEDDINGS_DONE] = message


def take_done() -> str | None:
    """That sentence, once."""
    return st.session_state.pop(EMBEDDINGS_DONE, None)


# Debias and Embeddings pages

DEBIAS_RESULT = "debias.result"
# The Embeddings page's tabs' widget key: it keeps the chosen tab over the rerun after an import.
EMBEDDINGS_TAB = "embeddings.tab"


def debias_result() -> DebiasResult | None:
    """The Debias page's last result in this tab (without its matrix), or None."""
    return st.session_state.get(DEBIAS_RESULT)


def keep_debias_result(result: DebiasResult) -> None:
    st.session_state[DEBIAS_RESULT] = result


# Batch and Measures pages
#
# Kept values (`views.shared.persistent`) that these pages read outside their widget's own call:
# in a callback, or before the widget is drawn. Tests drive the widgets by "_" + key.
BATCH_LANGUAGES = "batch.languages"
BATCH_TESTS = "batch.tests"
MEASURES_WORDSET = "measures.wordset.{metric}"


def batch_languages() -> list[str]:
    """The languages chosen on the Batch page; its callback reads them before the page runs."""
    return st.session_state[BATCH_LANGUAGES]


def batch_tests() -> list[str]:
    """The test ids chosen on the Batch page, as kept: a draft's may name a test that is gone, so
    a reader keeps only the ids it knows."""
    return st.session_state[BATCH_TESTS]


def measures_wordset_key(metric: str) -> str:
    """Each measure keeps its own word set, so switching measures keeps each one's choice."""
    return MEASURES_WORDSET.format(metric=metric)


def measures_wordset(metric: str) -> str:
    """The word set kept for `metric` on the Measures page (it may be of another language)."""
    return st.session_state[measures_wordset_key(metric)]


# WEAT page
# The kept values of its fields (`views.shared.persistent`; each widget's key is "_" + its key).
# The tab's draft stores them under these names and tests set them through the widgets' keys, so
# they never change: a draft a visitor left yesterday must still fill in today's fields.
WEAT_PRESET = "weat.preset"
WEAT_TITLE = "weat.title"
WEAT_METHOD = "weat.method"
WEAT_ITERATIONS = "weat.iterations"
WEAT_SEED = "weat.seed"
WEAT_TWO_SIDED = "weat.two_sided"
WEAT_SHARED_ROWS = "weat.shared_rows"
# The id of the word set saved last in this tab, and whether its toast is still to be shown.
WEAT_SAVED = "weat.saved"
WEAT_JUST_SAVED = "weat.just_saved"


def weat_name_key(set_key: str) -> str:
    """The kept name of list `set_key` ("X", "Y", "A" or "B") on the WEAT page."""
    return f"weat.name.{set_key}"


def weat_words_key(set_key: str) -> str:
    """The kept words of list `set_key`, as typed (one text, parsed where they are used)."""
    return f"weat.words.{set_key}"


def weat_preset() -> str:
    """The id of the test chosen on the WEAT page ("" for empty lists); exists once the page
    has restored it."""
    return st.session_state[WEAT_PRESET]


def weat_set_name(set_key: str) -> str:
    """The name typed for list `set_key`, untrimmed."""
    return st.session_state[weat_name_key(set_key)]


def weat_words(set_key: str) -> str:
    """The words typed for list `set_key`, unparsed."""
    return st.session_state[weat_words_key(set_key)]


def weat_shared_rows() -> bool:
    """Whether words that only share a vector count: the engine's default until the field is
    drawn (it is drawn only for a pruned embedding), so the lists' counts can read it first."""
    return bool(st.session_state.get(WEAT_SHARED_ROWS, WeatOptions().shared_rows))


def weat_options() -> WeatOptions:
    """The WEAT options as the page's Advanced options hold them, the one `WeatOptions` a run,
    its fingerprint and the "changed since this result" notice all compare; exists once the page
    has drawn those fields."""
    return WeatOptions(
        method=st.session_state[WEAT_METHOD],
        iterations=int(st.session_state[WEAT_ITERATIONS]),
        seed=int(st.session_state[WEAT_SEED]),
        alternative="two-sided" if st.session_state[WEAT_TWO_SIDED] else "greater",
        shared_rows=weat_shared_rows(),
    )


def weat_title() -> str:
    """The title typed for saving the lists as a word set."""
    return st.session_state[WEAT_TITLE]


def say_saved(wordset_id: str) -> None:
    """The word set `wordset_id` was just saved: the page says so under its lists while it is the
    chosen test, and once as a toast."""
    st.session_state[WEAT_SAVED] = wordset_id
    st.session_state[WEAT_JUST_SAVED] = True


def saved_wordset() -> str | None:
    """The id of the word set saved last in this tab, or None."""
    return st.session_state.get(WEAT_SAVED)


def take_just_saved() -> bool:
    """Whether the save is still to be announced, once."""
    return st.session_state.pop(WEAT_JUST_SAVED, False)
