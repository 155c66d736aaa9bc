"""Your texts page: train embeddings on a corpus the researcher brings, then test them.

Upload a file (or choose one the server's operator provides), pick its columns, see what
training will give (`bias.corpus.train_corpus.inspect_corpus`, which also says when the corpus
looks to be in another language than the chosen one), press Train: the job runs in the server's
queue (`views.jobs`) with progress, words per second, time left and Cancel. The models become
embeddings listed on every page. Two groups can be compared (the engine's permutation test).
Below, any trained family can be tested: each replicate's d, the verdict over them, and the
chart across groups. The engine decides everything; this page collects choices and shows results.

What a visitor chose stays over page switches: every field is kept (`views.shared.persistent`),
the upload by the path of its stored copy (`views.corpus_choice`, shared with the Embedding
regression page), and each result with the inputs it was made for, so a
result of another file or other settings is never shown as this one's.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from bias.analysis import train
from bias.analysis.train import TrainAnalysisOptions
from bias.analysis.weat import WeatAnalysis, WeatAnalysisOptions
from bias.analysis.weat import run as run_analysis
from bias.corpus.family import family, family_list
from bias.corpus.options import (
    ARCHITECTURES,
    DOCUMENT_MODES,
    METHODS,
    PERMUTATIONS,
    ReadOptions,
    TrainOptions,
)
from bias.corpus.readers import columns
from bias.errors import BiasInputError
from bias.limits import TRAINING_WORK
from bias.report.charts.groups import across_groups_figure
from bias.report.corpus_text import (
    count_lines,
    coverage_sentence,
    group_line,
    language_warning,
    train_text,
)
from bias.report.group_difference_text import difference_text
from bias.report.group_difference_text import headline as difference_headline
from bias.report.markup import md
from bias.report.replicates_text import ONE_MODEL, SEPARATE_SPACES, group_text, headline
from bias.report.weat_report import draws_line
from bias.stats.replicates import AcrossGroups
from bias.vectors.catalog import LANGUAGES, language_name
from bias.wordsets import WordSet
from bias.wordsets.library import all_wordsets
from views.corpus_choice import NONE, choose_corpus
from views.docs_sections import docs_links, show_docs
from views.jobs import job_slot, run_job
from views.shared import (
    field_bounds,
    offered,
    persistent,
    put,
    show_error,
    sidebar,
    user_errors,
)

PREFIX = "texts."
CORPUS_HELP = ("Plain text (one document per line), CSV or TSV with a text column, JSON Lines, "
               "or a .zip of .txt files (one document each).")
# Each result is kept with the inputs it was made for, and shown only while they are the page's.
PREVIEW_KEY = "texts.preview"
TRAINED_KEY = "texts.trained"
TESTED_KEY = "texts.tested"
COMPARED_KEY = "texts.compared"
# The kept fields (`views.shared.persistent`; each widget's key is "_" + its key).
LANGUAGE = "texts.language"
NAME = "texts.name"
NAMED_FOR = "texts.named_for"  # the corpus the name was filled in for
FAMILY = "texts.family"
NO_COLUMN = NONE  # one label for "nothing chosen" in every select of the page
GROUP_BINS = {0: "each value", 10: "decade", 100: "century"}
USE_HERE = ("Choose one under Active embedding in the sidebar to use it on every page; the whole "
            "family is tested below.")
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
# replicate (the WEAT page runs any one of them with the full options); the result says so
# beside its numbers (`draws_note`), as the command line prints it.
TEST_OPTIONS = WeatAnalysisOptions.for_speed(group_of_one=True)


def kept_choice(where, label: str, options: list, key: str, default, **kwargs):
    """A selectbox whose choice is kept over reruns and page switches (`persistent`); a kept
    choice that is not offered now (a column of another file) falls back to `default`."""
    return where.selectbox(label, options, **offered(key, options, default), **kwargs)


def choose_reading(path: Path) -> tuple[str, ReadOptions]:
    """The corpus's language, and its text and group columns (for tables)."""
    found = columns(path)
    c1, c2, c3 = st.columns(3)
    language = kept_choice(c1, "Language", list(LANGUAGES), LANGUAGE, "en",
                           format_func=lambda c: f"{language_name(c)} ({c})")
    if not found:
        documents = kept_choice(c2, "Documents", list(DOCUMENT_MODES), "texts.documents",
                                DOCUMENT_MODES[0], format_func=lambda m: f"one per {m}")
        return language, ReadOptions(documents=documents)
    guess = next((c for c in found if c.lower() in ("text", "body", "content")), found[0])
    text = kept_choice(c2, "Text column", found, "texts.text_column", guess)
    group = kept_choice(c3, "Group column (optional)", [NO_COLUMN, *found], "texts.group",
                        NO_COLUMN, help="Each value (a decade, a party) gets its own model, "
                        "named NAME-<value>; the chart below compares them.")
    if group == NO_COLUMN:
        return language, ReadOptions(text_column=text)
    bins = kept_choice(c3, "Group by", list(GROUP_BINS), "texts.group_bins", 0,
                       format_func=GROUP_BINS.get,
                       help="A numeric column (a year) can be grouped into decades, bins of 10 "
                       "(1957 in the group 1950s), or centuries, bins of 100; a cell that is no "
                       "number is refused.")
    return language, ReadOptions(text_column=text, group_column=group, group_bins=bins or None)


