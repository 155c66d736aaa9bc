"""BiasWords page: find new biased word sets near a known one, curate them, draw and validate.

All computing happens in `bias.discovery`, every explanation in `bias.report.biaswords_text` and
the chart in `bias.report.charts.biaswords`; this page only draws widgets and calls them.

State: the curated candidates live on disk in this tab's workspace (the `?draft=` id the WEAT page
uses too, `curation.save_curation(..., workspace)`), so they survive page switches, reloads and
restarts, and two visitors never see each other's edits; "Save as shared curation" and "Open the
shared curation" copy on purpose. Generating again never replaces a different curation silently:
the fresh candidates wait in session state until the user presses "Replace my curation", and the
replaced curation is kept as a backup that "Restore the previous curation" swaps back. The editor's
widget key carries a generation number that changes whenever the table is replaced, so old cell
edits are never applied to a new table. The last draws are kept in session state.
"""

from __future__ import annotations

import re
from dataclasses import replace

import polars as pl
import streamlit as st
from streamlit.errors import StreamlitAPIException

from bias.analysis import biaswords
from bias.analysis.biaswords import BiasWordsAnalysis, BiasWordsOptions
from bias.bounds import bound_of
from bias.compute import configured_scheduler
from bias.discovery.biaswords import pool_wordsets
from bias.discovery.candidates import CandidateOptions, with_decisions
from bias.discovery.curation import (
    MAX_FILE_BYTES,
    SHARED,
    DamagedCuration,
    apply_curation_table,
    backup_path,
    copy_curation,
    curation_csv,
    curation_differs,
    curation_path,
    legacy_curation,
    load_curation,
    read_curation_csv,
    replace_curation,
    restore_previous_curation,
    save_curation,
)
from bias.discovery.judged import CONCEPT_RUNS, concept_precision, pool_precision
from bias.discovery.options import MIN_ZIPF
from bias.discovery.pos import UPOS_TAGS, pos_label, tagger_name
from bias.discovery.sampling import DrawOptions, draw_sizes
from bias.discovery.saved_draws import save_draw
from bias.discovery.table import FIT_DECIMALS, SHOWN
from bias.errors import BiasInputError
from bias.report.biaswords_html import biaswords_report_html
from bias.report.biaswords_text import (
    NOT_INDEPENDENT,
    POOL_QUALITY,
    baseline_line,
    baseline_meaning,
    best_draw_line,
    curation_label,
    draws_table,
)
from bias.report.charts.biaswords import draws_figure
from bias.report.markup import md
from bias.report.note_sentences import notes_text, tagging_hint
from bias.report.text import format_d, format_p, p_phrase
from bias.vectors.catalog import language_name
from bias.wordsets import SET_KEYS, WordSet
from bias.wordsets.library import all_wordsets
from bias.wordsets.ordering import first_gender_test
from views import state
from views.encoder_panel import vocabulary_for
from views.jobs import job_slot, run_job
from views.operator import confirmed
from views.shared import (
    DRAFT_PARAM,
    field_bounds,
    persistent,
    put,
    report_button,
    restore,
    sidebar,
    user_errors,
)
from views.uploads import upload_mb

# The paper's German seed tests (WEAT 5–8, GER-1/GER-2) that are bundled; the German WEAT 5/6 of
# Kurpicz-Briki 2020 are not public (wordsets/README.md). A comment, not a docstring: pages hold no
# bare strings (tests/views/test_pages_static.py).
PAPER_SEEDS = ("weat7-ger", "weat8-ger", "ger1", "ger2")
FIRST_SEEDS = (*PAPER_SEEDS, "weat6")

EDITABLE = ("kept", "candidate")
TABLE_HEIGHT = 740  # 20 rows of the data editor at once (35 px a row and the header), not 11
DEFAULTS = BiasWordsOptions().candidates
DRAW_DEFAULTS = BiasWordsOptions().draws
MAJORITY = "majority of its seeds"
OUR_FILTERS = (
    ("names_vs_nouns", "Names and nouns apart",
     "A set of names keeps first names only (a names dictionary), a set of nouns drops names: "
     "no surnames among first names, no 'sister' among female names, no 'Anna' among nouns."),
    ("drop_other_gender", "Drop the other gender",
     "In a male or female set, drop a word of the other gender: 'husband' among female terms, "
     "a female name among male names."),
    ("drop_off_type_seeds", "Drop neighbours of seeds of another word type",
     "Drop the neighbours of a seed tagged as another word type than its set: sports words near "
     "the adjective 'professional' among career nouns, 'gentiment' near the pronoun 'lui'."),
    ("drop_genderless", "Drop words for anyone",
     "In a male or female set, drop a word whose meaning has no gender ('child', 'parents', "
     "'individu'), as long as the set keeps 10 words; the rest stay, flagged."),
    ("drop_weak_side", "Drop words off their set's side",
     "Drop a word that leans to its set (against the opposed set) less than its seeds do: a "
     "seed's other sense, such as sports near 'professional' or holidays near 'wedding'."),
    ("drop_seed_forms", "Drop forms of the seeds",
     "Drop a word with the same lemma as a seed (girls for girl, geometries for geometry), "
     "however many letters differ."),
    ("drop_ending_neighbours", "Drop spelling neighbours",
     "Drop a word that shares only a long ending with its seed ('accumulation' near "
     "'addition'): vectors built from word pieces (fastText, spaCy) put such words close."),
    ("drop_function_words", "Drop function words",
     "Drop the language's stop words ('le', 'cela', 'himself')."),
    ("normal_form", "Unicode normal form",
     "Drop ligature junk ('ﬁlm') and, where the embedding keeps capitals, all-capital variants "
     "of a word it also holds ('ROGER' beside 'Roger')."),
)  # fmt: skip


