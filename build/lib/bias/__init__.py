"""BiasWords engine: WEAT on word embeddings of any language, and discovery of new biased word sets.

Pure Python + numpy; never imports Streamlit, so it works the same from a notebook, the command line
(`python -m bias`) and the dashboard.
"""
