"""Sentences for people are written in bias/report/ (README, "How it is built"): the engine
returns numbers and structured notes, the pages draw what the report words.

Two scans that would catch the regressions seen in issue 42:
- an engine property or function that words a result (`WeatAnalysis.draws_note` returned
  '10,000 draws instead of 100,000 …, for speed'): in bias/analysis, bias/stats and
  bias/discovery no function named for a note, text, sentence, headline or caption returns a
  string; a BiasInputError's message stays where it is raised and is not such a function;
- a count worded by hand on a page ('1 warning' / '2 warnings' in an f-string, as the WEAT
  page's Details bar and the job queue did): in views/ and app.py, plurals come from
  `bias.report.text.plural`.
"""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ("bias/analysis", "bias/stats", "bias/discovery")
WORDING = re.compile(r"(^|_)(note|notes|text|sentence|headline|caption|verdict_text)$")
HAND_PLURAL = re.compile(r"""['"]s['"] if |if [^'"]*== 1 else ['"]s['"]""")


def _returns_str(node: ast.FunctionDef) -> bool:
    return node.returns is not None and re.search(r"\bstr\b", ast.unparse(node.returns)) is not None


def test_the_engine_returns_no_wording_of_results():
    worded = []
    for folder in ENGINE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.FunctionDef) and WORDING.search(node.name)
                        and _returns_str(node)):
                    worded.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert worded == []


def test_the_scan_finds_a_worded_property():
    """The scan itself can fail: the property issue 42 found is caught."""
    source = "class A:\n    @property\n    def draws_note(self) -> str | None:\n        return ''\n"
    found = [n.name for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.FunctionDef) and WORDING.search(n.name) and _returns_str(n)]
    assert found == ["draws_note"]


def test_pages_word_no_count_by_hand():
    hand = [f"{path.relative_to(ROOT)}:{number}"
            for path in [ROOT / "app.py", *sorted((ROOT / "views").glob("*.py"))]
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if HAND_PLURAL.search(line)]
    assert hand == []
    assert HAND_PLURAL.search("""f" · {count} warning{'s' if count != 1 else ''}\"""")
    assert HAND_PLURAL.search("""f"{n} heavy job{'' if n == 1 else 's'}\"""")
