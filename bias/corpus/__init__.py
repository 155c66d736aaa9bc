"""Your own texts (issue 32, docs/corpus.md): a corpus in, embeddings out.

readers → tokens → scan (one pass: token files and word counts per group) → preview (what will
come out, or why not) → train (one task per model through `bias.compute.run_tasks`) → training
(gensim, reproducible) → the cache (`bias.vectors.store`, with a `trained` provenance) →
family (the models found again as replicate groups and groups) → `bias.stats.replicates`.

In a notebook: `bias.train_corpus(path, name="news", language="en",
options=bias.TrainOptions(replicates=5))`, then `bias.run_trained("news", wordset)`; whether
two groups differ: `bias.compare_groups(path, language="en", groups=("1950s", "1990s"),
wordset=wordset, read=bias.ReadOptions(text_column="text", group_column="year", group_bins=10))`.
"""
