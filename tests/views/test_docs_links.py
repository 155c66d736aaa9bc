"""A 'docs/NAME.md' in a page's sentences is a link to the docs page, which serves the docs'
Markdown files by name and nothing else (issue 42: 'a docs path is printed as text, not a
link'; the walk found it in the WEAT result's Details: '… above the interval (docs/metrics.md)')."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from bias.report.markup import md
from views.docs_sections import DOCS_URL, doc_file, docs_links


def test_a_docs_path_becomes_a_link_to_the_docs_page():
    line = md("the true d is more often above the interval (docs/metrics.md).")
    assert docs_links(line) == (
        "the true d is more often above the interval "
        "([docs/metrics.md](/docs?file=metrics.md)).")
    assert docs_links("see docs/nothing-here.md") == "see docs/nothing-here.md"  # no such file


def test_only_the_docs_markdown_files_are_served():
    assert doc_file("weat.md") is not None
    for name in ("../README.md", "examples/README.md", "wordset.schema.json", "", "weat.md/"):
        assert doc_file(name) is None, name


def test_the_docs_page_shows_the_file_named():
    at = AppTest.from_string("from views.docs_sections import docs_page\ndocs_page()").run()
    assert not at.exception
    assert any("docs/metrics.md" in m.value for m in at.markdown)  # the list of files
    at.query_params["file"] = "metrics.md"
    at.run()
    assert [c.value for c in at.caption][:1] == ["docs/metrics.md"]
    assert any("Cohen" in m.value or "SC-WEAT" in m.value for m in at.markdown)


def test_the_app_serves_the_docs_page_from_its_address():
    """app.py registers it (hidden from the menu) under the address the links use."""
    text = (Path(__file__).resolve().parents[2] / "app.py").read_text(encoding="utf-8")
    assert "st.Page(docs_page" in text and "url_path=DOCS_URL" in text and DOCS_URL == "docs"


def test_no_page_prints_a_docs_path_as_plain_text():
    """Every 'docs/NAME.md' a page writes in prose goes through `docs_links` (the walk found
    plain paths on Your texts, Batch and Regression): each page's calls of st.caption,
    st.markdown, st.write, st.info and st.warning holding such a path are wrapped."""
    import ast
    import re

    root = Path(__file__).resolve().parents[2]
    shown = {"caption", "markdown", "write", "info", "warning", "success", "error"}
    plain = []
    for path in sorted((root / "views").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in shown and node.args):
                continue
            argument = node.args[0]
            wrapped = (isinstance(argument, ast.Call)
                       and getattr(argument.func, "id", None) == "docs_links")
            text = ast.unparse(argument)
            if re.search(r"docs/[\w-]+\.md", text) and not wrapped:
                plain.append(f"{path.name}:{node.lineno}")
    assert plain == []
