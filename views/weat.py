"""WEAT page: choose or write four word lists, run the test, read the answer in plain language.

`main()` draws the page top to bottom, each part a function that is given what it shows (the
active embedding, the word sets, the chosen language), so a part can be read, and changed, alone.

State: everything the user typed is copied into plain session-state keys (`weat.*`, named in
`views.state`), which no widget owns, so it survives reruns and page switches; widget keys
(`_weat.*`) are refilled from them whenever Streamlit has dropped a widget's state. The last
result is kept through `views.state.show_result`, its charts beside it (drawn once per result,
not on every rerun).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

import streamlit as st

from bias.analysis.weat import WeatAnalysisOptions
from bias.analysis.weat import run as run_analysis
from bias.errors import BiasInputError
from bias.limits import HEAVY_WORK
from bias.report import text
from bias.report.markup import md
from bias.report.note_sentences import note_text
from bias.report.weat_report import list_caption
from bias.stats.budget import check_weat, weat_work
from bias.stats.set_reports import repeated_note
from bias.stats.weat import SetReport, WeatOptions
from bias.vectors import visitor
from bias.vectors.catalog import LANGUAGES, EmbeddingInfo, language_default, language_name
from bias.vectors.download import fasttext_estimate
from bias.vectors.embeddings import Embedding, leaves_out_shared
from bias.vectors.import_report import DEFAULT_LIMIT
from bias.vectors.server_access import ServerAccess
from bias.wordsets import DEFAULT_SET_NAMES, SET_KEYS, TermSet, WordSet
from bias.wordsets.editing import edited, save_user_wordset, titled
from bias.wordsets.library import all_wordsets, damaged_user_wordsets
from bias.wordsets.ordering import first_test, listing_order, numbered_test
from bias.wordsets.parsing import parse_words
from views import state
from views.import_panel import cancelled, run_import, word_limit
from views.jobs import job_slot, run_job
from views.operator import delete_saved_set, record_saver
from views.shared import (
    active_embedding_name,
    cached_embedding,
    cached_weat,
    chosen_embeddings,
    drafted,
    embeddings_by_name,
    field_bounds,
    persistent,
    put,
    remember,
    restore,
    scroll_to,
    set_active_embedding,
    show_error,
    sidebar,
    synced,
)
from views.uploads import vector_uploader
from views.weat_result import show_result

if TYPE_CHECKING:
    from collections.abc import Sequence

    from streamlit.delta_generator import DeltaGenerator

BLANK = ""
WEAT_DEFAULTS = WeatOptions()

# Keys only this page reads. Kept values (`views.shared.persistent`, `remember`): whether the
# other languages' tests are listed too, whether a test of another language runs anyway, and the
# fingerprint of what the shown result is for (`shown_for`). Plain session keys: the last save's
# error. Widget keys: the download's word limit and the vector uploader.
ALL_LANGUAGES = "weat.all_languages"
CROSS_LANGUAGE_OK = "weat.cross_language_ok"
SHOWN_FOR = "weat.shown_for"
# The language whose edited lists were put aside when the visitor took the offer of the same
# test in the active embedding's language ('' when none are): the button that brings them back.
DRAFT_LANGUAGE = "weat.draft_language"
SAVE_ERROR = "weat.save_error"
DOWNLOAD_WORDS = "weat.download_words"
UPLOAD = "weat.upload"
# The result's container, which Run scrolls to.
RESULT_BOX = "weat-result"

# What the lists on screen are: the chosen test and the four names and word lists.
LIST_FIELDS = (state.WEAT_PRESET, *(state.weat_name_key(key) for key in SET_KEYS),
               *(state.weat_words_key(key) for key in SET_KEYS))

# Four lists of LIST_WIDTH px in a row that wraps: side by side in the 1,000 px of a 1400 px
# window, two by two in the 530 px of an 800 px one. Four columns there were 120 px wide: set
# names were cut and the notes under the lists broke words mid-word.
LIST_WIDTH = 232
ROLES = {
    "X": "Target words, first group",
    "Y": "Target words, second group",
    "A": "Attribute words, first group",
    "B": "Attribute words, second group",
}

def preset_label(ws: WordSet, language: str) -> str:
    """The preset box's line for `ws`: marked as the visitor's own, or the paper's, and with its
    language when it is not the chosen one (listed when other languages' tests are)."""
    label = ws.title
    if ws.origin == "user":
        label = f"★ {label} (your word set)"
    elif ws.from_paper:
        label = f"{label} · paper"
    if ws.language != language:
        label = f"{label} [{ws.language}]"
    return label


def load_preset(presets: dict[str, WordSet], typed: bool = True) -> None:
    """Fill the four sets from the chosen preset (or blank): after a change of the preset box
    (its `persistent` callback), and from the page on a first visit, with `typed=False`: the
    defaults are not written to a draft until a change."""
    ws = presets.get(state.weat_preset())
    for key in SET_KEYS:
        terms = ws.sets()[key] if ws else TermSet(DEFAULT_SET_NAMES[key], ())
        put(state.weat_name_key(key), terms.name, typed=typed)
        put(state.weat_words_key(key), "\n".join(terms.words), typed=typed)
    # A title typed for saving named the lists it was typed for.
    put(state.WEAT_TITLE, "", typed=typed)


def current_sets() -> dict[str, TermSet]:
    """The four lists as the user has them now. Raises BiasInputError for an empty list."""
    sets = {}
    for key in SET_KEYS:
        words = parse_words(state.weat_words(key))
        name = state.weat_set_name(key).strip() or DEFAULT_SET_NAMES[key]
        if not words:
            raise BiasInputError(f"Set {key} ({name}) is empty; write at least one word in it.")
        sets[key] = TermSet(name, tuple(words))
    return sets


def current_wordset(presets: dict[str, WordSet], language: str) -> WordSet:
    """The test as the user has it now: the preset, or 'WEAT 7 (edited)' once a list changed
    (`bias.wordsets.editing.edited`). The title typed under 'Save' only names a saved set."""
    return edited(presets.get(state.weat_preset()), current_sets(), language)


# --- the page: language first ------------------------------------------------------------------


def leave_lists(code: str) -> None:
    """Keep the lists on screen as those of language `code` (in the tab's draft too), so that
    coming back to it brings them back: a language switch never loses an edit."""
    for field in LIST_FIELDS:
        remember(f"{field}@{code}", st.session_state.get("_" + field, st.session_state[field]))


def lists_left_in(code: str) -> dict[str, str] | None:
    """The lists the visitor left language `code` with, or None if they never left it."""
    kept = {field: f"{field}@{code}" for field in LIST_FIELDS}
    if not all(key in st.session_state or drafted(key) for key in kept.values()):
        return None
    for key in kept.values():
        restore(key, "")
    return {field: st.session_state[key] for field, key in kept.items()}


def on_language(presets: dict[str, WordSet], leaving: str) -> None:
    """After a change of the language choice (from `leaving`, the language shown when the box
    was drawn): the active embedding follows, to the one of the language this visitor chose last,
    else the one that ships with BiasWords (never another visitor's import or training), and the
    lists follow too: those the visitor left this language with (edits included), else the
    language's first test (the paper's, else WEATHub's)."""
    leave_lists(leaving)
    code = state.weat_language()
    infos = embeddings_by_name()
    default = language_default(code, infos.values(), chosen_embeddings())
    if default and infos[active_embedding_name()].language != code:
        set_active_embedding(default, chosen=False)
    left = lists_left_in(code)
    if left is None:
        first = first_test(code)
        put(state.WEAT_PRESET, first.id if first else BLANK)
        load_preset(presets)
    else:
        for field, value in left.items():
            put(field, value)
    put(CROSS_LANGUAGE_OK, False)
    remember(DRAFT_LANGUAGE, "")


def test_language(presets: dict[str, WordSet], language: str) -> str:
    """The language of the lists on screen: the chosen test's, else the page's."""
    chosen = presets.get(state.weat_preset())
    return chosen.language if chosen else language


def same_test_in(presets: dict[str, WordSet], code: str) -> WordSet | None:
    """The chosen test's own version in language `code` (English WEAT 7 → WEATHub's French
    WEAT 7: `numbered_test`), else that language's first test."""
    chosen = presets.get(state.weat_preset())
    number = listing_order(chosen)[3] if chosen is not None else None
    same = numbered_test(code, number) if number is not None else None
    return same or first_test(code)


def take_offer(presets: dict[str, WordSet], code: str, test_id: str) -> None:
    """The visitor took the same test in language `code`: the lists on screen are left in their
    language (as a language switch leaves them), and when they were edited, a button brings
    them back."""
    leaving = state.weat_language()
    try:
        edited_lists = current_wordset(presets, leaving).edited_from is not None
    except BiasInputError:  # an emptied list is an edit too
        edited_lists = True
    leave_lists(leaving)
    put(state.WEAT_LANGUAGE, code)
    put(state.WEAT_PRESET, test_id)
    load_preset(presets)
    put(CROSS_LANGUAGE_OK, False)
    remember(DRAFT_LANGUAGE, leaving if edited_lists else "")


def bring_back(presets: dict[str, WordSet], code: str) -> None:
    """Back to the lists left in language `code`, edits included, as choosing it again does (the
    active embedding follows the language)."""
    leaving = state.weat_language()
    put(state.WEAT_LANGUAGE, code)
    on_language(presets, leaving)


def language_offer(presets: dict[str, WordSet], language: str, embedding: Embedding,
                   infos: dict[str, EmbeddingInfo]) -> None:
    """When the sidebar's embedding is in another language than the lists (French chosen while
    English WEAT 7 is shown): offer the same test in the embedding's language; and after that,
    the way back to the visitor's edited lists."""
    restore(DRAFT_LANGUAGE, "")
    draft = st.session_state[DRAFT_LANGUAGE]
    if draft and draft != language and lists_left_in(draft) is not None:
        st.button(f"Bring back your {language_name(draft)} lists (edited)",
                  on_click=bring_back, args=(presets, draft), icon=":material/restore:")
    code = embedding.language
    lists_language = test_language(presets, language)
    if code == lists_language or not any(i.language == language for i in infos.values()):
        return  # the lists fit, or the page's language has no embedding (its panel says so)
    same = same_test_in(presets, code)
    st.info(
        f"The active embedding {md(embedding.name)} is {language_name(code)}, but these lists "
        f"are {language_name(lists_language)}.{offered_here(lists_language, infos)}",
        icon=":material/translate:",
    )
    if same is not None:
        st.button(f"Use {md(same.title.partition(':')[0])} instead",
                  type="primary", on_click=take_offer, args=(presets, code, same.id),
                  help="Your lists stay in their language: a button here brings them back.")


def offered_here(code: str, infos: dict[str, EmbeddingInfo], shown: int = 5) -> str:
    """A sentence naming the embeddings of language `code` on the server, which choosing the
    language did not make active (others' imports and trainings: `catalog.language_default`),
    so that the visitor knows they may take one; empty when there is none."""
    names = [name for name, info in infos.items() if info.language == code]
    if not names:
        return ""
    more = f" and {len(names) - shown:,} more" if len(names) > shown else ""
    listed = ", ".join(md(name) for name in names[:shown])
    return (f" {language_name(code)} embeddings on this server: {listed}{more}; to use one, "
            "choose it under Active embedding in the sidebar.")


def no_embedding_panel(code: str) -> None:
    """There is no embedding for `code`: say so, and offer the fastText download or an upload."""
    name = language_name(code)
    with st.container(border=True):
        st.markdown(
            f"#### There is no {name} embedding here yet\n"
            "An **embedding** is a table of word vectors learnt from a large body of text in one "
            f"language, and every test measures the bias of one embedding: a {name} test needs "
            f"{name} vectors. Download them or upload a file you have:"
        )
        try:
            access = ServerAccess.from_environment()
        except BiasInputError as exc:
            show_error(exc)
            return
        get, upload = st.tabs([f"Download fastText {name}", "Upload a vector file"])
        with get:
            words = word_limit(DOWNLOAD_WORDS)
            size = fasttext_estimate(words)
            st.caption(
                f"fastText Common Crawl vectors for {name} (`cc.{code}.300`, Grave et al. 2018, "
                f"the vectors WEATHub's reported values come from): about "
                f"{size.download_bytes / 1e6:,.0f} MB to download, "
                f"{size.cache_bytes / 1e6:,.0f} MB on disk. Needs an internet connection."
            )
            label = f"Downloading fastText {name}"
            if st.button(f"Download {name} vectors", type="primary", icon=":material/download:"):
                if run_import(label, words, lambda progress: visitor.import_fasttext(
                        code, limit=words, access=access, progress=progress)):
                    st.rerun()
            elif cancelled(label):
                st.info("Download cancelled; nothing was saved.")
        with upload:
            file = vector_uploader(f"A {name} vector file", UPLOAD, access)
            imports = st.button("Import as " + name, disabled=file is None, type="primary")
            if imports and run_import(f"Importing {file.name}", DEFAULT_LIMIT, lambda progress: (
                    visitor.import_upload(file.getbuffer(), file.name,
                                          name=visitor.chosen_name("", file.name), language=code,
                                          limit=DEFAULT_LIMIT, access=access, progress=progress))):
                st.rerun()


def language_box(column: DeltaGenerator, presets: dict[str, WordSet],
                 infos: dict[str, EmbeddingInfo], embedding: Embedding) -> str:
    """Draw the language choice in `column` and return the chosen language: every language with
    a test, an embedding or a catalogue entry, the active embedding's until one is chosen."""
    offered_languages = sorted(
        {ws.language for ws in presets.values()} | {i.language for i in infos.values()}
        | set(LANGUAGES),
        key=language_name,
    )
    language_key = restore(state.WEAT_LANGUAGE, embedding.language)
    if st.session_state[language_key] not in offered_languages:
        st.session_state[language_key] = embedding.language
    column.selectbox(
        "Language",
        offered_languages,
        **persistent(state.WEAT_LANGUAGE, embedding.language, on_change=on_language,
                     args=(presets, state.weat_language())),
        format_func=lambda c: f"{language_name(c)} ({c})",
        help="The language of the words. Its tests are listed first, and its bundled embedding "
        "(or the one of this language you chose last) becomes the active one; others are in the "
        "sidebar.",
    )
    return state.weat_language()


def restore_lists(presets: dict[str, WordSet], preset_key: str, options: Sequence[str]) -> None:
    """Bring the chosen test and its lists back (from the draft after a refresh) before their
    boxes are drawn; on a first visit, fill them from the chosen test without writing a draft."""
    if st.session_state[preset_key] not in options:
        st.session_state[preset_key] = BLANK
    first_words = state.weat_words_key(SET_KEYS[0])
    if first_words not in st.session_state and not drafted(first_words):
        remember(state.WEAT_PRESET, st.session_state[preset_key], typed=False)
        load_preset(presets, typed=False)
    for key in SET_KEYS:
        restore(state.weat_name_key(key), DEFAULT_SET_NAMES[key])
        restore(state.weat_words_key(key), "")


def test_box(column: DeltaGenerator, presets: dict[str, WordSet],
             language: str) -> tuple[WordSet | None, WordSet | None]:
    """Draw the choice of a prepared test in `column` (this language's first, the others' on
    request) and return the chosen preset and the test as the lists on screen now make it."""
    same_language = [i for i, ws in presets.items() if ws.language == language]
    others = [i for i in presets if i not in same_language]
    show_all = st.toggle(
        "Also list the tests of other languages",
        **persistent(ALL_LANGUAGES, False),
        help="A test written for another language mostly misses words in this language's vectors.",
    )
    ids = same_language + (others if show_all or not same_language else [])
    start = first_test(language)
    first_preset = start.id if start else (ids[0] if ids else BLANK)
    preset_key = restore(state.WEAT_PRESET, first_preset)
    chosen = state.weat_preset()
    options = [BLANK, *ids] + ([chosen] if chosen in presets and chosen not in ids else [])
    restore_lists(presets, preset_key, options)
    preset = presets.get(state.weat_preset())
    try:
        on_screen = current_wordset(presets, language)
    except BiasInputError:  # an empty list: said where the user runs or saves
        on_screen = preset
    # The box keeps the preset's own label even once its lists are edited: a label that changes
    # makes Streamlit treat the box as a new widget, which would reload the published lists. The
    # notice right under it says the lists are edited.
    column.selectbox(
        "Prepared test",
        options,
        **persistent(state.WEAT_PRESET, first_preset, on_change=load_preset, args=(presets,)),
        format_func=lambda i: (
            "— start from empty lists —" if i == BLANK else preset_label(presets[i], language)
        ),
        help="The paper's tests first (marked 'paper': Kurpicz-Briki & Leoni 2021), then WEATHub's "
        "(Mukherjee et al. 2023, CC BY 4.0), then your own (★).",
    )
    if not same_language:
        st.info(
            f"There are no prepared tests in {language_name(language)} yet, so all are listed. "
            "Write your own lists below, or translate one."
        )
    return preset, on_screen


def about_test(presets: dict[str, WordSet], preset: WordSet | None,
               on_screen: WordSet | None) -> None:
    """Under the choice: that the lists are edited (with the way back to the published ones),
    and the chosen test's source, licence and notes."""
    if on_screen is not None and on_screen.edited_from is not None and preset is not None:
        st.info(md(text.edited_notice(preset)), icon=":material/edit:")
        st.button(
            f"Use the published lists of {md(preset.title.partition(':')[0])} again",
            on_click=load_preset,
            args=(presets,),
            icon=":material/undo:",
        )
    if preset is not None and (preset.notes or preset.source):
        # The whole title, wrapped: the box above cuts a long one ("…: ImmigrantTe…").
        about = f"About {'' if on_screen is preset else 'the original '}{md(preset.title)}"
        with st.expander(about):
            if preset.source.get("citation"):
                st.write(md(text.source_line(preset.source)))
            if preset.licence:
                st.caption(f"Licence of the words: {md(preset.licence)}")
            for note in preset.notes:
                st.caption(md(note))


def word_list(key: str, embedding: Embedding, lists_language: str) -> int:
    """Draw list `key`'s name and words with what the embedding finds of them; return how many
    of its words the test will use, for its work budget."""
    st.text_input(
        f"{key}: name",
        **persistent(state.weat_name_key(key), DEFAULT_SET_NAMES[key]),
        help=ROLES[key],
    )
    st.text_area(
        f"{key}: words",
        **persistent(state.weat_words_key(key), ""),
        height=220,
        placeholder="one word per line",
    )
    words = tuple(parse_words(state.weat_words(key)))
    lookups = embedding.lookup_all(words)
    # Left out as the engine leaves them out: when unticked, and always across languages.
    leave_out = leaves_out_shared(state.weat_shared_rows(), lists_language, embedding.language)
    missing, fallback = text.lookup_notice(
        lookups, embedding.name,
        None if not leave_out else "" if lists_language == embedding.language
        else language_name(embedding.language))
    # Counted as the result will count them (`SetReport`), not only after Run: words with
    # a vector of their own, words that only share a frequent word's (a pruned table), and
    # repeats ('math' twice, 'Man' beside 'man'), which count once.
    name = state.weat_set_name(key).strip() or DEFAULT_SET_NAMES[key]
    report = SetReport(key, name, words, tuple(lookups), leave_out)
    counts, repeated = report.coverage, report.repeated
    st.caption(list_caption(counts, leave_out, bool(repeated)))
    if (note := repeated_note(report)) is not None:
        st.info(md(note_text(note)), icon=":material/content_copy:")
    if missing:
        st.warning(md(missing), icon=":material/search_off:")
    if fallback:
        st.info(md(fallback), icon=":material/spellcheck:")
    return len(report.used_lookups)


def word_lists(embedding: Embedding, lists_language: str) -> dict[str, int]:
    """Draw the four lists; return the words of each set the test will use."""
    st.subheader("The four word lists")
    st.caption(
        "One word per line, or separated by commas, semicolons or tabs. The notes under each list "
        "update when you click outside it (or press Ctrl+Enter)."
    )
    lists_row = st.container(horizontal=True, wrap=True, gap="small")
    columns = [lists_row.container(width=LIST_WIDTH) for _ in SET_KEYS]
    used_sizes: dict[str, int] = {}
    for column, key in zip(columns, SET_KEYS, strict=True):
        with column:
            used_sizes[key] = word_list(key, embedding, lists_language)
    return used_sizes


def advanced_options(embedding: Embedding) -> None:
    """The test's options, folded away: the defaults are the paper's."""
    with st.expander("Advanced options"):
        st.caption(
            "The p-value compares the real lists with reshuffled ones. With few words, all "
            "reshufflings can be counted (exact); otherwise a random sample of them is drawn "
            "(the paper used 100,000)."
        )
        a1, a2 = st.columns(2)  # two by two: four in a row cut their labels at 800 px
        a1.radio(
            "Method",
            ["auto", "exact", "randomized"],
            **persistent(state.WEAT_METHOD, WEAT_DEFAULTS.method),
            format_func={
                "auto": "automatic",
                "exact": "exact (all reshufflings)",
                "randomized": "randomized (random sample)",
            }.get,
            help="Automatic counts all reshufflings when there are at most a million of them.",
        )
        a2.number_input(
            "Random draws",
            **field_bounds(WeatOptions, "iterations"),
            step=10_000,
            **persistent(state.WEAT_ITERATIONS, WEAT_DEFAULTS.iterations),
            help="How many random reshufflings a randomized test draws.",
        )
        a3, a4 = st.columns(2, vertical_alignment="bottom")
        a3.number_input(
            "Seed",
            **field_bounds(WeatOptions, "seed"),
            step=1,
            **persistent(state.WEAT_SEED, WEAT_DEFAULTS.seed),
            help="The same seed gives the same randomized p-value every time.",
        )
        a4.checkbox(
            "Two-sided test",
            **persistent(state.WEAT_TWO_SIDED, WEAT_DEFAULTS.alternative == "two-sided"),
            help="Also count a bias in the opposite direction (the paper used one-sided).",
        )
        if embedding.shared is not None:
            st.checkbox(
                "Use words without a vector of their own",
                **persistent(state.WEAT_SHARED_ROWS, WEAT_DEFAULTS.shared_rows),
                help=f"{embedding.name} is a pruned table: {len(embedding.shared):,} rarer words "
                "share the vector of a more frequent one. Ticked, such a word counts with that "
                "vector (an approximation, listed in the notes); unticked, it is left out.",
            )


def run_button(presets: dict[str, WordSet], language: str, embedding: Embedding) -> bool:
    """The Run button, held back (until the visitor confirms) when the test's language is not the
    embedding's: whether it was pressed."""
    lists_language = test_language(presets, language)
    crossing = lists_language != embedding.language
    allowed = True
    if crossing:
        st.warning(
            f"This test is in {language_name(lists_language)}, but the active embedding "
            f"{md(embedding.name)} is {language_name(embedding.language)}: most words will be "
            "missing, and those found may mean something else.",
            icon=":material/translate:",
        )
        allowed = st.checkbox(
            f"Run the {language_name(lists_language)} test on "
            f"{language_name(embedding.language)} vectors anyway",
            **persistent(CROSS_LANGUAGE_OK, False),
        )
    return st.button(
        "Run test",
        type="primary",
        icon=":material/play_arrow:",
        disabled=not allowed,
    )


def lists_now() -> tuple | None:
    """What the page now holds, as a result's `made_for` records it (embedding, lists,
    options), or None when the lists cannot run."""
    try:
        return active_embedding_name(), current_sets(), state.weat_options()
    except BiasInputError:
        return None


def shown_for() -> str:
    """A fingerprint of what a result is for (embedding, lists, options), kept in the tab's
    draft with the result: a refresh restores the lists, and the result is shown again (from
    the server's cache) only while they are still the ones it was run on."""
    now = lists_now()
    return "" if now is None else hashlib.sha256(repr(now).encode()).hexdigest()


def run_test(slot: DeltaGenerator, embedding: Embedding, presets: dict[str, WordSet], language: str,
             used_sizes: dict[str, int]) -> None:
    """Run the lists on screen on the active embedding (in the server's queue when heavy) and
    keep the result for this tab, or show why it cannot run."""
    try:
        wordset = current_wordset(presets, language)
        options = state.weat_options()
        # Counted as run_weat counts it, on the words it will use (counted under the lists):
        # over the budget is said now, not after waiting for a place in the queue, and a test
        # of more than HEAVY_WORK word-draws waits for one.
        check_weat(used_sizes, options, options.ci_resamples)
        # The test and its confound checks (a few ms, and the frequency lists' load once per
        # server); the encoder's other methods are run when the result is drawn (encoder_panel),
        # so a result restored after a refresh gets them too.
        analysis = run_job(
            slot, f"Running {wordset.title} on {embedding.name}",
            lambda: run_analysis(WeatAnalysisOptions(options, encoder_methods=False),
                                 active_embedding_name(), wordset, runner=cached_weat,
                                 load=cached_embedding),
            queued=weat_work(used_sizes, options, options.ci_resamples) > HEAVY_WORK)
    except BiasInputError as exc:
        state.forget_result()
        remember(SHOWN_FOR, "")
        show_error(exc)
        return
    state.show_result(state.ShownResult(
        analysis.result, wordset, (active_embedding_name(), wordset.sets(), options),
        analysis.confounds))
    remember(SHOWN_FOR, shown_for())
    state.tests_run().add(
        (active_embedding_name(), tuple(t.words for t in wordset.sets().values())))


def save_wordset(presets: dict[str, WordSet], language: str) -> None:
    """Callback of 'Save word set': save, then make the saved set the chosen test.

    A callback (not code after the button) so the preset box can follow before it is drawn; the
    result stays valid because its lists did not change.
    """
    # The title and lists as their boxes show them, also when a box's change and this click
    # come in one rerun, or a newer rerun skipped the box's own callback (`synced`).
    for key in (*map(state.weat_name_key, SET_KEYS), *map(state.weat_words_key, SET_KEYS)):
        synced(key)
    remember(state.WEAT_TITLE, st.session_state[restore(state.WEAT_TITLE, "")])
    st.session_state.pop(SAVE_ERROR, None)
    try:
        wordset = titled(current_wordset(presets, language), state.weat_title())
        saved = save_user_wordset(wordset)
        record_saver(saved.id)
    except BiasInputError as exc:
        st.session_state[SAVE_ERROR] = str(exc)
        return
    state.say_saved(saved.id)
    put(state.WEAT_PRESET, saved.id)


def save_panel(presets: dict[str, WordSet], language: str, preset: WordSet | None) -> None:
    """Saving the lists as the visitor's own word set (and deleting a saved one), and the notice
    that the chosen test is the one just saved."""
    st.divider()
    with st.expander("Save these lists as my word set", icon=":material/save:"):
        st.text_input(
            "Title",
            **persistent(state.WEAT_TITLE, ""),
            placeholder="e.g. Swiss first names vs. foreign first names",
        )
        st.button("Save word set", on_click=save_wordset, args=(presets, language))
        if error := st.session_state.get(SAVE_ERROR):
            st.error(md(error), icon=":material/error:")
        if preset is not None and preset.origin == "user":
            delete_saved_set(preset)
    saved_id = state.saved_wordset()
    if saved_id and saved_id == state.weat_preset():
        message = text.saved_message(presets[saved_id].title if saved_id in presets else saved_id)
        st.success(md(message), icon=":material/check_circle:")
        if state.take_just_saved():
            st.toast(md(message), icon=":material/check_circle:")


def main() -> None:
    """The page, top to bottom, each part given what it shows. The test runs between the Run
    button and the result, in the rerun the press starts, so the result shows at once."""
    embedding = sidebar()
    st.title("Is there bias in these words?")
    st.write(
        "The **Word Embedding Association Test (WEAT)** checks whether two lists of *target* "
        "words (e.g. math and arts) sit closer to two lists of *attribute* words (e.g. male and "
        "female terms) in opposite ways. Choose a language and a prepared test, or write your own "
        "lists, then press **Run**."
    )
    if embedding is None:
        st.stop()

    everything = {ws.id: ws for ws in sorted(all_wordsets(), key=listing_order)}
    for problem in damaged_user_wordsets().values():
        st.warning(
            f"One of your saved word sets cannot be used: {md(problem)}", icon=":material/warning:"
        )
    infos = embeddings_by_name()
    top = st.columns([1, 3], vertical_alignment="bottom")
    language = language_box(top[0], everything, infos, embedding)
    preset, on_screen = test_box(top[1], everything, language)
    # What comes and goes above the lists (the edited notice appears with the first change)
    # sits in one container, and so does what comes and goes below them: an element inserted
    # before a box moved it, Streamlit drew it anew with the server's value, and words typed
    # into it meanwhile were lost (fields filled 50 ms apart, issue 42).
    with st.container():
        language_offer(everything, language, embedding, infos)
        if not any(info.language == language for info in infos.values()):
            no_embedding_panel(language)
        about_test(everything, preset, on_screen)
    used_sizes = word_lists(embedding, test_language(everything, language))
    advanced_options(embedding)
    with st.container():
        run = run_button(everything, language, embedding)

    restore(SHOWN_FOR, "")
    job = job_slot()
    if run:
        run_test(job, embedding, everything, language, used_sizes)
    elif state.shown_result() is None and (shown := st.session_state[SHOWN_FOR]) and (
            shown == shown_for()):
        # A refresh: the lists are back from the draft, and so is their result.
        run_test(job, embedding, everything, language, used_sizes)

    shown_result = state.shown_result()
    with st.container(key=RESULT_BOX):  # there with or without a result: the save box stays put
        if shown_result is not None:
            show_result(shown_result, everything, lists_now())
    if shown_result is not None:
        if run:  # the result is where the eyes are: Run moves the page to it
            state.count_run()
        # Drawn on every rerun, so the elements below keep their place (an expander that moves is
        # drawn anew, closed); the script runs only when the count changes.
        scroll_to(RESULT_BOX, state.runs())
    save_panel(everything, language, preset)


main()
