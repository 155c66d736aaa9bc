"""The format registry (bias.vectors.formats): every suffix it declares leads to its own format,
content decides where it must, and the sentences and access rules come from it."""

import gzip

import pytest

from bias.vectors import formats
from bias.vectors.formats import FORMATS, detect

FASTTEXT, GENSIM, WORD2VEC, TEXT = FORMATS


@pytest.mark.parametrize(
    ("name", "head", "expected"),
    [
        ("model.bin", formats.FASTTEXT_MAGIC, FASTTEXT),  # the magic number decides
        ("vectors.vec", formats.FASTTEXT_MAGIC, FASTTEXT),
        ("w2v.bin", b"3 50", WORD2VEC),  # a .bin without fastText's magic
        ("w2v.BIN.GZ", b"\x1f\x8b\x08\x00", WORD2VEC),  # the name decides before gzip's magic
        ("saved.kv", b"\x80\x04", GENSIM),
        ("saved.model", b"\x80\x04", GENSIM),
        ("cc.de.300.vec.gz", b"\x1f\x8b\x08\x00", TEXT),
        ("glove.txt", b"the ", TEXT),
        ("upload-x1.gz", b"\x1f\x8b\x08\x00", TEXT),  # any gzip: text vectors
        ("words.xyz", b"a 1 ", None),
        ("plain.gz", b"a 1 ", None),  # a .gz that is not gzip
    ],
)
def test_detect(name, head, expected):
    assert detect(name, head) is expected


def test_where_each_format_may_come_from():
    assert formats.suffixes("url") == (".vec.gz", ".txt.gz", ".vec", ".txt")
    assert formats.suffixes("upload") == (
        ".bin.gz", ".vec.gz", ".txt.gz", ".bin", ".vec", ".txt", ".gz"
    )
    assert set(formats.suffixes("command line")) >= {".kv", ".model", ".wv"}
    assert not any(fmt.allowed(origin) for fmt in FORMATS if fmt.runs_code
                   for origin in ("upload", "url", "server path"))
    assert formats.pickle_suffixes() == (".kv", ".model", ".wv", ".pkl", ".pickle")
    assert formats.upload_types() == ["gz", "bin", "vec", "txt"]


def test_the_sentences_name_what_is_accepted():
    assert formats.accepted("url") == "text vectors (.vec, .vec.gz, .txt, .txt.gz)"
    assert formats.upload_help() == (
        "Text vectors (.vec, .vec.gz, .txt, .txt.gz, .gz), word2vec binary (.bin, .bin.gz) or "
        "fastText binary (.bin)"
    )
    assert "gensim KeyedVectors (.kv, .model, .wv)" in formats.accepted("command line")


def test_every_declared_suffix_is_read_by_its_format(tmp_path):
    """A text file under each text suffix is read as text (compressed where the name says)."""
    from bias.vectors.sources import read_vectors

    for suffix in TEXT.suffixes:
        path = tmp_path / f"v{suffix}"
        data = b"alpha 1 0\nbeta 0 1\n"
        path.write_bytes(gzip.compress(data) if suffix.endswith(".gz") else data)
        assert read_vectors(path).words == ["alpha", "beta"], suffix


def test_the_origin_decides_even_when_a_pickle_would_be_trusted(tmp_path):
    """The registry's access flags are enforced where the file is read: a gensim file is never
    read as an upload or a server path, whatever else allows it."""
    from bias.errors import BiasInputError
    from bias.vectors.sources import read_vectors

    path = tmp_path / "saved.kv"
    path.write_bytes(b"\x80\x04 not really a pickle")
    for origin, said in (("upload", "an upload"), ("server path", "a path on the server")):
        with pytest.raises(BiasInputError, match=f"^saved.kv is gensim KeyedVectors, which this "
                           f"server does not accept as {said}; it accepts text vectors"):
            read_vectors(path, trust_pickle=True, origin=origin)
    text = tmp_path / "v.vec"
    text.write_text("alpha 1 0\n")
    assert read_vectors(text, origin="upload").words == ["alpha"]
