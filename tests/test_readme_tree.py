"""README's "How it is built" tree is kept true: every path it names exists, and every module of
`bias/` and `views/` is named there, or lies under a folder line that names nothing beneath it
(`cli/`: "one module per command" covers them all). The subpackages' `__init__.py` need not
be named; `bias/__init__.py` and `bias/__main__.py` must.

The tree is read the way a person reads it: a line's names sit in the folder its indentation
puts it in; a folder line's own description (and its continuation lines) names things inside
that folder (`charts/  … weat.py forest.py`), a file line's description things beside it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTINUATION = 24
"""A line indented this far or more continues the description above it."""
NAME = re.compile(r"(?:^|(?<=[\s(`,;]))(\.?[A-Za-z_][\w.-]*(?:/[\w.-]+)*(?:\.py|\.toml|/))"
                  r"(?=[\s,;:)`*]|$)")


def tree_lines(text: str) -> list[str]:
    section = re.search(r"^## How it is built\n(.*?)(?=^## )", text, re.S | re.M)
    assert section, "README has no section 'How it is built'"
    block = re.search(r"^```\n(.*?)^```", section.group(1), re.S | re.M)
    assert block, "'How it is built' has no tree"
    return block.group(1).splitlines()


def named_paths(lines: list[str]) -> tuple[set[Path], set[Path]]:
    """(every path the tree names, the folders among them), relative to the checkout."""
    named: set[Path] = set()
    stack: list[tuple[int, Path]] = []  # (indent, folder) of the open folder lines
    context = Path()
    for line in lines:
        indent = len(line) - len(line.lstrip(" "))
        names = NAME.findall(line)
        if indent < CONTINUATION and line.strip():
            while stack and stack[-1][0] >= indent:
                stack.pop()
            context = stack[-1][1] if stack else Path()
            first = line.split()[0]
            if first.endswith("/") and names and names[0] == first:
                context = context / first  # its description names things inside it
                stack.append((indent, context))
                named.add(context)
                names = names[1:]
        named.update(context / name for name in names)
    folders = {path for path in named if (ROOT / path).is_dir() or path.suffix == ""}
    return named, folders


LINES = tree_lines(README)
NAMED, FOLDERS = named_paths(LINES)


def covering(folders: set[Path], named: set[Path]) -> set[Path]:
    """Folders with nothing named beneath them: the line stands for all they hold."""
    return {f for f in folders if not any(p != f and f in p.parents for p in named)}


def modules() -> list[Path]:
    found = [ROOT / "app.py"]
    for part in ("bias", "views"):
        found += (ROOT / part).rglob("*.py")
    return sorted(p.relative_to(ROOT) for p in found
                  if p.name != "__init__.py" or p.parent == ROOT / "bias")


def test_the_tree_is_read_as_a_person_reads_it():
    assert Path("bias/vectors/text_blocks.py") in NAMED  # two names on one line
    assert Path("bias/report/charts/forest.py") in NAMED  # in a folder line's description
    assert Path("bias/wordsets/editing.py") in NAMED  # in a continuation line
    assert Path("bias/stats/confounds_measures.py") in NAMED
    assert Path("views/state.py") in NAMED and Path(".streamlit/config.toml") in NAMED
    assert Path("bias/cli") in covering(FOLDERS, NAMED)
    assert Path("bias/report") not in covering(FOLDERS, NAMED)


def test_a_stale_name_and_a_covering_folder_on_a_small_tree():
    named, folders = named_paths([
        "bias/                   the engine",
        "  cli/                  one module per command",
        "  stats/                the statistics",
        "    gone.py new.py      two names",
        "                        and more.py in a continuation",
        "app.py                  the entry",
    ])
    assert named == {Path("bias"), Path("bias/cli"), Path("bias/stats"), Path("bias/stats/gone.py"),
                     Path("bias/stats/new.py"), Path("bias/stats/more.py"), Path("app.py")}
    assert covering(folders, named) == {Path("bias/cli")}
    assert not (ROOT / "bias/stats/gone.py").exists()  # what test_every_named_path_exists catches


@pytest.mark.parametrize("path", sorted(NAMED), ids=str)
def test_every_named_path_exists(path):
    assert (ROOT / path).exists(), f"README's 'How it is built' names {path}, which does not exist"


def test_every_module_is_named_or_covered():
    covers = covering(FOLDERS, NAMED)
    missing = [str(m) for m in modules()
               if m not in NAMED and not any(f in m.parents for f in covers)]
    assert not missing, f"README's 'How it is built' does not name: {', '.join(missing)}"
