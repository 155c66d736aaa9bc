"""A debias, as every face runs it: the method fitted with its word pairs, the checks on held-out
words, recoverability and cost (`bias.debiasing.protocol.debias`), and where the debiased
embedding is saved.

The command line and the Debias page both call `run` with one `DebiasAnalysisOptions`, and take
their defaults (the method, the seed, the language's pairs, the checks the page preselects) from
here, so the same choices give the same numbers on both faces
(tests/analysis/test_faces_agree_discovery.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from bias.debiasing import protocol
from bias.debiasing.inputs import DebiasInputs
from bias.debiasing.methods import Progress, no_progress
from bias.debiasing.protocol import DebiasOptions, DebiasResult
from bias.vectors.embeddings import Embedding
from bias.wordsets import WordSet

PAIRS = "{language}-gender"
"""The bundled pairs of an embedding's language, when there are some."""
FALLBACK_PAIRS = "en-gender"
PREFERRED_CHECKS = ("weat6", "weat7")
"""The word sets a debias is checked with first, where the language has them."""


@dataclass(frozen=True)
class DebiasAnalysisOptions:
    """How to debias and check (`DebiasOptions`), and where the result is saved."""

    debias: DebiasOptions = field(default_factory=DebiasOptions)
    save_as: str | None = None
    """The debiased embedding's name; None keeps it in memory only (the command line's
    default)."""
    replace: bool = False
    """Replace an earlier debiased embedding of that name (never an imported one)."""


@dataclass(frozen=True)
class DebiasAnalysis:
    """One debias with the options it ran with; `to_dict` is the command line's JSON and the
    page's download."""

    result: DebiasResult
    options: DebiasAnalysisOptions

    def without_embedding(self) -> DebiasAnalysis:
        """Without the debiased matrix, to keep in a page's state (the saved copy is cached)."""
        return replace(self, result=self.result.without_embedding())

    def to_dict(self) -> dict:
        return self.result.to_dict()


def default_pairs(language: str, offered: Sequence[str]) -> str:
    """The pairs a face starts with: the language's gender pairs, else English's, else the
    first offered."""
    own = PAIRS.format(language=language)
    return own if own in offered else FALLBACK_PAIRS if FALLBACK_PAIRS in offered else offered[0]


def default_checks(offered: Sequence[str]) -> list[str]:
    """The checks a face starts with, among the word sets it offers."""
    return [wordset for wordset in PREFERRED_CHECKS if wordset in offered]


def run(options: DebiasAnalysisOptions, embedding: Embedding, inputs: DebiasInputs,
        checks: Sequence[WordSet] = (), *, progress: Progress = no_progress) -> DebiasAnalysis:
    """Debias `embedding` with `inputs` and check it on `checks`' held-out words. Raises
    `BiasInputError` for an encoder, a taken name or inputs the embedding lacks."""
    result = protocol.debias(embedding, inputs, list(checks), options.debias,
                             save_as=options.save_as, replace=options.replace,
                             progress=progress)
    return DebiasAnalysis(result, options)
