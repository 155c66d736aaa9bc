"""Which embeddings exist, and loading one by name, kept in memory once per process.

The one in-memory cache of loaded embeddings lives here (the dashboard uses it too). An entry is
valid while the embedding's version (`store.version`: the identity of its files on disk) is
unchanged, so an import, replacement or deletion, from this process or another, is noticed on
the next load without anybody having to clear anything.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence

from bias.errors import BiasInputError
from bias.suggest import no_such
from bias.vectors import encoder, entry_files, store
from bias.vectors.bundled import BUNDLED, DEFAULT_EMBEDDING, EmbeddingInfo
from bias.vectors.embeddings import Embedding

__all__ = [
    "DEFAULT_EMBEDDING",
    "LANGUAGES",
    "EmbeddingInfo",
    "available_embeddings",
    "embedding_version",
    "language_code",
    "language_default",
    "language_name",
    "load_embedding",
    "own_or_shipped",
]

# At most this many embeddings besides the bundled ones stay loaded; the least recently used is
# dropped first. Imported caches are memory-mapped, so an entry costs its word index, not its
# matrix. A bundled embedding, once loaded, stays: GloVe is every visitor's default, and loading
# it again (unit rows from the package's column-major matrix) costs 0.7 s of CPU each time.
MAX_LOADED = 4

LANGUAGES = {
    "ar": "Arabic",
    "bn": "Bengali",
    "ckb": "Central Kurdish",
    "da": "Danish",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "es": "Spanish",
    "fa": "Persian",
    "fr": "French",
    "hi": "Hindi",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "ku": "Kurdish (Kurmanji)",
    "mr": "Marathi",
    "pa": "Punjabi",
    "rm": "Romansh",
    "ru": "Russian",
    "sv": "Swedish",
    "te": "Telugu",
    "th": "Thai",
    "tl": "Tagalog",
    "tr": "Turkish",
    "ur": "Urdu",
    "vi": "Vietnamese",
    "zh": "Chinese",
}
"""Languages with a name: the paper's, and the 24 of WEATHub (fastText has vectors for each)."""


def language_name(code: str) -> str:
    """A human name for an ISO 639-1 code, or the code itself."""
    return LANGUAGES.get(code, code)


def language_code(text: str) -> str:
    """The code for a language given by code or by name, in any case ('German', 'de' -> 'de').

    Text that names no known language is returned as typed (trimmed, lower case), so a language
    without a name here still works by its code.
    """
    wanted = text.strip().lower()
    by_name = {name.lower(): code for code, name in LANGUAGES.items()}
    return by_name.get(wanted, wanted)


def available_embeddings() -> list[EmbeddingInfo]:
    """Every embedding that can be loaded by name, sorted by language, then the tables of vectors
    before the encoder, then name."""
    infos = [info for info, _ in BUNDLED.values()] + store.list_cached() + encoder.encoder_infos()
    # Within a language the encoder comes after the tables of vectors: a language's first shipped
    # embedding (which `language_default` makes active) is its static one, if any.
    return sorted(infos, key=lambda info: (info.language, info.kind == "encoder", info.name))


SHIPPED_KINDS = ("bundled", "encoder")
"""The embeddings that come with BiasWords, the same for everyone on a server: the only ones a
page picks by itself. Imported, trained and derived ones belong to whoever made them, so they
are offered to everyone but picked only for the visitor who chose them (issue 43: one visitor's
training of a German joke collection became every visitor's German default)."""


def own_or_shipped(infos: Iterable[EmbeddingInfo], chosen: Iterable[str]) -> list[EmbeddingInfo]:
    """`infos` that a page may pick for a visitor by itself: those that ship with BiasWords and
    those the visitor chose (`chosen`: names), in the given order."""
    mine = set(chosen)
    return [info for info in infos if info.kind in SHIPPED_KINDS or info.name in mine]


def language_default(language: str, infos: Iterable[EmbeddingInfo],
                     chosen: Sequence[str] = ()) -> str | None:
    """The embedding that choosing `language` makes active: of that language, the one the
    visitor chose last (`chosen`, oldest first), else the first that ships with BiasWords in
    `infos`' order (the catalog's: a table of vectors before the encoder), else None."""
    mine = [info.name for info in own_or_shipped(infos, chosen) if info.language == language]
    for name in reversed(chosen):
        if name in mine:
            return name
    return mine[0] if mine else None


_loaded: OrderedDict[str, tuple[str, Embedding]] = OrderedDict()
_lock = threading.Lock()


def load_embedding(name: str) -> Embedding:
    """Load an embedding by name; while its files are unchanged, later calls return the same object.

    Thread-safe (the dashboard serves several visitors from threads of one process).
    """
    version = embedding_version(name)
    with _lock:
        hit = _loaded.get(name)
        if hit is not None and hit[0] == version:
            _loaded.move_to_end(name)
            return hit[1]
        embedding = _load(name)
        _loaded[name] = (version, embedding)
        _loaded.move_to_end(name)
        droppable = [loaded for loaded in _loaded if loaded not in BUNDLED]  # oldest first
        for loaded in droppable[: max(0, len(droppable) - MAX_LOADED)]:
            del _loaded[loaded]
        return embedding


def embedding_version(name: str) -> str:
    """A token that changes whenever the embedding called `name` is imported, replaced or deleted;
    callers that cache results computed on an embedding key them by it."""
    if name in BUNDLED:
        return "bundled"
    if encoder.parse_name(name) is not None:
        # Its vectors follow from the model and method, which never change; switched off, a
        # loaded copy is not served.
        return "encoder" if encoder.unavailable() is None else "encoder (unavailable)"
    return store.version(name)


def _load(name: str) -> Embedding:
    if name in BUNDLED:
        return BUNDLED[name][1](entry_files.load_converted)
    if encoder.parse_name(name) is not None:
        return encoder.load_encoder(name)
    if store.is_cached(name):
        return store.load_cached(name)
    names = [info.name for info in available_embeddings()]
    raise BiasInputError(no_such(f"There is no embedding called '{name}'", name, names)
                         + f" Available: {', '.join(names)}.")
