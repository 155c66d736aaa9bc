"""The app shell: navigation, default page, sidebar."""


from bias.vectors.catalog import DEFAULT_EMBEDDING
from tests.apptest import open_app


def test_app_starts_with_default_embedding_in_sidebar(home):
    at = open_app()
    assert not at.exception
    assert at.sidebar.selectbox[0].value == DEFAULT_EMBEDDING
    assert any("400,000 words" in c.value for c in at.sidebar.caption)


def test_embeddings_page_lists_the_default(home):
    at = open_app("views/embeddings.py")
    assert not at.exception
    names = at.dataframe[0].value["Name"].to_list()
    assert DEFAULT_EMBEDDING in names


def test_every_page_renders_without_error(home):
    at = open_app()
    for page in ("views/biaswords.py", "views/batch.py", "views/embeddings.py", "views/weat.py"):
        at.switch_page(page).run()
        assert not at.exception, page


def test_app_draws_the_sidebar_once_for_every_page(home):
    """app.py draws the frame (`views.shared.frame`) and each page reads its embedding from it:
    one sidebar per run, the same on every page."""
    at = open_app()
    for page in ("views/weat.py", "views/measures.py", "views/biaswords.py", "views/batch.py",
                 "views/debias.py", "views/embeddings.py"):
        at.switch_page(page).run()
        assert not at.exception, page
        assert [s.value for s in at.sidebar.subheader] == ["Word embedding"], page
        assert at.session_state["_frame.drawn"][0] == at.session_state["_frame.run"], page
