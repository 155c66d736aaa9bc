"""Embeddings page: which word vectors are available, by language."""

import polars as pl
import streamlit as st

from bias.catalog import available_embeddings, language_name
from pages.shared import sidebar

sidebar()
st.title("Embeddings")
st.write(
    "An *embedding* is a table of word vectors learnt from a large body of text. Every test "
    "measures the bias of one embedding; choose the active one in the sidebar."
)
infos = available_embeddings()
table = pl.DataFrame(
    {
        "Language": [language_name(i.language) for i in infos],
        "Name": [i.name for i in infos],
        "Words": [i.words for i in infos],
        "Dimensions": [i.dimensions for i in infos],
        "Kind": [i.kind for i in infos],
        "Source": [i.source for i in infos],
    }
)
st.dataframe(table, hide_index=True, width="stretch")
