"""The straightforward instance finder (the product's before it was made fast), kept as the slow
reference the fast one is compared with: every document padded whole, every token tested
against the target, each instance's window cut from the padded list."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

from bias.regression.instances import Cleaning, Instance, Matcher, Target


def starts(matcher: Matcher, tokens: list[str | None]) -> Iterator[int]:
    """The positions where the whole target begins."""
    length = len(matcher.patterns)
    for at, token in enumerate(tokens):
        if matcher.matches(0, token) and at + length <= len(tokens) and all(
                matcher.matches(k, tokens[at + k]) for k in range(1, length)):
            yield at


def find_instances(document: int, tokens: list[str | None], matcher: Matcher,
                   window: int) -> list[Instance]:
    """Every instance of the target in one padded document."""
    length = len(matcher.patterns)
    return [Instance(document, at, " ".join(t for t in tokens[at:at + length] if t is not None),
                     tuple(tokens[max(0, at - window):at]),
                     tuple(tokens[at + length:at + length + window]))
            for at in starts(matcher, tokens)]


def slow_instances(documents: Iterable[list[str]], counts: Counter[str], cleaning: Cleaning,
                   target: Target, window: int) -> tuple[list[Instance], dict[str, int]]:
    """Every instance in every document, and how often each form was found."""
    matcher = target.matcher()
    instances: list[Instance] = []
    for index, words in enumerate(documents):
        instances += find_instances(index, cleaning.padded(cleaning.kept(words), counts),
                                    matcher, window)
    forms = Counter(instance.keyword for instance in instances)
    return instances, dict(sorted(forms.items()))
