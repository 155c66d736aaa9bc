"""BiasWords page: find new biased word sets near a known one, curate them, draw and validate.

All computing happens in `bias.discovery`; this page only
draws widgets and calls them.

State: the curated candidates live on disk (`curation.save_curation`, one JSON file per
embedding and seed test), so they survive page switches, browser reloads and server restarts.
Generating again never replaces a different curation silently: the fresh candidates wait in session
state until the user presses "Replace my curation", and the replaced curation is kept as a backup
that "Restore the previous curation" swaps back. The editor's widget key carries a generation
number that changes whenever the table is replaced, so old cell edits are never applied to a new
table. The last draws are kept in session state.
"""

from __future__ import annotations

import plotly.graph_objects as go
import streamlit as st

from bias.discovery.candidates import CandidateOptions, generate_candidates, with_decisions
from bias.discovery.curation import (
    backup_path,
    curation_differs,
    load_curation,
    replace_curation,
    restore_previous_curation,
    save_curation,
)
from bias.discovery.sampling import DrawOptions, draw_sets, draws_table, save_draw
from bias.errors import BiasInputError
from bias.wordsets import WordSet, all_wordsets
from pages.shared import keep, persistent, sidebar, user_errors

# The paper's German seed tests (WEAT 5–8, GER-1/GER-2) that are bundled; the German WEAT 5/6 of
# Kurpicz-Briki 2020 are not public (wordsets/README.md). A comment, not a docstring: Streamlit
# would print a bare string on the page.
PAPER_SEEDS = ("weat7-ger", "weat8-ger", "ger1", "ger2")

EDITABLE = ("kept", "candidate")


def editor_key(embedding: str, wordset_id: str) -> str:
    """The data editor's widget key for one table generation (tests seed edits through it)."""
    generation = st.session_state.get(f"biaswords.generation.{embedding}.{wordset_id}", 0)
    return f"_biaswords.editor.{embedding}.{wordset_id}.{generation}"


def seed_tests(language: str) -> list[WordSet]:
    """The word sets of the embedding's language; for German the paper's seed tests first."""
    tests = all_wordsets(language) or all_wordsets()
    return sorted(tests, key=lambda ws: (ws.id not in PAPER_SEEDS, ws.origin == "user", ws.id))


def candidate_options() -> CandidateOptions:
    with st.expander("Filters", expanded=False):
        cols = st.columns(3)
        neighbours = cols[0].number_input(
            "Neighbours per seed", 1, 200, **persistent("biaswords.k", 20),
        )  # fmt: skip
        min_edit = cols[1].number_input(
            "Minimum letters different", 0, 20, **persistent("biaswords.min_edit", 3),
        )  # fmt: skip
        zipf = cols[2].number_input(
            "Frequency floor (Zipf, 0 = off)", 0.0, 8.0, step=0.5,
            **persistent("biaswords.zipf", 0.0),
            help="Hide rare words: Zipf 3 is about once per million words (wordfreq).",
        )  # fmt: skip
        toggles = st.columns(4)
        pos = toggles[0].checkbox("Part of speech", **persistent("biaswords.pos", True))
        edit = toggles[1].checkbox("Edit distance", **persistent("biaswords.edit", True))
        clean = toggles[2].checkbox("Clean-up", **persistent("biaswords.clean", True))
        seeds = toggles[3].checkbox("Drop seed words", **persistent("biaswords.seeds", True))
    return CandidateOptions(
        neighbours=int(neighbours), min_edit=int(min_edit), pos_filter=pos, edit_filter=edit,
        clean=clean, drop_seed_words=seeds, min_zipf=float(zipf) or None,
    )  # fmt: skip


def bump_generation(embedding, wordset: WordSet) -> None:
    """A new editor key, so cell edits made to the old table are not applied to the new one."""
    key = f"biaswords.generation.{embedding.name}.{wordset.id}"
    st.session_state[key] = st.session_state.get(key, 0) + 1


