"""Measures page: the other ways to measure bias (SC-WEAT, WEFAT, RND, MAC, ECT, RIPA, RNSB, and
WEAT itself), each with a plain explanation, its number, and a chart of the words behind it.

The computation and every sentence live in the engine (`bias.stats.measures`,
`bias.report.measures_text`, `bias.report.charts.measures`); this page collects the choices,
caches results per input and draws them. Inputs persist in `measures.*` keys and the tab's draft;
the last result of each measure stays in `measures.results`, so switching measures keeps it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import polars as pl
import streamlit as st

from bias.errors import BiasInputError
from bias.files import parse_json
from bias.limits import HEAVY_WORK, MAX_TEXT_UPLOAD_BYTES, MAX_TEXT_UPLOAD_MB
from bias.report import measures_text
from bias.report.charts import measures as measures_charts
from bias.report.confounds_text import agreement_text, pairs_text
from bias.report.markup import md
from bias.report.measure_html import measure_report_html
from bias.report.notes import notes_text
from bias.stats.budget import measure_request_work
from bias.stats.confounds_measures import measures_disagree, ripa_pairs
from bias.stats.measure import MeasureOptions, MeasureResult
from bias.stats.measures import METRICS, run_measure
from bias.stats.permutation import PermutationOptions
from bias.stats.weat import WeatOptions
from bias.stats.wefat import parse_values
from bias.vectors.catalog import language_name
from bias.wordsets import NamedSets, TermSet
from bias.wordsets.library import all_wordsets
from bias.wordsets.ordering import first_gender_test, numbered_test
from bias.wordsets.parsing import named_sets_of, parse_named_sets
from bias.wordsets.parsing import parse_words as split_words
from views import state
from views.jobs import job_slot, run_job
from views.shared import (
    cached_embedding,
    field_bounds,
    persistent,
    report_button,
    restore,
    show_error,
    sidebar,
)

DEFAULTS = MeasureOptions()
DOCS = Path(__file__).resolve().parents[1] / "docs"
EXAMPLE_WORDS = (
    "nurse, engineer, secretary, carpenter, librarian, pilot, teacher, lawyer, doctor, "
    "plumber, dancer, mechanic, receptionist, firefighter, hairdresser, surgeon"
)
# A sensible first word set, in the embedding's language: WEAT 7's attributes are male and
# female terms; WEAT 1's are pleasant and unpleasant words, RNSB's positive and negative; the
# others open on the language's first gender test.
PREFERRED_TEST = {"sc-weat": 7, "wefat": 7, "rnsb": 1}


def example_words(language: str) -> str:
    """The words SC-WEAT measures until the visitor types others: occupations in English, else
    the target words of the language's own WEAT 7 (math and arts), else none."""
    if language == "en":
        return EXAMPLE_WORDS
    seven = numbered_test(language, 7)
    return "" if seven is None else ", ".join(dict.fromkeys((*seven.X.words, *seven.Y.words)))


def _sets_json(sets: NamedSets) -> str:
    return json.dumps({
        "id": sets.id, "title": sets.title, "language": sets.language,
        "targets": [[t.name, list(t.words)] for t in sets.targets],
        "attributes": [[a.name, list(a.words)] for a in sets.attributes],
    }, ensure_ascii=False)


@st.cache_data(max_entries=128, show_spinner="Measuring…")
def _cached(metric: str, embedding_name: str, sets_json: str, seed: int, p_value: bool,
            words: tuple[str, ...] | None, values: tuple[tuple[str, float], ...] | None
            ) -> MeasureResult:
    data = json.loads(sets_json)
    sets = NamedSets(
        data["id"], data["title"], data["language"],
        tuple(TermSet(n, tuple(w)) for n, w in data["targets"]),
        tuple(TermSet(n, tuple(w)) for n, w in data["attributes"]),
    )
    options = replace(DEFAULTS, test=replace(DEFAULTS.test, seed=seed), p_value=p_value)
    return run_measure(metric, cached_embedding(embedding_name), sets, options, words=words,
                       values=values, weat_options=WeatOptions(seed=seed))


