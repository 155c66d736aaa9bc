"""BiasWords dashboard: `streamlit run app.py`.

Only navigation lives here; each page draws its own sidebar via `pages.shared.sidebar()`.
"""

from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent

# A 240 px sidebar leaves the results room at 800 px (a projector, a split screen); it still
# collapses on phones ("auto") and the reader can drag it wider.
st.set_page_config(
    page_title="BiasWords",
    page_icon=":material/balance:",
    layout="wide",
    initial_sidebar_state=240,
)

PAGES = [
    st.Page(ROOT / "pages/weat.py", title="WEAT test", icon=":material/science:", default=True),
    st.Page(ROOT / "pages/measures.py", title="Measures", icon=":material/straighten:"),
    st.Page(ROOT / "pages/biaswords.py", title="BiasWords", icon=":material/travel_explore:"),
    st.Page(ROOT / "pages/batch.py", title="Batch", icon=":material/table_chart:"),
    st.Page(ROOT / "pages/embeddings.py", title="Embeddings", icon=":material/database:"),
]

st.navigation(PAGES).run()