def editor_key(embedding: str, wordset_id: str) -> str:
    """The data editor's widget key for one table generation (tests seed edits through it)."""
    generation = st.session_state.get(f"biaswords.generation.{embedding}.{wordset_id}", 0)
    return f"_biaswords.editor.{embedding}.{wordset_id}.{generation}"


def workspace() -> str:
    """This tab's workspace: its draft id (`views.shared` gives every tab one)."""
    return state.draft_id() or SHARED


def seed_tests(language: str) -> list[WordSet]:
    """The word sets of the embedding's language: a gender test first (the paper's German seed
    tests, Caliskan's WEAT 6 names/career/family, else the language's own first gender test),
    then in natural order (WEAT 2 before 10)."""
    tests = all_wordsets(language) or all_wordsets()
    gender = first_gender_test(language)
    first = (*FIRST_SEEDS, gender.id) if gender else FIRST_SEEDS

    def order(ws: WordSet) -> tuple:
        natural = tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", ws.id))
        return (ws.id not in first, ws.origin == "user", natural)

    return sorted(tests, key=order)


def candidate_options(language: str) -> CandidateOptions:
    tagger = tagger_name(language)  # which tagger, without loading it
    with st.expander("Filters", expanded=False):
        cols = st.columns(3)
        neighbours = cols[0].number_input(
            "Neighbours per seed", **field_bounds(CandidateOptions, "neighbours"),
            **persistent("biaswords.k", DEFAULTS.neighbours),
            help="How many of each seed word's nearest words become candidates.",
        )  # fmt: skip
        min_edit = cols[1].number_input(
            "Minimum letters different", **field_bounds(CandidateOptions, "min_edit"),
            **persistent("biaswords.min_edit", DEFAULTS.min_edit),
            help="A candidate must differ from its seed by at least this many letters, so "
            "'doctors' is not offered as a new word for 'doctor'.",
        )  # fmt: skip
        zipf = cols[2].number_input(
            "Frequency floor (Zipf, 0 = off)", float(MIN_ZIPF.low), float(MIN_ZIPF.high), step=0.5,
            **persistent("biaswords.zipf", 0.0),
            help="Hide rare words: Zipf 3 is about once per million words (wordfreq).",
        )  # fmt: skip
        # One checkbox per line: their labels stay whole at any width (800 px included).
        if tagger is None:
            pos = st.checkbox(
                f"Same word type (off: no tagger for {language_name(language)})", value=False,
                disabled=True, key="_biaswords.pos_off",
            )  # fmt: skip
        else:
            pos = st.checkbox(
                "Same word type", **persistent("biaswords.pos", DEFAULTS.pos_filter),
                help=f"Keep a candidate only if its word type (noun, name, adjective…) goes with "
                f"its set's: the type most of the set's seed words have, or the one you choose "
                f"below. Words of {language_name(language)} are tagged by {tagger}.",
            )  # fmt: skip
        edit = st.checkbox(
            "Letters different", **persistent("biaswords.edit", DEFAULTS.edit_filter),
            help="Apply the minimum number of different letters above.",
        )  # fmt: skip
        clean = st.checkbox(
            "Clean-up", **persistent("biaswords.clean", DEFAULTS.clean),
            help="Drop numbers, punctuation and web addresses, and repeats of a word.",
        )  # fmt: skip
        seeds = st.checkbox(
            "Drop seed words", **persistent("biaswords.seeds", DEFAULTS.drop_seed_words),
            help="Do not offer a word that is already in one of the four seed sets.",
        )  # fmt: skip
        opposite = st.checkbox(
            "Drop words nearer the opposite set",
            **persistent("biaswords.opposite", DEFAULTS.drop_opposite),
            help="Drop a candidate of the male names that lies closer to the female names (a "
            "'wife'), as the paper did by hand.",
        )  # fmt: skip
        attribute_like = st.checkbox(
            "Drop target words nearer an attribute",
            **persistent("biaswords.attribute_like", DEFAULTS.drop_attribute_like),
            help="Drop a candidate for X or Y that lies closer to the attribute words (A, B) "
            "than to its own set: 'husband' or 'mother' near the female names, but nearer the "
            "family words.",
        )  # fmt: skip
        forms = st.checkbox(
            "One form per word", **persistent("biaswords.forms", DEFAULTS.group_forms),
            help="Of director and directors (or colour and color) keep only the closer one.",
        )  # fmt: skip
        ambiguous = st.checkbox(
            "Keep neighbours of ambiguous seeds",
            **persistent("biaswords.ambiguous", DEFAULTS.keep_ambiguous),
            help="A seed found only under another spelling that means something else here "
            "(the name Bill found as the noun 'bill') is flagged; its neighbours are dropped "
            "unless you tick this.",
        )  # fmt: skip
        concept = concept_fit_options()
        st.caption("Our filters (not the paper's; each catches a kind of mistake the paper's "
                   "filters let through):")
        ours = {
            field: st.checkbox(label, **persistent(f"biaswords.{field}", getattr(DEFAULTS, field)),
                               help=help_text)
            for field, label, help_text in OUR_FILTERS
        }  # fmt: skip
        chosen = {}
        if tagger is None:
            st.caption(f"No part-of-speech tagger is installed for {language_name(language)}, so "
                       "word types are not compared and not shown. " + tagging_hint(language))
        else:
            st.caption(f"Word type each set's candidates must go with (tagger: {tagger}):")
            kinds = [*st.columns(2), *st.columns(2)]  # two per row, so the choice reads whole
            for col, key in zip(kinds, SET_KEYS, strict=True):
                tag = col.selectbox(
                    f"Set {key}", [MAJORITY, *UPOS_TAGS], format_func=_kind_label,
                    **persistent(f"biaswords.setpos.{key}", MAJORITY),
                )  # fmt: skip
                if tag != MAJORITY:
                    chosen[key] = tag
    return CandidateOptions(
        neighbours=int(neighbours), min_edit=int(min_edit), pos_filter=pos, edit_filter=edit,
        clean=clean, drop_seed_words=seeds, min_zipf=float(zipf) or None,
        drop_opposite=opposite, drop_attribute_like=attribute_like, group_forms=forms,
        keep_ambiguous=ambiguous,
        set_pos=chosen or None,
        **ours, **concept,
    )  # fmt: skip


