"""`bias.report.references`: every work a report cites is written once, its reference-list
sentence and its BibTeX agree (year, DOI), and the BibTeX is well-formed."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bias.report import batch_html
from bias.report.references import REFERENCES
from bias.report.weat_html import cited


@pytest.mark.parametrize("key", sorted(REFERENCES))
def test_each_entry_is_well_formed_and_agrees_with_its_sentence(key):
    ref = REFERENCES[key]
    assert ref.key == key
    assert re.match(rf"^@(article|book|inproceedings|misc|incollection)\{{{key},\n", ref.bibtex)
    depth = 0
    for char in ref.bibtex.replace("\\{", "").replace("\\}", ""):
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0, key
    assert depth == 0 and ref.bibtex.endswith("\n}")
    fields = dict(re.findall(r"^  (\w+) = \{(.*)\},?$", ref.bibtex, re.M))
    assert {"title", "year"} <= set(fields) and ("author" in fields or "editor" in fields)
    assert f"({fields['year']})" in ref.text  # the sentence gives the same year
    if "doi" in fields:
        assert fields["doi"] in ref.text


def test_every_cited_key_exists():
    assert set(batch_html._CITED) <= set(REFERENCES)
    most = SimpleNamespace(method="randomized", wordset_id="weathub-fr-weat6",
                           embedding="glove-6b-50d", encoder=None)  # cites every static work
    assert [ref.key for ref in cited(most)] == [
        "caliskan2017", "kurpiczbriki2021", "efron1993", "phipson2010", "mukherjee2023",
        "pennington2014",
    ]
    fewest = SimpleNamespace(method="exact", wordset_id="weat7", embedding="fr-cli", encoder=None)
    assert [ref.key for ref in cited(fewest)] == ["caliskan2017", "kurpiczbriki2021", "efron1993"]
    encoded = SimpleNamespace(method="exact", wordset_id="weat7", embedding="e5-small-en-template",
                              encoder={"method": "template"})
    assert [ref.key for ref in cited(encoded)][-2:] == ["wang2024", "may2019"]
