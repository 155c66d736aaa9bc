"""The paper's BiasWords sets (Table 9) stay reachable: planted next to the seeds they came from,
every published candidate is kept or carries its reason, and our filters drop only the few named
here (each with its reason; docs/biaswords.md lists them)."""

import numpy as np
import pytest

from bias.discovery.candidates import generate_candidates
from bias.discovery.filters import paper_only
from bias.discovery.options import CandidateOptions
from bias.vectors.embeddings import Embedding
from bias.wordsets.library import get_wordset

SEEDS = {"biasw1": "ger1", "biasw2": "weat8-ger", "biasw3": "ger2"}
HEADS = ("Medizin", "Ingenieurwesen")
"""Compound heads a German embedding holds; the planted one needs them too."""


def planted(near: dict[str, list[str]]) -> Embedding:
    """Each seed on its own axis, its published candidates close to it in order."""
    dims = len(near) + 1
    raw = {}
    for i, seed in enumerate(near):
        raw[seed] = np.eye(dims)[i]
        for rank, word in enumerate(near[seed]):
            raw[word] = np.eye(dims)[i] * (1 - 0.02 * rank) + np.eye(dims)[-1] * 0.05 * (rank + 1)
    raw |= {head: np.eye(dims)[-1] for head in HEADS}
    return Embedding.from_raw("planted-de", "de", list(raw), np.array(list(raw.values())))


def planted_near(biasw: str):
    """The published BIASW set, its seed test, and each seed's planted neighbours: the published
    words of its list, dealt round the seeds in turn."""
    published, seeds = get_wordset(biasw), get_wordset(SEEDS[biasw])
    near: dict[str, list[str]] = {}
    for key in "XYAB":
        own = list(seeds.sets()[key].words)
        near |= {seed: near.get(seed, []) for seed in own}
        for j, word in enumerate(published.sets()[key].words):
            near[own[j % len(own)]].append(word)
    return published, seeds, near


def verdicts(biasw: str, options: CandidateOptions) -> dict[tuple[str, str], str | None]:
    published, seeds, near = planted_near(biasw)
    cands = generate_candidates(planted(near), seeds, options)
    table = {(r["set"], r["candidate"]): r["reason"] for r in cands.table.iter_rows(named=True)}
    return {
        (key, word): table[(key, word)]
        for key in "XYAB" for word in published.sets()[key].words if (key, word) in table
    }  # fmt: skip


NAME = "a name (tagged PROPN)"
OURS_DROP = {
    "biasw1": {("A", "Eheman"): NAME, ("B", "Christine"): NAME,
               ("A", "Bauernjunge"): "a neighbour of the seed 'Junge', which is tagged ADJ"},
    "biasw2": {("A", "Opa"): NAME, ("A", "Urgrossonkel"): NAME},
    "biasw3": {("B", "Jungen"): "a form of the seed 'Junge'",
               ("Y", "Sensibilität"): "shares only its ending '-ität'"},
}  # fmt: skip
"""What our filters drop of Table 9, as HanTa tags the words alone: a misspelling (Eheman) and
two kinship nouns (Opa, Urgrossonkel) taken for names, a real name among the female words
(Christine), boys among the female words (Jungen), an -ität word near Religiosität, and
Bauernjunge, whose seed Junge HanTa tags an adjective on its own (`off_type_seed`)."""


@pytest.mark.parametrize("biasw", SEEDS)
def test_published_candidates_are_kept_or_say_why(biasw):
    options = CandidateOptions(neighbours=3, concept_fit=False)  # concept fit: the test below
    ours, paper = verdicts(biasw, options), verdicts(biasw, paper_only(options))
    assert ours.keys() == paper.keys() and len(ours) >= 20
    newly = {k: why for k, why in ours.items() if why is not None and paper[k] is None}
    assert newly.keys() == OURS_DROP[biasw].keys()
    for key, start in OURS_DROP[biasw].items():
        assert newly[key].startswith(start)
    assert all(ours[k] == paper[k] for k in ours if k not in newly)  # earlier reasons unchanged


def all_verdicts(biasw: str, options: CandidateOptions) -> dict[tuple[str, str], set]:
    """Every published word in the table → the reasons of all its rows (None: a kept row)."""
    published, seeds, near = planted_near(biasw)
    table = generate_candidates(planted(near), seeds, options).table
    words = {(key, word) for key in "XYAB" for word in published.sets()[key].words}
    found: dict[tuple[str, str], set] = {}
    for row in table.iter_rows(named=True):
        if (row["set"], row["candidate"]) in words:
            found.setdefault((row["set"], row["candidate"]), set()).add(row["reason"])
    return found


@pytest.mark.parametrize("biasw", SEEDS)
def test_with_concept_fit_every_published_candidate_is_still_in_the_table_with_a_reason(biasw):
    """Concept fit (issue 36) searches a concept set's seeds wider and may drop published words
    of its concept sets, each with its signal in the reason: every one is still in the table, so
    one tick restores it."""
    on = all_verdicts(biasw, CandidateOptions(neighbours=3))
    off = all_verdicts(biasw, CandidateOptions(neighbours=3, concept_fit=False))
    assert off.keys() <= on.keys() and len(on) >= 20
    newly = [key for key in off if None in off[key] and None not in on[key]]
    for key in newly:
        assert any(why and why.startswith(CONCEPT_REASONS) for why in on[key]), (key, on[key])


CONCEPT_REASONS = ("off its set's concept", "near only", "leans to set", "off its set's name")
"""How concept fit's reasons begin (`concept_fit._failed`, and `_by_name` with the encoder)."""
