"""Cutting documents in blocks by polars (`word_blocks`, `word_lists`) against cutting each one
with `tokeniser` (Python's `re`), on tricky text in every language rule: the same words, the
same counts in the same order of first use, the same documents holding a word."""

import unicodedata
from collections import Counter

import numpy as np
import polars as pl
import pytest

from bias.corpus import tokens
from bias.corpus.options import ReadOptions
from bias.corpus.tokens import tokeniser, word_blocks, word_lists
from bias.errors import BiasInputError

TEXTS = [
    "Immigration! IMMIGRATION's reform: the immigrant-led reform -- a--b 'quoted' x-",
    "L'homme qu'il aime, aujourd’hui l’État d'Italia dell'arte l'2 qu'1990 D'ACCORD",
    "Straße STRASSE ß ẞ Ǆemal ǅ ΣΟΦΟΣ ΟΔΟΣ σοφία ſtate İstanbul IŞIK ısık Iı",
    "e\u0301te\u0301 café cafe\u0301 हिन्दी भाषा ﬁne Ⅻ ½ ²³ x² ٣٤ ١٩٩٠ 1990 1990s 3.14 1,000",
    "see https://x.org/a_b?c=1 or WWW.Example.com, me@x.org: under_score __init__ ok",
    "日本語のテキスト 中文 한국어 ไทย emoji 🙂 👍🏽 tab\there\nnew line\r\n  spaces",
    "",
    "   ",
    "it's its' ’tis rock’n’roll well-known -well- don't—stop (parens) [brackets] \"quotes\"",
    "immigration immigration immigration 2024",
    "A\u200dB zero\u200bwidth soft\u00adhyphen nbsp\u00a0space Ⓐ ⓐ",
    "Under_Score __init__ MiXeD CaSe IMMIGRATION wWw.x.org and not www or @",
    "plain ascii text, with: punctuation; and 'quotes' - dashes -- here.",
]


def texts(seed: int) -> list[str]:
    """The texts, then documents drawn from their pieces, so words recur across blocks."""
    pieces = " ".join(TEXTS).split(" ")
    rng = np.random.default_rng(seed)
    return [*TEXTS, *(" ".join(pieces[i] for i in rng.integers(len(pieces), size=k))
                      for k in rng.integers(0, 25, size=60)), ""]


OPTIONS = [ReadOptions(), ReadOptions(numbers="keep"), ReadOptions(numbers="token"),
           ReadOptions(lowercase=False, numbers="token")]


@pytest.mark.parametrize("language", ["en", "fr", "it", "tr", "de", "hi"])
@pytest.mark.parametrize("options", OPTIONS)
def test_blocks_give_the_words_of_the_tokeniser(language, options, monkeypatch):
    monkeypatch.setattr(tokens, "BLOCK_CHARACTERS", 300)  # many blocks: order across them
    documents = texts(seed=len(language))
    cut = tokeniser(language, options)
    expected = [cut(text) for text in documents]
    assert list(word_lists(documents, language, options)) == expected
    counts: Counter[str] = Counter()
    total = 0
    blocks = list(word_blocks(documents, language, options))
    assert len(blocks) > 5
    for block in blocks:
        counts.update(block.counts)
        total += block.tokens
    reference = Counter(word for words in expected for word in words)
    assert list(counts.items()) == list(reference.items())  # the order of first use too
    assert total == sum(map(len, expected)) > 300
    for wanted in ({"immigration"}, {"l'", "homme"}, {"<num>", "1990s"}, {"ışık", "istanbul"},
                   {"x"}, set(list(reference)[::7])):
        holding = np.concatenate([block.holding(wanted)[0] for block in blocks])
        assert holding.tolist() == [not wanted.isdisjoint(words) for words in expected]


def test_rust_and_python_patterns_match_the_same_characters():
    """Every code point (not a surrogate) is a word character for both engines or neither, and
    random strings of tricky characters are cut the same by both."""
    every = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    python = tokens._word_pattern().findall(every)
    rust = pl.Series([every]).str.extract_all(tokens._rust_words()).to_list()[0]
    assert rust == python and sum(map(len, python)) > 100_000
    alphabet = [*"aZé\u0301ß²½'’-_ .,İı٣日🙂\u200d\u00ad\u2019\u02bc", "ﬁ", "Ⅻ"]
    rng = np.random.default_rng(0)
    strings = ["".join(rng.choice(alphabet, size=rng.integers(0, 12))) for _ in range(3_000)]
    found = pl.Series(strings).str.extract_all(tokens._rust_words()).to_list()
    assert found == [tokens._word_pattern().findall(s) for s in strings]


def test_a_lone_surrogate_is_cut_by_python_and_spaceless_scripts_are_refused():
    documents = ["Immigration 12 \ud800x reform", "immigration"]
    cut = tokeniser("en", ReadOptions())
    assert list(word_lists(documents, "en", ReadOptions())) == [cut(t) for t in documents]
    (block,) = word_blocks(documents, "en", ReadOptions())
    assert block.counts == {"immigration": 2, "x": 1, "reform": 1}  # 12 dropped as a number
    assert block.holding({"reform"})[0].tolist() == [True, False]
    with pytest.raises(BiasInputError, match="word segmenter"):
        word_blocks(["中文"], "zh", ReadOptions())


def test_plain_characters_are_in_nfc_and_lower_cased_alike_by_polars():
    """The characters whose texts polars prepares (`tokens.PLAIN`, as `tokens._plain` finds
    them, beside ASCII and in texts): each is in NFC form and has no combining class (so a text
    of them is in NFC form), and polars lower-cases each, and random texts of them, as Python
    does."""
    plain = [chr(c) for low, high in tokens.PLAIN for c in range(low, high + 1)]
    assert plain == [chr(c) for c in [*range(0x250), *range(0x2002, 0x2070)]]
    rng = np.random.default_rng(0)
    edges = [c + step for low, high in tokens.PLAIN for c in (low, high) for step in range(-3, 4)]
    tried = {c for c in [*edges, *rng.integers(0, 0x110000, 50_000)] if 0 <= c < 0x110000}
    known = set(plain)
    assert all(tokens._plain("é" + chr(c)) == (chr(c) in known) for c in tried)
    assert not tokens._plain("é\ud800") and not tokens._plain("é😀") and tokens._plain("a b")
    assert all(unicodedata.normalize("NFC", c) == c and unicodedata.combining(c) == 0
               for c in plain)
    rng = np.random.default_rng(1)
    texts = plain + ["".join(rng.choice(plain, size=30)) for _ in range(2_000)]
    assert pl.Series(texts).str.to_lowercase().to_list() == [t.lower() for t in texts]
    assert all(unicodedata.normalize("NFC", t) == t for t in texts)
