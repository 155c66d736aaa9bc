"""Your texts page in AppTest: a corpus of the operator's folder previewed, trained, then tested;
a binary file is one sentence; a year column grouped by decade."""

from bias.corpus.sources import ENV
from tests.apptest import open_app
from tests.corpus.corpora import write_txt


def test_preview_train_and_test_a_server_corpus(home, tmp_path, monkeypatch):
    folder = tmp_path / "corpora"
    folder.mkdir()
    write_txt(folder / "planted.txt", 1.0, count=100)
    (folder / "broken.txt").write_bytes(bytes(range(256)))
    monkeypatch.setenv(ENV, str(folder))
    at = open_app("views/texts.py")
    assert not at.exception
    assert "Nothing trained yet." in [c.value for c in at.caption]
    at.selectbox(key="texts.server_corpus").set_value("broken.txt").run()
    assert "binary file" in at.error[0].value
    at.selectbox(key="texts.server_corpus").set_value("planted.txt").run()
    next(b for b in at.button if b.label == "Preview").click().run()
    assert any("The corpus: 100 documents, 900 words" in m.value for m in at.markdown)
    next(b for b in at.button if b.label == "Train").click().run()
    assert not at.exception, at.exception
    assert "Training done" in at.success[0].value
    at.selectbox(key="texts.test_set").set_value("weat6").run()
    next(b for b in at.button if b.label == "Run the test on every model").click().run()
    assert any("one model" in m.value for m in at.markdown)
    assert any("may not survive retraining" in c.value for c in at.caption)


def test_the_preview_shows_the_corpus_own_counts_and_warns(home, tmp_path, monkeypatch):
    """Issue 41, item 5: WEAT 6's names appear a few dozen times in 200 short documents, fewer
    than the 50 the docs advise: each list's counts are shown and the thin ones warned."""
    folder = tmp_path / "corpora"
    folder.mkdir()
    write_txt(folder / "planted.txt", 1.0, count=200)
    monkeypatch.setenv(ENV, str(folder))
    at = open_app("views/texts.py")
    at.selectbox(key="texts.server_corpus").set_value("planted.txt").run()
    at.selectbox(key="texts.check_set").set_value("weat6").run()
    next(b for b in at.button if b.label == "Preview").click().run()
    assert not at.exception, at.exception
    warned = [w.value for w in at.warning]
    assert any(w.startswith("Male names in this corpus: ") and "advises 50–100" in w
               for w in warned), warned
    assert any("times as often as those of" in c.value for c in [*at.caption, *at.warning])


def test_a_year_column_grouped_by_decade(home, tmp_path, monkeypatch):
    folder = tmp_path / "corpora"
    folder.mkdir()
    lines = ["year,text"] + [f"{1951 + i % 15},John works in the office {i}" for i in range(45)]
    (folder / "years.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv(ENV, str(folder))
    at = open_app("views/texts.py")
    at.selectbox(key="texts.server_corpus").set_value("years.csv").run()
    at.selectbox(key="texts.group").set_value("year").run()
    at.selectbox(key="texts.group_bins").set_value(10).run()
    next(b for b in at.button if b.label == "Preview").click().run()
    assert not at.exception, at.exception
    shown = [m.value for m in at.markdown if m.value.startswith("Group ")]
    assert [line.split(":")[0] for line in shown] == ["Group '1950s'", "Group '1960s'"]
    assert shown[0].startswith("Group '1950s': 27 documents")  # 1951–1959: 9 of every 15


def test_every_training_setting_has_help_and_the_docs_are_a_section(home, tmp_path, monkeypatch):
    folder = tmp_path / "corpora"
    folder.mkdir()
    write_txt(folder / "planted.txt", 1.0, count=20)
    monkeypatch.setenv(ENV, str(folder))
    at = open_app("views/texts.py")
    at.selectbox(key="texts.server_corpus").set_value("planted.txt").run()
    settings = [at.selectbox(key="texts.method"), at.selectbox(key="texts.architecture"),
                *(n for n in at.number_input if n.key.startswith("texts."))]
    assert len(settings) == 8 and all(w.help for w in settings)
    assert not any("docs/corpus.md" in m.value for m in at.markdown)
    assert any(e.label.startswith("What a corpus needs (docs/corpus.md, 'How big must a corpus")
               for e in at.expander)