def concept_fit_options() -> dict:
    """Concept fit's switch and its thresholds (issue 36; `bias.discovery.concept_fit`): a
    concept set's words judged against the whole set, each signal a column of the table."""
    st.caption("Concept sets (career, family, maths: not names, not male or female terms), "
               "judged against the whole set:")
    on = st.checkbox(
        "Judge concept sets by the whole set", **persistent("biaswords.concept_fit",
                                                             DEFAULTS.concept_fit),
        help="A neighbour of one seed is often a neighbour of its other sense ('fees' near "
        "'salary'). Each kept word of a concept set is scored against the whole set (the "
        "Concept rank, Lean, Seeds near and, with the encoder, Name lean columns) and "
        "dropped, with the figure, by the thresholds here; the set always keeps 10 words. "
        "Its seeds are searched wider.",
    )  # fmt: skip
    cols = [*st.columns(2), *st.columns(2), *st.columns(2)]  # two per row: whole labels at 800 px
    wide = cols[0].number_input(
        "Neighbours per concept seed", **field_bounds(CandidateOptions, "concept_neighbours"),
        **persistent("biaswords.concept_neighbours", DEFAULTS.concept_neighbours), disabled=not on,
        help="How many nearest words of each seed of a concept set become candidates while "
        "concept fit judges them (the other sets keep 'Neighbours per seed').",
    )  # fmt: skip
    rank = cols[1].number_input(
        "Concept rank at most (0 = off)", min_value=0,
        max_value=bound_of(CandidateOptions, "max_fit_rank").high,
        **persistent("biaswords.max_fit_rank", DEFAULTS.max_fit_rank or 0), disabled=not on,
        help="How many of the 100,000 most frequent words may lie nearer a candidate than its "
        "set's centre: a word of the concept has the concept among its nearest words.",
    )  # fmt: skip
    lean_bound = bound_of(CandidateOptions, "min_fit_lean")
    lean = cols[2].number_input(
        "Lean at least (× the seeds' median)", float(lean_bound.low), float(lean_bound.high),
        step=0.1, **persistent("biaswords.min_fit_lean", float(DEFAULTS.min_fit_lean or 0.0)),
        disabled=not on,
        help="Similarity with the set's centre minus with the opposed set's, against the same "
        "for the seeds (each without itself): 1 = as far on the set's side as a typical seed.",
    )  # fmt: skip
    seeds = cols[3].number_input(
        "Seeds near at least (0 = off)", **field_bounds(CandidateOptions, "min_fit_seeds"),
        **persistent("biaswords.min_fit_seeds", DEFAULTS.min_fit_seeds), disabled=not on,
        help="How many of the set's seeds must be as similar to the word as the seeds are to "
        "each other: a word near one seed only is near that seed's other sense.",
    )  # fmt: skip
    keep = cols[4].number_input(
        "Keep per set on name lean (0 = off)", min_value=0,
        max_value=bound_of(CandidateOptions, "concept_keep").high,
        **persistent("biaswords.concept_keep", DEFAULTS.concept_keep or 0), disabled=not on,
        help="With the bundled encoder: a concept set keeps its best words on the Name lean "
        "column (the encoder's similarity with a search for a word of the set, 'Career word', "
        "minus with the same for the opposed set), and the three thresholds above only show. "
        "Without the encoder, or at 0, the thresholds above decide, and a note says so.",
    )  # fmt: skip
    return {"concept_fit": on, "concept_neighbours": int(wide),
            "max_fit_rank": int(rank) or None, "min_fit_lean": float(lean),
            "min_fit_seeds": int(seeds), "concept_keep": int(keep) or None}  # fmt: skip


