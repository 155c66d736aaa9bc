"""Every page makes the browser load Streamlit's Plotly module once it is idle, so the first
histogram after Run no longer waits for it (issue 13). Checked here: the invisible iframe with the
script, naming the module file Streamlit really ships (bench/dashboard_speed.py times the effect
in Chromium)."""

from pathlib import Path

import pytest
import streamlit as st

from tests.apptest import open_app
from views import shared


def test_the_plotly_module_is_found_in_streamlits_files():
    name = shared._plotly_module()
    assert name is not None and name.startswith("PlotlyChart.")
    assert (Path(st.__file__).parent / "static" / "static" / "js" / name).is_file()


def walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from walk(child)


@pytest.mark.parametrize("page", [None, "views/batch.py", "views/embeddings.py"])
def test_each_page_carries_the_warm_up(home, page):
    app = open_app() if page is None else open_app(page)
    assert not app.exception
    html = "".join(str(getattr(node, "proto", "")) for node in walk(app.sidebar))
    assert f'import(\\"./static/js/{shared._plotly_module()}\\")' in html
    assert "requestIdleCallback" in html
