"""Word-similarity benchmarks before and after debiasing: did the vectors keep their meaning?

Spearman's ρ between human similarity ratings and the embedding's cosines, on WordSim-353
(Finkelstein et al. 2002) and SimLex-999 (Hill, Reichart & Korhonen 2015). Both are English, and
both are read from the copies that gensim (a requirement) installs with its tests
(`gensim.test.utils.datapath`): this project neither bundles nor downloads them, since neither
comes with a licence that would let us redistribute it (their authors make them freely available
for research). No such benchmark is installed for German, French, Italian, Swedish or Spanish, so
for other languages this check is left out and the neighbour overlap stands alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bias.vectors.embeddings import Embedding

BENCHMARKS = {"WordSim-353": "wordsim353.tsv", "SimLex-999": "simlex999.txt"}
"""Benchmark name -> its file among gensim's test data (English)."""


@dataclass(frozen=True)
class SimilarityCheck:
    """Spearman's ρ of one benchmark before and after, on the pairs the embedding has."""

    benchmark: str
    pairs_used: int
    pairs_total: int
    before: float
    after: float

    def to_dict(self) -> dict:
        return {"benchmark": self.benchmark, "pairs_used": self.pairs_used,
                "pairs_total": self.pairs_total, "spearman_before": self.before,
                "spearman_after": self.after}


def _pairs(file_name: str) -> list[tuple[str, str, float]]:
    from gensim.test.utils import datapath

    rows = []
    with open(datapath(file_name), encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            first, second, score = line.rstrip("\n").split("\t")[:3]
            rows.append((first, second, float(score)))
    return rows


def similarity_checks(before: Embedding, after: np.ndarray) -> tuple[SimilarityCheck, ...]:
    """Each benchmark on `before` and on the debiased rows `after` (same vocabulary); nothing
    for an embedding that is not English."""
    from scipy.stats import spearmanr

    if before.language != "en":
        return ()
    checks = []
    for name, file_name in BENCHMARKS.items():
        pairs = _pairs(file_name)
        words = {w for a, b, _ in pairs for w in (a, b)}
        found = {item.word: before.row(item.found_as) for item in before.lookup_all(sorted(words))
                 if item.found_as is not None and before.row(item.found_as) is not None}
        used = [(found[a], found[b], s) for a, b, s in pairs if a in found and b in found]
        if len(used) < 3:
            continue
        left, right, human = (np.array(x) for x in zip(*used, strict=True))
        cosines = {}
        for when, matrix in (("before", before.vectors), ("after", after)):
            x = np.asarray(matrix[left], dtype=np.float64)
            y = np.asarray(matrix[right], dtype=np.float64)
            cosines[when] = (x * y).sum(axis=1) / (
                np.linalg.norm(x, axis=1) * np.linalg.norm(y, axis=1))
        checks.append(SimilarityCheck(
            name, len(used), len(pairs),
            float(spearmanr(human, cosines["before"]).statistic),
            float(spearmanr(human, cosines["after"]).statistic),
        ))
    return tuple(checks)
