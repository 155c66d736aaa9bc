"""The small traps of a first hour (issue 24, item 9), each as a visitor meets it in AppTest."""

import re

from bias.discovery.curation import MAX_FILE_BYTES
from bias.limits import MAX_INPUT_FILE_BYTES
from bias.vectors.download import import_embedding
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from tests.language_vectors import write_vec
from tests.views.test_page_biaswords import generate_weat6


def upload_limits(at) -> dict[str, int]:
    """Each file uploader's label and the size limit (MB) it tells the visitor."""
    return {u.proto.label: u.proto.max_upload_size_mb for u in at.get("file_uploader")}


def test_each_uploader_says_its_own_limit(home, monkeypatch):
    monkeypatch.setenv("BIASWORDS_MAX_UPLOAD_MB", "300")
    measures = open_app("views/measures.py")
    assert upload_limits(measures) == {"…or your own word-set file": 2}
    measures.segmented_control(key="_measures.metric").set_value("wefat").run()
    assert upload_limits(measures)["CSV file"] == 2
    embeddings = open_app("views/embeddings.py")
    assert upload_limits(embeddings) == {"Vector file": 300,
                                         "Report or JSON": MAX_INPUT_FILE_BYTES >> 20}
    biaswords = generate_weat6()
    assert upload_limits(biaswords) == {"Import a curated table (CSV)": MAX_FILE_BYTES >> 20}


def test_the_formulas_are_on_the_page_not_a_path_to_a_file(home):
    at = open_app("views/measures.py")
    formulas = next(e for e in at.expander if e.label.startswith("Formulas"))
    assert formulas.label == "Formulas (docs/metrics.md, 'SC-WEAT: how one word leans')"
    assert "association s(w, A, B)" in formulas.markdown[0].value
    assert not any("docs/metrics.md" in c.value for c in at.caption)
    at.segmented_control(key="_measures.metric").set_value("weat").run()
    formulas = next(e for e in at.expander if e.label.startswith("Formulas"))
    assert formulas.label == "Formulas (docs/weat.md, 'The numbers')"


def test_a_command_line_import_shows_its_file_name_not_the_server_folder(home, tmp_path):
    folder = tmp_path / "private-home" / "ann"
    folder.mkdir(parents=True)
    path = folder / "news-en.vec"
    write_vec(path, "en")
    import_embedding(path, name="news-en", language="en")
    at = open_app()
    at.selectbox(key="_biaswords.embedding_select").set_value("news-en").run()
    sidebar = [c.value for c in at.sidebar.caption]
    assert "a file on the server: news-en.vec" in sidebar
    assert not any(str(folder) in c or "private-home" in c for c in sidebar)
    page = open_app("views/embeddings.py")
    sources = next(c.value for c in page.caption if c.value.startswith("**"))
    assert "**news-en**: a file on the server: news-en.vec" in sources
    assert "private-home" not in sources


def test_the_embeddings_page_keeps_its_tab_over_the_rerun_after_an_import(home):
    at = open_app("views/embeddings.py")
    assert at.session_state["embeddings.tab"] == "Download fastText"
    at.session_state["embeddings.tab"] = "Upload a file"
    at.session_state["embeddings.done"] = "Imported news-de: 1,000 words."  # what an import sets
    at.run()
    assert any(s.value.startswith("Imported news-de") for s in at.success)
    assert at.session_state["embeddings.tab"] == "Upload a file"


def test_a_refresh_shows_the_result_again(home):
    tab = open_app()
    next(b for b in tab.button if b.label == "Run test").click().run()
    shown = {m.label: m.value for m in tab.metric}
    assert shown["Effect size d"] == "1.54"
    refreshed = open_app(draft=tab.query_params["draft"])
    assert not refreshed.exception
    assert {m.label: m.value for m in refreshed.metric} == shown
    # Lists edited after the run: the refresh brings the lists back, not a result for them.
    words = next(t for t in tab.text_area if t.key == "_weat.words.X")
    words.input("math\nalgebra\ngeometry").run()
    assert not open_app(draft=tab.query_params["draft"]).metric


def test_a_repeated_word_is_said_under_its_list_before_run(home):
    at = open_app()
    x = next(t for t in at.text_area if t.key == "_weat.words.X")
    x.input(x.value + "\nmath\nMath").run()
    assert "10 of 10 words found; 8 distinct vectors" in [c.value for c in at.caption]
    note = next(i.value for i in at.info if "listed twice" in i.value)
    assert note == ("X (Math): math is listed twice; Math has the same vector as another "
                    "spelling before it in the set; each vector is counted once.")


def test_the_draw_picker_writes_p_as_the_best_draw_line_does(home):
    at = generate_weat6()
    at.number_input(key="_biaswords.draws").set_value(5).run()
    next(b for b in at.button if b.label.startswith("Draw new sets")).click().run()
    best = next(c.value for c in at.caption if c.value.startswith("Most significant draw #"))
    number, p, holm = re.match(
        r"Most significant draw #(\d+): (p [=<] [^ ]+) as computed, ([^ ]+) after Holm",
        best).groups()
    picker = next(s for s in at.selectbox if s.label == "Draw to show and save")
    assert picker.options[0].startswith(f"Draw {number}: {p}, d = ")
    assert next(m.value for m in at.metric if m.label == "Best draw, p corrected") == holm
    table = next(t.value for t in at.table if f"Draw {number}" in t.value.columns)
    assert table.set_index("").loc["p-value", f"Draw {number}"] == p.split(" ", 1)[1].lstrip("= ")


def test_the_notes_under_the_lists_count_as_the_result_does_on_a_pruned_table(home):
    """French WEATHub WEAT 15 on spaCy's pruned table: under each list, the words with a vector
    of their own, those that only share one, and the distinct vectors, as the result's coverage
    counts them after Run (the lists said '8 of 10 words found' where the result said 2)."""
    at = open_app()
    at.selectbox(key="_weat.language").set_value("fr").run()
    weat7_x = next(c.value for c in at.caption if " words found" in c.value)
    assert weat7_x == "7 of 8 words found, 1 more only shares a vector; 6 distinct vectors"
    at.selectbox(key="_weat.preset").set_value("weathub-fr-weat15").run()
    before = [c.value for c in at.caption if " words found" in c.value][:4]
    next(b for b in at.button if b.label == "Run test").click().run()
    coverage = at.session_state["weat.result"].coverage
    assert [text.split(" of ")[0] for text in before] == [
        str(coverage[key].found) for key in ("X", "Y", "A", "B")]
    assert before[0].startswith(f"{coverage['X'].found} of 10 words found, "
                                f"{coverage['X'].shared} more only share a vector")


def test_a_long_test_title_is_shown_whole_below_its_box(home):
    """The 'Prepared test' box cuts a long title at either width; the expander under it carries
    the whole title (an expander's label wraps)."""
    at = open_app()
    at.selectbox(key="_weat.preset").set_value("weathub-en-weat15").run()
    title = get_wordset("weathub-en-weat15").title
    assert len(title) > 100 and f"About {title}" in [e.label for e in at.expander]
    at.switch_page("views/measures.py").run()
    at.selectbox(key="_measures.wordset.sc-weat").set_value("weathub-en-weat15").run()
    assert any(c.value.startswith(f"{title}. Leans are measured towards") for c in at.caption)
