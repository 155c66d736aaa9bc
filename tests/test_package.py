"""`pip install <checkout>` gives a working `biaswords` command outside the checkout.

Built without network: a virtualenv that sees this environment's packages (so no dependency is
downloaded) and `--no-build-isolation` (setuptools and wheel come from requirements.txt). The
installed command, run from an empty directory, must print the same JSON as `python -m bias` here.
"""

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_installed_console_script_matches_the_checkout(tmp_path: Path) -> None:
    # pip builds in the source tree (build/, *.egg-info): build a copy, never the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", "build", "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=True).create(env_dir)
    bin_dir = env_dir / "bin"
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(
        [bin_dir / "python", "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
         "--no-index", str(source)],
        check=True, env=clean, cwd=tmp_path, capture_output=True,
    )
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    installed = subprocess.run(
        [bin_dir / "biaswords", "weat", "--wordset", "weat7", "--json"],
        check=True, env=clean, cwd=empty, capture_output=True, text=True,
    )
    here = subprocess.run(
        [sys.executable, "-m", "bias", "weat", "--wordset", "weat7", "--json"],
        check=True, cwd=ROOT, capture_output=True, text=True,
    )
    assert json.loads(installed.stdout) == json.loads(here.stdout)
    where = subprocess.run(
        [bin_dir / "python", "-c", "import bias.wordsets as w; print(w.__file__, w.BUNDLED_DIR)"],
        check=True, env=clean, cwd=empty, capture_output=True, text=True,
    ).stdout
    assert str(env_dir) in where and "bundled_wordsets" in where
