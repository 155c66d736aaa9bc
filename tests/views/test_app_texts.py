"""Your texts page in AppTest: a corpus of the operator's folder previewed, trained, then tested;
a binary file is one sentence; a year column grouped by decade; a German corpus chosen as
English; a group that cannot decide; no stale output; an upload kept across pages."""

from tests.apptest import open_app
from tests.corpus.corpora import write_german_csv, write_txt


def test_preview_train_and_test_a_server_corpus(home, folder):
    write_txt(folder / "planted.txt", 1.0, count=100)
    (folder / "broken.txt").write_bytes(bytes(range(256)))
    at = open_app("views/texts.py")
    assert not at.exception
    assert "Nothing trained yet." in [c.value for c in at.caption]
    at.selectbox(key="_texts.server_corpus").set_value("broken.txt").run()
    assert "binary file" in at.error[0].value
    at.selectbox(key="_texts.server_corpus").set_value("planted.txt").run()
    next(b for b in at.button if b.label == "Preview").click().run()
    assert any("The corpus: 100 documents, 900 words" in m.value for m in at.markdown)
    next(b for b in at.button if b.label == "Train").click().run()
    assert not at.exception, at.exception
    assert "Training done" in at.success[0].value
    at.selectbox(key="_texts.test_set").set_value("weat6").run()
    next(b for b in at.button if b.label == "Run the test on every model").click().run()
    assert any("one model" in m.value for m in at.markdown)
    assert any("may not survive retraining" in c.value for c in at.caption)


def test_the_preview_shows_the_corpus_own_counts_and_warns(home, folder):
    """Issue 41, item 5: WEAT 6's names appear a few dozen times in 200 short documents, fewer
    than the 50 the docs advise: each list's counts are shown and the thin ones warned."""
    write_txt(folder / "planted.txt", 1.0, count=200)
    at = open_app("views/texts.py")
    at.selectbox(key="_texts.server_corpus").set_value("planted.txt").run()
    at.selectbox(key="_texts.check_set").set_value("weat6").run()
    next(b for b in at.button if b.label == "Preview").click().run()
    assert not at.exception, at.exception
    warned = [w.value for w in at.warning]
    assert any(w.startswith("Male names in this corpus: ") and "advises 50–100" in w
               for w in warned), warned
    assert any("times as often as those of" in c.value for c in [*at.caption, *at.warning])


