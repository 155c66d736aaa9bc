"""Your texts page: train embeddings on a corpus the researcher brings, then test them.

Upload a file (or choose one the server's operator provides), pick its columns, see what
training will give (`bias.corpus.train.inspect_corpus`), press Train: the job runs in the
server's queue (`views.jobs`) with progress, words per second, time left and Cancel. The models
become embeddings listed on every page. Below, any trained family can be tested: each
replicate's d, the verdict over them, and the chart across groups. The engine decides
everything; this page collects choices and shows results.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from bias.corpus.family import family, family_list
from bias.corpus.options import (
    ARCHITECTURES,
    DOCUMENT_MODES,
    METHODS,
    ReadOptions,
    TrainOptions,
)
from bias.corpus.readers import columns
from bias.corpus.sources import keep_upload, server_corpora, upload_types
from bias.corpus.train import inspect_corpus, train_corpus
from bias.errors import BiasInputError
from bias.limits import TRAINING_WORK
from bias.report.charts.groups import across_groups_figure
from bias.report.corpus_text import count_lines, coverage_sentence, group_line, train_text
from bias.report.markup import md
from bias.report.replicates_text import ONE_MODEL, SEPARATE_SPACES, group_text, headline
from bias.stats.replicates import AcrossGroups, run_trained
from bias.stats.verdict import MIN_SET_WORDS
from bias.stats.weat import WeatOptions
from bias.vectors.access import ServerAccess
from bias.vectors.catalog import LANGUAGES, language_name
from bias.wordsets import WordSet
from bias.wordsets.library import all_wordsets
from views.docs_sections import show_docs
from views.jobs import job_slot, run_job
from views.shared import field_bounds, show_error, sidebar, user_errors

UPLOAD_KEY = "texts.upload"
KEPT_KEY = "texts.kept"  # (the upload's id, where its copy was kept)
PREVIEW_KEY = "texts.preview"
TRAINED_KEY = "texts.trained"
TESTED_KEY = "texts.tested"
NO_COLUMN = "(none)"
GROUP_BINS = {None: "each value", 10: "decades (bins of 10)", 100: "centuries (bins of 100)"}
NUMBER_FIELDS = {"dimensions": "Dimensions", "window": "Window", "min_count": "Minimum count",
                 "epochs": "Epochs", "replicates": "Replicates", "seed": "Seed"}
# What each training setting does, for its help (docs/corpus.md, 'The defaults and their reasons').
TRAINING_HELP = {
    "method": "word2vec learns one vector per word; fastText also learns pieces of words, so "
    "rare and unseen word forms get a vector.",
    "architecture": "skip-gram predicts the words around a word (better for rare words); CBOW "
    "predicts a word from those around it (faster).",
    "dimensions": "The length of each word's vector. More can hold more distinctions but needs "
    "more text.",
    "window": "How many words on each side count as a word's context.",
    "min_count": "Words seen fewer times than this get no vector; a test word below it is "
    "reported missing.",
    "epochs": "How many passes over the corpus: more helps a small corpus, and takes longer.",
    "replicates": "1 trains one model. More trains that many, each on a bootstrap sample of the "
    "documents with its own seed, to show how far a result survives retraining.",
    "seed": "The random seed: the same corpus, settings and seed give the same vectors bit "
    "for bit.",
}
# The tests below the training: fewer draws than the WEAT page, since they run once per
# replicate (the WEAT page runs any one of them with the full options).
TEST_OPTIONS = WeatOptions(iterations=10_000, ci_resamples=1_000)


def choose_corpus() -> Path | None:
    """The corpus file: an upload (kept on disk) or one of the server's corpora."""
    offered = server_corpora()
    tabs = st.tabs(["Upload a file"] + (["A corpus on this server"] if offered else []))
    with tabs[0]:
        upload = st.file_uploader(
            "Corpus file", type=upload_types(), key=UPLOAD_KEY,
            max_upload_size=ServerAccess.from_environment().max_upload_mb,
            help="Plain text (one document per line), CSV or TSV with a text column, JSON "
            "Lines, or a .zip of .txt files (one document each).")
    chosen = None
    if offered:
        with tabs[1]:
            names = [NO_COLUMN] + [path.name for path in offered]
            picked = st.selectbox("Corpus", names, key="texts.server_corpus")
            chosen = next((p for p in offered if p.name == picked), None)
    if upload is not None:
        kept = st.session_state.get(KEPT_KEY)
        if kept is None or kept[0] != upload.file_id:  # hashed and written once per upload
            kept = upload.file_id, keep_upload(upload.getvalue(), upload.name)
            st.session_state[KEPT_KEY] = kept
        return kept[1]
    return chosen


