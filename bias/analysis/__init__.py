"""The analysis layer: one module per thing a user does, between the engine and its faces.

Each module has an options dataclass (every default written there once; the command line's flags
and a page's widgets read them from it) and a `run(...)` that reads the input, calls the engine
(vectors, corpus, stats, discovery, regression) and returns one frozen result: its kind, its
numbers, its provenance and what it could not show (as codes; bias/report words them). The
command line, the pages, reports and `reproduce` call this layer, never the engine's pieces one
by one, so an analysis is put together in one place with one set of options.

Layering (tests/test_architecture.py): analysis sits above the engine (compute, vectors, corpus,
stats, discovery, debiasing, regression) and below report and cli; it imports neither.

Modules: weat (one WEAT with its confound checks and method sensitivity, on one embedding or a
trained family, issue 42), measure (any of the eight measures with RIPA's pairs, and Holm's
correction over the measures read together), batch (a batch planned and run, pooled, its
trained groups summarised), biaswords (candidates, then draws from a curated table: two steps
with one options object, as the page is interactive), debias (a debias with its checks, where it
is saved), train (a corpus's preview, its training, the test between two groups), regress
(embedding regression, issue 44). How to add one: docs/dashboard.md, "Adding an analysis".
"""
