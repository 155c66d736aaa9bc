"""Measures page: the other ways to measure bias (SC-WEAT, WEFAT, RND, MAC, ECT, RIPA, RNSB, and
WEAT itself), each with a plain explanation, its number, and a chart of the words behind it.

The measure is run by `bias.analysis.measure` (as the command line and `reproduce` run it) and
every sentence lives in `bias.report.measures_text` and `bias.report.charts.measures`; this page
collects the choices, caches results per input and draws them. Inputs persist in `measures.*`
keys and the tab's draft; the last analysis of each measure stays in `measures.results`, so
switching measures keeps it.

`main()` draws the page from the measure chosen and what it is given (`Request`), each part a
function of those, not of module globals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import polars as pl
import streamlit as st

from bias.analysis.measure import (
    MeasureAnalysis,
    MeasureAnalysisOptions,
    compare,
    read_values,
    read_words,
    work,
)
from bias.analysis.measure import run as run_analysis
from bias.errors import BiasInputError
from bias.files import parse_json
from bias.limits import HEAVY_WORK, MAX_TEXT_UPLOAD_BYTES, MAX_TEXT_UPLOAD_MB
from bias.report import measures_text
from bias.report.charts import measures as measures_charts
from bias.report.confounds_text import agreement_text
from bias.report.markup import md
from bias.report.measure_html import measure_report_html
from bias.report.note_sentences import notes_text
from bias.stats.measure_catalog import METRICS
from bias.stats.permutation import PermutationOptions
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, TermSet
from bias.wordsets.language_guess import LanguageGuess
from bias.wordsets.library import all_wordsets
from bias.wordsets.ordering import first_gender_test, numbered_test, term_pairs
from bias.wordsets.parsing import named_sets_of, parse_named_sets
from views import state
from views.docs_sections import show_docs
from views.jobs import job_slot, run_job
from views.shared import (
    cached_embedding,
    field_bounds,
    persistent,
    put,
    report_button,
    restore,
    scroll_to,
    show_error,
    sidebar,
    verdict_box,
)

DEFAULTS = MeasureAnalysisOptions()
EXAMPLE_WORDS = (
    "nurse, engineer, secretary, carpenter, librarian, pilot, teacher, lawyer, doctor, "
    "plumber, dancer, mechanic, receptionist, firefighter, hairdresser, surgeon"
)
# A sensible first word set, in the embedding's language: WEAT 7's attributes are male and
# female terms; WEAT 1's are pleasant and unpleasant words, RNSB's positive and negative; the
# others open on the language's first gender test.
PREFERRED_TEST = {"sc-weat": 7, "wefat": 7, "rnsb": 1}
FIRST_METRIC = DEFAULTS.metric

# Kept values and element keys of this page's own widgets (`views.shared.persistent`; tests drive
# them by "_" + key); the word set of each measure, read before its box, is in `views.state`.
METRIC = "measures.metric"
UPLOAD = "measures.upload"
WORDS = "measures.words"  # English's; another language's adds ".<code>"
TABLE = "measures.table"
TABLE_UPLOAD = "measures.table_upload"
SEED = "measures.seed"
P_VALUE = "measures.p_value"
CHART = "measures.chart"
# The result's container, which Measure scrolls to, and the count of presses that moved there.
RESULT_BOX = "measures-result"
RUNS = "measures.runs"


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
        # a file without "language": how it was guessed, which every result then says
        "language_guess": None if sets.language_guess is None else sets.language_guess.to_dict(),
    }, ensure_ascii=False)


@st.cache_data(max_entries=128, show_spinner="Measuring…")
def _cached(metric: str, embedding_name: str, sets_json: str, seed: int, p_value: bool,
            words: tuple[str, ...] | None, values: tuple[tuple[str, float], ...] | None
            ) -> MeasureAnalysis:
    data = json.loads(sets_json)
    sets = NamedSets(
        data["id"], data["title"], data["language"],
        tuple(TermSet(n, tuple(w)) for n, w in data["targets"]),
        tuple(TermSet(n, tuple(w)) for n, w in data["attributes"]),
        None if (guess := data["language_guess"]) is None else LanguageGuess(
            **guess | {"candidates": tuple(guess["candidates"])}),
    )
    options = MeasureAnalysisOptions.of(metric, seed=seed, p_value=p_value)
    return run_analysis(options, cached_embedding(embedding_name), sets, words=words,
                        values=values)


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


def show_result(analysis: MeasureAnalysis) -> None:
    result = analysis.result
    box = st.success if result.weat is None else verdict_box(result.weat.verdict.state)
    box(md(measures_text.result_sentence(result)))
    numbers = measures_text.headline_numbers(result)
    # Each number as wide as it is ('1.49 to 1.89' was cut in a third of 800 px); the row
    # wraps when the window is narrow.
    with st.container(horizontal=True, wrap=True, gap="large"):
        for label, value, help_text in numbers:
            st.metric(label, value, help=help_text, width="content")
    for warning in notes_text(result.notes):
        st.warning(md(warning), icon=":material/info:")
    st.plotly_chart(measures_charts.measure_figure(result), key=CHART)
    data = measures_text.analysis_json(analysis)
    with st.expander("Every word's number"):
        st.dataframe(pl.DataFrame(data["per_word"]), hide_index=True)
    report_button(lambda: measure_report_html(analysis),
                  f"{result.metric}-{result.wordset_id}-{result.embedding}_report.html",
                  "the numbers, words, chart and what the measure is")
    st.download_button(
        "Download the result (JSON)",
        json.dumps(data, ensure_ascii=False, indent=2),
        file_name=f"{result.metric}-{result.wordset_id}-{result.embedding}.json",
        mime="application/json",
        icon=":material/download:",
    )


def explain(metric: str) -> None:
    """What the measure asks, its paper, and its formulas from the docs."""
    info = METRICS[metric]
    st.info(measures_text.EXPLANATIONS[metric], icon=":material/lightbulb:")
    st.caption(f"{info.label}: {info.paper}.")
    # WEAT's formulas are in docs/weat.md ('The numbers'), every other measure's in
    # docs/metrics.md under a heading that starts with its label.
    name, heading = ("weat.md", "The numbers") if info.label == "WEAT" else (
        "metrics.md", f"{info.label}:")
    show_docs("Formulas", name, heading, icon=":material/function:")


def default_wordset(language: str, metric: str, ids: list[str]) -> str:
    """The word set a measure opens on: its preferred test in the embedding's language
    (`PREFERRED_TEST`, else the language's first gender test), else the first offered."""
    preferred = (
        numbered_test(language, PREFERRED_TEST[metric]) if metric in PREFERRED_TEST
        else first_gender_test(language)
    )
    return preferred.id if preferred is not None and preferred.id in ids else ids[0]


def choose_sets(language: str, metric: str) -> NamedSets | None:
    """The word set (kept per measure) or an uploaded file, and what the measure will use of it;
    None when the file is bad (said in red)."""
    wordsets = {ws.id: ws for ws in all_wordsets(language)} or {
        ws.id: ws for ws in all_wordsets()}
    # RIPA opens on natural pairs (its own check warns on WEAT 6's names or WEAT 7's math/arts).
    pairs = term_pairs(language) if metric == "ripa" else None
    ids = ([pairs.id] if pairs else []) + list(wordsets)
    default_id = pairs.id if pairs else default_wordset(language, metric, ids)
    wordset_key = state.measures_wordset_key(metric)
    restore(wordset_key, default_id)
    if state.measures_wordset(metric) not in ids:  # chosen for an embedding of another language
        put(wordset_key, default_id, typed=False)
    left, right = st.columns([3, 2])
    chosen = left.selectbox(
        "Word set", ids,
        format_func=lambda i: pairs.title if pairs and i == pairs.id else wordsets[i].title,
        **persistent(wordset_key, default_id),
    )
    upload = right.file_uploader(
        "…or your own word-set file", type=["json"], key=UPLOAD,
        max_upload_size=MAX_TEXT_UPLOAD_MB,
        help="JSON with sets X, Y, A, B, or any number of named sets: "
        '{"targets": {"men": [...], "women": [...]}, "attributes": {"career": [...]}}',
    )
    sets: NamedSets | None = None
    try:
        sets = (_uploaded_sets(upload) if upload else pairs if pairs and chosen == pairs.id
                else named_sets_of(wordsets[chosen]))
    except BiasInputError as exc:
        show_error(exc)
    if sets is not None:
        # The whole title first: the box above cuts a long one.
        title = "" if upload else f"{md(sets.title)}. "
        st.caption(title + md(measures_text.inputs_sentence(metric, sets)))
    return sets


def choose_words(language: str) -> tuple[str, ...]:
    """SC-WEAT's words: typed, or the language's example list to start from."""
    # English keeps the key it always had (saved drafts); other languages have their own, so
    # English words never stay in the box on a French embedding.
    example = example_words(language)
    words_key = WORDS + ("" if language == "en" else f".{language}")
    text = st.text_area(
        "Words to measure (one per line, or separated by commas)",
        **persistent(words_key, example), height=110,
    )
    if not example and not text.strip():
        st.caption(
            f"There is no example list in {language_name(language)}: type the words "
            "you want to measure."
        )
    return read_words(text)


def choose_values() -> tuple[tuple[str, float], ...] | None:
    """WEFAT's table, pasted or uploaded; None until there is one (or when it is bad, said in
    red)."""
    table_text = st.text_area(
        "Your table: a word and a number per row (paste from a spreadsheet, or upload a CSV)",
        **persistent(TABLE, ""), height=160,
        placeholder="occupation,share of women (%)\nnurse,87\nengineer,16\n…",
    )
    table_upload = st.file_uploader("CSV file", type=["csv", "tsv", "txt"],
                                    key=TABLE_UPLOAD,
                                    max_upload_size=MAX_TEXT_UPLOAD_MB)
    try:
        source = _uploaded_table(table_upload) if table_upload else table_text
        return read_values(source)
    except BiasInputError as exc:
        show_error(exc)
        return None


def choose_options(metric: str) -> tuple[int, bool]:
    """The seed, and whether to add a p-value where the measure gives one only on request."""
    with st.expander("Options"):
        seed = st.number_input("Random seed", **field_bounds(PermutationOptions, "seed"), step=1,
                               **persistent(SEED, DEFAULTS.measure.seed))
        p_value = False
        if METRICS[metric].p_value == "on request":
            p_value = st.toggle(
                "Also a p-value (is it more than a random split of the target words would give?)",
                **persistent(P_VALUE, DEFAULTS.measure.p_value),
            )
    return int(seed), bool(p_value)


@dataclass(frozen=True)
class Request:
    """What the Measure button measures: the measure, its sets (None: a bad file) and, for
    SC-WEAT and WEFAT, its words or table (None: not given)."""

    metric: str
    sets: NamedSets | None
    words: tuple[str, ...] | None
    values: tuple[tuple[str, float], ...] | None
    seed: int
    p_value: bool


def measure(embedding: Embedding, request: Request) -> None:
    """The Measure button: one job (queued when heavy), its result kept per measure in the tab;
    a bad input is one red sentence and that measure's old result goes."""
    info = METRICS[request.metric]
    results = state.measure_results()
    ready = request.sets is not None and not (info.needs == "values" and request.values is None)
    if info.needs == "values" and request.values is None:
        st.caption("Paste or upload a table to run WEFAT.")
    clicked = st.button("Measure", type="primary", disabled=not ready,
                        icon=":material/play_arrow:")
    job = job_slot()
    if not clicked:
        return
    sets, words, values = request.sets, request.words, request.values
    try:
        options = MeasureAnalysisOptions.of(request.metric, seed=request.seed,
                                            p_value=request.p_value)
        heavy = work(options, sets, words, embedding.dimensions) > HEAVY_WORK
        results[request.metric] = run_job(job, f"Measuring {info.label}", lambda: _cached(
            request.metric, embedding.name, _sets_json(sets), request.seed, request.p_value,
            words, values), queued=heavy)
        st.session_state[RUNS] = st.session_state.get(RUNS, 0) + 1
    except BiasInputError as exc:
        results.pop(request.metric, None)
        show_error(exc)


def show_kept(embedding: Embedding, metric: str) -> None:
    """The measure's last result in this tab, with what the other measures run on the same sets
    say about its direction and its p-value read with theirs (`bias.analysis.measure.compare`)."""
    results = state.measure_results()
    if metric not in results:
        return
    with st.container(key=RESULT_BOX):
        show_measured(embedding, results[metric], results)
    # As on the WEAT page: the result lies below the fold, and Streamlit never moves the page.
    scroll_to(RESULT_BOX, st.session_state.get(RUNS, 0))


def show_measured(embedding: Embedding, shown: MeasureAnalysis, results: dict) -> None:
    """The kept result with what the other measures say of its direction, its p-value corrected
    for being read with theirs, and RIPA's pairs."""
    result = shown.result
    if result.embedding != embedding.name:
        st.info("This result is for another embedding; press Measure again.")
    same = [kept.result for kept in results.values()
            if (kept.result.wordset_id, kept.result.embedding)
            == (result.wordset_id, result.embedding)]
    compared = compare(same) if len(same) > 1 else None
    disagreement = None if compared is None else agreement_text(compared.agreement)
    if disagreement:
        st.warning(disagreement, icon=":material/compare_arrows:")
    corrected = None if compared is None else measures_text.compared_sentence(
        compared, result.metric)
    if corrected:
        st.info(md(corrected), icon=":material/functions:")
    pairs = measures_text.pairs_warning(shown)
    if pairs:
        st.warning(pairs, icon=":material/link_off:")
    show_result(shown)


def main() -> None:
    embedding = sidebar()
    st.title("More ways to measure")
    st.write(
        "WEAT is one question. Here are the others the field asks: how one word leans "
        "(SC-WEAT), whether the embedding mirrors real-world numbers (WEFAT), and the five "
        "standard measures of the WEFE library. Each comes with what it can and cannot say."
    )
    if embedding is None:
        st.stop()
    metric = st.segmented_control(
        "Measure", list(METRICS), format_func=lambda m: METRICS[m].label,
        **persistent(METRIC, FIRST_METRIC),
    ) or FIRST_METRIC
    explain(metric)
    sets = choose_sets(embedding.language, metric)
    needs = METRICS[metric].needs
    words = choose_words(embedding.language) if needs == "words" else None
    values = choose_values() if needs == "values" else None
    seed, p_value = choose_options(metric)
    measure(embedding, Request(metric, sets, words, values, seed, p_value))
    show_kept(embedding, metric)


main()
