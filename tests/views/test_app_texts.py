"""Your texts page in AppTest: a corpus of the operator's folder previewed, trained, then tested;
a binary file is one sentence."""

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
