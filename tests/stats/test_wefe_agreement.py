"""Our RND, MAC, ECT and RIPA equal WEFE 1.0's `run_query(..., normalize=True)` on glove-6b-50d
for Caliskan's WEAT 1–10, to 1e-5; RNSB's mean over 20 seeds is close to WEFE's over 20 random
states. WEFE's values were measured once with bench/wefe_agreement.py (WEFE in a throwaway
virtualenv, not a dependency) and are written out here."""

import numpy as np
import pytest

from bias.stats.measure_catalog import run_measure
from bias.stats.measure_result import MeasureOptions
from bias.stats.weat import WeatOptions
from bias.vectors.catalog import load_embedding
from bias.wordsets.library import get_named_sets

WEFE = {
    "weat1": {"rnd": 0.000546205, "mac": 0.954819033, "ect": 0.845384615, "ripa": 0.013316407,
              "rnsb_mean": 0.027011},
    "weat2": {"rnd": 0.089710307, "mac": 0.908252594, "ect": 0.577692308, "ripa": -0.001156434,
              "rnsb_mean": 0.044467},
    "weat3": {"rnd": -0.033723171, "mac": 0.98750692, "ect": 0.370769231, "ripa": 0.152512267},
    "weat4": {"rnd": 0.004972177, "mac": 0.98107137, "ect": 0.515384615, "ripa": 0.108775035},
    "weat5": {"rnd": -0.060381651, "mac": 0.950037057, "ect": 0.976190476, "ripa": 0.165208459},
    "weat6": {"rnd": -0.175374806, "mac": 0.708141564, "ect": 0.857142857, "ripa": 0.17761752,
              "rnsb_mean": 0.011869},
    "weat7": {"rnd": 0.12976779, "mac": 0.758460258, "ect": 0.595238095, "ripa": -0.136981651},
    "weat8": {"rnd": 0.124759741, "mac": 0.737965062, "ect": 0.928571429, "ripa": -0.112292759},
    "weat9": {"rnd": -0.143378249, "mac": 0.716873323, "ect": 0.428571429, "ripa": 0.043914437},
    "weat10": {"rnd": -0.113846056, "mac": 0.913609132, "ect": 0.904761905, "ripa": 0.09672305},
}


@pytest.fixture(scope="module")
def glove():
    return load_embedding("glove-6b-50d")


@pytest.mark.parametrize("wordset", list(WEFE))
def test_equal_to_wefe_on_glove(glove, wordset):
    sets = get_named_sets(wordset)
    for metric in ("rnd", "mac", "ect", "ripa"):
        ours = run_measure(metric, glove, sets).value
        assert ours == pytest.approx(WEFE[wordset][metric], abs=1e-5), metric


@pytest.mark.parametrize("wordset", ["weat1", "weat2", "weat6"])
def test_rnsb_agrees_in_distribution_over_seeds(glove, wordset):
    sets = get_named_sets(wordset)
    values = [run_measure("rnsb", glove, sets, MeasureOptions(test=WeatOptions(seed=s))).value
              for s in range(20)]
    assert np.mean(values) == pytest.approx(WEFE[wordset]["rnsb_mean"], rel=0.1)