def _kind_label(tag: str) -> str:
    return tag if tag == MAJORITY else pos_label(tag)


def bump_generation(embedding, wordset: WordSet) -> None:
    """A new editor key, so cell edits made to the old table are not applied to the new one."""
    key = f"biaswords.generation.{embedding.name}.{wordset.id}"
    st.session_state[key] = st.session_state.get(key, 0) + 1


def generate(embedding, wordset: WordSet, options: BiasWordsOptions, space: str) -> None:
    """Generate button; a different saved curation is only replaced after the user confirms."""
    pending_key = f"biaswords.pending.{embedding.name}.{wordset.id}"
    if st.button("Generate candidates", type="primary", icon=":material/travel_explore:"):
        with st.status("Finding nearest neighbours and filtering them…", expanded=False) as status:
            fresh = biaswords.candidates(options, embedding, wordset)
            if _damaged(embedding, wordset, space) or not curation_differs(fresh, space):
                st.session_state.pop(pending_key, None)
                replace_curation(fresh, space)  # a damaged file is kept as the backup
                bump_generation(embedding, wordset)
                status.update(label="Candidates ready", state="complete")
            else:
                st.session_state[pending_key] = fresh
                status.update(
                    label="Candidates ready; your curation is unchanged", state="complete"
                )
    pending = st.session_state.get(pending_key)
    if pending is None:
        return
    st.warning(
        "You already have a curation of this test that differs from the new candidates (your "
        "Keep ticks and spelling edits, or other filters). It stays as it is unless you replace "
        "it; if you do, it is kept as a backup that **Restore the previous curation** brings back "
        "(older backups are never deleted either: they stay beside it on disk, numbered).",
        icon=":material/warning:",
    )
    cols = st.columns(2)
    if cols[0].button("Replace my curation", key="_biaswords.replace", icon=":material/sync:"):
        replace_curation(pending, space)
        st.session_state.pop(pending_key, None)
        bump_generation(embedding, wordset)
        st.rerun()
    if cols[1].button("Keep my curation", key="_biaswords.keep_mine", icon=":material/undo:"):
        st.session_state.pop(pending_key, None)
        st.rerun()


def _damaged(embedding, wordset: WordSet, space: str) -> bool:
    try:
        load_curation(embedding.name, wordset.id, space)
    except DamagedCuration:
        return True
    return False


def sharing(embedding, wordset: WordSet, space: str, candidates) -> None:
    """Export and import as CSV, and the explicit copies to and from the shared curation."""
    with st.expander("Export, import, share", expanded=False):
        cols = st.columns(2)
        cols[0].download_button(
            "Download the table (CSV)", curation_csv(candidates),
            file_name=f"biaswords-{wordset.id}-{embedding.name}.csv", mime="text/csv",
            icon=":material/download:",
            help="Open it in a spreadsheet, or apply it from a script with "
            "`python -m bias biaswords --curation FILE.csv`.",
        )  # fmt: skip
        upload = cols[1].file_uploader(
            "Import a curated table (CSV)", type=["csv"], key="_biaswords.import",
            max_upload_size=upload_mb(MAX_FILE_BYTES),
            help="A table downloaded here, perhaps edited in a spreadsheet; your current "
            "curation is kept as the backup.",
        )  # fmt: skip
        if upload is not None and st.button("Use the imported table", icon=":material/upload:"):
            with user_errors():
                imported = apply_curation_table(
                    candidates, wordset, read_curation_csv(upload.getvalue())
                )
                replace_curation(imported, space)
                bump_generation(embedding, wordset)
                st.rerun()
        st.caption(
            "Your curation is yours: other visitors of this server do not see it. To hand it "
            "to colleagues, save it as the shared curation; anyone can then open a copy."
        )
        cols = st.columns(2)
        shared = curation_path(embedding.name, wordset.id, SHARED).exists()
        with cols[0]:
            share = confirmed(
                "curation.shared", "Save as shared curation",
                "Replace the shared curation of this test for every visitor (the current one is "
                "kept as its backup)?", icon=":material/group:",
            ) if shared else st.button("Save as shared curation", icon=":material/group:")
        if share:
            copy_curation(embedding.name, wordset.id, space, SHARED)
            st.success("Saved as the shared curation of this test (the previous one is kept).")
        with cols[1]:
            open_shared(embedding, wordset, space, key="_biaswords.open_shared")