def choose_training() -> TrainOptions:
    """The training settings, gensim's defaults first (docs/corpus.md says why)."""
    defaults = TrainAnalysisOptions(language="en").train
    with st.expander("Training settings"):
        c1, c2 = st.columns(2)
        method = kept_choice(c1, "Method", list(METHODS), "texts.method", defaults.method,
                             help=TRAINING_HELP["method"])
        architecture = kept_choice(c2, "Architecture", list(ARCHITECTURES), "texts.architecture",
                                   defaults.architecture, help=TRAINING_HELP["architecture"])
        cells = st.columns(3)
        numbers = {
            field: int(cells[i % 3].number_input(
                label, step=1, help=TRAINING_HELP[field],
                **persistent(f"texts.{field}", getattr(defaults, field)),
                **field_bounds(TrainOptions, field)))
            for i, (field, label) in enumerate(NUMBER_FIELDS.items())
        }
    return TrainOptions(method=method, architecture=architecture, **numbers)


def choose_wordset(language: str, key: str, label: str) -> WordSet | None:
    sets = all_wordsets(language)
    ids = [NO_COLUMN] + [ws.id for ws in sets]
    titles = {ws.id: ws.title for ws in sets}
    picked = kept_choice(st, label, ids, key, NO_COLUMN,
                         format_func=lambda i: titles.get(i, NO_COLUMN))
    return next((ws for ws in sets if ws.id == picked), None)


def show_language(preview) -> None:
    """The corpus looks to be in another language than the chosen one: said, with a button that
    chooses the language it looks to be in (the preview is then made again for it)."""
    sentence = language_warning(preview.language_guess)
    if sentence is None:
        return
    guess = preview.language_guess.language
    st.warning(md(sentence), icon=":material/translate:")
    st.button(f"Switch to {language_name(guess)}", key="texts.switch_language",
              icon=":material/translate:", on_click=put, args=(LANGUAGE, guess))


def show_preview(preview) -> None:
    """Per group: documents, words and vocabulary, and which test words get a vector."""
    show_language(preview)
    for group in preview.groups:
        st.markdown(md(group_line(group, preview.min_count)))
        for coverage in group.sets:
            st.caption(docs_links(md(coverage_sentence(coverage))))
        for text, warning in count_lines(group):  # the corpus's own counts (issue 41)
            if warning:
                st.warning(md(text), icon=":material/warning:")
            else:
                st.caption(docs_links(md(text)))
    if preview.problem:
        st.error(md(preview.problem), icon=":material/error:")


