"""Issue 35, item 1: the default name of a debiased embedding never collides: the first free one
of NAME, NAME-2, …, or a copy this tab made itself (which a new run replaces)."""

from bias.debiasing.derived import follows_default, free_name
from bias.vectors import store


def taken(*names: str) -> None:
    for name in names:
        (store.root() / name).mkdir(parents=True)


def test_the_default_is_the_first_free_name_or_the_tabs_own(home) -> None:
    assert free_name("glove-6b-50d-hard") == "glove-6b-50d-hard"
    taken("glove-6b-50d-hard", "glove-6b-50d-hard-2")
    assert free_name("glove-6b-50d-hard") == "glove-6b-50d-hard-3"
    assert free_name("glove-6b-50d-hard", ["glove-6b-50d-hard-2"]) == "glove-6b-50d-hard-2"
    assert free_name("glove-6b-50d-hard", ["glove-6b-50d-hard"]) == "glove-6b-50d-hard"


def test_a_long_base_is_shortened_to_a_valid_name(home) -> None:
    base = "e" * 70 + "-inlp"
    taken("e" * 64)
    name = free_name(base)
    assert name == "e" * 62 + "-2" and store.check_name(name) == name
    assert follows_default(name, base) and follows_default("e" * 64, base)


def test_only_default_names_follow_the_default() -> None:
    assert follows_default("glove-6b-50d-hard-12", "glove-6b-50d-hard")
    assert not follows_default("glove-6b-50d-hard-x", "glove-6b-50d-hard")
    assert not follows_default("mine", "glove-6b-50d-hard")
