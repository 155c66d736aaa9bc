"""Embedding regression on a researcher's corpus (issue 44; conText's method): how the meaning of
a target word differs with the covariates of the documents it is used in.

`run(path, options)` reads the corpus twice (counts, then instances; a third time to estimate
the transform on it), checks every covariate before anything heavy, embeds each instance à la
carte on a static embedding, regresses, and returns one `RegressResult`: per coefficient the
squared norm, its bias-corrected estimate, a jackknife interval, a permutation p-value; each
group's nearest words; each coefficient's nearest contexts as keyword-in-context lines; the
documents that move each estimate most; the provenance; and, as codes in `limits`, what the
result cannot show (bias/report/regression_text.py words them).

Vectors: the product stores embeddings at unit length (bias/vectors/embeddings.py), so ALC here
averages unit vectors; conText averages raw GloVe vectors. A transform estimated on the corpus
is estimated on the same unit vectors, so it fits them; a transform read from a file must have
been estimated on the same kind of vectors (`limits` says so when one is read).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from bias.analysis.regress_groups import (
    attributes,
    chosen_words,
    fitted_embeddings,
    groups,
    leanings,
    ratios,
)
from bias.analysis.regress_options import (
    FEW_CLUSTERS,
    FEW_INSTANCES,
    PAD,
    TRANSFORMS,
    RegressOptions,
)
from bias.analysis.regress_results import (
    CoefficientReading,
    ContextLine,
    CorpusSummary,
    DocumentInfluence,
    RegressResult,
)
from bias.corpus.options import ReadOptions
from bias.corpus.readers import Document
from bias.corpus.readers import columns as file_columns
from bias.corpus.readers import documents as read_documents
from bias.corpus.tokens import word_blocks, word_lists
from bias.errors import BiasInputError
from bias.files import home, write_bytes_atomic
from bias.jobs import checkpoint
from bias.provenance import provenance
from bias.regression import alc, passages
from bias.regression.design import Design, binned_rows, build_design
from bias.regression.instances import (
    KEEP_BYTES,
    Candidates,
    Cleaning,
    Found,
    Instance,
    Target,
    collect_instances,
    collect_kept,
    count_blocks,
    forms_in,
)
from bias.regression.neighbours import (
    nearest_contexts,
)
from bias.regression.regression import Regression, regress
from bias.vectors.embeddings import Embedding

CHECK_EVERY = 1_000
"""Documents read between two points where a run may be stopped."""
SHARED_ROWS = 10_000
"""Distinct rows of covariate values kept once each; beyond that (a number unique to each
document) rows are kept as read, without a table that would double them."""


def run(path: Path, options: RegressOptions, embedding: Embedding | None = None,
        scheduler: str | None = None) -> RegressResult:
    """The regression of `options.target`'s instances in the corpus at `path` (the embedding
    named in the options unless one is given); the permutations on the Dask cluster at
    `scheduler` if one is named (docs/cluster.md: the same result, bit for bit)."""
    path = Path(path)
    read = _check_columns(path, options)
    if embedding is None:
        from bias.vectors.catalog import load_embedding

        embedding = load_embedding(options.embedding)
    matrix = _check_vectors(embedding, options)
    wordlists = attributes(embedding, options.attributes)
    cleaning = _cleaning(options)
    counts, tokens, values, found = _instances(path, read, options, cleaning)
    if embedding.encode is not None:
        embedded = passages.encode_instances(found.instances, embedding.encode)
        vectors = passages.candidate_vectors(embedded.features, embedding.encode)
    else:
        vectors = _word_vectors(embedding, counts, found, options)
        if options.transform == "corpus":
            matrix = _corpus_transform(path, read, options, counts, cleaning, vectors)
        embedded = _embedded(found, vectors, matrix, embedding.name)
    kept = found.instances.take(embedded.kept)
    design = _design(kept, values, options)
    documents = kept.documents
    clusters = _clusters(options.clusters, documents)
    _, labels = np.unique(documents if clusters == "document" else np.arange(len(kept)),
                          return_inverse=True)
    if labels.max() + 1 < len(design.names) + 2:
        raise BiasInputError(
            f"Only {labels.max() + 1} {clusters}s have the target; {len(design.names) + 2} or "
            "more are needed for these covariates."
        )
    chosen = chosen_words(embedding, options.words)
    neighbours = groups(design, kept, values, options, embedded, vectors, chosen, labels)
    regression = regress(design.matrix, design.names, embedded.vectors, labels,
                         options.permutations, options.seed, options.level, scheduler)
    unit_documents = np.zeros(labels.max() + 1, dtype=np.int64)
    unit_documents[labels] = documents
    corpus = CorpusSummary(path.name, len(values), tokens, found.forms, len(found.instances),
                           embedded.dropped, embedded.context_tokens, embedded.without_vector,
                           clusters, int(labels.max()) + 1)
    return RegressResult(
        kind="regress", target=options.target, covariates=options.covariate_columns,
        corpus=corpus, transform=_transform_name(options, embedding),
        regression=regression,
        groups=neighbours,
        ratios=ratios(neighbours, kept, values, options, embedded.vectors, vectors, labels),
        fitted=fitted_embeddings(design, regression, values, options, chosen),
        missing_words=tuple(w for w in options.words if w not in chosen.rows),
        leanings=leanings(design, kept, values, options, embedded.vectors, labels, wordlists),
        missing_attribute_words=wordlists.missing if wordlists else (),
        readings=tuple(_readings(regression, embedded.vectors, kept, values, unit_documents,
                                 options)),
        limits=_limits(options, design, clusters, regression, embedding),
        provenance=provenance(embedding, {"target": options.target, "corpus": path.name,
                                          "covariates": options.covariates}, options),
        options=options,
    )


def _embedded(found: Found, vectors: alc.WordVectors, matrix: np.ndarray | None,
              name: str) -> alc.Embedded:
    embedded = alc.embed_instances(found.instances, vectors, matrix)
    if not len(embedded.kept):
        raise BiasInputError(
            f"None of the {len(found.instances):,} instances has a context word with a vector "
            f"in {name}: is it an embedding of the corpus's language?"
        )
    return embedded


def _word_vectors(embedding: Embedding, counts: Counter[str], found: Found,
                  options: RegressOptions) -> alc.WordVectors:
    """The vectors of the words an embedding can need: those in the instances' windows (their
    averages, and the neighbours, which are drawn from them), or, for a transform estimated on
    the corpus, every word frequent enough not to be a pad. Looking up the corpus's rare words
    too (most of its distinct words) would change nothing and take most of a run."""
    if options.transform == "corpus":
        return alc.WordVectors(embedding.rows(w for w, c in counts.items()
                                              if c >= options.min_count), embedding.vectors)
    return alc.WordVectors(embedding.rows(found.instances.vocabulary), embedding.vectors)


def _instances(path: Path, read: ReadOptions, options: RegressOptions, cleaning: Cleaning
               ) -> tuple[Counter[str], int, list[tuple[str, ...]], Found]:
    """Both passes over the corpus, and every covariate mistake said before any embedding."""
    target = Target(options.target, options.case_sensitive)
    candidates = Candidates(target, KEEP_BYTES, cleaning)
    counts, tokens, values = _first_pass(path, read, options, cleaning, candidates)
    if not forms_in(counts, target, cleaning):
        raise BiasInputError(
            f"The target '{options.target}' never occurs in {path.name} (after leaving out "
            f"words shorter than {options.min_chars} characters and words seen fewer than "
            f"{options.min_count} times)."
        )
    kept = candidates.kept_words()  # the words held by the first pass, if it held them all
    found = (collect_instances(_tokens(path, read, options, candidates.flags), counts, cleaning,
                               target, options.window) if kept is None else
             collect_kept(kept, counts, cleaning, target, options.window))
    if not found.instances:
        raise BiasInputError(f"The phrase '{options.target}' never occurs in {path.name}, "
                             "though its first word does.")
    values = binned_rows(values, options.covariate_columns, dict(options.bins),
                         (instance.document for instance in found.instances))
    _design(found.instances, values, options)
    return counts, tokens, values, found


def _check_vectors(embedding: Embedding, options: RegressOptions) -> np.ndarray | None:
    """A transform read from its file (None otherwise), after checking it fits the vectors."""
    if embedding.encode is None:
        if options.transform in TRANSFORMS:
            return None
        return alc.read_transform(Path(options.transform).expanduser(), embedding.dimensions)
    if embedding.identity.get("method") == "template":
        raise BiasInputError(
            f"{embedding.name} puts single words in template sentences; for embedding "
            "regression each context is the passage: use the encoder's 'passage' method."
        )
    if options.transform not in TRANSFORMS:
        raise BiasInputError(
            "A transform is for averages of word vectors; the encoder reads each context whole, "
            "so leave --transform out."
        )
    return None


def corpus_columns(path: Path) -> list[str]:
    """The columns of the corpus at `path`; a file without any (plain text, a zip) is one
    sentence, since the covariates are columns."""
    present = file_columns(path)
    if not present:
        raise BiasInputError(
            f"{path.name} has no columns; embedding regression needs a CSV, TSV or JSON Lines "
            "file with a text column and one column per covariate."
        )
    return present


def keep_transform(data: bytes, filename: str) -> Path:
    """Where an uploaded transform is kept (once per content, atomically), so a run and its
    `reproduce` read it like a transform named on the command line; too large a file is refused
    before it is written."""
    if len(data) > alc.MAX_TRANSFORM_BYTES:
        raise BiasInputError(f"{filename} is larger than {alc.MAX_TRANSFORM_BYTES >> 20} MB; a "
                             "transform is a D × D matrix (300 × 300 is under 1 MB).")
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", Path(filename).name).strip("-.")[:80] or "transform"
    path = home() / "transforms" / hashlib.sha256(data).hexdigest() / name  # its sentences name it
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
    return path


def _check_columns(path: Path, options: RegressOptions) -> ReadOptions:
    read = ReadOptions(text_column=options.text_column, lowercase=not options.case_sensitive)
    present = corpus_columns(path)
    for column in (options.text_column, *options.covariate_columns):
        if column is None:
            raise BiasInputError(f"Say which column of {path.name} holds the text "
                                 f"(--text-column); its columns are: {', '.join(present[:30])}.")
        if column not in present:
            raise BiasInputError(f"There is no column '{column}' in {path.name}; its columns "
                                 f"are: {', '.join(present[:30])}.")
    return read


def _cleaning(options: RegressOptions) -> Cleaning:
    stop: frozenset[str] = frozenset()
    if options.stop_words:
        from bias.discovery.lexicons import stop_words

        found = stop_words(options.language)
        if found is None:
            raise BiasInputError(f"There is no stop-word list for '{options.language}' here.")
        stop = found
    return Cleaning(options.min_chars, options.min_count, stop)


def _read(path: Path, read: ReadOptions, options: RegressOptions) -> Iterator[Document]:
    """The file's documents, with a point to stop (Cancel) every `CHECK_EVERY` of them."""
    for number, document in enumerate(read_documents(path, read, options.covariate_columns)):
        if number % CHECK_EVERY == 0:
            checkpoint()
        yield document


