"""The command line run in the test's own process, as `python -m bias ARGV…` would run it."""

from __future__ import annotations

from bias.cli import main


def run(capsys, *argv: object) -> tuple[int, str, str]:
    """The exit code and what the command printed on stdout and stderr (paths and numbers in
    `argv` are given as text, as a shell would)."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err
