"""Which tests come first: the order of a list of tests, the tests a language starts from,
and the short names of tests in tight places.
"""

from __future__ import annotations

from collections.abc import Callable

from bias.wordsets import WEATHUB_PREFIX, NamedSets, TermSet, WordSet
from bias.wordsets.library import all_wordsets


def listing_order(ws: WordSet) -> tuple:
    """Where a test goes in a list of tests: the paper's (and the other hand-checked bundled sets:
    Caliskan's, GER-1/2) first, their variants after them, then WEATHub's, then the user's own;
    by test number inside each group."""
    group = 2 if ws.origin != "bundled" else 1 if ws.from_weathub else 0
    digits = "".join(c if c.isdigit() else " " for c in ws.id.removeprefix(WEATHUB_PREFIX))
    numbers = digits.split()
    number = int(numbers[0]) if numbers else 999
    return (group, not ws.from_paper, ws.variant_of is not None, number, ws.id)


USUAL_WEATHUB_TESTS = ("weat6", "weat7", "weat8")
"""WEATHub's translations of the gender tests the paper studies (career/family, math and science
vs. arts): what a language without the paper's own tests starts from."""


def usual_tests(language: str) -> list[WordSet]:
    """The tests to start from in a language: the paper's (without variants), else WEATHub's
    WEAT 6–8, else the first three in listing order."""
    mine = sorted(all_wordsets(language), key=listing_order)
    paper = [ws for ws in mine if ws.from_paper and ws.variant_of is None]
    hub = [ws for ws in mine if ws.from_weathub and ws.id.endswith(USUAL_WEATHUB_TESTS)]
    return paper or hub or mine[:3]


def numbered_test(
    language: str, number: int, fits: Callable[[WordSet], bool] = lambda ws: True
) -> WordSet | None:
    """A language's own version of Caliskan's WEAT `number` that has reported values (Caliskan's
    own in English, else the paper's, else WEATHub's) and `fits`, or None."""
    found = [
        ws for ws in all_wordsets(language)
        if listing_order(ws)[3] == number and ws.reported is not None and ws.variant_of is None
        and fits(ws)
    ]
    if not found:
        return None
    return min(found, key=lambda ws: (ws.id != f"weat{number}", listing_order(ws)))


def first_test(language: str) -> WordSet | None:
    """The test a language opens with: its WEAT 7 (`numbered_test`), else its first usual test."""
    seven = numbered_test(language, 7)
    if seven is not None:
        return seven
    usual = usual_tests(language)
    return usual[0] if usual else None


GENDER_TESTS = (6, 7, 8)
"""Caliskan's gender tests: names and career/family, math vs. arts, science vs. arts."""


def sets_men_and_women(ws: WordSet) -> bool:
    """Whether one pair of sets is named male against female (WEAT 6's names, WEAT 7's terms),
    as the paper's, Caliskan's and WEATHub's names say; WEAT 6's origin versions compare women
    with women, or men with men, and are not."""
    def side(name: str) -> str:
        name = name.lower()
        return "female" if "female" in name else "male" if "male" in name else ""

    return any(
        {side(first.name), side(second.name)} == {"male", "female"}
        for first, second in ((ws.X, ws.Y), (ws.A, ws.B))
    )


def first_gender_test(language: str) -> WordSet | None:
    """The first of a language's versions of WEAT 6, 7 and 8 (the seed a page opens with)."""
    return next(
        (
            ws for number in GENDER_TESTS
            if (ws := numbered_test(language, number, sets_men_and_women)) is not None
        ),
        None,
    )


def short_titles(wordsets: list[WordSet]) -> dict[str, str]:
    """A short name per word-set id for tight places (chips, table rows): the title up to its
    colon ('WEAT 7'), or the whole title where several sets share that short name."""
    short = {ws.id: ws.title.partition(":")[0].strip() or ws.title for ws in wordsets}
    counts: dict[str, int] = {}
    for name in short.values():
        counts[name] = counts.get(name, 0) + 1
    return {ws.id: short[ws.id] if counts[short[ws.id]] == 1 else ws.title for ws in wordsets}


def term_pairs(language: str) -> NamedSets | None:
    """RIPA's first word set: the language's WEAT 7 turned round, its male and female terms as
    the target pairs (male/female, man/woman, … in the order listed: natural pairs, which RIPA's
    relation vector needs) and its math and arts words as the attributes. A pair of one word
    listed on both sides (WEATHub's French 'son'/'son') has no direction and is left out. None
    when the language has no WEAT 7 with male and female terms."""
    seven = numbered_test(language, 7, sets_men_and_women)
    if seven is None:
        return None
    pairs = [(a, b) for a, b in zip(seven.A.words, seven.B.words, strict=False) if a != b]
    return NamedSets(
        f"{seven.id}-pairs",
        f"{seven.title.partition(':')[0]} turned round: {seven.A.name} and {seven.B.name} as "
        f"pairs, {seven.X.name} vs. {seven.Y.name}",
        language,
        (TermSet(seven.A.name, tuple(a for a, _ in pairs)),
         TermSet(seven.B.name, tuple(b for _, b in pairs))),
        (seven.X, seven.Y),
    )
