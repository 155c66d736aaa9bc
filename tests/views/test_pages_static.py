"""Page scripts must not contain bare strings: Streamlit's "magic" prints them on the page."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [ROOT / "app.py", *sorted((ROOT / "views").glob("*.py"))]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_bare_string_after_the_module_docstring(script):
    body = ast.parse(script.read_text(encoding="utf-8")).body
    strays = [
        node.lineno
        for node in body[1:]
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ]
    assert strays == [], f"{script.name}: bare strings at lines {strays} would show on the page"


def test_no_statistics_in_pages():
    """Pages draw; the engine computes. No numpy/scipy statistics are imported by a page."""
    for script in SCRIPTS:
        source = script.read_text(encoding="utf-8")
        assert "import scipy" not in source and "from scipy" not in source, script.name
        assert "np.mean" not in source and "np.std" not in source, script.name
