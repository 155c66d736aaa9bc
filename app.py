"""BiasWords dashboard: `streamlit run app.py`.

Navigation and the frame every page shares live here: the sidebar is drawn once per run
(`views.shared.frame()`), before the page, and each page reads its embedding with
`views.shared.sidebar()`.

The pages live in `views/`, not `pages/`: Streamlit treats a `pages/` folder beside the entry file
as its older automatic navigation, which on a fresh server lists every file of the folder and
skips this one; with `st.navigation` (this file) Streamlit's documentation asks for another name.
"""

from pathlib import Path

import streamlit as st

from views.docs_sections import DOCS_URL, docs_page
from views.shared import frame

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
    st.Page(ROOT / "views/weat.py", title="WEAT test", icon=":material/science:", default=True),
    st.Page(ROOT / "views/measures.py", title="Measures", icon=":material/straighten:"),
    st.Page(ROOT / "views/biaswords.py", title="BiasWords", icon=":material/travel_explore:"),
    st.Page(ROOT / "views/batch.py", title="Batch", icon=":material/table_chart:"),
    st.Page(ROOT / "views/debias.py", title="Debias", icon=":material/tune:"),
    st.Page(ROOT / "views/embeddings.py", title="Embeddings", icon=":material/database:"),
    st.Page(ROOT / "views/texts.py", title="Your texts", icon=":material/description:"),
    st.Page(ROOT / "views/regression.py", title="Embedding regression",
            icon=":material/stacked_line_chart:"),
    # Not in the menu: where a 'docs/NAME.md' in a page's sentences links to.
    st.Page(docs_page, title="Docs", icon=":material/menu_book:", url_path=DOCS_URL,
            visibility="hidden"),
]

page = st.navigation(PAGES)
frame()
page.run()