def open_shared(embedding, wordset: WordSet, space: str, key: str) -> None:
    """The button that copies the shared curation into this tab's own (if there is one)."""
    if space == SHARED or not curation_path(embedding.name, wordset.id, SHARED).exists():
        return
    if st.button(
        "Open the shared curation", key=key, icon=":material/file_open:",
        help="Copy the shared curation of this test into your own; yours, if any, is kept as "
        "the backup.",
    ):  # fmt: skip
        with user_errors():
            copy_curation(embedding.name, wordset.id, SHARED, space)
            bump_generation(embedding, wordset)
            st.rerun()


def show_candidates(embedding, wordset: WordSet, options: BiasWordsOptions, space: str):
    """Generate button, the curation editor (auto-saved), and the curated candidates returned."""
    generate(embedding, wordset, options, space)
    try:
        candidates = load_curation(embedding.name, wordset.id, space)
    except DamagedCuration as exc:
        st.error(md(str(exc)), icon=":material/error:")
        return None
    if candidates is None:
        st.info("No candidates yet for this test and embedding: press **Generate candidates**.")
        open_shared(embedding, wordset, space, key="_biaswords.open_shared_first")
        earlier = legacy_curation(embedding.name, wordset.id)
        if earlier is not None and st.button(
            "Open the curation saved by an earlier version", icon=":material/history:",
            help="Curations used to be shared by all visitors; this copies that one into yours "
            "(the old file stays where it is).",
        ):  # fmt: skip
            replace_curation(earlier, space)
            bump_generation(embedding, wordset)
            st.rerun()
        return None
    # "No tagger" is said above, in the filters, with how to switch tagging on.
    for note in notes_text(n for n in candidates.notes if n.code != "no_tagger"):
        st.caption(md(note))
    for group in candidates.ambiguous.values():
        for seed in group:
            text = seed.describe()
            st.warning(md(text[0].upper() + text[1:] + "."), icon=":material/help:")
    tagger = candidates.tagger or "none (word types were not compared)"
    kinds = ", ".join(f"{k} {pos_label(v)}" for k, v in candidates.set_pos.items() if v)
    kept = int(candidates.table["kept"].sum())
    st.caption(
        f"{candidates.table.height} neighbours, {kept} kept · tagger for "
        f"{md(candidates.language)}: {md(tagger)}"
        + (f" · word types: {md(kinds)}" if kinds else "") + " · "
        "tick **Keep** to restore a dropped word, untick to drop one, edit a spelling in place; "
        "every change is saved at once."
    )
    if backup_path(embedding.name, wordset.id, space).exists() and st.button(
        "Restore the previous curation", key="_biaswords.restore", icon=":material/history:",
        help="The curation that the last replacement set aside; the current one is set aside in "
        "its place, so nothing is lost.",
    ):  # fmt: skip
        restore_previous_curation(embedding.name, wordset.id, space)
        bump_generation(embedding, wordset)
        st.rerun()
    shown = with_decisions(candidates.table)
    edited = st.data_editor(
        shown,
        key=editor_key(embedding.name, wordset.id),
        num_rows="fixed",
        hide_index=True,
        width="stretch",
        height=TABLE_HEIGHT,
        disabled=[c for c in shown.columns if c not in EDITABLE],
        # The decision and its reasons first, beside the word (pinned): at 800 px the reasons
        # were off-screen and 'Check' was cut even at 1400. Pixel widths that add up to the
        # 528 px of an 800 px window (an editable header needs 72 for its pencil); the rest scrolls
        # beside the pinned word.
        column_order=[
            "kept", "candidate", "verdict", "check", "set", "seed", "similarity",
            *(column + SHOWN for column in FIT_DECIMALS),
            *(("pos", "seed_pos") if candidates.tagger else ()),
        ],
        column_config={
            "kept": st.column_config.CheckboxColumn("Keep", help="Use this word in the draws",
                                                    width=72, pinned=True),
            "set": st.column_config.TextColumn("Set", width=48),
            "seed": st.column_config.TextColumn("Seed", help="The seed word it is near",
                                                width=96),
            "candidate": st.column_config.TextColumn("Candidate", help="Edit to fix a spelling",
                                                     width=110, pinned=True),
            "similarity": st.column_config.NumberColumn(
                "Similarity", format="%.3f", width=80,
                help="How close the candidate is to its seed (cosine similarity: 1 = same "
                "direction, 0 = unrelated).",
            ),
            "pos": st.column_config.TextColumn(
                "Word type", help="The candidate's part of speech, tagged on its own (NOUN noun, "
                "PROPN name, ADJ adjective, VERB verb, X other…)."
            ),
            "seed_pos": st.column_config.TextColumn(
                "Seed's word type", help="The seed's own tag; the set's word type (the majority "
                "of its seeds) is what candidates are compared with."
            ),
            "fit_rank" + SHOWN: st.column_config.TextColumn(
                "Concept rank", width=96, help="Concept fit: how many frequent words lie nearer "
                "this word than its set's centre (small = the concept is among its nearest "
                "words). Blank where concept fit did not judge the word."),
            "fit_lean" + SHOWN: st.column_config.TextColumn(
                "Lean", width=64, help="Concept fit: similarity with the set's "
                "centre minus with the opposed set's centre."),
            "fit_seeds" + SHOWN: st.column_config.TextColumn(
                "Seeds near", width=80, help="Concept fit: how many of the set's seeds are as "
                "similar to it as the seeds are to each other."),
            "fit_name" + SHOWN: st.column_config.TextColumn(
                "Name lean", width=80, help="Concept fit, from the bundled "
                "encoder: similarity with a search for a word of the set ('<name> word') minus "
                "with the same for the opposed set. "
                "Blank without the encoder (the notes say why)."),
            "verdict": st.column_config.TextColumn(
                "Why dropped",
                width=184,
                help="The filter's reason, kept when you override it ('dropped by the filter, "
                "kept by you'); your own drops say so. Click a cell to read all of it.",
            ),
            "check": st.column_config.TextColumn(
                "Check", width=150, help="Something a person should look at, e.g. a word "
                "near both sides of a pair, or a seed that means something else here. Click a "
                "cell to read all of it."
            ),
        },
    )
    curated = candidates.with_table(edited)
    why_dropped(shown)
    reviewed = st.checkbox(
        "I have checked every kept word", value=candidates.reviewed,
        key=f"_biaswords.reviewed.{embedding.name}.{wordset.id}",
        help="Marks the pool as curated by hand even where you agreed with every filter; "
        "without a hand decision or this mark, draws are labelled exploratory.",
    )  # fmt: skip
    curated = replace(curated, reviewed=reviewed)
    if not curated.table.equals(candidates.table) or reviewed != candidates.reviewed:
        save_curation(curated, space)
        st.rerun()  # redraw from the saved table, so "Why dropped" shows the new decision
    sharing(embedding, wordset, space, curated)
    precision_note()
    return curated