def formula_section(label: str) -> tuple[str, str]:
    """(where, text) of the measure's section of the docs, shown on the page: a path to a file
    of the repository is no link for a visitor. WEAT's formulas are in docs/weat.md ('The
    numbers'), every other measure's in docs/metrics.md under a heading that starts with its
    label. ("", "") when the docs are not beside the code."""
    name, heading = ("weat.md", "## The numbers") if label == "WEAT" else (
        "metrics.md", f"## {label}:")
    try:
        text = (DOCS / name).read_text(encoding="utf-8")
    except OSError:
        return "", ""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(heading)), None)
    if start is None:
        return "", ""
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    return f"docs/{name}, '{lines[start][3:]}'", "\n".join(lines[start + 1:end]).strip()


def _uploaded_sets(upload) -> NamedSets:
    raw = upload.getvalue()
    if len(raw) > MAX_TEXT_UPLOAD_BYTES:
        raise BiasInputError(f"That file is larger than {MAX_TEXT_UPLOAD_MB} MB; a word-set file "
                             "is much smaller.")
    data = parse_json(raw, upload.name, "word-set file")
    stem = upload.name.rsplit(".", 1)[0]
    return parse_named_sets(data, where=upload.name, default_id=stem or "upload")


def _uploaded_table(upload) -> str:
    raw = upload.getvalue()
    if len(raw) > MAX_TEXT_UPLOAD_BYTES:
        raise BiasInputError(f"That table is larger than {MAX_TEXT_UPLOAD_MB} MB; give at most a "
                             "few thousand rows.")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BiasInputError(f"{upload.name} is not UTF-8 text; save it as CSV UTF-8.") from exc


def show_result(result: MeasureResult) -> None:
    st.success(md(measures_text.result_sentence(result)))
    numbers = measures_text.headline_numbers(result)
    # Each number as wide as it is ('1.49 to 1.89' was cut in a third of 800 px); the row
    # wraps when the window is narrow.
    with st.container(horizontal=True, wrap=True, gap="large"):
        for label, value, help_text in numbers:
            st.metric(label, value, help=help_text, width="content")
    for warning in notes_text(result.notes):
        st.warning(md(warning), icon=":material/info:")
    st.plotly_chart(measures_charts.measure_figure(result), key="measures.chart")
    data = measures_text.measure_json(result)
    with st.expander("Every word's number"):
        st.dataframe(pl.DataFrame(data["per_word"]), hide_index=True)
    report_button(lambda: measure_report_html(result),
                  f"{result.metric}-{result.wordset_id}-{result.embedding}_report.html",
                  "the numbers, words, chart and what the measure is")
    st.download_button(
        "Download the result (JSON)",
        json.dumps(data, ensure_ascii=False, indent=2),
        file_name=f"{result.metric}-{result.wordset_id}-{result.embedding}.json",
        mime="application/json",
        icon=":material/download:",
    )


embedding = sidebar()
st.title("More ways to measure")
st.write(
    "WEAT is one question. Here are the others the field asks: how one word leans "
    "(SC-WEAT), whether the embedding mirrors real-world numbers (WEFAT), and the five standard "
    "measures of the WEFE library. Each comes with what it can and cannot say."
)
if embedding is None:
    st.stop()

metric = st.segmented_control(
    "Measure", list(METRICS), format_func=lambda m: METRICS[m].label,
    **persistent("measures.metric", "sc-weat"),
) or "sc-weat"
info = METRICS[metric]
st.info(measures_text.EXPLANATIONS[metric], icon=":material/lightbulb:")
st.caption(f"{info.label}: {info.paper}.")
doc, formulas = formula_section(info.label)
if formulas:
    with st.expander(f"Formulas ({doc})", icon=":material/function:"):
        st.markdown(formulas)

wordsets = {ws.id: ws for ws in all_wordsets(embedding.language)} or {
    ws.id: ws for ws in all_wordsets()}
ids = list(wordsets)
preferred = (
    numbered_test(embedding.language, PREFERRED_TEST[metric]) if metric in PREFERRED_TEST
    else first_gender_test(embedding.language)
)
default_id = preferred.id if preferred is not None and preferred.id in ids else ids[0]
wordset_key = f"measures.wordset.{metric}"
restore(wordset_key, default_id)
if st.session_state[wordset_key] not in ids:  # chosen for an embedding of another language
    st.session_state[wordset_key] = st.session_state["_" + wordset_key] = default_id
