"""`pip install <checkout>` gives a working `biaswords` command outside the checkout.

Built without network, and the same inside a virtualenv (as the README sets one up) and in a base
interpreter: the running interpreter builds the wheel (`--no-build-isolation`: setuptools and
wheel come from requirements.txt), and a fresh virtualenv installs it with `--no-deps`, using the
running environment's pip (a virtualenv of its own pip costs seconds of CPU to create). That
virtualenv sees the running interpreter's packages through a `.pth` file naming the folders on its
path (`system_site_packages` would show the *base* interpreter's instead, which inside `.venv`
lacks numpy and wheel). The installed command, run from an empty directory, must print the same
JSON as `python -m bias` here, and import the package from the new virtualenv, not the checkout.

Then every command runs once there, on tiny inputs (`COMMANDS`), and each must succeed: a module
or data file missing from the wheel fails its command (issue 43: `weat --report` could not import
`bias.report.charts`). They run in one process of the installed interpreter (`bias.cli.main`
per command, as the `biaswords` script calls it), which spares a start-up and a GloVe load per
command; the wheel must also hold every data file under `bias/` and `wordsets/`.
Cost: 12.6 s of CPU for the module, 5.5 s before the commands were added (2026-12-04): the
commands in one process about 5 s (hard debiasing of GloVe 2.4 s of it, GloVe's load 0.7 s).
Under a load average of 10 to 15 the module took 36 to 80 s of wall time.
"""

import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from bias.cli import COMMANDS as CLI_COMMANDS
from tests.corpus.conftest import SMALL_FLAGS
from tests.corpus.corpora import write_txt
from tests.language_vectors import write_vec

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = [
    ["--version"],
    ["wordsets", "--language", "sv", "--json"],
    ["weat", "--wordset", "weat7", "--report", "r.html"],
    ["reproduce", "r.html"],
    ["batch", "--wordset", "weat7", "weat8", "--iterations", "1000", "--csv"],
    ["measure", "ripa", "--wordset", "weat7", "--json"],
    ["biaswords", "--wordset", "weat7", "--draws", "2", "--neighbours", "30",
     "--paper-filters-only", "--json"],
    ["import", "tiny.vec", "--language", "de", "--name", "tiny"],
    ["embeddings", "--verify", "tiny"],
    ["embeddings", "--json"],
    ["train", "texts.txt", "--language", "en", "--name", "t", *SMALL_FLAGS],
    ["reproduce", "--trained", "t"],
    ["debias", "--method", "hard", "--pairs", "en-gender", "--no-checks", "--json"],
    ["regress", "addresses.csv", "--text-column", "text", "--target", "nation*",
     "--covariates", "kind", "--transform", "none", "--permutations", "99", "--json"],
    ["embeddings", "--delete", "tiny"],
]
"""Every command of `python -m bias` (README, "The command line"), each once, on tiny inputs."""
DRIVER = """
import contextlib, io, json, sys
from bias.cli import main

codes = []
for command in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(command)
        except SystemExit as exc:  # --version: argparse's own exit
            code = exc.code
    codes.append([command, code, err.getvalue()[-500:]])
print(json.dumps(codes))
"""


def run(*cmd, cwd: Path, env: dict[str, str]) -> str:
    """Run `cmd`; on failure the assertion shows its output, not only its exit status."""
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{cmd} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def in_checkout(path: str) -> bool:
    """Whether `path` is the checkout's own code, which the installed package must not see; the
    README's `.venv` inside the checkout holds the packages, and is seen."""
    resolved = Path(path).resolve()
    return resolved.is_relative_to(ROOT) and not resolved.is_relative_to(ROOT / ".venv")


def fresh_venv_seeing_this_environment(env_dir: Path, clean: dict[str, str]) -> Path:
    """A virtualenv that sees what this interpreter imports (its site-packages, and any folder on
    its path but the checkout) after its own packages; returns its python."""
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    inner_site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                     cwd=env_dir, env=clean).strip()
    outer = [p for p in dict.fromkeys(sys.path) if p and Path(p).is_dir() and not in_checkout(p)]
    Path(inner_site, "running-environment.pth").write_text("\n".join(outer) + "\n")
    return python


@dataclass(frozen=True)
class Installed:
    wheel: Path
    env_dir: Path
    python: Path
    clean: dict[str, str]
    """This environment without PYTHONPATH and VIRTUAL_ENV: nothing points at the checkout."""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    """The wheel built from a copy of the checkout, installed in a fresh virtualenv (once)."""
    tmp_path = tmp_path_factory.mktemp("package")
    # pip builds in the source tree (build/, *.egg-info): build a copy, never the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache"))
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    wheels = tmp_path / "wheels"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
        "--no-index", "-w", str(wheels), str(source), cwd=tmp_path, env=dict(os.environ))
    (wheel,) = wheels.glob("biaswords-*.whl")
    env_dir = tmp_path / "venv"
    python = fresh_venv_seeing_this_environment(env_dir, clean)
    run(python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel),
        cwd=tmp_path, env=clean)
    return Installed(wheel, env_dir, python, clean)


def test_installed_console_script_matches_the_checkout(installed: Installed, tmp_path: Path):
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    env_dir, clean = installed.env_dir, installed.clean
    home = {**clean, "BIASWORDS_HOME": str(tmp_path / "home")}
    result = run(env_dir / "bin" / "biaswords", "weat", "--wordset", "weat7", "--json",
                 cwd=empty, env=home)
    here = run(sys.executable, "-m", "bias", "weat", "--wordset", "weat7", "--json",
               cwd=ROOT, env=dict(os.environ))
    result, here = json.loads(result), json.loads(here)
    # The same result, made a moment apart: only the time of the run may differ, and the
    # installed package reads its version from its metadata, the checkout from pyproject.
    assert result["provenance"].pop("created") and here["provenance"].pop("created")
    assert result == here
    where = run(installed.python, "-c",
                "import bias.wordsets.library as w; print(w.__file__, w.BUNDLED_DIR)",
                cwd=empty, env=clean)
    assert str(env_dir) in where and "bundled_wordsets" in where


def data_files(folder: Path) -> set[str]:
    """Every file under `folder` that is not Python source, relative to it."""
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".py", ".pyc")}


def test_the_wheel_holds_every_module_and_data_file_of_the_checkout(installed: Installed):
    packed = set(zipfile.ZipFile(installed.wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "bias").rglob("*.py")}
    data = {f"bias/{f}" for f in data_files(ROOT / "bias")} | {
        f"bias/bundled_wordsets/{f}" for f in data_files(ROOT / "wordsets")}
    assert "bias/report/charts/forest.py" in modules and "bias/bundled_wordsets/weat7.json" in data
    assert (modules | data) - packed == set()


def test_every_command_works_from_the_installed_copy(installed: Installed, tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    write_txt(elsewhere / "texts.txt", planted=0.9, count=200)
    write_vec(elsewhere / "tiny.vec", "de")
    shutil.copy(ROOT / "docs" / "examples" / "presidential-addresses.csv",
                elsewhere / "addresses.csv")
    home = {**installed.clean, "BIASWORDS_HOME": str(tmp_path / "home")}
    codes = json.loads(run(installed.python, "-c", DRIVER, json.dumps(COMMANDS), cwd=elsewhere,
                           env=home))
    assert [code for _, code, _ in codes] == [0] * len(COMMANDS), [c for c in codes if c[1]]
    report = (elsewhere / "r.html").read_text(encoding="utf-8")
    assert "<html" in report[:200].lower() and "plotly" in report.lower()
    assert {command[0] for command in COMMANDS} == {"--version", *CLI_COMMANDS}
