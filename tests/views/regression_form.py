"""The Embedding regression page's form filled in AppTest as a visitor would, widget by widget
(each test then checks what it is about): one place for the widgets' keys."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.apptest import open_app

KEY = "_regression.{}"


def opened(corpus: str) -> AppTest:
    """The page with `corpus`, a file of the folder the operator offers, chosen."""
    at = open_app("views/regression.py")
    assert not at.exception, at.exception
    at.selectbox(key=KEY.format("server_corpus")).set_value(corpus).run()
    return at


def fill(at: AppTest, text_column: str, target: str, covariates: list[str], *,
         embedding: str | None = None, transform: str | None = "none", min_count: int = 2,
         permutations: int = 19) -> None:
    """The form's fields; `transform=None` where the vectors offer none (the encoder)."""
    at.selectbox(key=KEY.format("text_column")).set_value(text_column).run()
    at.text_input(key=KEY.format("target")).set_value(target).run()
    at.multiselect(key=KEY.format("covariates")).set_value(covariates).run()
    if embedding is not None:
        at.selectbox(key=KEY.format("embedding")).set_value(embedding).run()
    if transform is not None:
        at.radio(key=KEY.format("transform")).set_value(transform).run()
    at.number_input(key=KEY.format("min_count")).set_value(min_count).run()
    at.number_input(key=KEY.format("permutations")).set_value(permutations).run()


def run(at: AppTest, timeout: float = 60) -> None:
    next(b for b in at.button if b.label == "Run the regression").click().run(timeout=timeout)
    assert not at.exception, at.exception
