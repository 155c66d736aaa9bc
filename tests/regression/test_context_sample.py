"""Against conText's own published example (its quick start on its sample data, numbers in
../shared/context-sample/README.md): same instances, same squared norms to 1e-5, same
neighbours."""

from __future__ import annotations

import numpy as np
import pytest

from bias.regression.alc import embed_instances
from bias.regression.design import build_design, parse_terms
from bias.regression.instances import Cleaning, Target, collect_instances, count_words
from bias.regression.neighbours import nearest_words
from bias.regression.regression import regress
from tests.regression.sample import glove, rows, transform

QUICK_START = Cleaning(min_chars=3, min_count=5)


def instances(target: str):
    documents = [row["text"].split() for row in rows()]
    counts, _ = count_words(documents, QUICK_START)
    return collect_instances(documents, counts, QUICK_START, Target(target), window=6)


def test_the_instances_of_immigr_star_are_conTexts_counts() -> None:
    found = instances("immigr*")
    assert found.forms == {"immigrant": 125, "immigrants": 288, "immigration": 924}
    assert len(found.instances) == 1337


def test_immigration_on_party_and_gender_gives_conTexts_norms() -> None:
    found = instances("immigration")
    embedded = embed_instances(found.instances, glove(), transform())
    assert embedded.vectors.shape == (924, 300) and embedded.dropped == 0
    kept = [found.instances[i] for i in embedded.kept]
    documents = [instance.document for instance in kept]
    columns = {name: [rows()[d][name] for d in documents] for name in ("party", "gender")}
    design = build_design(columns, parse_terms("party + gender"), documents)
    assert design.names == ("(Intercept)", "party_R", "gender_M")
    assert np.allclose(design.matrix[:, 1:].mean(axis=0), [0.4740260, 0.6709957], atol=1e-7)
    # conText's published run: one cluster per instance (HC1)
    result = regress(design.matrix, design.names, embedded.vectors, np.arange(924), 99, 1, 0.95)
    party, gender = result.coefficients
    assert party.squared_norm == pytest.approx(10.139940, abs=1e-5)
    assert party.squared_norm_corrected == pytest.approx(8.668252, abs=1e-5)
    assert party.bias == pytest.approx(1.471687, abs=1e-5)
    assert gender.squared_norm == pytest.approx(6.908761, abs=1e-5)
    assert gender.squared_norm_corrected == pytest.approx(5.154713, abs=1e-5)
    assert gender.bias == pytest.approx(1.754048, abs=1e-5)
    assert (result.instances, party.instances) == (924, 438)
    assert party.p_value == gender.p_value == 0.01  # conText: 0 of 100; here (1 + 0) / (1 + 99)
    assert party.interval.low < party.squared_norm_corrected < party.interval.high


def test_the_republican_average_has_conTexts_nearest_neighbours() -> None:
    found = instances("immigr*")
    embedded = embed_instances(found.instances, glove(), transform())
    republican = np.array([rows()[found.instances[i].document]["party"] == "R"
                           for i in embedded.kept])
    average = embedded.vectors[republican].mean(axis=0)
    best = nearest_words(average, glove(), embedded.features, 5)
    assert [word for word, _ in best] == [
        "immigration", "illegal", "immigrants", "illegally", "amnesty"]
    assert np.round([cosine for _, cosine in best], 3).tolist() == [
        0.843, 0.768, 0.732, 0.664, 0.658]
