"""Every page draws an empty, off-screen chart, so the browser loads Plotly while the page is read
(issue 13: the first histogram after Run no longer waits for Streamlit's Plotly bundle)."""

import pytest

from tests.apptest import open_app


@pytest.mark.parametrize("page", [None, "pages/batch.py", "pages/embeddings.py"])
def test_each_page_draws_the_warm_up_chart_first(home, page):
    app = open_app() if page is None else open_app(page)
    assert not app.exception
    charts = app.sidebar.get("plotly_chart")
    assert len(charts) == 1
    figure = charts[0].proto.spec
    assert '"data":[]' in figure.replace(" ", "")