left, right = st.columns([3, 2])
chosen = left.selectbox(
    "Word set", ids, format_func=lambda i: wordsets[i].title,
    **persistent(wordset_key, default_id),
)
upload = right.file_uploader(
    "…or your own word-set file", type=["json"], key="measures.upload",
    max_upload_size=MAX_TEXT_UPLOAD_MB,
    help="JSON with sets X, Y, A, B, or any number of named sets: "
    '{"targets": {"men": [...], "women": [...]}, "attributes": {"career": [...]}}',
)
sets: NamedSets | None = None
try:
    sets = _uploaded_sets(upload) if upload else named_sets_of(wordsets[chosen])
except BiasInputError as exc:
    show_error(exc)
if sets is not None:
    # The whole title first: the box above cuts a long one.
    title = "" if upload else f"{md(wordsets[chosen].title)}. "
    st.caption(title + md(measures_text.inputs_sentence(metric, sets)))

words = values = None
if info.needs == "words":
    # English keeps the key it always had (saved drafts); other languages have their own, so
    # English words never stay in the box on a French embedding.
    example = example_words(embedding.language)
    words_key = "measures.words" + ("" if embedding.language == "en" else f".{embedding.language}")
    text = st.text_area(
        "Words to measure (one per line, or separated by commas)",
        **persistent(words_key, example), height=110,
    )
    if not example and not text.strip():
        st.caption(
            f"There is no example list in {language_name(embedding.language)}: type the words "
            "you want to measure."
        )
    words = tuple(split_words(text))
elif info.needs == "values":
    table_text = st.text_area(
        "Your table: a word and a number per row (paste from a spreadsheet, or upload a CSV)",
        **persistent("measures.table", ""), height=160,
        placeholder="occupation,share of women (%)\nnurse,87\nengineer,16\n…",
    )
    table_upload = st.file_uploader("CSV file", type=["csv", "tsv", "txt"],
                                    key="measures.table_upload",
                                    max_upload_size=MAX_TEXT_UPLOAD_MB)
    try:
        source = _uploaded_table(table_upload) if table_upload else table_text
        values = tuple(parse_values(source)) if source.strip() else None
    except BiasInputError as exc:
        show_error(exc)

with st.expander("Options"):
    seed = st.number_input("Random seed", **field_bounds(PermutationOptions, "seed"), step=1,
                           **persistent("measures.seed", DEFAULTS.seed))
    p_value = False
    if metric in ("rnd", "ect", "ripa"):
        p_value = st.toggle(
            "Also a p-value (is it more than a random split of the target words would give?)",
            **persistent("measures.p_value", DEFAULTS.p_value),
        )

results = state.measure_results()
ready = sets is not None and not (info.needs == "values" and values is None)
if info.needs == "values" and values is None:
    st.caption("Paste or upload a table to run WEFAT.")
measure = st.button("Measure", type="primary", disabled=not ready, icon=":material/play_arrow:")
job = job_slot()
if measure:
    try:
        work = measure_request_work(metric, sets, replace(DEFAULTS, p_value=bool(p_value)), words,
                                    embedding.dimensions, WeatOptions().ci_resamples)
        results[metric] = run_job(job, f"Measuring {info.label}", lambda: _cached(
            metric, embedding.name, _sets_json(sets), int(seed), bool(p_value), words, values),
            queued=work > HEAVY_WORK)
    except BiasInputError as exc:
        results.pop(metric, None)
        show_error(exc)

if metric in results:
    shown = results[metric]
    if shown.embedding != embedding.name:
        st.info("This result is for another embedding; press Measure again.")
    # What the other measures run on the same sets in this tab say about the direction, and
    # whether RIPA's lists are pairs at all (bias.stats.confounds).
    same = [r for r in results.values()
            if (r.wordset_id, r.embedding) == (shown.wordset_id, shown.embedding)]
    disagreement = agreement_text(measures_disagree(same)) if len(same) > 1 else None
    if disagreement:
        st.warning(disagreement, icon=":material/compare_arrows:")
    if shown.metric == "ripa" and sets is not None and sets.id == shown.wordset_id:
        pairs = pairs_text(ripa_pairs(embedding, sets))
        if pairs:
            st.warning(pairs, icon=":material/link_off:")
    show_result(shown)
