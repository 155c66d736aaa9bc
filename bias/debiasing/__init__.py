"""Debiasing word embeddings, checked honestly (docs/debias.md).

The package is `debiasing`, not `debias`, so that `bias.debias(...)` (the notebook's function,
`protocol.debias`) is never shadowed by a subpackage of the same name once it is imported.

- `inputs`: definitional/equalise groups and protected words as data (`pairs/*.json`);
- `methods`: hard debias, multiclass hard debias, INLP as linear algebra on the matrix;
- `checks`: WEAT and SC-WEAT before/after on held-out words, the paired change in d;
- `blocks`: whole passes over a memory-mapped parent without keeping it resident;
- `recoverability`: whether the bias can still be found (Gonen & Goldberg 2019);
- `protocol`: `debias(...)`, the order that keeps the checks from fooling themselves;
- `similarity`: word-similarity benchmarks before and after (English);
- `derived`: the debiased embedding saved in the cache with its provenance, and its parent checked.
"""