def kept_for(key: str, inputs: tuple):
    """The result kept under `key` when it was made for these `inputs`, else None (and it is
    dropped: a result of another file or other settings is never shown as this one's)."""
    kept = st.session_state.get(key)
    if kept is None or kept[0] != inputs:
        st.session_state.pop(key, None)
        return None
    return kept[1]


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


def analysis_options(language: str, read: ReadOptions, options: TrainOptions,
                     wordset: WordSet | None = None,
                     permutations: int | None = None) -> TrainAnalysisOptions:
    """The page's choices as the analysis's options: this server's bound on one request's
    training (`TRAINING_WORK`) included."""
    defaults = TrainAnalysisOptions(language=language)
    return TrainAnalysisOptions(
        language=language, read=read, train=options, wordsets=(wordset,) if wordset else (),
        permutations=defaults.permutations if permutations is None else permutations,
        max_work=TRAINING_WORK)


def preview_and_train(path: Path, name: str, language: str, read: ReadOptions,
                      options: TrainOptions, wordset: WordSet | None):
    """The Preview and Train buttons and what they produce, kept while the inputs stay; the
    preview shown, or None."""
    analysis = analysis_options(language, read, options, wordset)
    inputs = (str(path), language, read, options, wordset.id if wordset else None)
    slot = job_slot()
    c1, c2 = st.columns(2)
    if c1.button("Preview", icon=":material/visibility:"):
        st.session_state.pop(PREVIEW_KEY, None)
        with user_errors():
            st.session_state[PREVIEW_KEY] = inputs, run_job(
                slot, f"Reading {path.name}", lambda: train.preview(analysis, path))
    preview = kept_for(PREVIEW_KEY, inputs)
    if c2.button("Train", type="primary", icon=":material/model_training:"):
        st.session_state.pop(TRAINED_KEY, None)
        tokens = sum(group.tokens for group in preview.groups) if preview else 0
        describe = progress_text(tokens, options.replicates, options.epochs)
        try:
            result = run_job(slot, f"Training on {path.name}", lambda: train.train(
                analysis, path, name), describe=describe).trained
        except BiasInputError as exc:
            show_error(exc)
        else:
            st.session_state[TRAINED_KEY] = (inputs, name), train_text(result, USE_HERE)
            st.session_state[PREVIEW_KEY] = inputs, result.preview
            preview = result.preview
            put(FAMILY, result.family)
    if preview is not None:
        show_preview(preview)
    if done := kept_for(TRAINED_KEY, (inputs, name)):
        st.success("Training done: the models are embeddings now, listed on every page.")
        st.code(done, language=None, wrap_lines=True)
    return preview


def compare_two_groups(path: Path, language: str, read: ReadOptions, options: TrainOptions,
                       preview) -> None:
    """Whether two groups differ: the engine's permutation test (`bias.compare_groups`), its
    models trained through the server's queue with progress and Cancel, and its sentence."""
    st.subheader("Compare two groups")
    if preview is None:
        st.caption("Preview the corpus to choose two of its groups.")
        return
    values = [group.value for group in preview.groups]
    if len(values) < 2:
        st.caption("The corpus has one group: there is nothing to compare.")
        return
    c1, c2, c3, c4 = st.columns([2, 2, 3, 2])
    first = kept_choice(c1, "First group", values, "texts.compare_first", values[0])
    second = kept_choice(c2, "Second group", values, "texts.compare_second", values[1])
    with c3:
        wordset = choose_wordset(language, "texts.compare_set", "Compare by")
    permutations = int(c4.number_input(
        "Permutations", step=1,
        **persistent("texts.permutations", TrainAnalysisOptions(language).permutations),
        min_value=PERMUTATIONS.low, max_value=PERMUTATIONS.high,
        help="How many times the two groups' documents are dealt at random into two groups "
        "of the same sizes and trained again; p cannot fall below 1 / (permutations + 1)."))
    inputs = (str(path), language, read, options, (first, second),
              wordset.id if wordset else None, permutations)
    slot = job_slot()
    if st.button("Compare the two groups", icon=":material/compare_arrows:",
                 disabled=wordset is None or first == second):
        st.session_state.pop(COMPARED_KEY, None)
        tokens = sum(g.tokens for g in preview.groups if g.value in (first, second))
        analysis = analysis_options(language, read, options, permutations=permutations)
        try:  # the work bounded before any model: the groups and every deal train a pair
            train.check_comparison(analysis, preview, (first, second), wordset)
            result = run_job(
                slot, f"Comparing '{first}' and '{second}'", lambda: train.compare(
                    analysis, path, (first, second), wordset),
                describe=progress_text(tokens, permutations + 1, options.epochs))
        except BiasInputError as exc:
            show_error(exc)
        else:
            st.session_state[COMPARED_KEY] = inputs, (difference_headline(result),
                                                      difference_text(result))
    if compared := kept_for(COMPARED_KEY, inputs):
        st.markdown(f"**{md(compared[0])}**")
        st.code(compared[1], language=None, wrap_lines=True)


