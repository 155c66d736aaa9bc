"""Instance embeddings from an encoder: each instance's window, the target in its place, read as
one passage (issue 44's second way). An encoder reads words in their order and context, so the
target stays in (the word as used is what it encodes) and nothing is averaged or transformed.

Nearest words then need the encoder's vectors of candidate words: the context words, at most
`MAX_CANDIDATES` of the most frequent (an encoder computes each, where a table looks it up).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from bias.regression.alc import Embedded, WordVectors
from bias.regression.instances import Instance

MAX_CANDIDATES = 2_000
"""Most candidate words encoded for nearest neighbours (a few seconds of the encoder)."""

Encode = Callable[[Sequence[str]], np.ndarray]


def passage(instance: Instance) -> str:
    """The window as text: the words around the target and the target, pads left out."""
    words = [*instance.left, instance.keyword, *instance.right]
    return " ".join(word for word in words if word is not None)


def encode_instances(instances: Sequence[Instance], encode: Encode) -> Embedded:
    """Every instance's passage encoded (none is dropped: each has at least its target)."""
    vectors = np.asarray(encode([passage(i) for i in instances]), dtype=np.float64)
    frequency = Counter(word for instance in instances for word in instance.context)
    candidates = [word for word, _ in frequency.most_common(MAX_CANDIDATES)]
    tokens = sum(frequency.values())
    return Embedded(vectors, np.arange(len(instances)), 0, tuple(sorted(candidates)), tokens, 0)


def candidate_vectors(words: Sequence[str], encode: Encode) -> WordVectors:
    """The encoder's vectors of candidate words, for nearest neighbours."""
    return WordVectors({word: at for at, word in enumerate(words)},
                       np.asarray(encode(list(words)), dtype=np.float64))