def why_dropped(shown: pl.DataFrame) -> None:
    """Every reason of a word in full, wrapped: a grid cell cuts a long reason at its edge."""
    word = st.text_input(
        "Read why a word was dropped, in full", key="_biaswords.why",
        placeholder="Type a word of the table (or its first letters)",
    ).strip().casefold()  # fmt: skip
    if not word:
        return
    rows = shown.filter(pl.col("candidate").str.to_lowercase().str.starts_with(word))
    if rows.is_empty():
        st.caption(f"No candidate starts with “{md(word)}”.")
        return
    st.table(rows.head(WHY_ROWS).select(
        pl.col("set").alias("Set"), pl.col("candidate").alias("Candidate"),
        pl.col("seed").alias("Seed"), pl.col("verdict").alias("Why dropped"),
        pl.col("check").alias("Check")))  # fmt: skip
    if rows.height > WHY_ROWS:
        st.caption(f"The first {WHY_ROWS} of {rows.height} rows; type more letters.")


WHY_ROWS = 12


def precision_note() -> None:
    """How often kept words were right, per set, from the words judged by hand (`judged`)."""
    with st.expander("How often kept words are right, per set (judged by hand)"):
        concept = concept_precision()
        st.markdown(
            "**Concept sets, with concept fit (issue 36).** Every word the default run keeps in "
            "the concept sets of four runs, shuffled, judged by a reader who did not tune the "
            "filters, under a strict rule (career: work life and jobs, not finance or "
            "institutions in general; family: family members and family life; maths: "
            "mathematics, not computing or accounting; `tests/discovery/precision/concepts/"
            "RULE.md`). A run of your own is not judged: curate it.")  # fmt: skip
        st.dataframe(_precision_rows(concept), hide_index=True, width="stretch")
        st.markdown(
            "**Whole pools before concept fit (issue 22)**, judged by an automated reader under "
            "the earlier, more lenient rule (`tests/discovery/precision/README.md`).")
        st.dataframe(_precision_rows(pool_precision()), hide_index=True, width="stretch")


def run_label(run: str) -> str:
    """`glove-weat6` as a person reads it: "weat6 on glove-6b-50d"."""
    embedding, wordset, _ = CONCEPT_RUNS.get(run, (run, run, ""))
    return f"{wordset} on {embedding}" if run in CONCEPT_RUNS else run