def generate(embedding, wordset: WordSet, options: CandidateOptions) -> None:
    """Generate button; a different saved curation is only replaced after the user confirms."""
    pending_key = f"biaswords.pending.{embedding.name}.{wordset.id}"
    if st.button("Generate candidates", type="primary", icon=":material/travel_explore:"):
        with st.status("Finding nearest neighbours and filtering them…", expanded=False) as status:
            fresh = generate_candidates(embedding, wordset, options)
            if curation_differs(fresh):
                st.session_state[pending_key] = fresh
                status.update(
                    label="Candidates ready; your curation is unchanged", state="complete"
                )
            else:
                st.session_state.pop(pending_key, None)
                replace_curation(fresh)
                bump_generation(embedding, wordset)
                status.update(label="Candidates ready", state="complete")
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
        replace_curation(pending)
        st.session_state.pop(pending_key, None)
        bump_generation(embedding, wordset)
        st.rerun()
    if cols[1].button("Keep my curation", key="_biaswords.keep_mine", icon=":material/undo:"):
        st.session_state.pop(pending_key, None)
        st.rerun()


def show_candidates(embedding, wordset: WordSet, options: CandidateOptions):
    """Generate button, the curation editor (auto-saved), and the curated candidates returned."""
    generate(embedding, wordset, options)
    candidates = load_curation(embedding.name, wordset.id)
    if candidates is None:
        st.info("No candidates yet for this test and embedding: press **Generate candidates**.")
        return None
    for note in candidates.notes:
        st.caption(note)
    tagger = candidates.tagger or "none"
    kept = int(candidates.table["kept"].sum())
    st.caption(
        f"{candidates.table.height} neighbours, {kept} kept · tagger: {tagger} · "
        "tick **Keep** to restore a dropped word, untick to drop one, edit a spelling in place; "
        "every change is saved at once."
    )
    if backup_path(embedding.name, wordset.id).exists() and st.button(
        "Restore the previous curation", key="_biaswords.restore", icon=":material/history:",
        help="The curation that the last replacement set aside; the current one is set aside in "
        "its place, so nothing is lost.",
    ):  # fmt: skip
        restore_previous_curation(embedding.name, wordset.id)
        bump_generation(embedding, wordset)
        st.rerun()
    shown = with_decisions(candidates.table)
    edited = st.data_editor(
        shown,
        key=editor_key(embedding.name, wordset.id),
        num_rows="fixed",
        hide_index=True,
        width="stretch",
        height=420,
        disabled=[c for c in shown.columns if c not in EDITABLE],
        column_order=[
            "kept",
            "set",
            "seed",
            "candidate",
            "similarity",
            "pos",
            "seed_pos",
            "verdict",
            "check",
        ],
        column_config={
            "kept": st.column_config.CheckboxColumn("Keep", help="Use this word in the draws"),
            "candidate": st.column_config.TextColumn("Candidate", help="Edit to fix a spelling"),
            "similarity": st.column_config.NumberColumn("Cosine", format="%.3f"),
            "pos": "POS",
            "seed_pos": "Seed POS",
            "verdict": st.column_config.TextColumn(
                "Why dropped",
                width="large",
                help="The filter's reason, kept when you override it; your own drops say so.",
            ),
            "check": st.column_config.TextColumn(
                "Check", width="medium", help="Something a person should look at, e.g. a word "
                "near both sides of a pair (kept, but flagged)."
            ),
        },
    )
    curated = candidates.with_table(edited)
    if not curated.table.equals(candidates.table):
        save_curation(curated)
        st.rerun()  # redraw from the saved table, so "Why dropped" shows the new decision
    return curated


