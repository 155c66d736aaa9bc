"""The public face for notebooks: its examples run, its names resolve, `import bias` is cheap."""

import doctest
import subprocess
import sys

import bias


def test_the_docstring_examples_run() -> None:
    failures, tried = doctest.testmod(bias, optionflags=doctest.ELLIPSIS)
    assert tried >= 8 and failures == 0


def test_every_public_name_resolves() -> None:
    for name in bias.__all__:
        assert getattr(bias, name) is not None, name


def test_import_bias_loads_no_numerics() -> None:
    code = "import sys, bias; print(sorted(m for m in ('numpy', 'polars') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