def _tokens(path: Path, read: ReadOptions, options: RegressOptions,
            wanted: bytearray | None = None) -> Iterator[list[str]]:
    """Each document's words; with `wanted` (a flag per document), only the flagged ones are cut
    into words, the others give none (cutting is most of a pass's time)."""
    texts = (document.text if wanted is None or wanted[number] else ""
             for number, document in enumerate(_read(path, read, options)))
    return word_lists(texts, options.language, read)


def _first_pass(path: Path, read: ReadOptions, options: RegressOptions, cleaning: Cleaning,
                candidates: Candidates) -> tuple[Counter[str], int, list[tuple[str, ...]]]:
    """Word counts, each document's covariate values (all a later step keeps of the file:
    equal rows of values are kept once, so a million speeches of two parties and two genders
    hold four tuples), and in `candidates` the documents the second pass must read."""
    values: list[tuple[str, ...]] = []
    distinct: dict[tuple[str, ...], tuple[str, ...]] = {}

    def texts() -> Iterator[str]:
        for document in _read(path, read, options):
            row = document.values
            if len(distinct) < SHARED_ROWS:
                row = distinct.setdefault(row, row)
            values.append(distinct.get(row, row))
            yield document.text

    counts, tokens = count_blocks(word_blocks(texts(), options.language, read), cleaning,
                                  candidates)
    return counts, tokens, values


