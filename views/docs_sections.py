"""The project's docs for a visitor of the dashboard, who has no repository to open a path in:
a section shown folded on a page, under a label that names where it comes from; and the whole
file on the docs page (`docs_page`, hidden from the menu), which `docs_links` makes every
'docs/NAME.md' in a page's sentences a link to (issue 42: 'a docs path is printed as text, not
a link'). Only the Markdown files of docs/ are served, by name, bounded in size."""

from __future__ import annotations

import re
from pathlib import Path

import streamlit as st

DOCS = Path(__file__).resolve().parents[1] / "docs"
DOCS_URL = "docs"  # the docs page's address (`app.py` registers `docs_page` under it)
DOC_PARAM = "file"
# The largest docs file served; the docs are far smaller (weat.md is about 40 kB).
MAX_DOC_BYTES = 1_000_000
_DOC_PATH = re.compile(r"\bdocs/([a-z0-9_-]+\.md)\b")


def doc_file(name: str) -> Path | None:
    """docs/`name` when it is one of the docs' Markdown files (no other folder, no link)."""
    if not re.fullmatch(r"[a-z0-9_-]+\.md", name or ""):
        return None
    path = DOCS / name
    return path if path.is_file() and not path.is_symlink() else None


def docs_links(markdown: str) -> str:
    """`markdown` (already escaped by `md`) with each 'docs/NAME.md' of an existing docs file
    made a link to the docs page, opened in a new tab so the result stays."""
    return _DOC_PATH.sub(
        lambda found: (f"[docs/{found.group(1)}](/{DOCS_URL}?{DOC_PARAM}={found.group(1)})"
                       if doc_file(found.group(1)) else found.group(0)), markdown)


def docs_page() -> None:
    """The docs file named by the address's `file`, as Markdown; the list of files otherwise."""
    path = doc_file(st.query_params.get(DOC_PARAM, ""))
    if path is None:
        st.title("Documentation")
        st.markdown("\n".join(f"- [docs/{p.name}](/{DOCS_URL}?{DOC_PARAM}={p.name})"
                               for p in sorted(DOCS.glob("*.md")) if doc_file(p.name)))
        return
    with path.open("rb") as handle:
        text = handle.read(MAX_DOC_BYTES).decode("utf-8", errors="replace")
    st.caption(f"docs/{path.name}")
    st.markdown(text)


def docs_section(name: str, heading: str) -> tuple[str, str]:
    """(where, text) of the section of docs/`name` whose '## ' heading starts with `heading`,
    up to the next one; ("", "") when the docs are not beside the code or have no such
    section."""
    try:
        lines = (DOCS / name).read_text(encoding="utf-8").splitlines()
    except OSError:
        return "", ""
    start = next((i for i, line in enumerate(lines) if line.startswith(f"## {heading}")), None)
    if start is None:
        return "", ""
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    return f"docs/{name}, '{lines[start][3:]}'", "\n".join(lines[start + 1:end]).strip()


def show_docs(label: str, name: str, heading: str, icon: str = ":material/menu_book:") -> None:
    """The section folded under `label` (and where it comes from); nothing when it is absent."""
    where, text = docs_section(name, heading)
    if text:
        with st.expander(f"{label} ({where})", icon=icon):
            st.markdown(text)
