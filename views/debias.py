"""Debias page: pick a method and its word pairs, run, and see whether the bias was removed or only
hidden: WEAT before/after on held-out words side by side, the recoverability figures with a plain
verdict, and a button that makes the debiased embedding the active one.

All computation and every sentence live in the engine (`bias.debiasing`, `bias.report.debias_text`);
this page collects the choices and shows the result. The last result stays in the tab
(`views.state.debias_result`, without its matrix: the debiased embedding itself is in the cache
under its name).
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import streamlit as st

from bias.analysis import debias
from bias.analysis.debias import DebiasAnalysisOptions
from bias.debiasing.checks import CheckResult, WeatSide
from bias.debiasing.derived import follows_default, free_name
from bias.debiasing.inputs import DebiasInputs, bundled_ids, load_inputs, parse_inputs
from bias.debiasing.protocol import METHODS, DebiasResult
from bias.errors import BiasInputError
from bias.files import parse_json
from bias.jobs import checkpoint
from bias.limits import MAX_TEXT_UPLOAD_BYTES, MAX_TEXT_UPLOAD_MB
from bias.report import debias_text
from bias.report.markup import md
from bias.vectors.embeddings import Embedding
from bias.vectors.store import check_name, is_cached
from bias.wordsets import WordSet
from bias.wordsets.library import all_wordsets
from views import state
from views.jobs import job_slot, run_job
from views.shared import (
    offered,
    persistent,
    put,
    remember,
    restore,
    set_active_embedding,
    show_error,
    sidebar,
)

METHOD_LABELS = {"hard": "Hard debias", "multiclass": "Multiclass hard debias", "inlp": "INLP"}
METHOD_HELP = {
    "hard": "Bolukbasi et al. (2016): removes the direction that separates the definitional "
    "pairs (she/he, woman/man, …) from every other word, then makes each equalise pair "
    "equally far from them.",
    "multiclass": "Manzini et al. (2019): the same for groups of more than two (for example "
    "three origins), removing a subspace instead of one direction.",
    "inlp": "Ravfogel et al. (2020): trains linear classifiers to tell the groups' words apart "
    "and removes their directions until a classifier does no better than chance.",
}
DEFAULTS = DebiasAnalysisOptions()

# The page's kept choices (`views.shared.persistent`); the word pairs and checks are kept per
# language, the name per embedding and method. Stored drafts hold these keys: never rename them.
METHOD_KEY = "debias.method"
PAIRS_KEY = "debias.pairs.{language}"
UPLOAD_KEY = "debias.upload"
CHECKS_KEY = "debias.checks.{language}"
NAME_KEY = "debias.name.{embedding}.{method}"
SEED_KEY = "debias.seed"
MADE_KEY = "debias.made"
NAME_RULE = ("The suggested name is never taken: it is the first free one of NAME, NAME-2, "
             "NAME-3, …, or a copy this tab saved itself, which a new run replaces. Another name "
             "you type is refused when it is taken.")


def _uploaded_inputs(upload):
    raw = upload.getvalue()
    if len(raw) > MAX_TEXT_UPLOAD_BYTES:
        raise BiasInputError(f"That file is larger than {MAX_TEXT_UPLOAD_MB} MB; a pairs file is "
                             "much smaller.")
    return parse_inputs(parse_json(raw, upload.name, "pairs file"), where=upload.name,
                        default_id=upload.name.rsplit(".", 1)[0])


def _metric(column, label: str, side: WeatSide) -> None:
    d = "undefined" if math.isnan(side.effect_size) else f"{side.effect_size:.2f}"
    interval = ("" if side.interval is None
                else f"95% interval {side.interval[0]:.2f} to {side.interval[1]:.2f}; ")
    column.metric(label, f"d = {d}", help=f"{interval}p = {side.p_value:.3g}")
    column.caption(debias_text.side_text(side))


def _show_check(check: CheckResult) -> None:
    st.markdown(f"**{check.title}**")
    before, after = st.columns(2)
    _metric(before, "Before (held-out words)", check.before)
    _metric(after, "After (held-out words)", check.after)
    st.write(f"{debias_text.change_text(check).capitalize()}. {debias_text.change_sentence(check)}")
    with st.expander("Each held-out word's own lean (SC-WEAT)"):
        st.caption(debias_text.scweat_summary(check) + " Lean: the word's SC-WEAT effect size "
                   f"(positive: towards the first attribute set); p: {check.scweat.alternative} "
                   "permutation p-value.")
        st.dataframe(debias_text.scweat_rows(check), hide_index=True, column_config={
            c: st.column_config.NumberColumn(format="%.2f" if c.startswith("Lean") else "%.3f")
            for c in debias_text.SCWEAT_COLUMNS[2:]})
        if check.scweat.missing:
            st.caption("Held-out words not in the embedding: " + ", ".join(check.scweat.missing))
    with st.expander("The fitting words (circular: not evidence that bias was removed)"):
        st.caption("The same WEAT on the words the method was allowed to see. A method tuned on "
                   "these words can make them look unbiased whatever it did to the rest.")
        left, right = st.columns(2)
        _metric(left, "Before (fitting words)", check.circular_before)
        _metric(right, "After (fitting words)", check.circular_after)
        st.caption("Held-out words: " + "; ".join(
            f"{k}: {', '.join(v)}" for k, v in check.held_out.items()))


def show_result(result: DebiasResult) -> None:
    rec, use = result.recoverability, result.usefulness
    (st.error if rec.hidden else st.success)(rec.verdict(), icon=":material/visibility:")
    if result.missing:
        st.caption(f"Input words this embedding lacks ({len(result.missing)}): "
                   + ", ".join(result.missing))
    st.subheader("WEAT before and after, on held-out words")
    for check in result.checks:
        _show_check(check)
    st.subheader("Can the bias still be found?")
    st.caption(f"The {2 * rec.words_per_side:,} most biased words before debiasing, looked at "
               "after it (Gonen & Goldberg 2019). Chance is 50%.")
    cols = [*st.columns(2), *st.columns(2)]  # two by two: whole labels at 800 px
    cols[0].metric("k-means alignment", f"{rec.kmeans_after[0]:.0%}",
                   help=f"Before: {rec.kmeans_before[0]:.0%}. Mean ± sd over 20 seeds: "
                   f"{rec.kmeans_after[0]:.1%} ± {rec.kmeans_after[1]:.1%}.")
    cols[1].metric("Linear classifier", f"{rec.linear.value:.0%}",
                   help=f"5-fold cross-validation; 95% interval {rec.linear.low:.1%} to "
                   f"{rec.linear.high:.1%}.")
    cols[2].metric("RBF classifier", f"{rec.rbf.value:.0%}",
                   help=f"5-fold cross-validation; 95% interval {rec.rbf.low:.1%} to "
                   f"{rec.rbf.high:.1%}.")
    cols[3].metric("Neighbour bias r", f"{rec.neighbour_correlation_after:.2f}",
                   help=f"Before: {rec.neighbour_correlation_before:.2f}. Correlation of each "
                   "word's old bias with the share of its 100 neighbours on the first side.")
    if result.held_back is not None:
        back = result.held_back
        st.caption(f"INLP's own setting ({2 * back.words_per_side:,} held-back words like its "
                   f"training words): linear classifier {back.linear.value:.0%}, RBF "
                   f"classifier {back.rbf.value:.0%}.")
    st.subheader("What it cost")
    cols = st.columns(3)
    cols[0].metric("Neighbours kept", f"{use.neighbour_overlap:.0%}",
                   help=f"Share of the 10 nearest neighbours of {use.neighbour_queries:,} "
                   "frequent words that are the same after.")
    cols[1].metric("Vectors changed", f"{use.share_changed:.2%}")
    cols[2].metric("Protected unchanged", f"{use.protected_unchanged}/{use.protected_checked}",
                   help="Protected words (and, for hard debias, the definitional ones) that "
                   "are not equalised, checked bit for bit against the original.")
    for check in use.similarity:
        st.caption(f"{check.benchmark} (Spearman correlation with human similarity ratings, "
                   f"{check.pairs_used} of {check.pairs_total} pairs): {check.before:.3f} "
                   f"before, {check.after:.3f} after.")
    if result.saved is not None:
        st.write(f"Saved as **{result.saved.name}**; the original is unchanged.")
        if st.button(f"Use {result.saved.name} on every page", icon=":material/swap_horiz:"):
            set_active_embedding(result.saved.name)
            st.rerun()
    st.download_button("Download the result (JSON)",
                       json.dumps(result.to_dict(), ensure_ascii=False, indent=2),
                       file_name=f"debias-{result.method}-{result.parent}.json",
                       mime="application/json", icon=":material/download:")


def choose_inputs(language: str) -> DebiasInputs | None:
    """The word pairs: a bundled file (the embedding's language first) or the visitor's own;
    None, the mistake said, when the file cannot be read (the run button is then off)."""
    left, right = st.columns([3, 2])
    ids = sorted(bundled_ids(), key=lambda i: not i.startswith(f"{language}-"))
    pairs_id = left.selectbox("Word pairs", ids, **offered(
        PAIRS_KEY.format(language=language), ids, debias.default_pairs(language, ids)))
    upload = right.file_uploader("…or your own pairs file", type=["json"], key=UPLOAD_KEY,
                                 max_upload_size=MAX_TEXT_UPLOAD_MB,
                                 help='JSON: {"definitional": [["he", "she"], …], "equalize": '
                                 '[["man", "woman"], …], "protected": ["king", …]}')
    try:
        inputs = _uploaded_inputs(upload) if upload else load_inputs(pairs_id)
    except BiasInputError as exc:
        show_error(exc)
        return None
    st.caption(f"{inputs.title}: {len(inputs.definitional)} definitional groups, "
               f"{len(inputs.equalize)} equalise groups, {len(inputs.protected)} protected words.")
    return inputs


def choose_checks(language: str) -> list[WordSet]:
    """The word sets to check with: the language's (every set when it has none)."""
    wordsets = {ws.id: ws for ws in all_wordsets(language)} or {
        ws.id: ws for ws in all_wordsets()}
    checks = st.multiselect(
        "Check with these word sets (half of each set's words are held out of the fit)",
        list(wordsets), format_func=lambda i: wordsets[i].title,
        **offered(CHECKS_KEY.format(language=language), list(wordsets),
                   debias.default_checks(list(wordsets))),
    )
    return [wordsets[i] for i in checks]


def _made() -> list[str]:
    """The debiased embeddings this tab saved (kept in its draft, so a refresh keeps them)."""
    restore(MADE_KEY, [])
    return list(st.session_state[MADE_KEY])


def _target(name: str, base: str, made: list[str]) -> str:
    """Where a run saves: a name of the default form (`base`, `base-2`, …) that another tab or
    visitor took in the meantime moves on to the next free one (`free_name`); any other name is
    kept, and refused by the run when it is taken."""
    if follows_default(name, base) and name not in made and is_cached(name):
        return free_name(base, made)
    return name


def run_form(embedding: Embedding, inputs: DebiasInputs | None, checks: list[WordSet],
             method: str) -> None:
    """The name and seed fields and the run button; a run's result is kept in the tab."""
    left, right = st.columns([3, 1])
    # A name per embedding and method, so switching either never saves under the other's name.
    key = NAME_KEY.format(embedding=embedding.name, method=method)
    base, made = f"{embedding.name}-{method}", _made()
    restore(key, free_name(base, made))
    if (moved := _target(st.session_state[key], base, made)) != st.session_state[key]:
        put(key, moved, typed=False)
    name = left.text_input("Save the debiased embedding as", **persistent(key, moved),
                           help=NAME_RULE)
    if name.strip() in made:
        left.caption(f"This tab saved {md(name.strip())} before; a new run replaces it.")
    else:
        left.caption("The suggested name is a free one; a new run replaces only a copy this tab "
                     "saved.")
    seed = right.number_input("Random seed", min_value=0, step=1,
                              **persistent(SEED_KEY, DEFAULTS.debias.seed))
    go = st.button("Debias and check", type="primary", disabled=inputs is None,
                   icon=":material/play_arrow:")
    job = job_slot()
    if not go:
        return
    try:  # in the server's one queue of heavy jobs (views.jobs), its steps as checkpoints
        target = _target(check_name(name.strip()), base, made)
        options = replace(DEFAULTS, debias=replace(DEFAULTS.debias, method=method,
                                                   seed=int(seed)),
                          save_as=target, replace=target in made)
        analysis = run_job(job, f"Debiasing {embedding.name}", lambda: debias.run(
            options, embedding, inputs, checks,
            progress=lambda share, _what: checkpoint(share)))
        state.keep_debias_result(analysis.without_embedding().result)
        remember(MADE_KEY, sorted({*made, target}))
    except BiasInputError as exc:
        show_error(exc)


def main() -> None:
    """The page, top to bottom; it stops under the title when the sidebar's embedding cannot be
    loaded (the sidebar says why)."""
    embedding = sidebar()
    st.title("Debias")
    st.write(
        "Debiasing methods move word vectors so that a bias test shows less bias. Whether the "
        "bias is gone or only hidden is a separate question: this page answers both, on words "
        "the method never saw."
    )
    if embedding is None:
        st.stop()
    if embedding.encode is not None:  # the encoder has no rows to move
        st.info(f"{embedding.name} is the bundled encoder, not a table of word vectors: the "
                "debiasing methods move a table's rows. Choose a static embedding in the sidebar "
                "(GloVe, or one you imported).", icon=":material/info:")
        st.stop()
    method = st.segmented_control("Method", list(METHODS), format_func=METHOD_LABELS.get,
                                  **persistent(METHOD_KEY, DEFAULTS.debias.method)
                                  ) or DEFAULTS.debias.method
    st.caption(METHOD_HELP[method])
    inputs = choose_inputs(embedding.language)
    checks = choose_checks(embedding.language)
    run_form(embedding, inputs, checks, method)
    shown = state.debias_result()
    if shown is not None:
        show_result(shown)


main()