def _corpus_transform(path: Path, read: ReadOptions, options: RegressOptions,
                      counts: Counter[str], cleaning: Cleaning,
                      vectors: alc.WordVectors) -> np.ndarray:
    sums = alc.ContextSums(vectors, [w for w, c in counts.items() if c >= options.min_count],
                           options.window)
    for words in _tokens(path, read, options):
        sums(cleaning.padded(cleaning.kept(words), counts))
    weighting = options.weighting if options.weighting == "log" else int(options.weighting)
    return alc.estimate_transform(sums, counts, weighting)


def _design(instances: Sequence[Instance], values: list[tuple[str, ...]],
            options: RegressOptions) -> Design:
    names = options.covariate_columns
    documents = [instance.document for instance in instances]
    columns = {name: [values[d][at] for d in documents] for at, name in enumerate(names)}
    binned = frozenset(column for column, _ in options.bins)
    return build_design(columns, options.terms, documents,
                        frozenset(options.categorical) | binned, dict(options.references),
                        binned)


def _clusters(chosen: str, documents: np.ndarray) -> str:
    if chosen != "auto":
        return chosen
    return "document" if len(np.unique(documents)) < len(documents) else "instance"


def _transform_name(options: RegressOptions, embedding: Embedding) -> str:
    if embedding.encode is not None:
        return "none: each context encoded as a passage"
    if options.transform == "corpus":
        return f"corpus (weighting {options.weighting})"
    return options.transform if options.transform == "none" else Path(options.transform).name


