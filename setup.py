"""What pyproject.toml cannot say: which packages to install.

Every folder of `bias/` with an `__init__.py`, found when the package is built, so a new
subpackage is never left out of an install (issue 43: a hand-kept list missed
`bias.report.charts`, and an installed copy could not write a report); and
`bias.bundled_wordsets`, the checkout's top-level `wordsets/` folder, which pyproject.toml's
`package-dir` maps into the package. setuptools' `[tool.setuptools.packages.find]` only finds
folders where they lie, so it cannot add a mapped package to what it finds: hence this file.
`tests/test_package.py` installs the built wheel and uses every command from another folder.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["bias", "bias.*"]), "bias.bundled_wordsets"])
