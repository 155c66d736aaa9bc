"""Small word-vector files for languages besides English, written by the tests (never downloaded).

`write_vec` puts every single word of the bundled word sets of a language (WEATHub's and the
paper's) into a `.vec` file with random vectors, so that a German or Italian test can run without
the 1 GB fastText files; `import_language` imports such a file into the temporary BIASWORDS_HOME.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import numpy as np

from bias.vectors.download import import_embedding
from bias.wordsets.library import all_wordsets


def language_words(language: str) -> list[str]:
    """Every word of the bundled sets in `language`, once, without the multi-word phrases."""
    words = (
        word
        for ws in all_wordsets(language)
        for terms in ws.sets().values()
        for word in terms.words
        if not any(c.isspace() for c in word)
    )
    return list(dict.fromkeys(words))


def write_vec(path: Path, language: str, drop: Iterable[str] = (), dims: int = 8) -> list[str]:
    """A `.vec` file with the language's words (minus `drop`) and seeded random vectors."""
    dropped = set(drop)
    words = [w for w in language_words(language) if w not in dropped]
    words += [f"filler{i}" for i in range(20)]
    seed = sum(map(ord, language))
    vectors = np.random.default_rng(seed).normal(size=(len(words), dims))
    lines = [f"{len(words)} {dims}"]
    for word, row in zip(words, vectors, strict=True):
        lines.append(word + " " + " ".join(f"{v:.5f}" for v in row))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return words


def import_language(folder: Path, language: str, name: str, drop: Iterable[str] = ()) -> str:
    """Write and import a small embedding for `language` as `name`; returns the name."""
    path = folder / f"{name}.vec"
    write_vec(path, language, drop)
    import_embedding(path, name=name, language=language)
    return name