def _covariates(values: tuple[str, ...], options: RegressOptions) -> dict[str, str]:
    return dict(zip(options.covariate_columns, values, strict=True))


def _line(instance: Instance, values: list[tuple[str, ...]], options: RegressOptions,
          cosine: float) -> ContextLine:
    def shown(words: tuple[str | None, ...]) -> str:
        return " ".join(PAD if word is None else word for word in words)

    return ContextLine(instance.document + 1, shown(instance.left), instance.keyword,
                       shown(instance.right), _covariates(values[instance.document], options),
                       cosine)


def _readings(regression: Regression, embeddings: np.ndarray, kept: Sequence[Instance],
              values: list[tuple[str, ...]], unit_documents: np.ndarray,
              options: RegressOptions) -> Iterator[CoefficientReading]:
    for column, coefficient in enumerate(regression.coefficients, start=1):
        lines = tuple(_line(kept[i], values, options, cosine) for i, cosine in
                      nearest_contexts(embeddings, regression.beta[column], options.contexts))
        moved = tuple(
            DocumentInfluence(int(unit_documents[item.unit]) + 1,
                              _covariates(values[unit_documents[item.unit]], options),
                              item.estimate_without, item.change)
            for item in coefficient.most_influential)
        yield CoefficientReading(coefficient.name, lines, moved,
                                 coefficient.without_most_influential)


def _limits(options: RegressOptions, design: Design, clusters: str,
            regression: Regression, embedding: Embedding) -> tuple[str, ...]:
    limits = ["association-not-cause", "unit-length-vectors"]
    if embedding.encode is not None:
        limits.append("encoder-contexts")
    elif options.transform == "none":
        limits.append("plain-average")
    elif options.transform != "corpus":
        limits.append("transform-from-file")
    if clusters == "instance":
        limits.append("independent-instances")
    if any(count < FEW_INSTANCES for sizes in design.group_sizes.values()
           for count in sizes.values()):
        limits.append("few-instances-per-group")
    if design.numeric:
        limits.append("numeric-no-neighbours")
    if regression.units < FEW_CLUSTERS:
        limits.append("few-clusters")
    if any(not np.isfinite(c.interval.low) for c in regression.coefficients):
        limits.append("interval-undefined")
    if regression.permutations < 1000:
        limits.append("few-permutations")
    return tuple(limits)

