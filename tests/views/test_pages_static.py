"""Page scripts show things only by calling Streamlit: no bare expressions, and "magic" is off.

With magic on, Streamlit prints a bare string or value on the page; it is off (it costs 40-50 ms
whenever the server compiles a page again), so a bare expression would silently do nothing.
"""

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = [ROOT / "app.py", *sorted((ROOT / "views").glob("*.py"))]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the expressions that are docstrings (of the module, a class or a function)."""
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, owners) and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_no_bare_expression_besides_docstrings(script):
    tree = ast.parse(script.read_text(encoding="utf-8"))
    allowed = docstrings(tree)
    strays = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and not isinstance(node.value, ast.Call | ast.Await | ast.Yield | ast.YieldFrom)
        and id(node.value) not in allowed
    ]
    assert strays == [], f"{script.name}: bare expressions at lines {strays} show nothing"


def test_a_bare_string_is_caught():
    tree = ast.parse('"""Doc."""\nimport x\n"""Stray."""\nx.y\n')
    allowed = docstrings(tree)
    assert [n.lineno for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and id(n.value) not in allowed] == [3, 4]


def test_magic_is_off():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["magicEnabled"] is False


def test_no_statistics_in_pages():
    """Pages draw; the engine computes. No numpy/scipy statistics are imported by a page."""
    for script in SCRIPTS:
        source = script.read_text(encoding="utf-8")
        assert "import scipy" not in source and "from scipy" not in source, script.name
        assert "np.mean" not in source and "np.std" not in source, script.name