def _precision_rows(found) -> pl.DataFrame:
    return pl.DataFrame({
        "Run": [run_label(p.run) for p in found], "Set": [f"{p.set} {p.set_name}" for p in found],
        "Right": ["not judged yet" if p.right is None else
                  f"{p.right} of {p.words} ({p.share:.0%})" for p in found],
    }, schema={"Run": pl.String, "Set": pl.String, "Right": pl.String})  # fmt: skip


def show_draws(embedding, wordset: WordSet, first: WordSet, curated,
               options: BiasWordsOptions) -> None:
    st.subheader("Draw and validate")
    cols = st.columns(3)
    draws = cols[0].number_input(
        "Draws", **field_bounds(DrawOptions, "draws"),
        **persistent("biaswords.draws", DRAW_DEFAULTS.draws),
    )
    seed = cols[1].number_input(
        "Random seed", **field_bounds(DrawOptions, "seed"),
        **persistent("biaswords.seed", DRAW_DEFAULTS.seed),
    )
    iterations = cols[2].number_input(
        "WEAT reshufflings per draw", **field_bounds(DrawOptions, "iterations"), step=1000,
        **persistent("biaswords.iterations", DRAW_DEFAULTS.iterations),
        help="Only used when a draw's sets are too big for the exact test (8 + 8 words are exact).",
    )  # fmt: skip
    result_key = f"biaswords.sampling.{embedding.name}.{wordset.id}"
    draw_clicked = st.button("Draw new sets and run WEAT on each", icon=":material/casino:")
    job = job_slot()
    if draw_clicked:
        options = replace(options, draws=replace(
            DRAW_DEFAULTS, draws=int(draws), seed=int(seed), iterations=int(iterations)))
        biaswords.check(options, first)  # over the budget: said now, not after queueing
        st.session_state[result_key] = run_job(
            job, "Drawing and validating, and the same for random words",
            lambda: biaswords.draw(options, embedding, wordset, curated,
                                   sizes=draw_sizes(first), scheduler=configured_scheduler()),
        )
    analysis: BiasWordsAnalysis | None = st.session_state.get(result_key)
    if analysis is None:
        return
    sampling = analysis.sampling
    if sampling.exploratory:
        st.warning(md(curation_label(sampling)), icon=":material/science:")
    else:
        st.caption(md(curation_label(sampling)))
    summary = sampling.summary
    q = summary.effect_size_quantiles
    metrics = [*st.columns(2), *st.columns(2)]  # two per row: labels stay whole at 800 px
    metrics[0].metric(
        f"Significant draws (p < {summary.alpha:g})",
        f"{summary.share_significant:.0%}",
        help="How often a random pick from your kept candidates shows the bias; not a p-value, "
        "and no sign of a good pool: neighbours of biased words come out significant whatever "
        "they mean.",
    )
    if sampling.baseline is not None:
        metrics[1].metric(
            "Baseline: random words",
            f"{sampling.baseline.summary.share_significant:.0%}",
            help="The same draws from random words of the same sizes, frequency band and word "
            "type: how often an unrelated set comes out significant on this embedding.",
        )
    metrics[2].metric(
        "Median effect size d", f"{q[0.5]:.2f}",
        help="WEAT's d: the difference of the mean associations of X and Y over their standard "
        "deviation. 0.2 is small, 0.8 large; it can exceed 2 when X and Y differ in size.",
    )  # fmt: skip
    metrics[3].metric(
        "Best draw, p corrected", format_p(summary.best_p_holm),
        help="The most significant draw's p after Holm's correction for having picked it "
        "among all the draws (its raw p is below).",
    )  # fmt: skip
    meaning = baseline_meaning(sampling)
    if meaning:
        st.info(md(meaning), icon=":material/balance:")
    st.plotly_chart(draws_figure(sampling), width="stretch")
    base = baseline_line(sampling)
    if base:
        st.caption(md(base))
    st.caption(NOT_INDEPENDENT + " " + POOL_QUALITY)
    if any(sampling.unavailable.values()):
        missing = ", ".join(w for words in sampling.unavailable.values() for w in words)
        st.warning(f"Not in the embedding under that spelling, so never drawn: {md(missing)}.")

    st.caption(md(best_draw_line(sampling) + "."))
    report_button(lambda: biaswords_report_html(analysis.run),
                  f"biaswords-{wordset.id}-{embedding.name}_report.html",
                  "the draws and their baseline, what they do and do not show, the kept "
                  "candidates, the chart and the curated table (reproduce draws again from it)")
    ranked = sampling.ranked()
    chosen = st.selectbox(
        "Draw to show and save",
        options=[d.index for d in ranked],
        format_func=lambda i: (
            f"Draw {i}: {p_phrase(sampling.draw(i).p_value)}, "
            f"d = {format_d(sampling.draw(i).effect_size)}"
        ),
    )
    draw = sampling.draw(chosen)
    st.caption("Like the paper's Table 9: the chosen draw and the most significant others.")
    # A static table: its cells wrap, so a draw's eight words stay whole at 800 px (a data grid
    # cut them at its column's edge).
    st.table(draws_table(wordset, analysis.shown(chosen)))
    title = st.text_input("Save the chosen draw as", value=f"BiasWords {wordset.id} {chosen}")
    saved_key = f"biaswords.saved.{embedding.name}.{wordset.id}"
    if st.button("Save as word set", icon=":material/save:"):
        saved = save_draw(wordset, draw, title=title, embedding=embedding.name, sampling=sampling)
        st.session_state[saved_key] = (saved.title, saved.id)
        choose_on_weat_page(saved)
    if saved_key in st.session_state:
        where_to_use(*st.session_state[saved_key])


