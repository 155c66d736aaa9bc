"""How WEAT's d depends on the number of attribute words: the figures behind dropping Cohen's
"small / medium / large" labels (docs/weat.md, "Effect size").

For a test on the bundled GloVe, every target word is kept and k words are drawn without
replacement from each attribute set, many times per k; d is printed per k (mean, min, max).
Averaging over fewer attribute words leaves more noise in each word's association s(w, A, B),
which widens the spread of the associations and shrinks d, so the same concepts give a smaller d
with shorter lists.

    python bench/effect_size_length.py [--wordset weat3] [--draws 300]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bias.stats.effect_size import effect_size
from bias.vectors.catalog import DEFAULT_EMBEDDING, load_embedding
from bias.wordsets.library import get_wordset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordset", default="weat3")
    parser.add_argument("--draws", type=int, default=300)
    args = parser.parse_args()
    embedding = load_embedding(DEFAULT_EMBEDDING)
    wordset = get_wordset(args.wordset)
    found = {key: [i for i in embedding.lookup_all(t.words) if i.found]
             for key, t in wordset.sets().items()}
    vectors = {key: embedding.vectors_for(items).astype(np.float64)
               for key, items in found.items()}
    targets = np.vstack([vectors["X"], vectors["Y"]])
    nx = vectors["X"].shape[0]
    cos_a, cos_b = targets @ vectors["A"].T, targets @ vectors["B"].T
    full = effect_size(cos_a.mean(axis=1) - cos_b.mean(axis=1), nx)
    print(f"{wordset.title} on {embedding.name}: {nx} + {targets.shape[0] - nx} target words, "
          f"{cos_a.shape[1]} + {cos_b.shape[1]} attribute words, d = {full:.2f}")
    print(f"{'k':>3}  {'mean d':>7}  {'min':>6}  {'max':>6}   ({args.draws} draws of k words "
          "from each attribute set)")
    rng = np.random.default_rng(0)
    top = min(cos_a.shape[1], cos_b.shape[1])
    for k in sorted({1, 2, 3, 5, 8, 10, 15, 20, top} & set(range(1, top + 1))):
        d = []
        for _ in range(args.draws):
            a = rng.choice(cos_a.shape[1], k, replace=False)
            b = rng.choice(cos_b.shape[1], k, replace=False)
            d.append(effect_size(cos_a[:, a].mean(axis=1) - cos_b[:, b].mean(axis=1), nx))
        d = np.array(d)
        print(f"{k:>3}  {np.nanmean(d):>7.2f}  {np.nanmin(d):>6.2f}  {np.nanmax(d):>6.2f}")


if __name__ == "__main__":
    main()
