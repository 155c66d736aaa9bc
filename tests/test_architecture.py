"""The engine's shape, checked from the source: no import cycles, layers that only look down,
no Streamlit in the engine, Plotly only in the charts, no private Streamlit API anywhere, and
every page a `main()` over named parts.

Layers, lowest first: compute ← vectors ← corpus ← stats ← regression ← discovery ← debiasing ←
analysis ← report ← cli. `regression` (embedding regression: numpy on instances) may use the
corpus readers and vectors below it; `analysis` (one module per thing a user does) may use every
engine layer below it and is used by report and cli, never the other way.
Top-level modules of `bias/` (errors, files, limits, notes, spreadsheet, wordsets, drafts) are
shared ground that any layer may use; they import no layer above `vectors`.
"""

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["compute", "vectors", "corpus", "stats", "regression", "discovery", "debiasing",
          "analysis", "report", "cli"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module this file imports, at the top or inside functions."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


ENGINE = {module_name(p): imports(p) for p in sorted((ROOT / "bias").rglob("*.py"))}


def internal(name: str) -> str | None:
    """The engine module `name` refers to (a module, or a name inside one), else None."""
    while name and name not in ENGINE:
        name = name.rpartition(".")[0]
    return name or None


def graph() -> dict[str, set[str]]:
    return {
        module: {t for i in found if (t := internal(i)) and t != module and t != "bias"}
        for module, found in ENGINE.items()
    }


def layer(module: str) -> int:
    if module == "bias.__main__":  # `python -m bias`: the entry point above every layer
        return len(LAYERS)
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else -1


def test_there_is_no_import_cycle() -> None:
    edges, state, cycles = graph(), {}, []

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for target in sorted(edges[node]):
            if state.get(target) == "open":
                cycles.append([*path[path.index(target):], target] if target in path else path)
            elif target not in state:
                visit(target, [*path, target])
        state[node] = "done"

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_layers_only_import_downwards() -> None:
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in graph().items()
        for target in targets
        if layer(target) > max(layer(module), LAYERS.index("vectors"))
    )
    assert upward == []


def test_the_engine_never_imports_streamlit_and_only_the_charts_import_plotly() -> None:
    def users(package: str) -> list[str]:
        return [m for m, found in ENGINE.items() if any(i.split(".")[0] == package for i in found)]

    streamlit, plotly = users("streamlit"), users("plotly")
    assert streamlit == []
    assert all(m.startswith("bias.report.charts") for m in plotly), plotly


def test_no_file_uses_streamlit_internals() -> None:
    files = [ROOT / "app.py", *(ROOT / "views").rglob("*.py"), *(ROOT / "bias").rglob("*.py")]
    offenders = [
        str(path.relative_to(ROOT))
        for path in files
        if any(i.startswith("streamlit.runtime") for i in imports(path))
    ]
    assert offenders == []


def test_every_engine_module_imports_without_streamlit() -> None:
    """Imports each module in a fresh interpreter where `import streamlit` fails."""
    modules = sorted(m for m in ENGINE if not m.endswith("__main__"))
    code = (
        "import importlib, sys\n"
        "sys.modules['streamlit'] = None\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.stdout.strip() == "ok", out.stderr[-2000:]


def test_nan_becomes_null_in_one_place() -> None:
    """JSON has no NaN: the one serialiser (bias/serialize.py) turns it into null, and no other
    engine module writes that rule again (three copies had drifted apart)."""
    import re

    rule = re.compile(r"None if .*isnan|isnan.*else None|None if not .*isfinite")
    offenders = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bias").rglob("*.py"))
        if path.name != "serialize.py" and rule.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_exact_or_random_is_decided_in_one_function() -> None:
    """Only bias/stats/permutation.py compares a count with `exact_limit`: WEAT and every
    measure ask it (`decide_exact`)."""
    import re

    comparison = re.compile(r"[<>]=?\s*[\w.]*exact_limit|exact_limit\s*[<>]")
    readers = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bias").rglob("*.py"))
        if comparison.search(path.read_text(encoding="utf-8"))
    ]
    assert readers == ["bias/stats/permutation.py"]


def test_no_engine_module_is_over_450_lines() -> None:
    """Big modules had several jobs each (sources.py: 914 lines of types, streams, parsers,
    dispatch and gensim readers); split along their seams, each stays small enough to read."""
    long = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "bias").rglob("*.py"))
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 450
    }
    assert long == {}


def test_a_function_over_60_lines_says_why_in_its_docstring() -> None:
    """A function longer than 60 lines names its reason in its docstring ("Long because …")."""
    offenders = []
    for path in sorted((ROOT / "bias").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > 60 and "Long because" not in (ast.get_docstring(node) or ""):
                    offenders.append(f"{name}:{node.lineno} {node.name} ({lines} lines)")
    assert offenders == []


def test_vector_file_suffixes_are_written_only_in_the_format_registry() -> None:
    """Which files are vector files, and where each may come from, is declared once in
    bias/vectors/formats.py; dispatch, uploads, URLs and help text are derived from it (the
    suffixes had been restated in eight places). A bare ".gz" is gzip, not a format: gensim
    recognises compressed word2vec files by it (bias/vectors/binary_checks.py does the same)."""
    import re

    suffix = re.compile(r"\.(vec|txt|bin|kv|model|wv|pkl|pickle)(\.gz)?")
    files = [ROOT / "app.py", *(ROOT / "views").rglob("*.py"), *(ROOT / "bias").rglob("*.py")]
    writers = sorted(
        {
            str(path.relative_to(ROOT))
            for path in files
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and suffix.fullmatch(node.value)
        }
    )
    assert writers == ["bias/vectors/formats.py"]


def page_files() -> list[Path]:
    """The pages app.py navigates to (`st.Page(ROOT / "views/….py", …)`)."""
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    return [ROOT / page for page in re.findall(r'ROOT / "(views/\w+\.py)"', source)]


def test_every_page_is_a_main_function_over_named_parts() -> None:
    """A page module only defines things and ends by calling `main()`: no widget is drawn at
    import and no state is kept in a module global, so a render function's arguments say what
    it reads (issue 25). Allowed at the top: the docstring, imports, `if TYPE_CHECKING:`,
    constants (assignments whose value calls no Streamlit), functions and classes."""
    pages = page_files()
    assert len(pages) == 8
    for path in pages:
        body = ast.parse(path.read_text(encoding="utf-8")).body
        *definitions, last = body
        assert ast.unparse(last) == "main()", path.name
        assert any(isinstance(n, ast.FunctionDef) and n.name == "main" for n in definitions)
        for node in definitions:
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                calls = [ast.unparse(c.func) for c in ast.walk(node) if isinstance(c, ast.Call)]
                assert not [c for c in calls if c.startswith("st.")], (path.name, node.lineno)
                continue
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                continue  # the docstring, or a constant's
            allowed = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef, ast.If)
            assert isinstance(node, allowed), (path.name, node.lineno, ast.unparse(node)[:60])
            if isinstance(node, ast.If):
                assert ast.unparse(node.test) == "TYPE_CHECKING", (path.name, node.lineno)