def choose_on_weat_page(saved: WordSet) -> None:
    """Make the set just saved the WEAT page's test, with its lists, so that 'Test it on the
    WEAT page' opens it (it opened the test chosen there before, and Run tested those lists)."""
    put(state.WEAT_LANGUAGE, saved.language)
    put(state.WEAT_PRESET, saved.id)
    for key, terms in saved.sets().items():
        put(state.weat_name_key(key), terms.name)
        put(state.weat_words_key(key), "\n".join(terms.words))


def where_to_use(title: str, wordset_id: str) -> None:
    """After "Save as word set": where the saved set can be used next, with links."""
    st.success(
        f"Saved as “{md(title)}” ({md(wordset_id)}). Its result is stored as computed, with how "
        "it was found, not as a published value. Use it next on the WEAT page (choose it as "
        "the word set; test it on another embedding) or in a Batch run (tick it among the "
        "tests, across embeddings and languages)."
    )
    draft = state.draft_id()
    query = {DRAFT_PARAM: draft} if draft else {}
    for col, (page, label, icon) in zip(st.columns(2), NEXT_PAGES, strict=True):
        with col:
            try:
                st.page_link(f"views/{page}.py", label=label, icon=icon, query_params=query)
            except StreamlitAPIException:  # this page run on its own, without the navigation
                suffix = f"?{DRAFT_PARAM}={draft}" if draft else ""
                st.markdown(f"[{label}](/{page}{suffix})")


NEXT_PAGES = (("weat", "Test it on the WEAT page", ":material/science:"),
              ("batch", "Run it in a Batch", ":material/table_chart:"))  # fmt: skip


def main() -> None:
    embedding = sidebar()
    st.title("BiasWords: discover new biased word sets")
    st.caption(
        "Kurpicz-Briki & Leoni (2021), section 2.4: the nearest neighbours of words that show a "
        "bias may show it too. Pick a seed test, curate its neighbours, draw new sets of the "
        "same sizes and validate them with WEAT."
    )
    if embedding is None or (embedding := vocabulary_for(embedding)) is None:
        st.stop()  # no embedding, or the encoder's vocabulary not yet embedded
    tests = {ws.id: ws for ws in seed_tests(embedding.language)}
    if not tests:
        st.info("There are no word sets yet; add one on the WEAT page.")
        st.stop()
    restore("biaswords.wordset", next(iter(tests)))  # restores the tab's draft after a refresh
    if st.session_state.get("biaswords.wordset") not in tests:  # e.g. another language now
        st.session_state["biaswords.wordset"] = st.session_state["_biaswords.wordset"] = next(
            iter(tests)
        )
    wordset_id = st.selectbox(
        "Seed test", options=list(tests), format_func=lambda i: tests[i].title,
        **persistent("biaswords.wordset", next(iter(tests))),
    )  # fmt: skip
    st.caption(md(tests[wordset_id].title))  # whole and wrapped: the box cuts a long one at 800 px
    restore("biaswords.pool", [])
    st.session_state["_biaswords.pool"] = [
        i for i in st.session_state["_biaswords.pool"] if i in tests and i != wordset_id
    ]
    pooled = st.multiselect(
        "Pool with more seed tests (optional)",
        options=[i for i in tests if i != wordset_id], format_func=lambda i: tests[i].title,
        **persistent("biaswords.pool", []),
        help="Candidates from several tests whose sets mean the same (e.g. male and female "
        "names in each), as the paper built its sets; draws keep the first test's sizes.",
    )  # fmt: skip
    options = None
    space = workspace()
    with user_errors():
        first = tests[wordset_id]
        wordset = pool_wordsets([first, *(tests[i] for i in pooled)])
        options = BiasWordsOptions(candidates=candidate_options(embedding.language))
    if options is None:
        st.stop()
    try:
        curated = show_candidates(embedding, wordset, options, space)
        if curated is not None:
            show_draws(embedding, wordset, first, curated, options)
    except BiasInputError as exc:
        st.error(md(str(exc)), icon=":material/error:")


main()
