"""A section of the project's docs shown on a page: a path to a file of the repository
('docs/encoder.md') is no link for a visitor of the dashboard, so the page shows the section
itself, folded, under a label that names where it comes from."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

DOCS = Path(__file__).resolve().parents[1] / "docs"


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
