"""Reading vector files: every format, the word limit, and every kind of bad input.

Imports go through `download.import_embedding`, so each bad input is also checked to leave no cache
directory behind.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.vectors import catalog, import_report, store
from bias.vectors.download import import_embedding
from bias.vectors.embeddings import Match


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BIASWORDS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def vectors(n: int, dim: int, seed: int = 0) -> tuple[list[str], np.ndarray]:
    rng = np.random.default_rng(seed)
    return [f"wort{i}" for i in range(n)], rng.standard_normal((n, dim)).astype(np.float32)


def vec_text(words: list[str], matrix: np.ndarray, header: bool = True, trailing: str = " ") -> str:
    lines = [f"{len(words)} {matrix.shape[1]}"] if header else []
    for word, row in zip(words, matrix, strict=True):
        lines.append(word + " " + " ".join(repr(float(x)) for x in row) + trailing)
    return "\n".join(lines) + "\n"


def write(path: Path, data: str | bytes) -> Path:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    path.write_bytes(gzip.compress(raw) if path.name.endswith(".gz") else raw)
    return path


def unit(matrix: np.ndarray) -> np.ndarray:
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def no_cache(home: Path) -> bool:
    folder = home / "embeddings"
    return not folder.exists() or not any(folder.iterdir())


def import_bad(path: Path, home: Path, fragment: str, **kwargs: object) -> None:
    with pytest.raises(BiasInputError, match=fragment):
        import_embedding(path, name="bad", language="de", **kwargs)
    assert no_cache(home)


def test_vec_gz_with_header_imports_normalised_vectors(tmp_path: Path) -> None:
    words, matrix = vectors(300, 12)
    path = write(tmp_path / "cc.de.300.vec.gz", vec_text(words, matrix))
    seen: list[tuple[int, int]] = []
    info, report = import_embedding(
        path, name="de-small", language="de", progress=lambda b, w: seen.append((b, w))
    )
    assert (info.words, info.dimensions, info.kind) == (300, 12, "imported")
    assert report.words == 300 and report.declared_words == 300 and not report.skipped
    assert not report.stopped_at_limit
    assert seen[-1] == (path.stat().st_size, 300)
    embedding = store.load_cached("de-small")
    assert list(embedding.words) == words
    np.testing.assert_allclose(embedding.vectors, unit(matrix), atol=1e-6)


def test_glove_text_without_header_and_without_trailing_space(tmp_path: Path) -> None:
    words, matrix = vectors(50, 7)
    path = write(tmp_path / "glove.txt", vec_text(words, matrix, header=False, trailing=""))
    _, report = import_embedding(path, name="glove", language="en")
    assert (report.words, report.dimensions, report.declared_words) == (50, 7, None)
    np.testing.assert_allclose(store.load_cached("glove").vectors, unit(matrix), atol=1e-6)


def test_windows_line_ends_are_accepted(tmp_path: Path) -> None:
    words, matrix = vectors(20, 5)
    path = write(tmp_path / "crlf.vec", vec_text(words, matrix).replace("\n", "\r\n"))
    _, report = import_embedding(path, name="crlf", language="en")
    assert report.words == 20 and not report.skipped


def test_limit_keeps_the_first_words_and_stops_reading(tmp_path: Path) -> None:
    words, matrix = vectors(10_000, 50)
    path = write(tmp_path / "big.vec.gz", vec_text(words, matrix))
    seen: list[int] = []
    _, report = import_embedding(
        path, name="top", language="de", limit=100, progress=lambda b, w: seen.append(b)
    )
    assert report.words == 100 and report.stopped_at_limit and report.lines_read == 101
    assert list(store.load_cached("top").words) == words[:100]
    assert max(seen) < path.stat().st_size  # the rest of the file was never read


def test_ragged_rows_are_skipped_and_counted(tmp_path: Path) -> None:
    text = "3 4\nalpha 1 2 3 4\nbeta 1 2 3\ngamma 1 2 3 4 5\ndelta 4 3 2 1\n"
    _, report = import_embedding(write(tmp_path / "r.vec", text), name="r", language="en")
    assert report.words == 2
    assert report.skipped == {import_report.WRONG_DIMENSION: 2}
    assert report.first_skipped_line[import_report.WRONG_DIMENSION] == 3
    assert "2 × wrong number of values (first at entry 2)" in report.summary()  # line 3


def test_ragged_rows_in_the_fast_path_are_counted(tmp_path: Path) -> None:
    text = "alpha 1 2 3 4 \nbeta 1 2 3 \ngamma 1 2 3 4 \n"  # short row only: polars reads it
    _, report = import_embedding(write(tmp_path / "r.vec", text), name="r", language="en")
    assert report.words == 2 and report.skipped == {import_report.WRONG_DIMENSION: 1}


def test_a_header_dimension_no_row_has_is_an_error(home: Path, tmp_path: Path) -> None:
    text = "2 300\nalpha 1 2 3\nbeta 3 2 1\n"
    path = write(tmp_path / "dim.vec", text)
    fragment = r"no usable vectors: 2 of 2 lines .*wrong number of values \(expected 300\)"
    import_bad(path, home, fragment)


def test_non_utf8_words_are_skipped(tmp_path: Path) -> None:
    data = b"alpha 1 2\n\xff\xfeta 1 2\ngamma 2 1\n"
    _, report = import_embedding(write(tmp_path / "u.vec", data), name="u", language="en")
    assert report.words == 2 and report.skipped == {import_report.NOT_UTF8: 1}


def test_non_utf8_words_are_skipped_on_the_slow_path_too(tmp_path: Path) -> None:
    data = b"alpha 1 2\n\xff\xfeta 1 2\ngamma 2 x\n"
    _, report = import_embedding(write(tmp_path / "u.vec", data), name="u", language="en")
    assert report.skipped == {import_report.NOT_UTF8: 1, import_report.NOT_A_NUMBER: 1}


def test_duplicates_keep_the_first(tmp_path: Path) -> None:
    text = "alpha 1 0\nbeta 0 1\nalpha 0 1\n"
    _, report = import_embedding(write(tmp_path / "d.vec", text), name="d", language="en")
    assert report.skipped == {import_report.DUPLICATE: 1}
    embedding = store.load_cached("d")
    np.testing.assert_allclose(embedding.vectors[embedding.row("alpha")], [1, 0])


def test_nan_infinite_and_zero_vectors_are_skipped(tmp_path: Path) -> None:
    text = "a 1 nan\nb inf 1\nc 1 1\nd -inf 2\ne 0 0\n"
    _, report = import_embedding(write(tmp_path / "n.vec", text), name="n", language="en")
    assert report.words == 1
    assert report.skipped == {import_report.NOT_FINITE: 3, import_report.ALL_ZERO: 1}


def test_non_numbers_are_skipped(tmp_path: Path) -> None:
    text = "a 1 2\nb 1 zwei\nc 2 1\n"
    _, report = import_embedding(write(tmp_path / "x.vec", text), name="x", language="en")
    assert report.words == 2 and report.skipped == {import_report.NOT_A_NUMBER: 1}


def test_blank_lines_are_counted(tmp_path: Path) -> None:
    text = "a 1 2\n\nb 2 1\n"
    _, report = import_embedding(write(tmp_path / "b.vec", text), name="b", language="en")
    assert report.words == 2 and report.skipped == {import_report.BLANK: 1}


@pytest.mark.parametrize(
    ("filename", "data", "fragment"),
    [
        ("empty.vec", b"", "is empty"),
        ("empty.vec.gz", b"", "is empty"),
        ("header.vec", b"0 300\n", "which does not declare a number of words"),
        ("words.vec", b"alpha\nbeta\n", "does not look like text vectors"),
        ("huge.vec", b"5 999999999\na 1 2\n", "has 999,999,999 values per word"),
        ("zero.vec", b"5 0\na 1 2\n", "has 0 values per word"),
        ("garbage.vec", b"a 0 0\nb x y\nc z 3\n", r"no usable vectors: 2 of 3 lines"),
    ],
)
def test_unusable_text_files_raise_one_sentence(
    home: Path, tmp_path: Path, filename: str, data: bytes, fragment: str
) -> None:
    import_bad(write(tmp_path / filename, data), home, fragment)


def test_truncated_gzip(home: Path, tmp_path: Path) -> None:
    words, matrix = vectors(200, 10)
    whole = gzip.compress(vec_text(words, matrix).encode())
    path = tmp_path / "cut.vec.gz"
    path.write_bytes(whole[: len(whole) // 2])
    import_bad(path, home, "ends in the middle of its gzip stream")


def test_damaged_gzip(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.vec.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00" + bytes(range(256)) * 4)
    import_bad(path, home, "is damaged: its gzip data cannot be decompressed")


def test_unknown_format_and_missing_file(home: Path, tmp_path: Path) -> None:
    import_bad(write(tmp_path / "vectors.xyz", b"a 1 2\n"), home, "cannot tell the format")
    import_bad(tmp_path / "nowhere.vec", home, "There is no file at")


def test_a_line_without_end_is_not_text_vectors(home: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "long.vec", b"a" + b" 1" * (9 << 20))
    import_bad(path, home, "has a line longer than 16 MB")


def test_limit_must_be_positive(home: Path, tmp_path: Path) -> None:
    import_bad(write(tmp_path / "a.vec", b"a 1 2\n"), home, "at least 1", limit=0)


def test_word2vec_binary(tmp_path: Path) -> None:
    from gensim.models import KeyedVectors

    words, matrix = vectors(40, 8)
    kv = KeyedVectors(8)
    kv.add_vectors(words, matrix)
    path = tmp_path / "w2v.bin"
    kv.save_word2vec_format(str(path), binary=True)
    _, report = import_embedding(path, name="w2v", language="en", limit=30)
    assert report.format == "word2vec binary" and report.words == 30
    np.testing.assert_allclose(store.load_cached("w2v").vectors, unit(matrix[:30]), atol=1e-6)


def test_damaged_word2vec_binary(home: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "w2v.bin", b"10 8\nabc \x00\x01")
    import_bad(path, home, "is damaged: its header declares 10 words of 8 values")


def test_gensim_keyed_vectors(tmp_path: Path) -> None:
    from gensim.models import KeyedVectors

    words, matrix = vectors(25, 6)
    kv = KeyedVectors(6)
    kv.add_vectors(words, matrix)
    path = tmp_path / "vectors.kv"
    kv.save(str(path))
    _, report = import_embedding(path, name="kv", language="en", trust_pickle=True)
    assert report.format == "gensim KeyedVectors" and report.words == 25
    np.testing.assert_allclose(store.load_cached("kv").vectors, unit(matrix), atol=1e-6)


def test_fasttext_bin_synthesises_unknown_words(tmp_path: Path) -> None:
    from gensim.models import FastText
    from gensim.models.fasttext import save_facebook_model

    sentences = ["der hund bellt laut im garten", "die katze schläft im garten", "der hund spielt"]
    corpus = [sentence.split(" ") for sentence in sentences] * 20
    model = FastText(vector_size=16, window=3, min_count=1, min_n=2, max_n=4, bucket=5000, seed=1)
    model.build_vocab(corpus)
    model.train(corpus, total_examples=len(corpus), epochs=3)
    path = tmp_path / "tiny.bin"
    save_facebook_model(model, str(path))

    _, report = import_embedding(path, name="tiny-ft", language="de", limit=5)
    assert report.format == "fastText binary model" and report.words == 5
    embedding = catalog.load_embedding("tiny-ft")
    assert embedding.lookup("hundekatze").match is Match.SYNTHESISED
    expected = model.wv.get_vector("hundekatze")
    got = embedding.vectors_for([embedding.lookup("hundekatze")])[0]
    np.testing.assert_allclose(got, expected / np.linalg.norm(expected), atol=1e-5)
    known = model.wv.index_to_key[0]
    assert embedding.lookup(known).match is Match.EXACT
