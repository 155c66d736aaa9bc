"""`pip install <checkout>` gives a working `biaswords` command outside the checkout.

Built without network, and the same inside a virtualenv (as the README sets one up) and in a base
interpreter: the running interpreter builds the wheel (`--no-build-isolation`: setuptools and
wheel come from requirements.txt), and a fresh virtualenv installs it with `--no-deps`, using the
running environment's pip (a virtualenv of its own pip costs seconds of CPU to create). That
virtualenv sees the running interpreter's packages through a `.pth` file naming the folders on its
path (`system_site_packages` would show the *base* interpreter's instead, which inside `.venv`
lacks numpy and wheel). The installed command, run from an empty directory, must print the same
JSON as `python -m bias` here, and import the package from the new virtualenv, not the checkout.
"""

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


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


def test_installed_console_script_matches_the_checkout(tmp_path: Path) -> None:
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
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    installed = run(env_dir / "bin" / "biaswords", "weat", "--wordset", "weat7", "--json",
                    cwd=empty, env=clean)
    here = run(sys.executable, "-m", "bias", "weat", "--wordset", "weat7", "--json",
               cwd=ROOT, env=dict(os.environ))
    installed, here = json.loads(installed), json.loads(here)
    # The same result, made a moment apart: only the time of the run may differ, and the
    # installed package reads its version from its metadata, the checkout from pyproject.
    assert installed["provenance"].pop("created") and here["provenance"].pop("created")
    assert installed == here
    where = run(python, "-c", "import bias.wordsets.library as w; print(w.__file__, w.BUNDLED_DIR)",
                cwd=empty, env=clean)
    assert str(env_dir) in where and "bundled_wordsets" in where