def show_tested(analysis: WeatAnalysis) -> None:
    """The test over a family: the chart across groups, then each replicate's numbers, and how
    many draws they ran."""
    result = analysis.result
    if isinstance(result, AcrossGroups):
        single = all(group.verdict.replicates == 1 for group in result.groups)
        dots = ("each dot is the d of a group's one model" if single else
                "each dot is the mean d of a group's replicates, its bar where the d of another "
                "training run would fall (95% prediction interval)")
        st.markdown(f"**{md(result.title)}** across {md(result.group_column)}, in the order "
                    f"of the values: {dots}; the text below says each group's verdict and why.")
        st.plotly_chart(across_groups_figure(result), width="stretch")
        st.caption(docs_links(md(SEPARATE_SPACES + (f" {ONE_MODEL}" if single else ""))))
    else:
        st.markdown(f"**{md(headline(result))}**")
        if result.verdict.replicates == 1:
            st.caption(docs_links(md(ONE_MODEL)))
    st.code(group_text(result), language=None, wrap_lines=True)
    if analysis.draws_note:
        st.caption(md(draws_line(analysis.draws_note)))


def test_trained() -> None:
    """Test any family trained here: every replicate, the verdict over them, the chart."""
    st.subheader("Test your trained embeddings")
    families = family_list()
    if not families:
        st.caption("Nothing trained yet.")
        return
    c1, c2 = st.columns(2)
    name = kept_choice(c1, "Trained embedding or family", families, FAMILY, families[0])
    with c2:
        found = family(name)
        wordset = choose_wordset(found.slices[0].language if found else "en", "texts.test_set",
                                 "Test")
    inputs = (name, wordset.id if wordset else None)
    slot = job_slot()
    if st.button("Run the test on every model", disabled=wordset is None):
        st.session_state.pop(TESTED_KEY, None)
        with user_errors():
            st.session_state[TESTED_KEY] = inputs, run_job(
                slot, f"Testing {name}", lambda: run_analysis(TEST_OPTIONS, name, wordset))
    tested = kept_for(TESTED_KEY, inputs)
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
    path = choose_corpus(PREFIX, CORPUS_HELP)
    if path is not None:
        try:
            language, read = choose_reading(path)
            options = choose_training()
        except BiasInputError as exc:
            show_error(exc)
        else:
            c1, c2 = st.columns(2)
            stem = Path(path).stem.lower()[:40]
            if st.session_state.get(NAMED_FOR) != str(path):  # another corpus: its own name
                st.session_state[NAMED_FOR] = str(path)
                put(NAME, stem, typed=False)
            name = c1.text_input("Name", **persistent(NAME, stem),
                                 help="The embedding's name, or the family's: NAME.r1 … for "
                                 "replicates, NAME-<value> per group.")
            with c2:
                wordset = choose_wordset(language, "texts.check_set", "Word set to check")
            preview = preview_and_train(path, name, language, read, options, wordset)
            if read.group_column:
                compare_two_groups(path, language, read, options, preview)
    test_trained()


main()
