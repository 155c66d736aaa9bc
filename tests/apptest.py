"""Opening the dashboard in Streamlit's AppTest the way a new browser tab would."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def open_app(page: str | None = None, draft: str | None = None) -> AppTest:
    """app.py run once (optionally with `?draft=…`), then switched to `page` if one is given."""
    at = AppTest.from_file("../app.py", default_timeout=60)
    if draft is not None:
        at.query_params["draft"] = draft
    at.run()
    if page is not None:
        at.switch_page(page).run()
    return at
