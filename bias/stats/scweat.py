"""SC-WEAT, the single-category WEAT (Caliskan, Bryson & Narayanan 2017, supplementary material;
used per word by Toney-Wails & Caliskan 2021): how strongly one word leans to attribute set A
over B, e.g. each occupation to male or female words.

Per word w, with cos(w, ·) its cosines with every word of A ∪ B:
* association  s(w, A, B) = mean_a cos(w, a) − mean_b cos(w, b)  (WEAT's association)
* effect size  s / std over A ∪ B of cos(w, ·), the population standard deviation (ddof = 0),
  as WEAT's d; |effect| ≤ 2 for equal sets. Positive: leans to A.
* p-value      over the partitions of A ∪ B into sets of sizes |A| and |B|: two-sided P(|·| ≥)
  by default (a word of a list may lean either way), or one-sided P(≥); exact when there are
  at most `exact_limit` partitions (12,870 for 8 + 8), otherwise randomized, seeded,
  p = (k+1)/(N+1), exactly as WEAT (`WeatOptions`). The same partitions serve every word, so a
  list of 50 occupations costs one pass.
* correction   a list is read at once ("2 of 16 words lean to B"), so each word's p is also
  given Holm-adjusted over the list's words (`p_holm` per word, family-wise error; the same
  `holm` as Batch's): a count of words below α is made with it, since with 16 words one in
  two lists of unrelated words would show a p below 0.05 somewhere.

The measure's `value` is the mean effect size of the listed words (their average lean).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bias.errors import BiasInputError
from bias.limits import MAX_SCWEAT_WORDS
from bias.notes import Note
from bias.stats.measure_result import (
    MeasureOptions,
    MeasureResult,
    look_up,
    result,
)
from bias.stats.measure_result import WordScore as Score
from bias.stats.permutation import is_extreme, p_value, partition_masks
from bias.stats.pvalues import holm
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets, TermSet

WORDS = "Words"
"""The name of the set of words whose lean is measured."""



def effect_sizes(cos: np.ndarray, n_a: int) -> tuple[np.ndarray, np.ndarray]:
    """Association and effect size per row of cosines (A's columns first, then B's)."""
    association = cos[:, :n_a].mean(axis=1) - cos[:, n_a:].mean(axis=1)
    spread = cos.std(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        effect = np.where(spread > 0, association / np.where(spread > 0, spread, 1.0), np.nan)
    return association, effect


def run_scweat(
    embedding: Embedding,
    sets: NamedSets,
    words: Sequence[str] | None = None,
    options: MeasureOptions = MeasureOptions(),
) -> MeasureResult:
    """The lean of each word (given, or every target word of `sets`) to the first attribute set
    over the second, with its effect size and permutation p-value."""
    if words is None:
        words = [w for t in sets.targets for w in t.words]
    words = [w.strip() for w in words if w.strip()]
    if not words:
        raise BiasInputError(
            "SC-WEAT needs words to measure: a list of words, or target sets whose words it "
            "measures."
        )
    if len(words) > MAX_SCWEAT_WORDS:
        raise BiasInputError(
            f"SC-WEAT measures at most {MAX_SCWEAT_WORDS} words at a time; this list has "
            f"{len(words):,}."
        )
    looked = look_up(embedding, [("words", (TermSet(WORDS, tuple(words)),)),
                                 ("attribute", sets.attributes)], sets.language)
    name_a, name_b = looked.names("attribute")
    attributes = np.vstack([looked.vectors[name_a], looked.vectors[name_b]])
    n_a = looked.vectors[name_a].shape[0]
    cos = looked.vectors[WORDS] @ attributes.T  # (words, |A| + |B|)
    association, effect = effect_sizes(cos, n_a)
    test = options.test
    n, n_b = cos.shape[1], cos.shape[1] - n_a
    observed = association[:, None]
    total = cos.sum(axis=1, keepdims=True)
    blocks, exact = partition_masks(n, n_a, test, rows_per_partition=cos.shape[0])
    exceed = np.zeros(cos.shape[0], dtype=np.int64)
    draws = 0
    for first in blocks:
        sums = cos @ first.T  # (words, P): the A side of every partition, for every word
        null = sums / n_a - (total - sums) / n_b
        exceed += np.count_nonzero(is_extreme(null, observed, test.alternative), axis=1)
        draws += first.shape[0]
    p = p_value(exceed, draws, exact)
    adjusted = holm(p)
    rows = []
    for i, item in enumerate(looked.reports[WORDS].used_lookups):
        rows.append(Score(WORDS, item.word, str(item.found_as), float(effect[i]),
                          float(p[i]), {"association": float(association[i]),
                                        "p_holm": float(adjusted[i])}))
    flat = [rows[i].word for i in np.flatnonzero(np.isnan(effect))]
    notes = [Note("no_lean", {"words": flat})] if flat else []
    return result(
        "sc-weat", sets, embedding, looked, float(np.nanmean(effect)) if rows else np.nan,
        per_word=tuple(rows), notes=notes,
        p_method="exact" if exact else "randomized",
        details={"alternative": test.alternative, "attribute_a": name_a, "attribute_b": name_b,
                 "correction": "holm",
                 "iterations": draws, "seed": None if exact else test.seed},
    )
