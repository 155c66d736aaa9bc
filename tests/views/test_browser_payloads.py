"""Issue 26, item 5, in a real Chromium: a saved set whose title and set names carry Markdown,
Streamlit directives and HTML shows them as literal text on the WEAT result and in its charts,
and the visitor's browser sends nothing to the payload's address.

The set is saved by "another visitor" (a file in the shared data folder, as `save_user_wordset`
writes it); this visitor's tab opens with it chosen and presses Run.
"""

from __future__ import annotations

import socket

import pytest

from bias import drafts
from bias.wordsets import TermSet, WordSet
from bias.wordsets.editing import save_user_wordset
from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser


def _unused_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


PAYLOAD_HOST = f"127.0.0.1:{_unused_port()}"
NAME = f"![i](http://{PAYLOAD_HOST}/n.png) **bold** <b>tag</b> :red[red]"
TITLE = (f"Payload [link](http://{PAYLOAD_HOST}/t) ![i](http://{PAYLOAD_HOST}/t.png) "
         f'<img src="http://{PAYLOAD_HOST}/i.png"> :material/home: $x^2$ '
         '<span style="font-size:40px">big</span>')
ATTRIBUTE = '<a href="http://' + PAYLOAD_HOST + '/c">career</a> %{x}'


@pytest.fixture
def draft(home) -> str:
    saved = save_user_wordset(WordSet(
        "payload", TITLE, "en",
        TermSet(NAME, ("john", "paul", "mike", "kevin")),
        TermSet("Female names", ("amy", "joan", "lisa", "sarah")),
        TermSet(ATTRIBUTE, ("executive", "management", "salary", "office")),
        TermSet("Family", ("home", "parents", "children", "family")),
        origin="user",
    ))
    draft_id = drafts.new_id()
    drafts.save(draft_id, {"weat.preset": saved.id, "weat.language": "en"})
    return draft_id


def test_a_payload_in_a_set_name_and_title_is_shown_as_text(isolated_server, draft, visitor):
    server = isolated_server
    page = visitor(1400, 2400)
    sent = []
    page.on("request", lambda request: sent.append(request.url))
    page.goto(f"{server}/?draft={draft}", timeout=60_000)
    page.get_by_role("button", name="Run test", exact=True).wait_for(timeout=60_000)
    page.get_by_role("button", name="Run test", exact=True).click()
    main = page.locator('[data-testid="stMain"]')
    page.locator('[data-testid="stMain"] .js-plotly-plot').first.wait_for(timeout=90_000)
    page.get_by_role("tab", name="Each word", exact=True).click()
    page.wait_for_timeout(1500)  # Plotly draws the tab's chart
    page.screenshot(path=str(SCREENSHOT_DIR / "hostile_payload_result.png"), full_page=True)

    shown = main.inner_text().replace("\u2060", "")  # the word joiner that stops autolinks
    assert f"Result: {TITLE}" in shown, shown[shown.find("Result"):][:400]
    charts = " ".join(main.locator(".js-plotly-plot").all_text_contents())
    assert f"closer to '{NAME}'" in charts and f"closer to '{ATTRIBUTE}'" in charts
    assert "%{x}" in charts
    for tag in ("img", "a:not([href^='#'])", "b", "span[style*='40px']"):  # not heading anchors
        found = main.locator(f"[data-testid='stMarkdownContainer'] {tag}, .js-plotly-plot {tag}")
        texts = [found.nth(i).evaluate("e => e.outerHTML") for i in range(found.count())]
        assert not [t for t in texts if PAYLOAD_HOST in t or "tag" in t or "big" in t], texts
    assert not main.locator(".js-plotly-plot a").count()
    assert not [url for url in sent if PAYLOAD_HOST in url]
