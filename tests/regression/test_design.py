"""The design matrix by hand, and each bad covariate as one sentence before any embedding."""

from __future__ import annotations

import numpy as np
import pytest

from bias.errors import BiasInputError
from bias.regression.design import MAX_DUMMIES, MIN_GROUP, build_design, parse_terms

PARTY = ["D"] * 10 + ["R"] * 12 + ["I"] * 10
SCORE = [str(v) for v in np.linspace(-1, 1, 32)]
DOCUMENTS = list(range(32))


def test_dummies_with_the_first_level_as_reference_numbers_as_they_are() -> None:
    design = build_design({"party": PARTY, "score": SCORE}, parse_terms("party, score"),
                          DOCUMENTS)
    assert design.names == ("(Intercept)", "party_R", "party_I", "score")
    assert design.levels == {"party": ("D", "R", "I")}
    assert design.group_sizes == {"party": {"D": 10, "R": 12, "I": 10}}
    assert design.matrix[:, 1].sum() == 12 and design.matrix[:, 2].sum() == 10
    assert design.matrix[:, 3].tolist() == pytest.approx(np.linspace(-1, 1, 32).tolist())


def test_a_chosen_reference_and_an_interaction() -> None:
    gender = (["F", "M"] * 16)
    design = build_design({"party": PARTY, "gender": gender},
                          parse_terms("party*gender"), DOCUMENTS, references={"party": "R"})
    assert design.names == ("(Intercept)", "party_D", "party_I", "gender_M",
                            "party_D:gender_M", "party_I:gender_M")
    row = design.matrix[1]  # party D, gender M
    assert row.tolist() == [1, 1, 0, 1, 1, 0]


def test_parse_terms_reads_commas_and_pluses() -> None:
    assert parse_terms("a + b*c, a") == (("a",), ("b",), ("c",), ("b", "c"))
    with pytest.raises(BiasInputError):
        parse_terms(" , ")
    with pytest.raises(BiasInputError):
        parse_terms("a**b")


@pytest.mark.parametrize(("columns", "terms", "message"), [
    ({"party": PARTY}, "gender", "There is no covariate 'gender'"),
    ({"party": ["D"] * 32}, "party", "has one value"),
    ({"party": ["D"] * 23 + ["R"] * 9}, "party", f"Only 9 instances .* at least {MIN_GROUP}"),
    ({"score": [*SCORE[:-1], ""]}, "score", "document 32 has an empty cell"),
    ({"score": [*SCORE[:-1], "n/a"]}, "score", "document 32 has 'n/a'"),
    ({"party": [*PARTY[:-1], ""]}, "party", "Document 32 has no value"),
    ({"party": PARTY, "copy": [{"D": "x", "R": "y", "I": "z"}[p] for p in PARTY]},
     "party, copy", "collinear: 'copy_y'"),
    ({"many": [f"L{i // 10}" for i in range(520)]}, "many", f"at most {MAX_DUMMIES}"),
])
def test_bad_covariates_are_one_sentence(columns, terms, message) -> None:
    documents = list(range(len(next(iter(columns.values())))))
    with pytest.raises(BiasInputError, match=message):
        build_design(columns, parse_terms(terms), documents)


def test_a_reference_that_is_not_a_level() -> None:
    with pytest.raises(BiasInputError, match="'X' is not a level of 'party'"):
        build_design({"party": PARTY}, parse_terms("party"), DOCUMENTS, references={"party": "X"})


def test_a_number_coded_category_declared_categorical() -> None:
    coded = ["1"] * 16 + ["2"] * 16
    assert build_design({"c": coded}, parse_terms("c"), DOCUMENTS).names[1] == "c"
    declared = build_design({"c": coded}, parse_terms("c"), DOCUMENTS, frozenset({"c"}))
    assert declared.names[1] == "c_2"