def choose_reading(path: Path) -> tuple[str, ReadOptions]:
    """The corpus's language, and its text and group columns (for tables)."""
    found = columns(path)
    codes = list(LANGUAGES)
    c1, c2, c3 = st.columns(3)
    language = c1.selectbox("Language", codes, index=codes.index("en"), key="texts.language",
                            format_func=lambda c: f"{language_name(c)} ({c})")
    if not found:
        documents = c2.selectbox("Documents", DOCUMENT_MODES, key="texts.documents",
                                 format_func=lambda m: f"one per {m}")
        return language, ReadOptions(documents=documents)
    guess = next((i for i, c in enumerate(found) if c.lower() in ("text", "body", "content")), 0)
    text = c2.selectbox("Text column", found, index=guess, key="texts.text_column")
    group = c3.selectbox("Group column (optional)", [NO_COLUMN, *found], key="texts.group",
                         help="Each value (a decade, a party) gets its own model, named "
                         "NAME-<value>; the chart below compares them.")
    if group == NO_COLUMN:
        return language, ReadOptions(text_column=text)
    bins = c3.selectbox("Group by", list(GROUP_BINS), key="texts.group_bins",
                        format_func=GROUP_BINS.get,
                        help="A numeric column (a year) can be grouped into decades (1957 in "
                        "the group 1950s) or centuries; a cell that is no number is refused.")
    return language, ReadOptions(text_column=text, group_column=group, group_bins=bins)


def choose_training() -> TrainOptions:
    """The training settings, gensim's defaults first (docs/corpus.md says why)."""
    defaults = TrainOptions()
    with st.expander("Training settings"):
        c1, c2 = st.columns(2)
        method = c1.selectbox("Method", METHODS, key="texts.method",
                              help=TRAINING_HELP["method"])
        architecture = c2.selectbox("Architecture", ARCHITECTURES, key="texts.architecture",
                                    help=TRAINING_HELP["architecture"])
        cells = st.columns(3)
        numbers = {
            field: int(cells[i % 3].number_input(label, value=getattr(defaults, field), step=1,
                                                 key=f"texts.{field}",
                                                 help=TRAINING_HELP[field],
                                                 **field_bounds(TrainOptions, field)))
            for i, (field, label) in enumerate(NUMBER_FIELDS.items())
        }
    return TrainOptions(method=method, architecture=architecture, **numbers)


def choose_wordset(language: str, key: str, label: str) -> WordSet | None:
    sets = all_wordsets(language)
    ids = [NO_COLUMN] + [ws.id for ws in sets]
    titles = {ws.id: ws.title for ws in sets}
    picked = st.selectbox(label, ids, key=key,
                          format_func=lambda i: titles.get(i, "(none)"))
    return next((ws for ws in sets if ws.id == picked), None)


def show_preview(preview) -> None:
    """Per group: documents, words and vocabulary, and which test words get a vector."""
    for group in preview.groups:
        st.markdown(md(group_line(group, preview.min_count)))
        for coverage in group.sets:
            st.caption(md(coverage_sentence(coverage)))
        for text, warning in count_lines(group):  # the corpus's own counts (issue 41)
            if warning:
                st.warning(md(text), icon=":material/warning:")
            else:
                st.caption(md(text))
    if preview.problem:
        st.error(md(preview.problem), icon=":material/error:")


def progress_text(tokens: int, models: int, epochs: int):
    """The bar's words per second and time left, from the share done and the time taken."""
    total = tokens * models * epochs

    def describe(fraction: float, seconds: float) -> str:
        if fraction <= 0 or seconds <= 0:
            return "reading the corpus…"
        left = seconds * (1 - fraction) / fraction
        return (f"{fraction:.0%}, about {fraction * total / seconds:,.0f} words per second, "
                f"{left:,.0f} s left")

    return describe