def test_a_year_column_grouped_by_decade(home, folder):
    lines = ["year,text"] + [f"{1951 + i % 15},John works in the office {i}" for i in range(45)]
    (folder / "years.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    at = open_app("views/texts.py")
    at.selectbox(key="_texts.server_corpus").set_value("years.csv").run()
    at.selectbox(key="_texts.group").set_value("year").run()
    at.selectbox(key="_texts.group_bins").set_value(10).run()
    next(b for b in at.button if b.label == "Preview").click().run()
    assert not at.exception, at.exception
    shown = [m.value for m in at.markdown if m.value.startswith("Group ")]
    assert [line.split(":")[0] for line in shown] == ["Group '1950s'", "Group '1960s'"]
    assert shown[0].startswith("Group '1950s': 27 documents")  # 1951–1959: 9 of every 15


def test_every_training_setting_has_help_and_the_docs_are_a_section(home, folder):
    write_txt(folder / "planted.txt", 1.0, count=20)
    at = open_app("views/texts.py")
    at.selectbox(key="_texts.server_corpus").set_value("planted.txt").run()
    settings = [at.selectbox(key="_texts.method"), at.selectbox(key="_texts.architecture"),
                *(n for n in at.number_input if n.key.startswith("_texts."))]
    assert len(settings) == 8 and all(w.help for w in settings)
    assert not any("docs/corpus.md" in m.value for m in at.markdown)
    assert any(e.label.startswith("What a corpus needs (docs/corpus.md, 'How big must a corpus")
               for e in at.expander)


def _german(folder, **kwargs):
    """The operator's folder with a German CSV (a year column) and an English text file."""
    write_german_csv(folder / "german.csv", **kwargs)
    write_txt(folder / "planted.txt", 1.0, count=40)
    at = open_app("views/texts.py")
    at.selectbox(key="_texts.server_corpus").set_value("german.csv").run()
    return at


def _press(at, label: str):
    return next(b for b in at.button if b.label == label).click().run()


def test_a_german_corpus_chosen_as_english_is_said_and_switched(home, folder):
    """Issue 41, item 9: a German corpus was previewed and trained as English without a word."""
    at = _german(folder, years=range(1955, 1957), count=20)
    _press(at, "Preview")
    assert not at.exception, at.exception
    assert [w.value for w in at.warning if "looks" in w.value] == [
        "This corpus looks German, but English is chosen: 47% of its most frequent words are "
        "German function words, 1% English ones. Trained as English, its models are labelled "
        "English and offered English word sets; train it as German if the texts are in it."]
    _press(at, "Switch to German")
    assert at.session_state["texts.language"] == "de"
    assert at.selectbox(key="_texts.language").value == "de"
    # the preview was made for English: it goes, warning and all, until Preview is pressed again
    assert not any(m.value.startswith("The corpus:") for m in at.markdown)
    assert not any("looks" in w.value for w in at.warning)
    _press(at, "Preview")
    assert any(m.value.startswith("The corpus: 40 documents") for m in at.markdown)
    assert not any("looks" in w.value for w in at.warning)


def test_each_group_says_why_it_cannot_decide_and_nothing_stale_is_shown(home, folder):
    """A group whose models know only 2 female names says why it cannot decide (in the text and
    the chart's hover); the training's last line is the page's words, not a command-line option;
    changed settings or another file never show the earlier training's output."""
    at = _german(folder, years=range(1958, 1962), count=20,
                 two_women=range(1960, 1962))
    at.selectbox(key="_texts.group").set_value("year").run()
    at.selectbox(key="_texts.group_bins").set_value(10).run()
    for field, value in (("min_count", 2), ("dimensions", 8), ("epochs", 5)):
        at.number_input(key=f"_texts.{field}").set_value(value).run()
    _press(at, "Train")
    assert not at.exception, at.exception
    trained = at.code[0].value
    assert "Trained 2 models" in trained and "--embedding" not in trained
    assert trained.endswith("Choose one under Active embedding in the sidebar to use it on every "
                            "page; the whole family is tested below.")
    at.selectbox(key="_texts.test_set").set_value("weat6").run()
    _press(at, "Run the test on every model")
    assert not at.exception, at.exception
    tested = at.code[-1].value
    why = "cannot decide (one model: a list has fewer than 4 words with a vector)"
    assert f", {why}" in tested.splitlines()[2] and tested.splitlines()[2].startswith("  1960s:")
    hover = at.get("plotly_chart")[0].proto.spec
    assert why in hover
    at.selectbox(key="_texts.server_corpus").set_value("planted.txt").run()  # another file
    assert not at.exception, at.exception
    assert not at.success and "Trained 2 models" not in "".join(c.value for c in at.code)
    assert not any(m.value.startswith("Group '1950s'") for m in at.markdown)
    at.selectbox(key="_texts.server_corpus").set_value("german.csv").run()  # dropped, not hidden
    assert not at.success and not any(m.value.startswith("Group '") for m in at.markdown)


def test_the_upload_and_the_settings_outlive_a_visit_to_another_page(home, tmp_path):
    """The uploader forgets its file on another page: the tab keeps its stored copy's path
    (never its bytes) and every setting, and the preview made for them."""
    at = open_app("views/texts.py")
    data = write_txt(tmp_path / "planted.txt", 1.0, count=40).read_bytes()
    at.get("file_uploader")[0].set_value(("speeches.txt", data, "text/plain"))
    at.run()
    at.number_input(key="_texts.min_count").set_value(3).run()
    at.selectbox(key="_texts.language").set_value("fr").run()
    at.selectbox(key="_texts.language").set_value("en").run()
    at.text_input(key="_texts.name").set_value("mine").run()
    _press(at, "Preview")
    assert any(m.value.startswith("The corpus: 40 documents") for m in at.markdown)
    at.switch_page("views/weat.py").run()
    at.switch_page("views/texts.py").run()
    assert not at.exception, at.exception
    assert any("Using **speeches.txt**, uploaded earlier in this tab" in c.value
               for c in at.caption)
    kept = at.session_state["texts.kept"]
    assert kept[1].read_bytes() == data and not any(isinstance(v, bytes) for v in kept)
    assert at.number_input(key="_texts.min_count").value == 3
    assert at.text_input(key="_texts.name").value == "mine"
    assert any(m.value.startswith("The corpus: 40 documents") for m in at.markdown)
    _press(at, "Remove it")
    assert not any(b.label == "Preview" for b in at.button)


def test_two_groups_compared_through_the_queue(home, folder):
    """The engine's test between two groups (`train --compare-groups`) on the page: its
    sentence, with what one permutation cannot show."""
    at = _german(folder, years=range(1958, 1962), count=20)
    at.selectbox(key="_texts.group").set_value("year").run()
    assert "Preview the corpus to choose two of its groups." in [c.value for c in at.caption]
    at.selectbox(key="_texts.group_bins").set_value(10).run()
    for field, value in (("min_count", 2), ("dimensions", 8), ("epochs", 5)):
        at.number_input(key=f"_texts.{field}").set_value(value).run()
    _press(at, "Preview")
    assert at.selectbox(key="_texts.compare_second").value == "1960s"
    at.selectbox(key="_texts.compare_set").set_value("weat6").run()
    at.number_input(key="_texts.permutations").set_value(1).run()
    _press(at, "Compare the two groups")
    assert not at.exception, at.exception
    compared = at.code[-1].value
    assert compared.startswith("WEAT 6: male vs. female names, career vs. family: does '1950s' "
                               "differ from '1960s' (year)?")
    assert ("With 1 permutations p cannot fall below 0.05; use at least 20 for a test at 0.05."
            in compared)
    assert any(m.value.startswith("**No evidence here that '1950s' and '1960s' differ")
               for m in at.markdown)
    at.number_input(key="_texts.permutations").set_value(2).run()  # other inputs: it goes
    assert "does '1950s' differ" not in "".join(c.value for c in at.code)
