"""The Plotly figures, one module per kind of result: the only place in `bias/` that imports Plotly
(tests/test_architecture.py checks it), so the engine and the command line never pay for it."""