def show_draws(embedding, wordset: WordSet, curated) -> None:
    st.subheader("Draw and validate")
    cols = st.columns(3)
    draws = cols[0].number_input("Draws", 1, 10_000, **persistent("biaswords.draws", 100))
    seed = cols[1].number_input("Random seed", 0, 2**31 - 1, **persistent("biaswords.seed", 0))
    iterations = cols[2].number_input(
        "WEAT iterations per draw", 100, 1_000_000, step=1000,
        **persistent("biaswords.iterations", 10_000),
        help="Only used when a draw's sets are too big for the exact test (8 + 8 words are exact).",
    )  # fmt: skip
    result_key = f"biaswords.sampling.{embedding.name}.{wordset.id}"
    if st.button("Draw new sets and run WEAT on each", icon=":material/casino:"):
        with st.spinner("Drawing and validating…"):
            options = DrawOptions(draws=int(draws), seed=int(seed), iterations=int(iterations))
            st.session_state[result_key] = draw_sets(embedding, wordset, curated.table, options)
    sampling = st.session_state.get(result_key)
    if sampling is None:
        return
    summary = sampling.summary
    q = summary.effect_size_quantiles
    metrics = st.columns(3)
    metrics[0].metric(
        f"Significant draws (p < {summary.alpha:g})",
        f"{summary.share_significant:.0%}",
        help="How often a random pick from your kept candidates shows the bias; not a p-value.",
    )
    metrics[1].metric(
        "Median effect size d", f"{q[0.5]:.2f}",
        help="WEAT's d: the difference of the mean associations of X and Y over their standard "
        "deviation. 0.2 is small, 0.8 large; it can exceed 2 when X and Y differ in size.",
    )  # fmt: skip
    metrics[2].metric("d, 5th–95th percentile", f"{q[0.05]:.2f} to {q[0.95]:.2f}")
    figure = go.Figure(go.Histogram(x=sampling.effect_sizes(), nbinsx=30))
    figure.update_layout(
        xaxis_title="Effect size d", yaxis_title="Draws", height=280, margin={"t": 10, "b": 10}
    )
    st.plotly_chart(figure, width="stretch")
    if any(sampling.unavailable.values()):
        missing = ", ".join(w for words in sampling.unavailable.values() for w in words)
        st.warning(f"Not in the embedding under that spelling, so never drawn: {missing}.")

    ranked = sorted(sampling.draws, key=lambda d: (d.p_value, -d.effect_size))
    chosen = st.selectbox(
        "Draw to show and save",
        options=[d.index for d in ranked],
        format_func=lambda i: (
            f"Draw {i}: p = {sampling.draws[i - 1].p_value:.4f}, "
            f"d = {sampling.draws[i - 1].effect_size:.2f}"
        ),
    )
    draw = sampling.draws[chosen - 1]
    shown = [draw, *(d for d in ranked[:3] if d.index != draw.index)][:3]
    st.caption("Like the paper's Table 9: the chosen draw and the most significant others.")
    st.dataframe(draws_table(wordset, shown), hide_index=True, width="stretch")
    title = st.text_input("Save the chosen draw as", value=f"BiasWords {wordset.id} {chosen}")
    if st.button("Save as word set", icon=":material/save:"):
        saved = save_draw(wordset, draw, title=title, embedding=embedding.name)
        st.success(f"Saved as “{saved.title}” ({saved.id}); it is now on the WEAT page.")


def main() -> None:
    embedding = sidebar()
    st.title("BiasWords: discover new biased word sets")
    st.caption(
        "Kurpicz-Briki & Leoni (2021), section 2.4: the nearest neighbours of words that show a "
        "bias may show it too. Pick a seed test, curate its neighbours, draw new sets of the "
        "same sizes and validate them with WEAT."
    )
    if embedding is None:
        st.stop()
    tests = {ws.id: ws for ws in seed_tests(embedding.language)}
    if not tests:
        st.info("There are no word sets yet; add one on the WEAT page.")
        st.stop()
    keep("biaswords.wordset", next(iter(tests)))  # restores the tab's draft after a refresh
    if st.session_state.get("biaswords.wordset") not in tests:  # e.g. another language now
        st.session_state["biaswords.wordset"] = st.session_state["_biaswords.wordset"] = next(
            iter(tests)
        )
    wordset_id = st.selectbox(
        "Seed test", options=list(tests), format_func=lambda i: tests[i].title,
        **persistent("biaswords.wordset", next(iter(tests))),
    )  # fmt: skip
    wordset = tests[wordset_id]
    options = None
    with user_errors():
        options = candidate_options()
    if options is None:
        st.stop()
    try:
        curated = show_candidates(embedding, wordset, options)
        if curated is not None:
            show_draws(embedding, wordset, curated)
    except BiasInputError as exc:
        st.error(str(exc), icon=":material/error:")


main()
