"""`python -m bias debias` checks with the word sets the Debias page preselects, unless told."""

from __future__ import annotations

import pytest

from bias.cli import main


class _Ran(Exception):
    """Raised by the stand-in for the analysis: the checks were chosen, nothing is debiased."""


@pytest.fixture
def chosen(monkeypatch):
    from bias.analysis import debias

    seen: list[list[str]] = []

    def record(options, embedding, inputs, checks=(), **_):
        seen.append([wordset.id for wordset in checks])
        raise _Ran

    monkeypatch.setattr(debias, "run", record)
    return seen


def test_without_check_the_page_s_preselection_is_checked(chosen):
    with pytest.raises(_Ran):
        main(["debias", "--pairs", "en-gender"])
    assert chosen == [["weat6", "weat7"]]


def test_checks_given_or_none(chosen):
    with pytest.raises(_Ran):
        main(["debias", "--pairs", "en-gender", "--check", "weat8"])
    with pytest.raises(_Ran):
        main(["debias", "--pairs", "en-gender", "--no-checks"])
    assert chosen == [["weat8"], []]


def test_check_and_no_checks_together_is_one_sentence(capsys, chosen):
    assert main(["debias", "--check", "weat6", "--no-checks"]) == 2
    assert "not both" in capsys.readouterr().err and chosen == []
