"""Embedding regression page (issue 44): how the meaning of a word differs with the covariates of
the documents it is used in (conText's method, docs/regression.md).

Choose a corpus (an upload or one on the server), its text column, a target and covariate
columns, the vectors; Run puts `bias.analysis.regress.run` in the server's job queue
(`views.jobs`: progress and Cancel). The result is shown from the engine's frozen result and the
sentences of `bias.report.regression_text`: the coefficients with intervals and p-values, their
chart, each group's nearest words, each coefficient's nearest contexts and the documents that move
it most, and the JSON the command line prints. The page computes nothing.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import streamlit as st

from bias.analysis import regress as analysis
from bias.analysis.regress_options import RegressOptions
from bias.analysis.regress_results import ContextLine, GroupNeighbours, RegressResult
from bias.compute import configured_scheduler
from bias.corpus.options import GROUP_BINS
from bias.errors import BiasInputError
from bias.regression.alc import MAX_TRANSFORM_BYTES
from bias.report.charts.regression import estimates_figure
from bias.report.markup import md
from bias.report.regression_html import regression_report_html
from bias.report.regression_text import (
    MEANING,
    cannot_show,
    neighbour_cells,
    neighbours_heading,
    regression_text,
    summary,
    without_together,
)
from views.corpus_choice import choose_corpus
from views.docs_sections import docs_links
from views.jobs import job_slot, run_job
from views.shared import (
    active_embedding_name,
    embeddings_by_name,
    field_bounds,
    offered,
    persistent,
    report_button,
    show_error,
    sidebar,
)
from views.uploads import upload_mb

PREFIX = "regression."
TRANSFORM_UPLOAD_KEY = PREFIX + "transform_upload"
RESULT_KEY = PREFIX + "result"
GROUPS_PER_ROW = 2
TYPES_LABEL = "Categories, bins and reference levels"
# What a table shows for a number that could not be computed (as the command line prints it;
# 'What this cannot show' says why).
MISSING = "n/a"
DECADE = 10  # the width a numeric covariate's bins start at: a year's decades
CORPUS_HELP = ("A CSV or TSV file, or JSON Lines: one document per row, a column with its text "
               "and one column per covariate (party, year, newspaper …).")
DEFAULTS = {f.name: f.default for f in dataclasses.fields(RegressOptions)
            if f.default is not dataclasses.MISSING}
TRANSFORM_LABELS = {"corpus": "estimated on your corpus", "none": "none (a plain average)",
                    "file": "read from a file"}
NUMBER_HELP = {
    "window": ("Window", "How many words on each side of the target make up one use's "
               "context (the target itself is left out)."),
    "min_chars": ("Shortest word kept", "Words shorter than this many letters (the, of, a) are "
                  "left out before the windows are cut."),
    "min_count": ("Minimum count", "Words seen fewer times than this in the whole corpus "
                  "become a gap, so words on either side of it never count as neighbours."),
    "permutations": ("Permutations", "How many times the covariates are shuffled between "
                     "documents to see how large a difference chance alone gives; more "
                     "permutations give finer p-values and take longer."),
    "seed": ("Seed", "The start of the random draws: the same seed gives the same numbers "
             "again."),
}


def choose_columns(columns: list[str]) -> tuple[str, str, list[str], str]:
    """The text column, the target, the covariate columns and their terms (with their
    interaction when asked)."""
    c1, c2 = st.columns(2)
    guess = next((c for c in columns if c.lower() in ("text", "body", "content")), columns[0])
    text = c1.selectbox("Text column", columns, **offered(PREFIX + "text_column", columns, guess),
                        help="The column holding each document's words.")
    target = c2.text_input(
        "Target", **persistent(PREFIX + "target", ""), placeholder="immigration",
        help="The word whose uses are compared: a word (immigration), a word start with * "
        "(immigr* finds immigrant, immigrants, immigration) or a short phrase (climate "
        "change). Upper and lower case count as the same.")
    others = [c for c in columns if c != text]
    covariates = st.multiselect(
        "Covariates", others, **offered(PREFIX + "covariates", others, []),
        help="The columns that describe who wrote each document or when (party, gender, year). "
        "A column of words is a set of categories, each compared with a reference; a column of "
        "numbers is used as a number (the change per unit).")
    terms = " + ".join(covariates)
    if len(covariates) == 2 and st.toggle(
            "Also their interaction", **persistent(PREFIX + "interaction", False),
            help="Whether the difference between the groups of one covariate depends on the "
            "other (e.g. party differs more among women than among men)."):
        terms = "*".join(covariates)
    return text, target, covariates, terms


def choose_covariate_types(covariates: tuple[str, ...]) -> tuple[
        tuple[str, ...], tuple[tuple[str, int], ...], tuple[tuple[str, str], ...]]:
    """Columns of numbers to treat as categories, numbers to put in bins, reference levels."""
    with st.expander(TYPES_LABEL):
        categorical = st.multiselect(
            "Columns of numbers that are categories", list(covariates),
            **offered(PREFIX + "categorical", list(covariates), []),
            help="A column coded 1, 2, 3 for three groups is a set of categories, not a "
            "quantity: choose it here.")
        bins = choose_bins(covariates)
        references = []
        for covariate in covariates:
            level = st.text_input(
                f"Reference level of {covariate}", **persistent(PREFIX + f"reference.{covariate}",
                                                                ""),
                placeholder="the earliest bin" if covariate in dict(bins)
                else "the first value in the file",
                help="The category every other one is compared with (e.g. D, to compare R "
                "with D; 1950s for a year in bins). Left empty: the first value in the file "
                "(for bins, the earliest). Not used for a column of numbers.")
            if level.strip():
                references.append((covariate, level.strip()))
    return tuple(categorical), bins, tuple(references)


def choose_bins(covariates: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """Numeric covariates put in bins (a year in decades), each with its width."""
    binned = st.multiselect(
        "Numbers put in bins", list(covariates),
        **offered(PREFIX + "binned", list(covariates), []),
        help="A year used as a number gives one change per year, as if meaning moved in a "
        "straight line. Put in bins of 10, each decade (1950s: 1950 to 1959) becomes a category "
        "compared with the first decade, as on the Your texts page.")
    return tuple((column, int(st.number_input(
        f"Width of the bins of {column}", step=1, min_value=GROUP_BINS.low,
        max_value=GROUP_BINS.high, **persistent(PREFIX + f"bins.{column}", DECADE),
        help="10: decades (1957 in the 1950s); 100: centuries (1957 in 1900-1999).")))
        for column in binned)


def choose_vectors() -> tuple[str, str, str]:
    """The embedding (any static one, or the encoder reading each context as a passage), its
    language, and the transform ('corpus', 'none' or the path of an uploaded matrix)."""
    infos = {name: info for name, info in embeddings_by_name().items()
             if info.kind != "encoder" or name.endswith("-passage")}
    names = list(infos)
    active = active_embedding_name()
    default = active if active in infos else DEFAULTS["embedding"]
    c1, c2 = st.columns(2)
    name = c1.selectbox(
        "Vectors", names, **offered(PREFIX + "embedding", names, default),
        help="Word vectors: each use of the target becomes the average of its context words' "
        "vectors. An e5 encoder (…-passage) instead reads each context whole, in any of its "
        "languages; it is a different kind of model and its numbers are not comparable.")
    if infos[name].kind == "encoder":
        c2.caption(md("The encoder reads each context whole: no transform."))
        return name, infos[name].language, DEFAULTS["transform"]
    how = c2.radio("Transform", list(TRANSFORM_LABELS), format_func=TRANSFORM_LABELS.get,
                   horizontal=True, **persistent(PREFIX + "transform", DEFAULTS["transform"]),
                   help="An average of context words is dominated by common words; the "
                   "transform (Khodak et al. 2018) corrects for that. Estimated on your corpus "
                   "is the usual choice; a file holds a square matrix (.npy or numbers "
                   "separated by spaces) estimated on these same vectors.")
    if how != "file":
        return name, infos[name].language, how
    upload = c2.file_uploader("Transform file", type=["npy", "txt"], key=TRANSFORM_UPLOAD_KEY,
                              max_upload_size=max(1, upload_mb(MAX_TRANSFORM_BYTES)))
    if upload is None:
        raise BiasInputError("Choose the transform file, or another transform.")
    return name, infos[name].language, str(analysis.keep_transform(upload.getvalue(),
                                                                   upload.name))


def choose_numbers() -> dict[str, int]:
    with st.expander("Window, words kept and permutations"):
        cells = st.columns(3)  # five in a row would cut their labels at 800 px
        return {field: int(cells[i % 3].number_input(
            label, step=1, help=text, **field_bounds(RegressOptions, field),
            **persistent(PREFIX + field, DEFAULTS[field])))
            for i, (field, (label, text)) in enumerate(NUMBER_HELP.items())}


def choose_options(path: Path) -> RegressOptions | None:
    """Every choice of the form as the engine's options (its checks give any sentence); None
    until a target and a covariate are given."""
    text, target, covariates, terms = choose_columns(analysis.corpus_columns(path))
    categorical, bins, references = choose_covariate_types(tuple(covariates))
    embedding, language, transform = choose_vectors()
    words = st.text_input(
        "Words to compare with (optional)", **persistent(PREFIX + "words", ""),
        placeholder="reform, enforcement",
        help="Each group's use of the target gets its similarity to each of these words.")
    numbers = choose_numbers()
    if not target.strip() or not terms:
        st.caption("Type a target and choose at least one covariate to run the regression.")
        return None
    return RegressOptions(
        target=target.strip(), covariates=terms, text_column=text, embedding=embedding,
        language=language, transform=transform, categorical=categorical, references=references,
        bins=bins,
        words=tuple(w.strip() for w in words.split(",") if w.strip()), **numbers)


def _covariates(values: dict[str, str]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values.items())


def _context(line: ContextLine) -> str:
    """A keyword-in-context line as Markdown: where it comes from, then the words around the
    target (a list item wraps on a narrow screen, where a table's cell would cut it)."""
    return (f"- document {line.document:,} ({md(_covariates(line.covariates))}), cosine "
            f"{line.cosine:.2f}: … {md(line.left)} **{md(line.keyword)}** {md(line.right)} …")


def show_coefficients(result: RegressResult) -> None:
    regression = result.regression
    level = f"{regression.level:.0%}"
    numbers = ("corrected", f"{level} low", f"{level} high", "p-value", "squared norm")
    st.dataframe([{  # the most read first: a narrow screen scrolls to the rest
        "coefficient": c.name, "corrected": c.squared_norm_corrected,
        f"{level} low": c.interval.low, f"{level} high": c.interval.high, "p-value": c.p_value,
        "instances": c.instances, "documents": c.units, "squared norm": c.squared_norm}
        for c in regression.coefficients], hide_index=True, width="stretch",
        height="content", placeholder=MISSING,  # every row: a decade bin makes a dozen
        column_config={name: st.column_config.NumberColumn(format="%.4f", width="small")
                       for name in numbers}
        | {name: st.column_config.NumberColumn(width="small")
           for name in ("instances", "documents")})
    st.plotly_chart(estimates_figure(regression), width="stretch")
    st.caption(md(MEANING))


def show_groups(result: RegressResult) -> None:
    """Each covariate's groups in an expander of their own, the first open: a year in decades
    makes a dozen tables, which would push the texts behind the numbers far down."""
    if not result.groups:
        return
    st.subheader("Nearest words per group")
    st.caption(md(neighbours_heading(result)))
    by_covariate: dict[str, list[GroupNeighbours]] = {}
    for group in result.groups:
        by_covariate.setdefault(group.covariate, []).append(group)
    for number, (covariate, groups) in enumerate(by_covariate.items()):
        with st.expander(f"{md(covariate)}: the nearest words of its {len(groups)} groups",
                         expanded=number == 0):
            for at in range(0, len(groups), GROUPS_PER_ROW):  # rows keep the groups' order
                for group, column in zip(groups[at:at + GROUPS_PER_ROW],
                                         st.columns(GROUPS_PER_ROW), strict=False):
                    _group(group, column)


def _group(group: GroupNeighbours, column) -> None:
    with column:
        st.markdown(f"**{md(group.covariate)} = {md(group.level)}** ({group.instances:,} "
                    "instances)")
        st.dataframe([{"word": word, "cosine": observed, "corrected": cell}
                      for word, observed, cell in neighbour_cells(group)],
                     hide_index=True, width="stretch",
                     column_config={"cosine": st.column_config.NumberColumn(format="%.3f")})


def show_readings(result: RegressResult) -> None:
    """Each coefficient's texts in an expander of its own, the first open (a dozen coefficients
    would otherwise make the page very long)."""
    st.subheader("The texts behind each number")
    for number, reading in enumerate(result.readings):
        with st.expander(f"{md(reading.name)}: the uses nearest its direction, and the "
                         "documents that move it most", expanded=number == 0):
            st.markdown("\n".join(_context(line) for line in reading.nearest_contexts))
            st.markdown(md("The documents that move it most (its corrected value without "
                           "each):"))
            st.dataframe([{"document": item.document,
                           "covariates": _covariates(item.covariates),
                           "without it": item.estimate_without, "change": item.change}
                          for item in reading.most_influential], hide_index=True,
                         width="stretch", placeholder=MISSING,
                         column_config={name: st.column_config.NumberColumn(format="%.4f")
                                        for name in ("without it", "change")})
            st.caption(md(without_together(reading).capitalize() + "."))


def show_result(result: RegressResult) -> None:
    st.divider()
    for line in summary(result):
        st.markdown(md(line))
    show_coefficients(result)
    show_groups(result)
    show_readings(result)
    st.subheader("What this cannot show")
    for sentence in cannot_show(result):
        st.markdown(f"- {md(sentence)}")
    with st.expander("Everything in words (as the command line prints it)"):
        st.code(regression_text(result), language=None, wrap_lines=True)
    report_button(lambda: regression_report_html(result),
                  f"regression-{Path(result.corpus.file).stem}.html",
                  "the numbers, the chart, each group's neighbours, the texts behind each number "
                  "and the methods; reproduce it with the corpus beside it")
    st.download_button(
        "Download JSON", data=json.dumps(result.to_dict(), ensure_ascii=False, indent=2),
        file_name=f"regression-{Path(result.corpus.file).stem}.json", mime="application/json",
        on_click="ignore", icon=":material/download:",
        help="Every number and option, as `python -m bias regress --json` writes it.")


def run_form(path: Path) -> None:
    try:
        options = choose_options(path)
    except BiasInputError as exc:
        show_error(exc)
        options = None
    slot = job_slot()
    if st.button("Run the regression", type="primary", icon=":material/play_arrow:",
                 disabled=options is None):
        try:
            result = run_job(slot, f"Regression of '{options.target}' in {path.name}",
                             lambda: analysis.run(path, options,
                                                  scheduler=configured_scheduler()))
        except BiasInputError as exc:
            st.session_state.pop(RESULT_KEY, None)
            show_error(exc)
        else:
            st.session_state[RESULT_KEY] = result


def main() -> None:
    sidebar()
    st.title("Embedding regression")
    st.markdown(docs_links(
        "How does the meaning of a word differ with who wrote it or when? Every use of the "
        "target in your texts becomes a vector from the words around it, and these vectors are "
        "compared across the documents' covariates (party, gender, decade), each with an "
        "interval, a p-value and the texts behind it. docs/regression.md explains the method "
        "(Rodriguez, Spirling & Stewart 2023) and how many uses are enough."
    ))
    path = choose_corpus(PREFIX, CORPUS_HELP)
    if path is not None:
        run_form(path)
    result = st.session_state.get(RESULT_KEY)
    if result is not None:
        show_result(result)


main()
