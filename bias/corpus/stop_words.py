"""spaCy's stop-word lists, read without spaCy's set-up: the discovery filters drop stop words
(`bias.discovery.lexicons`), and the corpus's language is guessed from them
(`bias.corpus.language_guess`)."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path


@functools.cache
def stop_words(language: str) -> frozenset[str] | None:
    """spaCy's stop words for an ISO 639-1 code, casefolded; None without spaCy or a list.

    The list's file is run on its own (it imports nothing): importing it as
    `spacy.lang.fr.stop_words` would first run spaCy's and the language's package set-up, 4.5 s
    of CPU in a process that had not imported spaCy yet, for a set of words."""
    spacy = importlib.util.find_spec("spacy")
    if spacy is None or spacy.origin is None or not language.isalpha() or not language.isascii():
        return None
    path = Path(spacy.origin).parent / "lang" / language / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"_spacy_stop_words_{language}", path)
    if not path.is_file() or spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(word.casefold() for word in module.STOP_WORDS)
