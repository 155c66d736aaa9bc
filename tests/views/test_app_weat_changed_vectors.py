"""Issue 41, item 6 on the dashboard: an embedding whose vectors.npy changed after it was saved
is refused with the same one sentence as on the command line, and no result is shown."""

import os

import numpy as np

from bias.vectors.download import import_embedding
from bias.wordsets.library import get_wordset
from tests.apptest import open_app
from tests.hostile.helpers import vec_bytes


def test_changed_vectors_are_refused_in_one_sentence(home, tmp_path):
    words = [w for s in get_wordset("weat7").sets().values() for w in s.words]
    matrix = np.random.default_rng(5).standard_normal((len(words), 10)).astype(np.float32)
    (tmp_path / "w7.vec").write_bytes(vec_bytes(words, matrix))
    import_embedding(tmp_path / "w7.vec", name="w7", language="en")
    with (home / "embeddings" / "w7" / "vectors.npy").open("r+b") as handle:
        handle.seek(-3, os.SEEK_END)
        byte = handle.read(1)[0]
        handle.seek(-3, os.SEEK_END)
        handle.write(bytes([byte ^ 0x01]))
    at = open_app()
    at.sidebar.selectbox[0].set_value("w7").run()
    assert not at.exception
    shown = [e.value for e in at.error]
    assert any("The vectors of 'w7' do not match the digest recorded when they were saved"
               in value for value in shown), shown
    run = [b for b in at.button if b.label == "Run test"]
    if run:
        run[0].click().run()
    assert not at.exception
    assert not any(m.label == "Effect size d" for m in at.metric)
