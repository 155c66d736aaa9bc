"""MAC, the mean average cosine distance (Manzini, Lim, Tsvetkov & Black 2019, NAACL).

For n target sets (e.g. words for Jews, Christians, Muslims) and n attribute sets (e.g.
stereotypes of each religion): for every target word t and attribute set A_j,
S(t, A_j) = mean over a in A_j of the cosine distance 1 − cos(t, a); MAC is the mean of all S.
A MAC near 1 means the target words are, on average, unrelated to the attributes; smaller means
closer. It is one number for all sets together, as in WEFE 1.0 (`wefe/metrics/MAC.py`); Manzini
et al. compare it before and after debiasing. Because every target word counts alike, swapping
words between target sets cannot change it: MAC has no permutation p-value.
"""

from __future__ import annotations

import numpy as np

from bias.stats.measure_result import (
    MeasureOptions,
    MeasureResult,
    look_up_sets,
    not_testable,
    result,
    scores,
)
from bias.vectors.embeddings import Embedding
from bias.wordsets import NamedSets


def run_mac(
    embedding: Embedding, sets: NamedSets, options: MeasureOptions = MeasureOptions()
) -> MeasureResult:
    """MAC over all target and attribute sets; per target word its mean distance to each set."""
    looked = look_up_sets(embedding, sets)
    attributes = looked.names("attribute")
    per_word, all_s = [], []
    for name in looked.names("target"):
        t = looked.vectors[name]
        s = {a: (1.0 - t @ looked.vectors[a].T).mean(axis=1) for a in attributes}
        all_s.extend(s.values())
        per_word += scores(looked, name, np.mean(list(s.values()), axis=0),
                           **{f"distance to {a}": v for a, v in s.items()})
    notes = [not_testable("MAC")] if options.p_value else []
    return result(
        "mac", sets, embedding, looked, float(np.concatenate(all_s).mean()),
        per_word=tuple(per_word), notes=notes,
    )