def preview_and_train(path: Path, name: str, language: str, read: ReadOptions,
                      options: TrainOptions, wordset: WordSet | None) -> None:
    """The Preview and Train buttons and what they produce (kept over reruns)."""
    wordsets = [wordset] if wordset else []
    slot = job_slot()
    c1, c2 = st.columns(2)
    if c1.button("Preview", icon=":material/visibility:"):
        with user_errors():
            st.session_state[PREVIEW_KEY] = path, run_job(slot, f"Reading {path.name}", lambda: (
                inspect_corpus(path, language=language, read=read, options=options,
                               wordsets=wordsets, min_set_words=MIN_SET_WORDS)))
    shown_for, preview = st.session_state.get(PREVIEW_KEY, (None, None))
    if shown_for != path:
        preview = None  # made for another file
    if c2.button("Train", type="primary", icon=":material/model_training:"):
        tokens = sum(group.tokens for group in preview.groups) if preview else 0
        describe = progress_text(tokens, options.replicates, options.epochs)
        try:
            result = run_job(slot, f"Training on {path.name}", lambda: train_corpus(
                path, name=name, language=language, read=read, options=options,
                wordsets=wordsets, min_set_words=MIN_SET_WORDS, max_work=TRAINING_WORK),
                describe=describe)
        except BiasInputError as exc:
            show_error(exc)
        else:
            st.session_state[TRAINED_KEY] = train_text(result)
            st.session_state[PREVIEW_KEY] = path, result.preview
            preview = result.preview
            st.session_state["texts.family"] = result.family
    if preview is not None:
        show_preview(preview)
    if done := st.session_state.get(TRAINED_KEY):
        st.success("Training done: the models are embeddings now, listed on every page.")
        st.code(done, language=None, wrap_lines=True)


def show_tested(result) -> None:
    """The test over a family: the chart across groups, then each replicate's numbers."""
    if isinstance(result, AcrossGroups):
        st.markdown(f"**{md(result.title)}** across {md(result.group_column)}, in the order "
                    "of the values: each dot is the mean d of a group's replicates, its bar "
                    "where the d of another training run would fall (95% prediction "
                    "interval).")
        st.plotly_chart(across_groups_figure(result), width="stretch")
        single = all(group.verdict.replicates == 1 for group in result.groups)
        st.caption(md(SEPARATE_SPACES + (f" {ONE_MODEL}" if single else "")))
    else:
        st.markdown(f"**{md(headline(result))}**")
        if result.verdict.replicates == 1:
            st.caption(md(ONE_MODEL))
    st.code(group_text(result), language=None, wrap_lines=True)


def test_trained() -> None:
    """Test any family trained here: every replicate, the verdict over them, the chart."""
    st.subheader("Test your trained embeddings")
    families = family_list()
    if not families:
        st.caption("Nothing trained yet.")
        return
    wanted = st.session_state.get("texts.family")
    c1, c2 = st.columns(2)
    with c1:
        name = st.selectbox("Trained embedding or family", families,
                            index=families.index(wanted) if wanted in families else 0)
    with c2:
        found = family(name)
        wordset = choose_wordset(found.slices[0].language if found else "en", "texts.test_set",
                                 "Test")
    slot = job_slot()
    if st.button("Run the test on every model", disabled=wordset is None):
        with user_errors():
            st.session_state[TESTED_KEY] = run_job(
                slot, f"Testing {name}", lambda: run_trained(name, wordset, TEST_OPTIONS))
    tested = st.session_state.get(TESTED_KEY)
    if tested is not None:
        show_tested(tested)


def main() -> None:
    sidebar()
    st.title("Your texts")
    st.write(
        "Train word embeddings on your own texts (newspapers of two decades, speeches of two "
        "parties), with replicates that show how far a result survives retraining, and one "
        "model per group to compare groups or times."
    )
    show_docs("What a corpus needs", "corpus.md", "How big must a corpus be?")
    try:
        path = choose_corpus()
    except BiasInputError as exc:
        show_error(exc)
        path = None
    if path is not None:
        try:
            language, read = choose_reading(path)
            options = choose_training()
        except BiasInputError as exc:
            show_error(exc)
        else:
            c1, c2 = st.columns(2)
            name = c1.text_input("Name", value=Path(path).stem.lower()[:40], key="texts.name",
                                 help="The embedding's name, or the family's: NAME.r1 … for "
                                 "replicates, NAME-<value> per group.")
            with c2:
                wordset = choose_wordset(language, "texts.check_set", "Word set to check")
            preview_and_train(path, name, language, read, options, wordset)
    test_trained()


main()
